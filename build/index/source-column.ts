import { encodeUint32s, sourceFile } from '../../contract/query-index.ts';
import type { OutputSink } from '../output/sink.ts';

/**
 * The source column of a collection's query index (`contract/query-index.ts`): the providers of
 * each record, in the default order, as the place of its provider keys among the collection's
 * distinct sets. A page's `attribution` credits the providers of all its records; a composed
 * answer takes a few records of several pages, and credits exactly theirs by reading this column
 * for them. Most collections have one set (one provider), and then no column is written: the set
 * in the manifest is every record's.
 */
export class SourceColumn {
  private readonly sets = new Map<string, number>();
  private readonly places: Uint16Array;
  private count = 0;

  /** A column of `total` records, two bytes each while it is filled. */
  constructor(total: number) {
    this.places = new Uint16Array(total);
  }

  /** Adds the next record's provider keys (`_source`; null for none). */
  add(keys: string | null): void {
    const set = keys ?? '';
    let place = this.sets.get(set);
    if (place === undefined) {
      place = this.sets.size;
      if (place > 0xffff) throw new Error('more than 65,536 sets of providers in one collection');
      this.sets.set(set, place);
    }
    this.places[this.count++] = place;
  }

  /**
   * Writes the column's chunks of `chunk` records under the collection at `path` when its records
   * have more than one set of providers; returns the sets, by place.
   */
  write(sink: OutputSink, path: string, chunk: number): string[] {
    const sets = [...this.sets.keys()];
    if (sets.length < 2) return sets;
    for (let c = 0; c * chunk < this.count; c++) {
      const part = this.places.subarray(c * chunk, Math.min((c + 1) * chunk, this.count));
      sink.write(sourceFile(path, c), Buffer.from(encodeUint32s(part)));
    }
    return sets;
  }
}
