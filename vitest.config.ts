import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';
import { SlowestFirst } from './test/helpers/sequencer.ts';

/**
 * Tests that read the demo built once per run (`test/helpers/global-setup.ts`, `demo()`), or
 * generate and build a demo of their own. Any other file is a unit test: it runs alone in
 * seconds with no build (`npm run test:unit`).
 */
const DEMO = [
  'analytics',
  'api',
  'archive',
  'archive-parts-build',
  'build',
  'conformance',
  'demo-events',
  'demo-matches',
  'demo',
  'docs',
  'estimate',
  'events',
  'health',
  'hot-cache',
  'matches',
  'netlify',
  'openapi',
  'openapi-client',
  'options-lists',
  'production',
  'publish',
  'query-engine',
  'site-command',
  'stats',
  'team-figures',
  'v0',
].map((name) => `test/${name}.test.ts`);

/**
 * Tests that take minutes or run programs: real data, imports racing and killed, many generated
 * requests, long runs, every runtime, a browser, every command line as a process. Most read the demo build too.
 */
const SLOW = [
  'adapters',
  'client',
  'cli-processes',
  'crawl',
  'explorer',
  'fuzz',
  'import-fjelstul',
  'import-martj42',
  'import-openfootball',
  'import-sources',
  'import-writers',
  'import-wyscout',
  'rebuild-under-load',
  'reference-page',
  'soak',
  'start',
  'stop-signals-processes',
  'worker-upload',
].map((name) => `test/${name}.test.ts`);

/**
 * Tests that read the real national build (`test/helpers/national-setup.ts`), made once per run
 * in a program of its own while the other tests run; they wait for it.
 */
const NATIONAL = ['national-build', 'national-api', 'national-explorer'].map(
  (name) => `test/${name}.test.ts`,
);

/** Builds of the demo for the tests that read one (`test/helpers/global-setup.ts`). */
const DEMO_BUILD = ['test/helpers/global-setup.ts'];

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
      {
        extends: true,
        test: {
          name: 'unit',
          include: ['test/**/*.test.ts'],
          exclude: [...DEMO, ...SLOW, ...NATIONAL],
        },
      },
      { extends: true, test: { name: 'demo', include: DEMO, globalSetup: DEMO_BUILD } },
      { extends: true, test: { name: 'slow', include: SLOW, globalSetup: DEMO_BUILD } },
      {
        extends: true,
        test: {
          name: 'national',
          include: NATIONAL,
          globalSetup: ['test/helpers/national-setup.ts'],
        },
      },
    ],
  },
});
