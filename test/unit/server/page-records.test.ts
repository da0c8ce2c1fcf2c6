import { describe, expect, it } from 'vitest';
import type { EnvelopeRecords } from '../../../contract/archive-reader.ts';
import { pageRecords } from '../../../server/core/page-text.ts';

/**
 * A few records of a page read alone from an archive (`ArchiveReader.records`): those records'
 * blocks alone, as the text the build wrote them in.
 */

const encoder = new TextEncoder();

const records = Array.from({ length: 30 }, (_, i) => ({ id: `r${i}`, text: 'x'.repeat(40) }));

/** A page's records as the archive gives them; reads are counted. */
function envelopeOf(): { envelope: EnvelopeRecords; read: number[] } {
  const read: number[] = [];
  const envelope: EnvelopeRecords = {
    kind: 'envelope',
    count: records.length,
    record: async (i) => {
      read.push(i);
      return encoder.encode(JSON.stringify(records[i]));
    },
  };
  return { envelope, read };
}

describe('a few records of a page, read alone', () => {
  it('reads the records asked for alone, and gives the count', async () => {
    const { envelope, read } = envelopeOf();
    const page = await pageRecords(envelope, [3, 17]);
    expect(read.sort((a, b) => a - b)).toEqual([3, 17]);
    expect(page.count).toBe(30);
    expect(JSON.parse(page.record(17))).toEqual(records[17]);
    expect(page.record(3)).toBe(JSON.stringify(records[3]));
    expect(() => page.record(4)).toThrow(RangeError);
  });

  it('reads nothing for a record past the page', async () => {
    const { envelope, read } = envelopeOf();
    const page = await pageRecords(envelope, [30, -1]);
    expect(read).toEqual([]);
    expect(() => page.record(30)).toThrow(RangeError);
  });
});
