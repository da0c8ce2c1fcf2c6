import { build } from 'esbuild';
import { mkdirSync, writeFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { gzipSync } from 'node:zlib';
import ts from 'typescript';
import { defineCommand, PROCESS_IO, runCommand, runIfMain, type CliIo } from '../lib/cli.ts';
import { path } from '../lib/cli-values.ts';
import { PROJECT } from '../dev/install.ts';
import { CLIENT_BUNDLE } from '../build/site/site.ts';

/**
 * `npm run build:client` (and `npm install`, through `prepare`): the client that answers the API
 * from an archive on a static host (`server/client/client.ts`) bundled into one minified ES
 * module, with its type declarations: the package's `./client` export.
 */

/** The client's entry point. */
const ENTRY = CLIENT_BUNDLE.entryPoints[0];
/** The files whose declarations describe the client's exports; they import nothing else. */
const DECLARED = ['client.ts', 'read-errors.ts'];

/** Where the client is written unless `--out DIR` says otherwise. */
export const CLIENT_DIR = join(PROJECT, 'dist-client');

/** `npm run build:client`'s command line. */
export const CLIENT_COMMAND = defineCommand({
  name: 'npm run build:client --',
  description:
    'Bundles the client that answers the API from an archive on a static host into ' +
    'DIR/client.js, with its types in DIR/client.d.ts: the package export ' +
    '`football-static-api/client`.',
  options: {
    out: {
      type: path('DIR'),
      default: CLIENT_DIR,
      shownDefault: 'dist-client',
      help: 'the folder the client is written to',
    },
  },
});

/**
 * The declarations of the client's exports, by file name, their imports of each other named as
 * the `.js` files beside them.
 */
function declarations(): Map<string, string> {
  const options: ts.CompilerOptions = {
    declaration: true,
    emitDeclarationOnly: true,
    allowImportingTsExtensions: true,
    module: ts.ModuleKind.NodeNext,
    moduleResolution: ts.ModuleResolutionKind.NodeNext,
    target: ts.ScriptTarget.ES2022,
    lib: ['lib.es2023.d.ts', 'lib.dom.d.ts'],
    strict: true,
    skipLibCheck: true,
    types: [],
  };
  const written = new Map<string, string>();
  ts.createProgram([ENTRY], options).emit(undefined, (file, text) => {
    const name = basename(file).replace(/\.d\.ts$/, '.ts');
    if (!file.includes('/server/client/') || !DECLARED.includes(name)) return;
    written.set(name.replace(/\.ts$/, '.d.ts'), text.replace(/(from '\.\/[\w-]+)\.ts'/g, "$1.js'"));
  });
  for (const [name, text] of written)
    if (/from '\.\.?\/(?!read-errors\.js')/.test(text))
      throw new Error(`${name} declares types from a file not shipped: ${text}`);
  return written;
}

/** Writes the client and its declarations into `dir`; its size, minified and gzipped. */
export async function bundleClient(dir: string): Promise<{ bytes: number; gzipped: number }> {
  const result = await build({ ...CLIENT_BUNDLE, outfile: join(dir, 'client.js') });
  mkdirSync(dir, { recursive: true });
  const code = result.outputFiles[0]!.contents;
  writeFileSync(join(dir, 'client.js'), code);
  for (const [name, text] of declarations()) writeFileSync(join(dir, name), text);
  return { bytes: code.byteLength, gzipped: gzipSync(code, { level: 9 }).byteLength };
}

/** Runs `npm run build:client` with `argv`; resolves to the exit code. */
export function main(argv: readonly string[], io: CliIo = PROCESS_IO): Promise<number> {
  return runCommand(CLIENT_COMMAND, argv, io, async ({ values }) => {
    const { bytes, gzipped } = await bundleClient(values.out);
    const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;
    io.out(`Bundled the client into ${values.out} (${kb(bytes)}, ${kb(gzipped)} gzipped).`);
    return 0;
  });
}

runIfMain(import.meta.url, main);
