import { brotliCompressSync, constants, type BrotliOptions } from 'node:zlib';

/**
 * How the archive stores its leaves, its blocks and its opening file: each as one Brotli stream.
 * Quality 5 writes as fast as zlib's level 6 did, in fewer bytes, and higher qualities gain
 * little for far more time (`test/bench/results/2026-11-29-brotli.md`).
 */
export const QUALITY = 5;

/** Brotli's smallest and largest window, in bits of its length. */
const WINDOW_BITS = { min: 10, max: 24 } as const;

/**
 * One Brotli stream of `raw`. Its window is the smallest that holds the whole input, so a reader
 * (the client among them) allocates no more than the entry's own size.
 */
export function compress(raw: Uint8Array): Buffer {
  return brotliCompressSync(raw, optionsFor(raw.length));
}

/** Brotli's options for an input of `length` bytes. */
function optionsFor(length: number): BrotliOptions {
  let bits = WINDOW_BITS.min;
  while (bits < WINDOW_BITS.max && 2 ** bits - 16 < length) bits++;
  return {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: QUALITY,
      [constants.BROTLI_PARAM_LGWIN]: bits,
      [constants.BROTLI_PARAM_SIZE_HINT]: length,
    },
  };
}
