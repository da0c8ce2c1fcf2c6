import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, openSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { TestProject } from 'vitest/node';
import { NATIONAL_SETS, realDataDir } from './real-data.ts';

/** Where the national build of a test run is, for the tests that read it. */
export interface NationalPaths {
  root: string;
  db: string;
  archive: string;
  /** The datasets it was built from, by folder name. */
  sources: Record<string, string>;
}

/**
 * The national build, made once for every test that reads it (`national.ts`). It is started here
 * as a program of its own and goes on while the other tests run: the tests that read it wait for
 * it, the others do not. Without the datasets (outside CI) there is none, and those tests are
 * skipped with a message; in CI a missing dataset fails the run (`realDataDir`).
 */
export default function setup(project: TestProject): () => void {
  const sources = NATIONAL_SETS.map((name) => [name, realDataDir(name)] as const);
  if (sources.some(([, dir]) => dir === null)) {
    project.provide('national', null);
    return () => {};
  }
  const root = mkdtempSync(join(tmpdir(), 'football-national-'));
  const log = openSync(join(root, 'build.log'), 'w');
  const child: ChildProcess = spawn(
    process.execPath,
    [
      '--import',
      'tsx',
      fileURLToPath(new URL('./national-build.ts', import.meta.url)),
      root,
      ...sources.map(([, dir]) => dir!),
    ],
    { stdio: ['ignore', log, log] },
  );
  project.provide('national', {
    root,
    db: join(root, 'national.sqlite'),
    archive: join(root, 'national.archive'),
    sources: Object.fromEntries(sources) as Record<string, string>,
  });
  return () => {
    child.kill('SIGKILL');
    rmSync(root, { recursive: true, force: true });
  };
}

declare module 'vitest' {
  export interface ProvidedContext {
    national: NationalPaths | null;
  }
}
