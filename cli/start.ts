import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { forwardStopSignals } from '../lib/stop-signals.ts';
import { PROJECT } from '../dev/install.ts';

/**
 * `npm start`: builds the lean demo into one archive, `dist.archive`, reused when it is the demo
 * built from this code (`build/inputs.ts`), then serves it with the Node server in this same
 * process. Its arguments are the server's (`npm start -- --port 8081`); `--archive FILE` names
 * another archive to build and serve.
 *
 * It is one process that a terminal or a service manager can stop: npm passes SIGTERM and SIGINT
 * to it (the script `exec`s it, so no shell stands between them), it passes the first on to the
 * build while one runs, which then removes what it wrote and leaves the previous archive as it
 * was, and the server stops on them (`stop-on-signals.ts`). Nothing it started outlives it.
 */

const args = process.argv.slice(2);
// Only the options this step reads; the server reads and checks all of them.
const { values } = parseArgs({
  args,
  options: {
    archive: { type: 'string', default: 'dist.archive' },
    help: { type: 'boolean', short: 'h', default: false },
  },
  strict: false,
});
// Without a value, `--archive` is left for the server to refuse.
const archive = typeof values.archive === 'string' ? values.archive : 'dist.archive';
// The server's command line, run here: its options after the archive, so that theirs win. It is
// checked before the build, so that a mistyped option is said at once.
const { main, SERVE_COMMAND } = await import('./serve.ts');
const argv = ['--archive', archive, ...args];
if (!values.help && SERVE_COMMAND.parse(argv).kind === 'run') {
  const built = await build(archive);
  if (built !== 0) process.exit(built);
}
const code = await main(argv);
// A server that listens keeps the process alive until it is stopped; any other end is final.
if (code !== 0) process.exit(code);

/**
 * Runs the build CLI into `archive` until it ends, passing SIGTERM or SIGINT on to it; resolves
 * with its exit code, or 128 plus the number of the signal that stopped it or this process.
 */
function build(archive: string): Promise<number> {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', join(PROJECT, 'cli', 'build.ts'), '--archive', archive],
    { stdio: 'inherit' },
  );
  // A build that ended well as a signal came is not served either: the signal asked to stop.
  return forwardStopSignals(child);
}
