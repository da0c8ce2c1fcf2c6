import { build } from 'esbuild';
import { join } from 'node:path';
import { defineCommand, PROCESS_IO, runCommand, runIfMain, type CliIo } from '../lib/cli.ts';
import { path } from '../lib/cli-values.ts';
import { PROJECT } from '../dev/install.ts';

/**
 * `npm run build:server`: the server's command line (`cli/serve.ts`, what `npm run serve`
 * runs) bundled once into one plain JavaScript file, so that a service starts it with `node`
 * alone: no TypeScript compiled at start-up, no `node_modules` beside it. The file can be copied
 * to a host with Node 20 and an archive: `node serve.mjs --archive api.archive`.
 */

/** Where the bundle is written unless `--out FILE` says otherwise. */
export const SERVER_BUNDLE = join(PROJECT, 'dist-server', 'serve.mjs');

/** `npm run build:server`'s command line. */
export const BUNDLE_COMMAND = defineCommand({
  name: 'npm run build:server --',
  description:
    'Bundles the server into one JavaScript file that node runs alone: ' +
    '`node FILE --archive api.archive` takes the options of `npm run serve`.',
  options: {
    out: {
      type: path('FILE'),
      default: SERVER_BUNDLE,
      shownDefault: 'dist-server/serve.mjs',
      help: 'where the bundle is written',
    },
  },
});

/** Runs `npm run build:server` with `argv`; resolves to the exit code. */
export function main(argv: readonly string[], io: CliIo = PROCESS_IO): Promise<number> {
  return runCommand(BUNDLE_COMMAND, argv, io, async ({ values }) => {
    const result = await build({
      entryPoints: [join(PROJECT, 'cli', 'serve.ts')],
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
    io.out(`Bundled the server into ${values.out} (${(bytes / 1e6).toFixed(1)} MB).`);
    return 0;
  });
}

runIfMain(import.meta.url, main);
