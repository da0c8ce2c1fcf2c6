import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

/**
 * The npm scripts that build run with glibc's allocator held to two arenas (`MALLOC_ARENA_MAX`):
 * otherwise each of a build's threads (the main one and its two workers) gets arenas of its own,
 * whose freed memory the process keeps, and the full real set's build peaks above 1 GB. The
 * variable means nothing to other allocators (macOS, musl), and a script is where it can be set:
 * glibc reads it once, as the process starts. `npm start` builds in a child, which inherits it.
 */

const scripts = (JSON.parse(readFileSync('package.json', 'utf8')) as PackageJson).scripts;

interface PackageJson {
  scripts: Record<string, string>;
}

describe('the scripts that build', () => {
  it.each(['start', 'build', 'national', 'bench'])(
    '%s holds the allocator to two arenas',
    (name) => {
      expect(scripts[name]).toMatch(/^MALLOC_ARENA_MAX=2 (exec node --import tsx|tsx) /);
    },
  );
});
