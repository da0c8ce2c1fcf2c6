import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    // Builds of the demo dataset take a few seconds each; the suites share one build per file.
    testTimeout: 300_000,
    hookTimeout: 300_000,
    pool: 'forks',
    globalSetup: ['test/helpers/global-setup.ts'],
  },
});
