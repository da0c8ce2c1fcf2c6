import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { build } from '../../../build/build.ts';
import { buildDemoDatabase } from '../../../data/demo/generate.ts';

/** Where the demo build is, for the tests that read it. */
export interface DemoPaths {
  root: string;
  db: string;
  dist: string;
  archive: string;
}

/**
 * The one build of a test run and the projects using it. Every project that reads the demo names
 * this setup; vitest runs each project's setup in its main process, so they meet here and the demo
 * is built once however many projects run.
 */
interface Shared {
  paths: Promise<DemoPaths>;
  users: number;
}
const KEY = Symbol.for('football-api.test.demo');
const registry = globalThis as typeof globalThis & { [KEY]?: Shared };

/** Builds the seeded demo dataset as a tree and as an archive, into a temporary folder. */
async function buildDemo(): Promise<DemoPaths> {
  const root = mkdtempSync(join(tmpdir(), 'football-api-test-'));
  const db = join(root, 'demo.sqlite');
  const dist = join(root, 'dist');
  buildDemoDatabase(db);
  const archive = join(root, 'demo.archive');
  await build({ db, out: dist });
  await build({ db, archive });
  return { root, db, dist, archive };
}

/**
 * Builds the demo once for the whole run and gives it to the tests (`inject('demo')`); the folder
 * is removed once the last project using it ends.
 */
export default async function setup(project: TestProject): Promise<() => void> {
  const shared = (registry[KEY] ??= { paths: buildDemo(), users: 0 });
  shared.users += 1;
  const paths = await shared.paths;
  project.provide('demo', paths);
  return () => {
    shared.users -= 1;
    if (shared.users > 0) return;
    delete registry[KEY];
    rmSync(paths.root, { recursive: true, force: true });
  };
}

declare module 'vitest' {
  export interface ProvidedContext {
    demo: DemoPaths;
  }
}
