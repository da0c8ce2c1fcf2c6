/**
 * Where the build ends a block of records. A block ends after a record chosen by the record's own
 * bytes (its hash), not by where the record falls: a record added, changed or deleted in the middle
 * of a resource changes its own block, and at most the next, while every block after them keeps
 * its records and its bytes. Filled to a size instead, a block that gained one record would push
 * one into the next, and so on to the end of the resource
 * (`test/bench/results/2026-11-30-block-ends.md`). This is what lets a later build leave the
 * blocks it does not touch as they are (content-defined chunking, as backup tools cut files).
 */

/** A block holds at least these bytes of records before a record may end it. */
export const BLOCK_MIN = 32 * 1024;
/**
 * Past `BLOCK_MIN`, each record ends its block with the chance `length / BLOCK_SPAN`: a block
 * then holds `BLOCK_MIN` bytes and about `BLOCK_SPAN` more, whatever the size of its records.
 * Near 64 KB in all: the compressor finds the repeats of neighbouring records (their field names,
 * their links), and larger blocks gain little (on the lean demo, deflated, 16 KB: 17.1 MB of
 * blocks, 32 KB: 15.5, 64 KB: 14.5, 128 KB: 13.9), where each costs a reader more to decompress
 * for one record.
 */
export const BLOCK_SPAN = 32 * 1024;
/**
 * A block never holds more bytes of records than this, bar one larger record alone (about one
 * block in twenty reaches it, e^-3): the bytes a reader decompresses for one record stay bounded.
 */
export const BLOCK_MAX = 128 * 1024;

/**
 * Whether the record just added ends its block: `hash` is the record's hash (its first four bytes,
 * little-endian, are its chance), `length` its bytes, `bytes` the block's bytes with it.
 */
export function endsBlock(hash: Uint8Array, length: number, bytes: number): boolean {
  if (bytes >= BLOCK_MAX) return true;
  const chance = (hash[0]! | (hash[1]! << 8) | (hash[2]! << 16) | (hash[3]! << 24)) >>> 0;
  // chance / 2^32 < length / BLOCK_SPAN, in integers (below 2^53).
  return bytes >= BLOCK_MIN && chance * BLOCK_SPAN < length * 2 ** 32;
}
