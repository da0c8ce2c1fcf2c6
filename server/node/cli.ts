import { spawn } from 'node:child_process';
import { existsSync, realpathSync } from 'node:fs';
import type { Server } from 'node:http';
import { basename, dirname, join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { MANIFEST_FILE } from '../../contract/manifest.ts';
import { createArchiveServer, createPreviewServer } from './node-server.ts';
import { SERVE_ENV, serveConfig, type ServeConfig } from '../disk/config.ts';
import { PROJECT, runtimeBin } from './install.ts';
import { stopOnSignals } from './stop-on-signals.ts';

const USAGE = `Usage: npm run serve -- [--runtime RUNTIME] [--dir DIR | --archive FILE]
                            [--port N] [--host HOST] [--persist-to DIR]

Serves a built API with the router in front: a folder (default dist/) or an archive.
  --runtime RUNTIME  node (default), worker (Cloudflare's workerd, the archive in a local R2
                     bucket), deno or bun; the last three are installed into runtimes/ on first use
  --dir DIR          the folder written by \`npm run build\` (default: dist)
  --archive FILE     an archive written by \`npm run build -- --archive FILE\`, read in place
  --port N           port to listen on (default: $PORT or 8080)
  --host HOST        address to bind (default: $HOST or 127.0.0.1)
  --persist-to DIR   worker only: where the local R2 bucket is kept (default: .wrangler/state)`;

const RUNTIMES = ['node', 'worker', 'deno', 'bun'] as const;
type Runtime = (typeof RUNTIMES)[number];

const { values } = parseArgs({
  options: {
    runtime: { type: 'string', default: 'node' },
    dir: { type: 'string' },
    archive: { type: 'string' },
    port: { type: 'string', default: process.env['PORT'] ?? '8080' },
    host: { type: 'string', default: process.env['HOST'] ?? '127.0.0.1' },
    'persist-to': { type: 'string' },
    help: { type: 'boolean', short: 'h', default: false },
  },
});
if (values.help) {
  console.log(USAGE);
  process.exit(0);
}
/** Prints a usage error and exits with code 2. */
function usage(message: string): never {
  console.error(`${message}\n\n${USAGE}`);
  process.exit(2);
}
const port = Number(values.port);
if (!Number.isInteger(port) || port < 0 || port > 65535)
  usage(`--port must be an integer from 0 to 65535, not '${values.port}'.`);
if (values.dir !== undefined && values.archive !== undefined)
  usage('--dir and --archive are exclusive: serve a folder or an archive.');
const runtime = values.runtime as Runtime;
if (!RUNTIMES.includes(runtime))
  usage(`--runtime must be one of ${RUNTIMES.join(', ')}, not '${values.runtime}'.`);
if (values['persist-to'] !== undefined && runtime !== 'worker')
  usage('--persist-to is for --runtime worker only.');

let served: string;
if (values.archive !== undefined) {
  served = values.archive;
  if (!existsSync(served)) {
    console.error(`Cannot serve ${served}: it does not exist`);
    process.exit(1);
  }
} else {
  served = values.dir ?? 'dist';
  if (!existsSync(join(served, MANIFEST_FILE))) {
    console.error(`${served} holds no build (no ${MANIFEST_FILE}). Run \`npm run build\` first.`);
    process.exit(2);
  }
}
// Every runtime follows each publish (`local-builds.ts`): it looks at `--out`'s link, and at an
// archive renamed over the old, rather than at one build. Runtimes started in the project's folder
// get absolute paths.
const absolute = resolve(served);
const env: Record<string, string> = {
  [values.archive !== undefined ? SERVE_ENV.archive : SERVE_ENV.dir]: absolute,
  [SERVE_ENV.port]: String(port),
  [SERVE_ENV.host]: values.host,
};
// The banner names the command that started it, `npm start` or `npm run serve`.
const script = process.env['npm_lifecycle_event'];
if (script !== undefined) env['npm_lifecycle_event'] = script;
const config = serveConfig(env);

switch (runtime) {
  case 'node':
    await serveNode(config);
    break;
  case 'worker':
    // A program of its own (`dev/`): it packs a tree with the build, which the server never imports.
    if (values['persist-to'] !== undefined)
      env[SERVE_ENV.workerState] = resolve(values['persist-to']);
    run(process.execPath, ['--import', 'tsx', join(PROJECT, 'dev', 'worker-main.ts')]);
    break;
  case 'deno':
    run(runtimeBin('deno'), [
      'run',
      '--no-lock',
      '--no-prompt',
      `--allow-read=${denoReadable(absolute)}`,
      '--allow-net',
      '--allow-env',
      join(PROJECT, 'server', 'runtimes', 'deno.ts'),
    ]);
    break;
  case 'bun':
    run(runtimeBin('bun'), ['run', join(PROJECT, 'server', 'runtimes', 'bun.ts')]);
    break;
  default:
    runtime satisfies never;
}

/** The Node preview server (`node-server.ts`). */
async function serveNode({ source, port, host, listening }: ServeConfig): Promise<void> {
  let server: Server;
  if (source.kind === 'archive') {
    try {
      server = await createArchiveServer(source.path);
    } catch (e) {
      console.error(`Cannot serve ${source.path}: ${e}`);
      process.exit(1);
    }
  } else server = createPreviewServer(source.path);
  server.listen(port, host, () => {
    const address = server.address();
    listening(typeof address === 'object' && address ? address.port : port);
  });
  stopOnSignals(server);
}

/** Runs another runtime's adapter with the settings in its environment, until it ends. */
function run(bin: string, args: string[]): void {
  const child = spawn(bin, args, {
    cwd: PROJECT,
    env: { ...process.env, ...env },
    stdio: 'inherit',
  });
  const forward = (signal: NodeJS.Signals) => child.kill(signal);
  process.on('SIGINT', forward).on('SIGTERM', forward);
  child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
}

/**
 * What Deno may read: the archive; or the served folder, the folder its link names now and the
 * builds folder a publish flips the link to (`build/publish.ts`), and nothing else beside them.
 * Deno matches the paths as written, without following links, and the server reads each build
 * at its real path, so the builds folder is also given through the real path of its parent. The
 * whole builds folder is readable, builds in progress included, since the name of the next build
 * is not known in advance; the router reads only the build the link names.
 */
function denoReadable(path: string): string {
  if (values.archive !== undefined) return path;
  const builds = `.${basename(path)}.builds`;
  const readable = [path, realpathSync(path), join(dirname(path), builds)];
  readable.push(join(realpathSync(dirname(path)), builds));
  return [...new Set(readable)].join(',');
}
