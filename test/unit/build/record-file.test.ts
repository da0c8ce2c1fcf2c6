import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { RecordFile, type Span } from '../../../build/index/record-file.ts';

/**
 * The spool's file of records gives back every record's bytes, whatever order a batch asks for
 * them in: near records read together with the bytes between them, far ones alone, runs without
 * gaps straight into place, records larger than a read, and records asked for twice.
 */

/** A file of `records` that reads `chunk` bytes at most and reads through gaps up to `gap`. */
function fileOf(records: readonly Uint8Array[], chunk: number, gap: number) {
  const file = new RecordFile(chunk, gap);
  const spans: Span[] = records.map((r) => ({ at: file.append(r), len: r.length }));
  file.flush();
  return { file, spans };
}

const text = (bytes: readonly Uint8Array[]) => bytes.map((b) => Buffer.from(b).toString());

describe('the spool file', () => {
  it('gives back the bytes of any records in any order', () => {
    fc.assert(
      fc.property(
        fc
          .array(fc.uint8Array({ maxLength: 300 }), { minLength: 1, maxLength: 80 })
          .chain((records) =>
            fc.tuple(
              fc.constant(records),
              fc.array(fc.nat(records.length - 1), { maxLength: 120 }),
              fc.constantFrom(64, 256, 4096),
              fc.constantFrom(0, 100, 8192),
            ),
          ),
        ([records, order, chunk, gap]) => {
          const { file, spans } = fileOf(records, chunk, gap);
          try {
            const got = file.gather(order.map((i) => spans[i]!)).map((b) => Buffer.from(b));
            expect(got).toEqual(order.map((i) => Buffer.from(records[i]!)));
          } finally {
            file.close();
          }
        },
      ),
      { numRuns: 300 },
    );
  });

  it('reads runs without gaps, with gaps and apart, and earlier records stay valid', () => {
    const records = ['{"a":1}', '{"b":22}', '{"c":333}', '{"d":4444}', '{"e":5}'].map((t) =>
      Buffer.from(t),
    );
    // Gaps of up to 9 bytes are read through; a record past the chunk's 30 bytes is read apart.
    const { file, spans } = fileOf(records, 30, 9);
    try {
      const s = (i: number) => spans[i]!;
      const noGaps = file.gather([s(1), s(0), s(2)]);
      const gaps = file.gather([s(3), s(0), s(1), s(3)]);
      const apart = file.gather([s(4), s(0)]);
      expect(text(noGaps)).toEqual(['{"b":22}', '{"a":1}', '{"c":333}']);
      expect(text(gaps)).toEqual(['{"d":4444}', '{"a":1}', '{"b":22}', '{"d":4444}']);
      expect(text(apart)).toEqual(['{"e":5}', '{"a":1}']);
      expect(text(noGaps)).toEqual(['{"b":22}', '{"a":1}', '{"c":333}']);
    } finally {
      file.close();
    }
    // Closing twice is harmless; reading after closing is an error.
    file.close();
    expect(() => file.gather([spans[0]!])).toThrow(/after close/);
  });
});
