import { build } from '../../build/build.ts';

/**
 * Runs one build in its own process, so the bench can read that process's peak memory (max RSS)
 * without the bench's own allocations in it. `MODE` is `tree` (default), `precompress` or
 * `archive` (then OUT is the archive file). Prints one JSON line.
 */
const [db, out, mode = 'tree'] = process.argv.slice(2);
if (!db || !out) throw new Error('usage: build-child.ts DB OUT [tree|precompress|archive]');
const summary = await build(
  mode === 'archive' ? { db, archive: out } : { db, out, precompress: mode === 'precompress' },
);
console.log(JSON.stringify({ ...summary, maxRssMB: process.resourceUsage().maxRSS / 1024 }));
