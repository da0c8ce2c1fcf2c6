import { spawn, type ChildProcess } from 'node:child_process';
import { LISTENING } from '../../../server/disk/config.ts';
import { runtimesInstalled } from '../../../dev/install.ts';

/** A runtime the router runs on besides Node's preview server. */
export type OtherRuntime = 'worker' | 'deno' | 'bun';

/**
 * Whether the runtimes are there to test. In CI they must be (`.ci/run` installs them): a
 * missing one fails the run. Elsewhere their tests are skipped with a message.
 */
export function runtimesToTest(): boolean {
  if (runtimesInstalled()) return true;
  if (process.env['CI'])
    throw new Error('The runtimes are not installed in runtimes/; .ci/run installs them.');
  console.warn(
    'Skipping the Workers, Deno and Bun adapters: run `npm install --no-save --prefix runtimes`.',
  );
  return false;
}

/** A server started with `npm run serve -- --runtime R`, and how to stop it. */
export interface RuntimeServer {
  port: number;
  /** The launcher's process id. */
  pid: number;
  stop(): Promise<void>;
}

/** A server this file started, with what it printed before it listened. */
export interface StartedServer extends RuntimeServer {
  /** The lines before the `LISTENING` line (which begins the banner), joined. */
  said: string;
}

/**
 * Starts `cli/serve.ts` with `args` on a free port, with `env` added to the environment;
 * resolves once it listens, or rejects past `timeoutMs`.
 */
export function startServer(
  args: string[],
  env: Record<string, string> = {},
  timeoutMs?: number,
): Promise<StartedServer> {
  return startScript(['cli/serve.ts', ...args, '--port', '0'], env, timeoutMs);
}

/**
 * Runs a TypeScript script (and its arguments) with tsx until it prints the `LISTENING` line;
 * `stop()` ends it and every process it started.
 */
export function startScript(
  args: string[],
  env: Record<string, string> = {},
  timeoutMs = 120_000,
): Promise<StartedServer> {
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', ...args], {
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
    env: { ...process.env, ...env },
  });
  const stop = () =>
    new Promise<void>((resolve) => {
      if (child.exitCode !== null || child.signalCode !== null) return resolve();
      child.once('exit', () => resolve());
      // The whole group: the launcher and the runtime it started.
      process.kill(-child.pid!, 'SIGTERM');
    });
  return new Promise((resolve, reject) => {
    let output = '';
    const timer = setTimeout(() => {
      void stop();
      reject(new Error(`${args.join(' ')} did not start:\n${output}`));
    }, timeoutMs);
    let started = false;
    // Output is read to the end, so that a chatty server never blocks on a full pipe.
    child.stdout!.on('data', (chunk: Buffer) => {
      if (started) return;
      output += chunk.toString();
      const lines = output.split('\n');
      const at = lines.findIndex((line) => LISTENING.test(line));
      if (at === -1) return;
      started = true;
      clearTimeout(timer);
      const port = Number(LISTENING.exec(lines[at]!)![1]);
      resolve({ port, pid: child.pid!, said: lines.slice(0, at).join('\n'), stop });
    });
    child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`${args.join(' ')} exited with ${code}:\n${output}`));
    });
  });
}
