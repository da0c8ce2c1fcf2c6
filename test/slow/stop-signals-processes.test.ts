import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, describe, expect, inject, it } from 'vitest';

/**
 * Ctrl-C as a terminal sends it, to a program started through npm: SIGINT to the whole process
 * group (`kill -INT -PGID`), which npm, `npm start` and the build each receive, and which npm and
 * `npm start` also pass on; and SIGTERM to npm's own process, as a service manager sends it. Each
 * time the program says once that it was interrupted, exits with 128 + the number of the first
 * signal (130, 143), and leaves nothing: no scratch folder beside the output, no partial archive
 * or tree, no demo database in the temporary folder, no process of the group.
 */

const work = mkdtempSync(join(tmpdir(), 'football-api-signals-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

/** A program started through npm in a process group of its own, as a terminal starts it. */
interface Started {
  /** npm's process id, also the group's. */
  pid: number;
  /** Everything printed so far, standard output and error together. */
  output(): string;
  /** How npm ended, once every process of the group has closed its output. */
  closed: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

/** `npm <args>` in a new process group, with `tmp` as its temporary folder. */
function npm(args: string[], tmp: string): Started {
  const child = spawn('npm', args, {
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
    // The build generates the demo database in the temporary folder: one of the test's own.
    env: { ...process.env, TMPDIR: tmp },
  });
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  return {
    pid: child.pid!,
    output: () => output,
    // 'close' comes once npm has exited and every process holding its output has closed it.
    closed: new Promise((resolve) =>
      child.on('close', (code, signal) => resolve({ code, signal })),
    ),
  };
}

/** The processes of group `pgid` still running (an ended one waiting for its parent is not). */
function group(pgid: number): string[] {
  const found: string[] = [];
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const stat = readFileSync(`/proc/${name}/stat`, 'utf8');
      // `pid (name) state ppid pgrp …`: the name may hold spaces and parentheses.
      const [state, , pgrp] = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      if (Number(pgrp) === pgid && state !== 'Z') found.push(stat.slice(0, stat.indexOf(')') + 1));
    } catch {
      // ended while it was read
    }
  }
  return found;
}

/** Resolves once `check` holds, polling; rejects after `ms`, naming `what`. */
async function until(check: () => boolean, ms: number, what: string): Promise<void> {
  for (const end = Date.now() + ms; Date.now() < end; await sleep(50)) if (check()) return;
  throw new Error(`${what} did not happen in ${ms / 1000} s`);
}

/** Whether `dir` holds an entry whose name starts with `prefix`. */
const holds = (dir: string, prefix: string) =>
  existsSync(dir) && readdirSync(dir).some((name) => name.startsWith(prefix));

/** The signals that stop a program. */
type Signal = 'SIGINT' | 'SIGTERM';

/** Sends `signal` to every process of the group, as a terminal does. */
const toGroup = (started: Started, signal: NodeJS.Signals) => process.kill(-started.pid, signal);

/**
 * Expects the program stopped by `signal` (or, for signals sent at once, one of them: a program
 * with worker threads may see either first), saying `said` of it and nothing else about it,
 * with npm's exit code, and no process of its group left running.
 */
async function expectStopped(
  started: Started,
  signal: Signal | readonly Signal[],
  said: (signal: Signal) => string,
) {
  const end = await started.closed;
  const output = started.output();
  const by = ([] as Signal[]).concat(signal).find((s) => output.includes(said(s)));
  expect(by, output).toBeDefined();
  expect(end, output).toEqual({ code: by === 'SIGINT' ? 130 : 143, signal: null });
  expect(output.split(said(by!)), output).toHaveLength(2);
  expect(output.match(/interrupted/g), output).toHaveLength(1);
  // npm has exited; what the program started ends with it or has already.
  await until(() => group(started.pid).length === 0, 10_000, 'the end of every process');
}

/** The two ways a user starts a build through npm: its arguments, given the archive. */
const BUILDS = [
  { name: 'npm start', args: (file: string) => ['start', '--', '--archive', file, '--port', '0'] },
  { name: 'npm run build', args: (file: string) => ['run', 'build', '--', '--archive', file] },
];

/**
 * Starts a build of the demo through npm into an archive of a folder of its own, with a
 * temporary folder of its own, and waits until it writes: its scratch folder beside the archive
 * exists, which it makes once it listens for signals and has generated the demo database.
 */
async function building(name: string, args: (file: string) => string[]) {
  const dir = join(work, name);
  const tmp = join(work, `${name}-tmp`);
  mkdirSync(dir);
  mkdirSync(tmp);
  const file = join(dir, 'api.archive');
  const started = npm(args(file), tmp);
  await until(() => holds(dir, '.api.archive.build-'), 120_000, `the build's scratch folder`);
  return {
    started,
    /** Expects the build stopped by `signal`, and nothing of it left in either folder. */
    async stopped(signal: Signal | readonly Signal[]) {
      await expectStopped(
        started,
        signal,
        (by) => `Build interrupted by ${by}; ${file} was left as it was.`,
      );
      expect(readdirSync(dir)).toEqual([]);
      expect(holds(tmp, 'football-demo-')).toBe(false);
    },
  };
}

describe.each(BUILDS)('Ctrl-C to the process group of `$name` while it builds', (program) => {
  const start = (name: string) =>
    building(`${program.name.replaceAll(' ', '-')}-${name}`, program.args);

  it('stops it', async () => {
    const { started, stopped } = await start('once');
    toGroup(started, 'SIGINT');
    await stopped('SIGINT');
  });

  it.each([
    ['SIGINT', 'SIGINT'],
    ['SIGINT', 'SIGTERM'],
  ] as const)('acts on the first of %s then %s: one message, one clean-up', async (...signals) => {
    const { started, stopped } = await start(signals.join('-'));
    for (const signal of signals) toGroup(started, signal);
    // Sent at once, the two reach the program's threads in either order.
    await stopped(signals);
  });
});

describe('Ctrl-C to the process group of `npm run build` as it makes the demo', () => {
  it('stops it once the demo is made: one message, and its folder gone with the rest', async () => {
    const dir = join(work, 'demo-window');
    const tmp = join(work, 'demo-window-tmp');
    mkdirSync(dir);
    mkdirSync(tmp);
    const file = join(dir, 'api.archive');
    const started = npm(BUILDS[1]!.args(file), tmp);
    // The demo's folder is made before the demo, in one synchronous step of a second or two.
    await until(() => holds(tmp, 'football-demo-'), 120_000, "the demo's folder");
    toGroup(started, 'SIGINT');
    await expectStopped(
      started,
      'SIGINT',
      () => `Build interrupted by SIGINT; ${file} was left as it was.`,
    );
    expect(readdirSync(dir)).toEqual([]);
    expect(holds(tmp, 'football-demo-')).toBe(false);
  });
});

describe("SIGTERM to npm's own process", () => {
  it('stops `npm run build -- --archive FILE` while it builds', async () => {
    const { started, stopped } = await building('sigterm', BUILDS[1]!.args);
    process.kill(started.pid, 'SIGTERM');
    await stopped('SIGTERM');
  });
});

describe('Ctrl-C to the process group of `npm run unpack`', () => {
  it('stops it while it writes, leaving no tree and no partial folder', async () => {
    const out = join(work, 'unpacked');
    const builds = join(work, '.unpacked.builds');
    const trash = join(work, '.unpacked.trash');
    const started = npm(
      ['run', 'unpack', '--', '--archive', inject('demo').archive, '--out', out],
      work,
    );
    // Its partial folder exists once it listens for signals and writes.
    await until(() => holds(builds, ''), 60_000, 'the partial folder of the unpack');
    toGroup(started, 'SIGINT');
    await expectStopped(
      started,
      'SIGINT',
      () => `Unpack interrupted by SIGINT; ${out} was left as it was.`,
    );
    expect(existsSync(out)).toBe(false);
    expect(readdirSync(builds)).toEqual([]);
    // The partial folder is moved to the trash and deleted there by a process of its own.
    await until(() => !holds(trash, ''), 60_000, 'the deletion of the partial folder');
  });
});
