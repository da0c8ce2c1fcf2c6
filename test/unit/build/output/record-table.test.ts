import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { RecordTable } from '../../../../build/output/record-table.ts';

/** A 16-byte hash standing for record `i`'s bytes. */
const hashOf = (i: number) => createHash('md5').update(`record ${i}`).digest();

describe('the table of records a segment holds', () => {
  it('finds every record added, at its place, through many doublings, and no other', () => {
    const table = new RecordTable();
    const n = 200_000;
    for (let i = 0; i < n; i++) {
      expect(table.find(hashOf(i))).toBeNull();
      table.add(hashOf(i), Math.floor(i / 100), i % 100);
    }
    for (let i = 0; i < n; i += 7)
      expect(table.find(hashOf(i))).toEqual({ block: Math.floor(i / 100), index: i % 100 });
    for (let i = n; i < n + 20_000; i++) expect(table.find(hashOf(i))).toBeNull();
  });

  it('tells apart hashes that share their first word, and the all-zero hash', () => {
    const table = new RecordTable();
    const a = Buffer.alloc(16);
    const b = Buffer.alloc(16);
    b[15] = 1;
    table.add(a, 1, 2);
    expect(table.find(b)).toBeNull();
    table.add(b, 3, 4);
    expect(table.find(a)).toEqual({ block: 1, index: 2 });
    expect(table.find(b)).toEqual({ block: 3, index: 4 });
  });
});
