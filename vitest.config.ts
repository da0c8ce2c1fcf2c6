import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';
import { SlowestFirst } from './test/helpers/setup/sequencer.ts';

/**
 * The tests are chosen by the folder they lie in, each folder a kind:
 * - `test/unit/`: no build, seconds each (`npm run test:unit`);
 * - `test/demo/`: read the demo built once per run (`test/helpers/setup/global-setup.ts`), or
 *   generate and build a demo of their own;
 * - `test/slow/`: take minutes or run programs: real data, imports racing and killed, many
 *   generated requests, long runs, every runtime, a browser, every command line as a process;
 * - `test/national/`: read the real national build (`test/helpers/setup/national-setup.ts`),
 *   made once per run in a program of its own while the other tests run; they wait for it.
 */
const kind = (folder: string) => [`test/${folder}/**/*.test.ts`];

/** Builds of the demo for the tests that read one. */
const DEMO_BUILD = ['test/helpers/setup/global-setup.ts'];

export default defineConfig({
  test: {
    // Builds and crawls take minutes on 2 cores; no single test should end for lack of time.
    testTimeout: 300_000,
    hookTimeout: 300_000,
    pool: 'forks',
    // Two files at a time even on 2 cores (the default is one fewer than the cores): the real
    // national build and its crawls run beside the other files instead of after them. Much of a
    // build or a crawl waits on the disk.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    sequence: { sequencer: SlowestFirst },
    projects: [
      { extends: true, test: { name: 'unit', include: kind('unit') } },
      { extends: true, test: { name: 'demo', include: kind('demo'), globalSetup: DEMO_BUILD } },
      { extends: true, test: { name: 'slow', include: kind('slow'), globalSetup: DEMO_BUILD } },
      {
        extends: true,
        test: {
          name: 'national',
          include: kind('national'),
          globalSetup: ['test/helpers/setup/national-setup.ts'],
        },
      },
    ],
  },
});
