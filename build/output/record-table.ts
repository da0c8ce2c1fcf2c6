/**
 * The values a segment holds already that have no position in a collection (a bucket's credits,
 * the records of documents), by the 128-bit hash of their bytes: open addressing in typed arrays,
 * 22 bytes a slot, filled up to three quarters before it doubles (a `Map` of strings took several
 * times that). A collection's records are found by their position instead (`ordinal-places.ts`):
 * in this table, the 4.3 million modifiers of the full real set took 185 MB.
 */
export class RecordTable {
  private capacity = 1 << 12;
  private count = 0;
  /** Four 32-bit words of each slot's hash; a slot whose words are all zero is empty. */
  private hashes = new Uint32Array(this.capacity * 4);
  private blocks = new Uint32Array(this.capacity);
  private indexes = new Uint16Array(this.capacity);

  /** The block and index of the record with `hash` (16 bytes), or null. */
  find(hash: Uint8Array): { block: number; index: number } | null {
    const words = wordsOf(hash);
    for (let slot = words[0]! & (this.capacity - 1); ; slot = (slot + 1) & (this.capacity - 1)) {
      const at = slot * 4;
      if (this.empty(at)) return null;
      if (this.same(at, words)) return { block: this.blocks[slot]!, index: this.indexes[slot]! };
    }
  }

  /** Adds a record's hash and place; the caller has found it absent. */
  add(hash: Uint8Array, block: number, index: number): void {
    if (++this.count * 4 > this.capacity * 3) this.grow();
    this.put(wordsOf(hash), block, index);
  }

  private put(words: Uint32Array, block: number, index: number): void {
    let slot = words[0]! & (this.capacity - 1);
    while (!this.empty(slot * 4)) slot = (slot + 1) & (this.capacity - 1);
    this.hashes.set(words, slot * 4);
    this.blocks[slot] = block;
    this.indexes[slot] = index;
  }

  private empty(at: number): boolean {
    const h = this.hashes;
    return (h[at]! | h[at + 1]! | h[at + 2]! | h[at + 3]!) === 0;
  }

  private same(at: number, words: Uint32Array): boolean {
    const h = this.hashes;
    return (
      h[at] === words[0] &&
      h[at + 1] === words[1] &&
      h[at + 2] === words[2] &&
      h[at + 3] === words[3]
    );
  }

  private grow(): void {
    const { hashes, blocks, indexes, capacity } = this;
    this.capacity *= 2;
    this.hashes = new Uint32Array(this.capacity * 4);
    this.blocks = new Uint32Array(this.capacity);
    this.indexes = new Uint16Array(this.capacity);
    for (let slot = 0; slot < capacity; slot++) {
      const words = hashes.subarray(slot * 4, slot * 4 + 4);
      if ((words[0]! | words[1]! | words[2]! | words[3]!) !== 0)
        this.put(words, blocks[slot]!, indexes[slot]!);
    }
  }
}

/**
 * A hash as four words; the all-zero hash (2^-128) is taken as 1 so that it never reads as an
 * empty slot.
 */
function wordsOf(hash: Uint8Array): Uint32Array {
  const words = new Uint32Array(4);
  for (let i = 0; i < 4; i++)
    words[i] =
      (hash[4 * i]! |
        (hash[4 * i + 1]! << 8) |
        (hash[4 * i + 2]! << 16) |
        (hash[4 * i + 3]! << 24)) >>>
      0;
  if ((words[0]! | words[1]! | words[2]! | words[3]!) === 0) words[0] = 1;
  return words;
}
