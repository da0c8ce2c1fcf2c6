import { spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';

/**
 * `npm run bench -- --against COMMIT`: another commit's code beside this one, so that a goal
 * stated against an earlier commit ("the archive's build in half the time of the commit before
 * this change") is measured in one run, each archive built by both in turn, on the same machine
 * in the same hour. Only runs in turn compare: this machine's speed moves by a third within hours.
 */

/** A commit checked out in a folder of its own, with its own dependencies installed. */
export interface Checkout {
  /** The commit's short hash, for the tables. */
  short: string;
  dir: string;
}

/** Runs `command` in `cwd`, failing with what it printed. */
function run(command: string, args: readonly string[], cwd: string): string {
  const done = spawnSync(command, args, {
    cwd,
    encoding: 'utf8',
    env: { ...process.env, CI: '1' },
  });
  if (done.status !== 0) {
    const said = done.stderr || done.stdout || String(done.error);
    throw new Error(`${command} ${args.join(' ')} failed in ${cwd}:\n${said}`);
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
 * the same version built: it is copied (building it needs a compiler and minutes). The bench then
 * runs that commit's own `test/bench/build-child.ts` there, on this run's databases: a commit
 * that cannot read them says so in its row.
 */
export function checkOut(commit: string, dir: string): Checkout {
  const full = run('git', ['rev-parse', '--verify', `${commit}^{commit}`], process.cwd());
  run('git', ['worktree', 'add', '--force', '--detach', dir, full], process.cwd());
  const checkout = { short: full.slice(0, 7), dir };
  try {
    run('npm', ['ci', '--ignore-scripts', '--no-audit', '--no-fund'], dir);
    const binding = join(
      'node_modules',
      'better-sqlite3',
      'build',
      'Release',
      'better_sqlite3.node',
    );
    const same = installed(dir, 'better-sqlite3') === installed('.', 'better-sqlite3');
    if (same && existsSync(binding)) {
      mkdirSync(dirname(join(dir, binding)), { recursive: true });
      copyFileSync(binding, join(dir, binding));
    } else run('npm', ['rebuild', 'better-sqlite3'], dir);
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
 * The length of the archive a build of the other commit wrote at `file`. A commit whose
 * `build-child.ts` has no archive mode (before 39ca49a) builds a tree there instead: refused,
 * where its folder's size would pass for an archive's.
 */
export function archiveLength(file: string): number {
  const stat = statSync(file);
  if (!stat.isFile())
    throw new Error(`no archive at ${file}: the commit's bench builds no archive`);
  return stat.size;
}
