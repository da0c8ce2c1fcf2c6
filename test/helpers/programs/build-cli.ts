import { spawn } from 'node:child_process';

/** Runs `npm run build` (the build CLI) in a child process with extra environment variables. */
export function runBuild(
  args: string[],
  env: Record<string, string> = {},
): Promise<{ code: number | null; signal: NodeJS.Signals | null; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'cli/build.ts', ...args], {
      env: { ...process.env, ...env },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('exit', (code, signal) => resolve({ code, signal, stderr }));
  });
}
