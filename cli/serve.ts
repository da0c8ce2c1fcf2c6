import { spawn } from 'node:child_process';
import { closeSync, existsSync, openSync, readSync, realpathSync, statSync } from 'node:fs';
import type { Server } from 'node:http';
import { createServer } from 'node:net';
import { basename, dirname, join, resolve } from 'node:path';
import { ArchiveError } from '../contract/archive-reader.ts';
import { MANIFEST_FILE } from '../contract/manifest.ts';
import {
  defineCommand,
  PROCESS_IO,
  runCommand,
  runIfMain,
  type CliIo,
  type Values,
} from '../lib/cli.ts';
import { UsageError, UserError } from '../lib/errors.ts';
import { integer, oneOf, path, text } from '../lib/cli-values.ts';
import { forwardStopSignals } from '../lib/stop-signals.ts';
import { CACHE_MB, WORKER_CACHE_MB } from '../server/core/cache-budget.ts';
import { SERVE_ENV, serveConfig, type ServeConfig } from '../server/disk/config.ts';
import { PROJECT, runtimeBin } from '../dev/install.ts';
import { stopOnSignals } from '../lib/stop-on-signals.ts';

const RUNTIMES = ['node', 'worker', 'deno', 'bun'] as const;

/** `npm run serve`'s command line. */
export const SERVE_COMMAND = defineCommand({
  name: 'npm run serve --',
  synopsis: [
    '[--runtime RUNTIME]',
    '[--dir DIR | --archive FILE]',
    '[--port N]',
    '[--host HOST]',
    '[--cache-mb MB]',
    '[--persist-to DIR]',
  ],
  description:
    'Serves a built API with the router in front: a folder (default dist/) or an archive.',
  options: {
    runtime: {
      type: oneOf('RUNTIME', RUNTIMES),
      default: 'node',
      help:
        "node, worker (Cloudflare's workerd, the archive in a local R2 bucket), deno or bun; " +
        'the last three are installed into runtimes/ on first use',
    },
    dir: { type: path('DIR'), shownDefault: 'dist', help: 'the folder written by `npm run build`' },
    archive: {
      type: path('FILE'),
      help: 'an archive written by `npm run build -- --archive FILE`, read in place',
    },
    port: {
      type: integer('N', { min: 0, max: 65535 }),
      env: 'PORT',
      default: '8080',
      help: 'port to listen on, 0 for a free one',
    },
    host: { type: text('HOST'), env: 'HOST', default: '127.0.0.1', help: 'address to bind' },
    'cache-mb': {
      type: integer('MB', { min: 0, max: 1_048_576 }),
      env: SERVE_ENV.cacheMb,
      default: String(CACHE_MB),
      help:
        "memory for the router to keep an archive's index, the files it sends most and those it " +
        `reads to compose answers (node, deno, bun; a Worker keeps ${WORKER_CACHE_MB} MB)`,
    },
    'persist-to': {
      type: path('DIR'),
      shownDefault: '.wrangler/state',
      help: 'worker only: where the local R2 bucket is kept',
    },
  },
});

type ServeValues = Values<(typeof SERVE_COMMAND)['spec']>;

/**
 * Runs `npm run serve` with `argv`. Resolves once the Node server listens (to 0; the server keeps
 * the process alive), or when another runtime's process ends (to its exit code).
 */
export function main(argv: readonly string[], io: CliIo = PROCESS_IO): Promise<number> {
  return runCommand(SERVE_COMMAND, argv, io, async ({ values }) => {
    checkOptions(values, argv);
    const served = values.archive ?? values.dir ?? 'dist';
    if (values.archive !== undefined) checkArchive(values.archive);
    else checkFolder(served, values.dir !== undefined);
    // Every runtime follows each publish (`local-builds.ts`): it looks at `--out`'s link, and at
    // an archive renamed over the old, rather than at one build. Runtimes started in the
    // project's folder get absolute paths.
    const absolute = resolve(served);
    const env = serveEnv(values, absolute);
    const config = serveConfig(env);
    if (values.runtime !== 'node') await probePort(config.port, config.host);
    return startRuntime(values, config, env, absolute);
  });
}

/** Refuses options that do not go together, or not with the runtime chosen. */
function checkOptions(values: ServeValues, argv: readonly string[]): void {
  if (values.dir !== undefined && values.archive !== undefined)
    throw new UsageError('--dir and --archive are exclusive: serve a folder or an archive.');
  if (values['persist-to'] !== undefined && values.runtime !== 'worker')
    throw new UsageError('--persist-to is for --runtime worker only.');
  // The flag, not the variable, which a shell may export for the other runtimes.
  if (values.runtime === 'worker' && argv.some((a) => /^--cache-mb(=|$)/.test(a)))
    throw new UsageError(
      `--cache-mb is not for --runtime worker: a Worker keeps ${WORKER_CACHE_MB} MB, ` +
        "a share of its isolate's memory.",
    );
}

/** The settings every runtime reads from its environment (`SERVE_ENV`). */
function serveEnv(values: ServeValues, absolute: string): Record<string, string> {
  const env: Record<string, string> = {
    [values.archive !== undefined ? SERVE_ENV.archive : SERVE_ENV.dir]: absolute,
    [SERVE_ENV.port]: String(values.port),
    [SERVE_ENV.host]: values.host,
    [SERVE_ENV.cacheMb]: String(values['cache-mb']),
  };
  // The banner names the command that started it, `npm start` or `npm run serve`.
  const script = process.env['npm_lifecycle_event'];
  if (script !== undefined) env['npm_lifecycle_event'] = script;
  return env;
}

/**
 * Serves with the runtime chosen: the Node server in this process (resolves to 0 once it
 * listens), or another runtime's process (resolves to its exit code).
 */
async function startRuntime(
  values: ServeValues,
  config: ServeConfig,
  env: Record<string, string>,
  absolute: string,
): Promise<number> {
  const runtime = values.runtime;
  switch (runtime) {
    case 'node':
      await serveNode(config);
      return 0;
    case 'worker':
      // A program of its own (`dev/`): it packs a tree with the build, which the server never
      // imports.
      if (values['persist-to'] !== undefined)
        env[SERVE_ENV.workerState] = resolve(values['persist-to']);
      return run(
        process.execPath,
        ['--import', 'tsx', join(PROJECT, 'cli', 'worker-main.ts')],
        env,
      );
    case 'deno':
      return run(
        runtimeBin('deno'),
        [
          'run',
          '--no-lock',
          '--no-prompt',
          `--allow-read=${denoReadable(absolute, values.archive !== undefined)}`,
          '--allow-net',
          '--allow-env',
          join(PROJECT, 'server', 'adapters', 'deno.ts'),
        ],
        env,
      );
    case 'bun':
      return run(runtimeBin('bun'), ['run', join(PROJECT, 'server', 'adapters', 'bun.ts')], env);
    default:
      return runtime satisfies never;
  }
}

/** Refuses an archive that is not there, saying how to make one. */
function checkArchive(file: string): void {
  if (!existsSync(file))
    throw new UserError(
      `Cannot serve ${file}: it does not exist. Build one with \`npm run build -- --archive ${file}\`.`,
    );
}

/** Refuses a folder that holds no build, saying how to make one. */
function checkFolder(dir: string, named: boolean): void {
  if (existsSync(join(dir, MANIFEST_FILE))) return;
  const build = named ? `\`npm run build -- --out ${dir}\`` : '`npm run build`';
  if (!existsSync(dir))
    throw new UserError(`Cannot serve ${dir}: there is no such folder. Run ${build} first.`);
  if (!statSync(dir).isDirectory())
    throw new UserError(`Cannot serve ${dir}: it is a file; serve an archive with --archive.`);
  throw new UserError(`${dir} holds no build (no ${MANIFEST_FILE}). Run ${build} first.`);
}

/** The Node preview server (`node-server.ts`), listening. */
async function serveNode({
  source,
  port,
  host,
  listening,
  cacheBytes,
}: ServeConfig): Promise<void> {
  // The server is loaded once the command line is known to be good.
  const { createArchiveServer, createPreviewServer } = await import('../server/adapters/node.ts');
  let server: Server;
  if (source.kind === 'archive') {
    try {
      server = await createArchiveServer(source.path, cacheBytes);
    } catch (e) {
      if (e instanceof ArchiveError || (e as { code?: unknown }).code === 'EACCES')
        throw new UserError(`Cannot serve ${source.path}: ${e}`);
      throw e;
    }
  } else server = createPreviewServer(source.path, cacheBytes);
  try {
    await listen(server, port, host);
  } catch (error) {
    // The server follows its build's publishes; closed, it lets the process end.
    server.close();
    throw error;
  }
  const address = server.address();
  listening(typeof address === 'object' && address ? address.port : port);
  stopOnSignals(server);
}

/** Listens on `port` at `host`; a refusal the user can mend (a busy port) is a `UserError`. */
function listen(server: Server | ReturnType<typeof createServer>, port: number, host: string) {
  return new Promise<void>((resolve, reject) => {
    const refused = (error: Error) => reject(listenRefusal(error, port, host));
    server.once('error', refused);
    server.listen(port, host, () => {
      server.off('error', refused);
      resolve();
    });
  });
}

/** What to tell the user when the address cannot be listened on. */
function listenRefusal(error: Error, port: number, host: string): Error {
  const code = (error as { code?: unknown }).code;
  switch (code) {
    case 'EADDRINUSE':
      return new UserError(
        `Port ${port} on ${host} is in use by another program: stop it, or pick another port ` +
          'with --port N (or PORT=N; --port 0 picks a free one).',
      );
    case 'EACCES':
      return new UserError(
        `Port ${port} on ${host} needs privileges this user does not have: pick a port above ` +
          '1023 with --port N (or PORT=N).',
      );
    case 'EADDRNOTAVAIL':
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
      return new UserError(
        `Cannot listen on ${host}: ` +
          (code === 'EADDRNOTAVAIL' ? 'it is not an address of this machine' : 'no such host') +
          '. Pick another with --host HOST (or HOST=...), such as 127.0.0.1 or 0.0.0.0.',
      );
    default:
      return error;
  }
}

/**
 * Checks that the address is free before another runtime is started on it, so that a busy port
 * is said in this program's words rather than in the runtime's. (Another program may still take
 * the port in between; the runtime then says so in its own words.)
 */
async function probePort(port: number, host: string): Promise<void> {
  if (port === 0) return;
  const probe = createServer();
  await listen(probe, port, host);
  await new Promise((resolve) => probe.close(resolve));
}

/**
 * Runs another runtime's adapter with the settings in its environment, passing a stop signal on
 * to it; resolves to its exit code, or 128 plus the number of the signal that stopped it.
 */
function run(bin: string, args: string[], env: Record<string, string>): Promise<number> {
  const child = spawn(bin, args, {
    cwd: PROJECT,
    env: { ...process.env, ...env },
    stdio: 'inherit',
  });
  return forwardStopSignals(child);
}

/**
 * What Deno may read: the archive, and its folder when it is the entry point of an archive in
 * parts (where its parts are); or the served folder, the folder its link names now and the builds
 * folder a publish flips the link to (`build/archive/publish.ts`), and nothing else beside them. Deno
 * matches the paths as written, without following links, and the server reads each build
 * at its real path, so the builds folder is also given through the real path of its parent. The
 * whole builds folder is readable, builds in progress included, since the name of the next build
 * is not known in advance; the router reads only the build the link names.
 */
function denoReadable(path: string, archive: boolean): string {
  // An archive in parts has them beside its entry point, named anew by every build.
  if (archive) return isEntryPoint(path) ? [path, dirname(path)].join(',') : path;
  const builds = `.${basename(path)}.builds`;
  const readable = [path, realpathSync(path), join(dirname(path), builds)];
  readable.push(join(realpathSync(dirname(path)), builds));
  return [...new Set(readable)].join(',');
}

/** Whether the file at `path` is the entry point of an archive in parts: JSON, not the archive. */
function isEntryPoint(path: string): boolean {
  const fd = openSync(path, 'r');
  try {
    const first = Buffer.alloc(1);
    return readSync(fd, first, 0, 1, 0) === 1 && first[0] === 0x7b;
  } finally {
    closeSync(fd);
  }
}

runIfMain(import.meta.url, main);
