import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';

/**
 * `npm run bench -- --against COMMIT`: another commit's code beside this one, so that a goal
 * stated against an earlier commit ("the archive's build in half the time of the commit before
 * this change") is measured in one run, each archive built by both in turn, on the same machine
 * in the same hour. Only runs in turn compare: this machine's speed moves by a third within hours.
 */

/** A commit checked out in a folder of its own, with its own dependencies installed. */
export interface Checkout {
  commit: string;
  /** The commit's short hash, for the tables. */
  short: string;
  dir: string;
}

/** What a build by the other commit took (as its `build-child.ts` prints it), and wrote. */
export interface OtherBuild {
  seconds: number;
  maxRssMB: number;
  /** The archive's length on disk: an older format may not be one this code reads. */
  bytes: number;
}

/** Runs `command` in `cwd`, failing with what it printed. */
function run(command: string, args: readonly string[], cwd: string): string {
  const done = spawnSync(command, args, {
    cwd,
    encoding: 'utf8',
    env: { ...process.env, CI: '1' },
  });
  if (done.status !== 0) {
    throw new Error(
      `${command} ${args.join(' ')} failed in ${cwd}:\n${done.stderr || done.stdout}`,
    );
  }
  return done.stdout.trim();
}

/** The installed version of a package of the project in `dir`, or null without one. */
function installed(dir: string, name: string): string | null {
  const file = join(dir, 'node_modules', name, 'package.json');
  return existsSync(file)
    ? (JSON.parse(readFileSync(file, 'utf8')) as { version: string }).version
    : null;
}

/**
 * Checks `commit` out into `dir` (a detached git worktree of this repository) and installs its
 * locked dependencies there. The native SQLite binding is not built again when this checkout has
 * the same version built: it is copied (building it needs a compiler and minutes).
 */
export function checkOut(commit: string, dir: string): Checkout {
  const full = run('git', ['rev-parse', '--verify', `${commit}^{commit}`], process.cwd());
  run('git', ['worktree', 'add', '--force', '--detach', dir, full], process.cwd());
  const checkout = { commit: full, short: full.slice(0, 7), dir };
  try {
    run('npm', ['ci', '--ignore-scripts', '--no-audit', '--no-fund'], dir);
    const binding = join('node_modules', 'better-sqlite3', 'build');
    const same = installed(dir, 'better-sqlite3') === installed('.', 'better-sqlite3');
    if (same && existsSync(binding)) cpSync(binding, join(dir, binding), { recursive: true });
    else run('npm', ['rebuild', 'better-sqlite3'], dir);
    return checkout;
  } catch (error) {
    removeCheckout(checkout);
    throw error;
  }
}

/** Removes the checkout and its worktree entry. */
export function removeCheckout(checkout: Checkout): void {
  spawnSync('git', ['worktree', 'remove', '--force', checkout.dir], { encoding: 'utf8' });
  spawnSync('git', ['worktree', 'prune'], { encoding: 'utf8' });
}

/**
 * Builds the archive of `db` into `file` with the checkout's code, in a process of its own (its
 * `test/bench/build-child.ts`, which every commit with a bench has).
 */
export function buildWith(checkout: Checkout, db: string, file: string): OtherBuild {
  spawnSync('sync');
  const out = run(
    process.execPath,
    ['--import', 'tsx', 'test/bench/build-child.ts', db, file, 'archive'],
    checkout.dir,
  );
  const figures = JSON.parse(out.split('\n').pop()!) as { seconds: number; maxRssMB: number };
  return { seconds: figures.seconds, maxRssMB: figures.maxRssMB, bytes: statSync(file).size };
}
