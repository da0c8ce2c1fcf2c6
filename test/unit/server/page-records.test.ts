import { describe, expect, it } from 'vitest';
import type { FileParts } from '../../../contract/archive-reader.ts';
import { pageRecords } from '../../../server/core/page-text.ts';

/**
 * A few records of a page read from its parts in an archive: those records' blocks alone, with
 * the page's head parsed from its first literal; a page laid out otherwise is left to a whole read.
 */

const encoder = new TextEncoder();

/** A page's parts, as the archive holds it: `between` separates records; reads are counted. */
function pageParts(
  records: object[],
  between: string[] = records.slice(1).map(() => ','),
): { parts: FileParts; read: number[] } {
  const head = '{"attribution":{"source":{"name":"A"}},"meta":{"page":2},"result":[';
  const read: number[] = [];
  const literals = [head, ...between, ']}'].map((l) => encoder.encode(l));
  const parts: FileParts = {
    literals,
    record: async (i) => {
      read.push(i);
      return encoder.encode(JSON.stringify(records[i]));
    },
  };
  return { parts, read };
}

const records = Array.from({ length: 30 }, (_, i) => ({ id: `r${i}`, text: 'x'.repeat(40) }));

describe('a few records of a page, read from its parts', () => {
  it('reads the records asked for alone, and gives the head and the count', async () => {
    const { parts, read } = pageParts(records);
    const page = (await pageRecords(parts, [3, 17]))!;
    expect(read.sort((a, b) => a - b)).toEqual([3, 17]);
    expect(page.count).toBe(30);
    expect(page.meta).toEqual({ page: 2 });
    expect(page.attribution).toEqual({ source: { name: 'A' } });
    expect(JSON.parse(page.record(17))).toEqual(records[17]);
    expect(() => page.record(4)).toThrow(RangeError);
  });

  it('leaves to a whole read a page whose elements are not each a record', async () => {
    // An element under 32 bytes stays in the literals: the records are not the elements.
    const small = pageParts(records.slice(0, 2), [',{"id":"s"},']);
    expect(await pageRecords(small.parts, [0])).toBeNull();
    expect(small.read).toEqual([]);
    // A page of no record is one literal.
    const empty = {
      literals: [encoder.encode('{"meta":{},"result":[]}')],
      record: small.parts.record,
    };
    expect(await pageRecords(empty, [0])).toBeNull();
  });
});
