import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, describe, expect, it } from 'vitest';
import { HEALTH_PATH } from '../../contract/health.ts';

/**
 * `npm start` as a service manager or a terminal runs it: started by process id, stopped with
 * SIGTERM or SIGINT sent to npm's process alone, whereupon the port closes and no process it
 * started is left, whether it was serving or still building. Its archive is one of this test's
 * (`--archive`), built once: the second start reuses it, as `npm start` reuses `dist.archive`.
 */

const work = mkdtempSync(join(tmpdir(), 'football-api-start-'));
const archive = join(work, 'start.archive');
afterAll(() => rmSync(work, { recursive: true, force: true }));

/** A port no one listens on now. */
async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** The running processes, each with its parent and its command line. */
function processes(): { pid: number; ppid: number; cmdline: string }[] {
  const out = [];
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const stat = readFileSync(`/proc/${name}/stat`, 'utf8');
      // `pid (name) state ppid …`: the name may hold spaces and parentheses.
      const [state, ppid] = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      if (state === 'Z') continue; // ended, waiting for its parent to read its status
      const cmdline = readFileSync(`/proc/${name}/cmdline`, 'utf8').replaceAll('\0', ' ');
      out.push({ pid: Number(name), ppid: Number(ppid), cmdline });
    } catch {
      // ended while it was read
    }
  }
  return out;
}

/** The processes below `pid`, at every depth. */
function descendants(pid: number): number[] {
  const all = processes();
  const found: number[] = [];
  for (let level = [pid]; level.length > 0;) {
    level = all.filter((p) => level.includes(p.ppid)).map((p) => p.pid);
    found.push(...level);
  }
  return found;
}

/** The processes still running among `pids`, or whose command line names `text`. */
const leftOver = (pids: number[], text: string) =>
  processes().filter((p) => pids.includes(p.pid) || p.cmdline.includes(text));

/** `npm start` on a free port, serving this test's archive. */
function npmStart(port: number, file = archive): { npm: ChildProcess; output: () => string } {
  const npm = spawn('npm', ['start', '--', '--archive', file], {
    env: { ...process.env, PORT: String(port) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  npm.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  npm.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  return { npm, output: () => output };
}

/** Resolves once `check` holds, polling; rejects after `ms`. */
async function until(check: () => Promise<boolean> | boolean, ms: number, what: string) {
  for (const end = Date.now() + ms; Date.now() < end; await sleep(100)) if (await check()) return;
  throw new Error(`${what} did not happen in ${ms / 1000} s`);
}

/** Whether a server answers the health check on `port`. */
const healthy = (port: number) =>
  fetch(`http://127.0.0.1:${port}${HEALTH_PATH}`).then(
    (res) => res.status === 200,
    () => false,
  );

/** How `child` ended. */
const ended = (child: ChildProcess) =>
  new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null)
      resolve({ code: child.exitCode, signal: child.signalCode });
    else child.once('exit', (code, signal) => resolve({ code, signal }));
  });

describe('npm start', () => {
  it('stops the build it runs on SIGTERM to npm, leaving no process and no archive', async () => {
    const file = join(work, 'stopped.archive');
    const { npm, output } = npmStart(await freePort(), file);
    // Until the build's own process runs (it generates the demo database first).
    await until(
      () => processes().some((p) => p.cmdline.includes(`cli/build.ts --archive ${file}`)),
      60_000,
      'the build',
    );
    const tree = descendants(npm.pid!);
    expect(tree.length).toBeGreaterThanOrEqual(2);
    process.kill(npm.pid!, 'SIGTERM');
    const end = await ended(npm);
    expect(end.code, output()).not.toBe(0);
    await until(() => leftOver(tree, file).length === 0, 10_000, 'the end of every process');
    expect(existsSync(file)).toBe(false);
  });

  it.each(['SIGTERM', 'SIGINT'] as const)(
    'serves until %s to npm, then closes its port and leaves no process',
    async (signal) => {
      const port = await freePort();
      const { npm, output } = npmStart(port);
      // The first start builds the lean demo, the second reuses it.
      await until(() => healthy(port), 280_000, `npm start on port ${port}`);
      expect(output()).toContain(`Serving ${archive} at http://127.0.0.1:${port}/v1/ and /v0/`);
      for (const line of [
        `http://127.0.0.1:${port}/         the explorer`,
        `http://127.0.0.1:${port}/docs     the API reference`,
        `http://127.0.0.1:${port}${HEALTH_PATH}  the health check`,
        'Another port: PORT=N npm start, or npm start -- --port N',
      ])
        expect(output()).toContain(line);
      if (signal === 'SIGINT')
        expect(output()).toMatch(/is the demo built from this code; reusing/);
      const tree = descendants(npm.pid!);
      expect(tree.length).toBeGreaterThanOrEqual(1);
      process.kill(npm.pid!, signal);
      expect(await ended(npm), output()).toEqual({ code: 0, signal: null });
      expect(output()).toContain(`${signal}: stopping once the requests under way are answered.`);
      expect(await healthy(port)).toBe(false);
      await expect(fetch(`http://127.0.0.1:${port}/v1/`)).rejects.toThrow();
      await until(() => leftOver(tree, archive).length === 0, 10_000, 'the end of every process');
    },
  );
});
