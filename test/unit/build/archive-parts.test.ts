import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  entryOf,
  parseParts,
  partedSource,
  PARTS_FORMAT,
  PARTS_VERSION,
  type PartsEntry,
} from '../../../contract/archive-parts.ts';
import { ArchiveError, type RangeSource } from '../../../contract/archive-reader.ts';
import { byteSize } from '../../../lib/cli-values.ts';

/**
 * The reading side of an archive in parts, on bytes made in the test: the parts read as one
 * source are the whole's bytes at every offset, each read touching only the parts it spans; an
 * entry point that does not add up is refused by name; part sizes are read as users write them.
 */

const encoder = new TextEncoder();

/** An entry point for `length` bytes in parts of `partSize`. */
function entryFor(length: number, partSize: number): PartsEntry {
  const count = Math.max(1, Math.ceil(length / partSize));
  const parts = Array.from({ length: count }, (_, i) => `api.parts.0123456789ab.${i + 1}`);
  return { format: PARTS_FORMAT, version: PARTS_VERSION, length, partSize, parts };
}

/** `bytes` as a range source that records the reads made of it. */
function memorySource(bytes: Uint8Array, reads: string[], name: string): RangeSource {
  return {
    length: bytes.length,
    async read(offset, length) {
      reads.push(`${name}@${offset}+${length}`);
      return bytes.slice(offset, offset + length);
    },
  };
}

describe('the parts of an archive read as one', () => {
  it('give the whole bytes of any range, reading each part the range spans once', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 1, max: 5000 }),
        fc.integer({ min: 1, max: 700 }),
        fc.array(fc.tuple(fc.nat(), fc.nat({ max: 3000 })), { minLength: 1, maxLength: 8 }),
        async (length, partSize, ranges) => {
          const whole = Uint8Array.from({ length }, (_, i) => (i * 7 + (i >> 8)) & 0xff);
          const entry = entryFor(length, partSize);
          const reads: string[] = [];
          const source = partedSource(entry, (index) =>
            memorySource(
              whole.slice(index * partSize, (index + 1) * partSize),
              reads,
              String(index),
            ),
          );
          expect(source.length).toBe(length);
          for (const [at, size] of ranges) {
            const offset = at % (length + 10);
            reads.length = 0;
            const got = await source.read(offset, size);
            expect(Buffer.from(got).equals(whole.slice(offset, offset + size))).toBe(true);
            const end = Math.min(offset + size, length);
            const spanned =
              end > offset
                ? Math.floor((end - 1) / partSize) - Math.floor(offset / partSize) + 1
                : 0;
            expect(reads.length).toBe(spanned);
          }
        },
      ),
    );
  });

  it('is found by its first byte; a whole archive over a megabyte costs no read', async () => {
    const entry = entryFor(10_000, 4096);
    const reads: string[] = [];
    const json = encoder.encode(JSON.stringify(entry));
    expect(await entryOf(memorySource(json, reads, 'entry'))).toEqual(entry);
    const zip = encoder.encode('PK\u0003\u0004 a small archive');
    expect(await entryOf(memorySource(zip, reads, 'zip'))).toBeNull();
    reads.length = 0;
    const large = { length: 2 ** 21, read: () => Promise.reject(new Error('read')) };
    expect(await entryOf(large)).toBeNull();
    expect(reads).toEqual([]);
  });
});

describe('an entry point that does not add up', () => {
  const good = entryFor(10_000, 4096);
  const text = (value: unknown) => encoder.encode(JSON.stringify(value));

  it.each([
    ['parts too few for the length', { ...good, length: 20_000 }],
    ['parts too many for the length', { ...good, length: 4000 }],
    ['a part size of zero', { ...good, partSize: 0 }],
    ['no parts', { ...good, parts: [] }],
    ['a part in another folder', { ...good, parts: ['../api.001', 'b', 'c'] }],
    ['a part named by a path', { ...good, parts: ['a/b', 'b', 'c'] }],
    ['a length that is not a number', { ...good, length: '10000' }],
  ])('is refused: %s', (_, entry) => {
    expect(() => parseParts(text(entry))).toThrow(ArchiveError);
    expect(() => parseParts(text(entry))).toThrow(/entry point is damaged/);
  });

  it('is refused when it is JSON of another kind, or of another version', () => {
    expect(() => parseParts(text({ name: 'a web app manifest' }))).toThrow(/format is not/);
    expect(() => parseParts(text({ ...good, version: 2 }))).toThrow(/this reader reads version 1/);
    expect(() => parseParts(encoder.encode('{ not json'))).toThrow(/is not JSON/);
  });

  it('is read when it adds up, the last part shorter', () => {
    expect(parseParts(text(good))).toEqual(good);
    expect(parseParts(text(entryFor(8192, 4096)))?.parts).toHaveLength(2);
  });
});

describe('a part size on the command line', () => {
  const size = byteSize('SIZE', { min: 2 ** 20 });

  it.each([
    ['25MiB', 25 * 2 ** 20],
    ['95MB', 95e6],
    ['95 mb', 95e6],
    ['1.5GiB', 1.5 * 2 ** 30],
    ['2097152', 2 ** 21],
  ])('%s is %d bytes', (given, bytes) => {
    expect(size.read(given)).toEqual({ ok: true, value: bytes });
  });

  it.each(['', '25 parsecs', '-5MB', 'MB', '1KB', '0.5MiB'])('%j is refused', (given) => {
    expect(size.read(given).ok).toBe(false);
  });
});
