import { brotliCompressSync, constants, type BrotliOptions } from 'node:zlib';

/**
 * How the archive stores its blocks, its leaves and its opening file: each as one Brotli stream,
 * at the quality that suits what it holds. Quality 5 writes as fast as zlib's level 6 did, in
 * fewer bytes, and higher qualities gain little for far more time
 * (`test/bench/results/2026-11-29-brotli.md`). Blocks, most of a build's compressing, are written
 * at 4: their records, folded and grouped by match, take about as many bytes at 4 as at 5 for
 * half the time, where the index's leaves take several percent more
 * (`test/bench/results/2026-12-03-block-quality.md`).
 */
export const QUALITY = { block: 4, index: 5 } as const;

/** What a stream holds: a block of records, or a part of the index (a leaf, the opening file). */
export type Stream = keyof typeof QUALITY;

/** Brotli's smallest and largest window, in bits of its length. */
const WINDOW_BITS = { min: 10, max: 24 } as const;

/**
 * One Brotli stream of `raw`. Its window is the smallest that holds the whole input, so a reader
 * (the client among them) allocates no more than the entry's own size.
 */
export function compress(raw: Uint8Array, stream: Stream): Buffer {
  return brotliCompressSync(raw, optionsFor(raw.length, QUALITY[stream]));
}

/** Brotli's options for an input of `length` bytes at `quality`. */
function optionsFor(length: number, quality: number): BrotliOptions {
  let bits = WINDOW_BITS.min;
  while (bits < WINDOW_BITS.max && 2 ** bits - 16 < length) bits++;
  return {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: quality,
      [constants.BROTLI_PARAM_LGWIN]: bits,
      [constants.BROTLI_PARAM_SIZE_HINT]: length,
    },
  };
}
