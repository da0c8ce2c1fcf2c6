import { build } from '../../build/build.ts';

/**
 * Runs one build in its own process, so the bench can read that process's peak memory (max RSS)
 * without the bench's own allocations in it. Prints one JSON line.
 */
const [db, out, precompress] = process.argv.slice(2);
if (!db || !out) throw new Error('usage: build-child.ts DB OUT [precompress]');
const summary = await build({ db, out, precompress: precompress === 'precompress' });
console.log(JSON.stringify({ ...summary, maxRssMB: process.resourceUsage().maxRSS / 1024 }));
