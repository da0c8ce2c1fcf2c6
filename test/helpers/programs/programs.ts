import { spawn } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { expect } from 'vitest';
import { main as buildMain, BUILD_COMMAND } from '../../../cli/build.ts';
import { main as nationalMain, NATIONAL_COMMAND } from '../../../cli/national.ts';
import { main as siteMain, SITE_COMMAND } from '../../../cli/site.ts';
import { main as splitMain, SPLIT_COMMAND } from '../../../cli/split.ts';
import { main as unpackMain, UNPACK_COMMAND } from '../../../cli/unpack.ts';
import type { CliIo, Command, CommandSpec } from '../../../lib/cli.ts';
import { main as bundleMain, BUNDLE_COMMAND } from '../../../cli/bundle-server.ts';
import { main as clientMain, CLIENT_COMMAND } from '../../../cli/bundle-client.ts';
import { main as demoMain, DEMO_COMMAND } from '../../../cli/demo.ts';
import { main as importMain, IMPORT_COMMAND } from '../../../cli/import.ts';
import { main as serveMain, SERVE_COMMAND } from '../../../cli/serve.ts';
import { main as nginxMain, NGINX_COMMAND } from '../../../cli/nginx.ts';
import { main as netlifyMain, NETLIFY_COMMAND } from '../../../cli/netlify.ts';
import { main as openapiTypesMain, OPENAPI_TYPES_COMMAND } from '../../../cli/openapi-types.ts';
import { main as benchMain, BENCH_COMMAND } from '../../bench/run.ts';
import { main as queriesMain, QUERIES_COMMAND } from '../../bench/queries.ts';
import { main as clientBenchMain, CLIENT_BENCH_COMMAND } from '../../bench/client.ts';
import { main as servingMain, SERVING_COMMAND } from '../../bench/serving.ts';
import { main as archiveDiffMain, ARCHIVE_DIFF_COMMAND } from '../../bench/archive-diff.ts';

/** A program's entry: what `main(process.argv.slice(2))` is for its file. */
export type Main = (argv: readonly string[], io: CliIo) => Promise<number>;

/** A program of the project: the name a user knows it by, its file, command line and entry. */
export interface Program {
  name: string;
  file: string;
  command: Command<CommandSpec>;
  main: Main;
}

/** Every program of the project (package.json's scripts, and the bench's own parts). */
export const PROGRAMS: readonly Program[] = [
  { name: 'build', file: 'cli/build.ts', command: BUILD_COMMAND, main: buildMain },
  { name: 'serve', file: 'cli/serve.ts', command: SERVE_COMMAND, main: serveMain },
  { name: 'unpack', file: 'cli/unpack.ts', command: UNPACK_COMMAND, main: unpackMain },
  { name: 'split', file: 'cli/split.ts', command: SPLIT_COMMAND, main: splitMain },
  { name: 'site', file: 'cli/site.ts', command: SITE_COMMAND, main: siteMain },
  { name: 'demo', file: 'cli/demo.ts', command: DEMO_COMMAND, main: demoMain },
  { name: 'import', file: 'cli/import.ts', command: IMPORT_COMMAND, main: importMain },
  { name: 'bench', file: 'test/bench/run.ts', command: BENCH_COMMAND, main: benchMain },
  { name: 'nginx', file: 'cli/nginx.ts', command: NGINX_COMMAND, main: nginxMain },
  {
    name: 'netlify',
    file: 'cli/netlify.ts',
    command: NETLIFY_COMMAND,
    main: netlifyMain,
  },
  {
    name: 'build:server',
    file: 'cli/bundle-server.ts',
    command: BUNDLE_COMMAND,
    main: bundleMain,
  },
  {
    name: 'build:client',
    file: 'cli/bundle-client.ts',
    command: CLIENT_COMMAND,
    main: clientMain,
  },
  {
    name: 'openapi:types',
    file: 'cli/openapi-types.ts',
    command: OPENAPI_TYPES_COMMAND,
    main: openapiTypesMain,
  },
  {
    name: 'national',
    file: 'cli/national.ts',
    command: NATIONAL_COMMAND,
    main: (argv, io) => nationalMain(argv, io),
  },
  {
    name: 'bench serving',
    file: 'test/bench/serving.ts',
    command: SERVING_COMMAND,
    main: servingMain,
  },
  {
    name: 'bench queries',
    file: 'test/bench/queries.ts',
    command: QUERIES_COMMAND,
    main: queriesMain,
  },
  {
    name: 'bench client',
    file: 'test/bench/client.ts',
    command: CLIENT_BENCH_COMMAND,
    main: clientBenchMain,
  },
  {
    name: 'bench archive-diff',
    file: 'test/bench/archive-diff.ts',
    command: ARCHIVE_DIFF_COMMAND,
    main: archiveDiffMain,
  },
];

/** What a program printed and its exit code. */
export interface Run {
  code: number;
  out: string;
  err: string;
}

/** Runs a program in-process with `argv`, its output captured (lines joined). */
export async function runIn(main: Main, argv: readonly string[]): Promise<Run> {
  const out: string[] = [];
  const err: string[] = [];
  const code = await main(argv, { out: (t) => void out.push(t), err: (t) => void err.push(t) });
  return { code, out: out.join('\n'), err: err.join('\n') };
}

/** Runs a program file as a user does, in its own process: its exit code and all it printed. */
export function spawnProgram(file: string, argv: readonly string[]): Promise<Run> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', file, ...argv], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    let err = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (err += chunk.toString()));
    child.on('close', (code) => resolve({ code: code ?? -1, out, err }));
  });
}

/** A stack trace's frames, which no user error may print. */
export const STACK = /\n\s+at /;

/**
 * A refusal of the command line: one line naming `what`, a blank line, then the usage, and
 * nothing on standard output; exit code 2.
 */
export function expectRefused(result: Run, command: Command<CommandSpec>, what: string): void {
  expect(result.code, result.err).toBe(2);
  const [line, blank, ...rest] = result.err.replace(/\n$/, '').split('\n');
  expect(line).toContain(what);
  expect(blank).toBe('');
  expect(rest.join('\n')).toBe(command.usage);
  expect(result.err).not.toMatch(STACK);
  expect(result.out).toBe('');
}

/** A failure the user can mend: one message naming each of `what`, no usage, no stack; exit 1. */
export function expectFailed(result: Run, ...what: string[]): void {
  expect(result.code, result.err).toBe(1);
  for (const part of what) expect(result.err).toContain(part);
  expect(result.err).not.toMatch(STACK);
  expect(result.err).not.toContain('Usage:');
}

/** Holds a port on the loopback address, as another program would. */
export function holdPort(): Promise<{ port: number; close(): Promise<void> }> {
  const server = createServer();
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () =>
      resolve({
        port: (server.address() as { port: number }).port,
        close: () => new Promise((done) => server.close(() => done())),
      }),
    ),
  );
}

/**
 * A folder in `root` that passes for a build with `npm run serve`: the preview server reads a
 * build's files only when asked, so the manifest need not say anything.
 */
export function fakeBuild(root: string): string {
  const dir = join(root, 'fake-build');
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, '_manifest.json'), '{}');
  return dir;
}
