import { build } from 'esbuild';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { PROJECT } from '../server/node/install.ts';

/**
 * `npm run build:server`: the server's command line (`server/node/cli.ts`, what `npm run serve`
 * runs) bundled once into one plain JavaScript file, so that a service starts it with `node`
 * alone: no TypeScript compiled at start-up, no `node_modules` beside it. The file can be copied
 * to a host with Node 20 and an archive: `node serve.mjs --archive api.zip`.
 */

/** Where the bundle is written unless `--out FILE` says otherwise. */
export const SERVER_BUNDLE = join(PROJECT, 'dist-server', 'serve.mjs');

const { values } = parseArgs({ options: { out: { type: 'string', default: SERVER_BUNDLE } } });
const result = await build({
  entryPoints: [join(PROJECT, 'server', 'node', 'cli.ts')],
  outfile: values.out,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  // The CommonJS packages bundled in call `require` for Node's own modules, which an ES module
  // has only through `createRequire`.
  banner: {
    js: "import { createRequire as __createRequire } from 'node:module';\nconst require = __createRequire(import.meta.url);",
  },
  legalComments: 'eof',
  metafile: true,
  logLevel: 'warning',
});
const bytes = Object.values(result.metafile.outputs).reduce((sum, o) => sum + o.bytes, 0);
console.log(`Bundled the server into ${values.out} (${(bytes / 1e6).toFixed(1)} MB).`);
