import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

/**
 * The runtimes the router also runs on (Deno, Bun, and workerd through Miniflare and Wrangler)
 * live in `runtimes/`, a package of their own with its own lock file, so that a plain
 * `npm install` stays light (they weigh about 350 MB). They are installed from that lock file on
 * first use (`npm install --no-save --prefix runtimes`), or by `.ci/run` for the tests.
 */

/**
 * The project's root folder: the nearest folder above this module that holds `runtimes/`, so that
 * the server bundled into one file (`npm run build:server`, into `dist-server/`) finds it as its
 * source does. A bundle copied out of the project serves with Node only.
 */
export const PROJECT = projectRoot(dirname(fileURLToPath(import.meta.url)));

function projectRoot(from: string): string {
  for (let dir = from; dirname(dir) !== dir; dir = dirname(dir))
    if (existsSync(join(dir, 'runtimes', 'package.json'))) return dir;
  return join(from, '..');
}
const RUNTIMES = join(PROJECT, 'runtimes');

/** Whether the runtimes are installed. */
export function runtimesInstalled(): boolean {
  return existsSync(join(RUNTIMES, 'node_modules', '.package-lock.json'));
}

/** Installs the runtimes from their lock file unless they are; says so first, as it takes time. */
export function installRuntimes(): void {
  if (runtimesInstalled()) return;
  console.error('Installing the runtimes (Deno, Bun, workerd) into runtimes/ on first use...');
  // The versions the lock file pins, without rewriting it: `npm ci` would refuse a lock file
  // written where some platform's optional package (Deno's, for another system) was not there.
  execFileSync('npm', ['install', '--no-save', '--no-audit', '--no-fund', '--prefix', RUNTIMES], {
    stdio: ['ignore', 'ignore', 'inherit'],
  });
}

/** The path of an installed runtime's executable. */
export function runtimeBin(name: 'deno' | 'bun'): string {
  installRuntimes();
  return join(RUNTIMES, 'node_modules', '.bin', name);
}

/** Imports a package installed with the runtimes (`miniflare`, `esbuild`). */
export async function runtimeImport<T>(name: string): Promise<T> {
  installRuntimes();
  const require = createRequire(join(RUNTIMES, 'package.json'));
  return (await import(pathToFileURL(require.resolve(name)).href)) as T;
}
