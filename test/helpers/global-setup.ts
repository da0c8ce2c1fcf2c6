import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { build } from '../../build/build.ts';
import { buildDemoDatabase } from '../../data/demo/generate.ts';

/**
 * Builds the seeded demo dataset once for the whole suite, as a tree and as an archive, into a
 * temporary folder that the tests read (`inject('demo')`) and that is removed afterwards.
 */
export default async function setup(project: TestProject): Promise<() => void> {
  const root = mkdtempSync(join(tmpdir(), 'football-api-test-'));
  const db = join(root, 'demo.sqlite');
  const dist = join(root, 'dist');
  buildDemoDatabase(db);
  const archive = join(root, 'demo.zip');
  await build({ db, out: dist });
  await build({ db, archive });
  project.provide('demo', { root, db, dist, archive });
  return () => rmSync(root, { recursive: true, force: true });
}

declare module 'vitest' {
  export interface ProvidedContext {
    demo: { root: string; db: string; dist: string; archive: string };
  }
}
