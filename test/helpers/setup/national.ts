import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, inject } from 'vitest';
import type { NationalPaths } from './national-setup.ts';

/** How long a test waits for the national build: minutes on a busy 2-core machine. */
export const NATIONAL_TIMEOUT = 1_800_000;

/** Waits until the run's national build (`national-setup.ts`) is done; fails with its log. */
async function ready(paths: NationalPaths): Promise<void> {
  const deadline = Date.now() + NATIONAL_TIMEOUT;
  while (!existsSync(join(paths.root, 'ready'))) {
    const failed = join(paths.root, 'failed');
    if (existsSync(failed))
      throw new Error(`The national build failed: ${readFileSync(failed, 'utf8')}`);
    if (!existsSync(paths.root))
      throw new Error('The national build was removed before its tests ran.');
    if (Date.now() > deadline) throw new Error('The national build took too long.');
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
}

/**
 * A describe block of tests on the run's national build: they start once it is done. Without
 * the real datasets it is skipped with a message (in CI the set-up fails instead).
 */
export function describeNational(title: string, fn: (paths: NationalPaths) => void): void {
  const paths = inject('national');
  if (paths === null)
    console.warn(
      `Skipping "${title}": the national build needs the real datasets (docs/data.md#tests-on-real-data).`,
    );
  describe.skipIf(paths === null)(title, () => {
    beforeAll(() => ready(paths!), NATIONAL_TIMEOUT);
    fn(paths ?? { root: '', db: '', archive: '', sources: {} });
  });
}
