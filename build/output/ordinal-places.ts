/**
 * Where a segment put the records of the collection it is writing, by their position in the
 * collection's default order (`SpooledRecord.ord`): the layouts hand the same record's bytes to a
 * segment once per file that holds it (its own file, a default page, a page of each filter it
 * matches), and a record met again by its position is not hashed again to be found. Kept in
 * chunks of typed arrays, six bytes a record, allocated as positions are met.
 */
export class OrdinalPlaces {
  /** Each chunk's blocks, plus one (0: not placed), and indexes. */
  private blocks: (Uint32Array | undefined)[] = [];
  private indexes: (Uint16Array | undefined)[] = [];

  /** The place of the record at `ord`, or null when it was not given one. */
  find(ord: number): { block: number; index: number } | null {
    const c = ord >>> SHIFT;
    const block = this.blocks[c]?.[ord & MASK];
    if (!block) return null;
    return { block: block - 1, index: this.indexes[c]![ord & MASK]! };
  }

  /** True when the record at `ord` was given a place. */
  has(ord: number): boolean {
    return (this.blocks[ord >>> SHIFT]?.[ord & MASK] ?? 0) !== 0;
  }

  /** Records the place of the record at `ord`. */
  add(ord: number, place: { block: number; index: number }): void {
    const c = ord >>> SHIFT;
    const blocks = (this.blocks[c] ??= new Uint32Array(CHUNK));
    const indexes = (this.indexes[c] ??= new Uint16Array(CHUNK));
    blocks[ord & MASK] = place.block + 1;
    indexes[ord & MASK] = place.index;
  }
}

const SHIFT = 16;
const CHUNK = 1 << SHIFT;
const MASK = CHUNK - 1;
