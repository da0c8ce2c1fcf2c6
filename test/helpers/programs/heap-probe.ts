import { appendFileSync } from 'node:fs';

/**
 * Loaded into a server's process with `node --expose-gc --import` by a memory test: on SIGUSR2
 * it collects all garbage and appends the process's `memoryUsage()`, as one JSON line, to the
 * file `FOOTBALL_HEAP_PROBE` names. What the heap holds after a full collection is what the
 * server keeps; its resident memory also counts pages the collector reserved and has not given
 * back, which V8 sizes by its own rhythm (`liveMemory` in memory.ts reads the file).
 */

const file = process.env['FOOTBALL_HEAP_PROBE'];
const gc = (globalThis as { gc?: () => void }).gc;
if (file === undefined || gc === undefined)
  throw new Error('heap-probe needs FOOTBALL_HEAP_PROBE and node --expose-gc');
process.on('SIGUSR2', () => {
  // Twice: objects kept alive by finalizers of the first collection go in the second.
  gc();
  gc();
  appendFileSync(file, JSON.stringify(process.memoryUsage()) + '\n');
});
