import { parentPort, workerData } from 'node:worker_threads';
import { writeLeafRange, type LeafRange } from './leaf-range.ts';

/**
 * A thread of the archive's assembly: writes one run of the index's leaves (`leaf-range.ts`) and
 * posts back what the root says of each (a few bytes a leaf). An error ends the thread with it,
 * and the assembler fails the build.
 */
const roots = writeLeafRange((workerData as { range: LeafRange }).range);
parentPort!.postMessage(roots);
