import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';
import { SlowestFirst } from './test/helpers/sequencer.ts';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    // Builds of the demo dataset take a few seconds each; the suites share one build per file.
    testTimeout: 300_000,
    hookTimeout: 300_000,
    pool: 'forks',
    // Two files at a time even on 2 cores (the default is one fewer than the cores): the real
    // national build and its crawls, a quarter of an hour, run beside the other files instead of
    // after them. Much of a build or a crawl waits on the disk.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    sequence: { sequencer: SlowestFirst },
    globalSetup: ['test/helpers/global-setup.ts'],
  },
});
