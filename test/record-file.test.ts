import fc from 'fast-check';
import { readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { describe, expect, it } from 'vitest';
import { RecordFile, type Span } from '../build/record-file.ts';

/**
 * The spool's file of records gives back every record's bytes, whatever order a batch asks for
 * them in: near records read together with the bytes between them, far ones alone, records larger
 * than a read, and records asked for twice.
 */

/** Appends `records` to a file that reads `chunk` bytes at most, and gathers `order` of them. */
function roundTrip(records: readonly Uint8Array[], order: readonly number[], chunk: number) {
  const file = new RecordFile(chunk);
  try {
    const spans: Span[] = records.map((r) => ({ at: file.append(r), len: r.length }));
    file.flush();
    return file.gather(order.map((i) => spans[i]!)).map((bytes) => Buffer.from(bytes));
  } finally {
    file.close();
  }
}

const spoolFiles = () => readdirSync(tmpdir()).filter((f) => f.startsWith('football-spool-'));

describe('the spool file', () => {
  it('gives back the bytes of any records in any order', () => {
    const before = spoolFiles().length;
    fc.assert(
      fc.property(
        fc
          .array(fc.uint8Array({ maxLength: 300 }), { minLength: 1, maxLength: 80 })
          .chain((records) =>
            fc.tuple(
              fc.constant(records),
              fc.array(fc.nat(records.length - 1), { maxLength: 120 }),
              fc.constantFrom(64, 256, 4096),
            ),
          ),
        ([records, order, chunk]) => {
          const got = roundTrip(records, order, chunk);
          expect(got).toEqual(order.map((i) => Buffer.from(records[i]!)));
        },
      ),
      { numRuns: 300 },
    );
    // Each file is unlinked once open: nothing is left in the temporary folder.
    expect(spoolFiles().length).toBe(before);
  });

  it('reads a gap-free run in one read and keeps earlier records valid after later reads', () => {
    const records = ['{"a":1}', '{"b":22}', '{"c":333}', '{"d":4444}'].map((t) => Buffer.from(t));
    const file = new RecordFile(1024);
    try {
      const spans = records.map((r) => ({ at: file.append(r), len: r.length }));
      file.flush();
      const first = file.gather([spans[3]!, spans[0]!, spans[1]!]);
      const second = file.gather([spans[2]!, spans[2]!]);
      expect(first.map((b) => Buffer.from(b).toString())).toEqual([
        '{"d":4444}',
        '{"a":1}',
        '{"b":22}',
      ]);
      expect(second.map((b) => Buffer.from(b).toString())).toEqual(['{"c":333}', '{"c":333}']);
    } finally {
      file.close();
    }
  });
});
