import { describe, expect, it } from 'vitest';
import type { FileParts } from '../../../contract/archive-reader.ts';
import { objectMember } from '../../../server/core/object-member.ts';

/**
 * One member of an object file read from its parts: the value of the key, parsed, with only the
 * records inside it read; keys and strings that look like structure do not mislead the scan.
 */

const encoder = new TextEncoder();

/** A file cut into literals around `records`, as an archive holds it, counting record reads. */
function partsOf(pieces: (string | { record: unknown })[]): {
  parts: FileParts;
  read: number[];
  text: string;
} {
  const literals: Uint8Array[] = [];
  const records: string[] = [];
  let literal = '';
  for (const piece of pieces) {
    if (typeof piece === 'string') literal += piece;
    else {
      literals.push(encoder.encode(literal));
      records.push(JSON.stringify(piece.record));
      literal = '';
    }
  }
  literals.push(encoder.encode(literal));
  const read: number[] = [];
  const parts: FileParts = {
    literals,
    record: async (i) => {
      read.push(i);
      return encoder.encode(records[i]!);
    },
  };
  const text = pieces.map((p) => (typeof p === 'string' ? p : JSON.stringify(p.record))).join('');
  return { parts, read, text };
}

const source = { name: 'A "quoted", {braced} source', url: '/' };
const bucket = partsOf([
  '{"a1":{"record":',
  { record: { id: 'a1', note: 'one' } },
  `,"source":${JSON.stringify(source)}},"a\\"2":{"record":`,
  { record: { id: 'a"2', note: '}, "a3": {' } },
  `,"source":${JSON.stringify(source)}},"a3":{"source":{},"result":[`,
  { record: { id: 'x' } },
  ',',
  { record: { id: 'y' } },
  ',{"short":1}]},"a4":[],"a5":"a1"}',
]);

describe('objectMember', () => {
  it('gives each member as JSON.parse gives it, reading only the records inside it', async () => {
    const whole = JSON.parse(bucket.text) as Record<string, unknown>;
    for (const [key, records] of [
      ['a1', [0]],
      ['a"2', [1]],
      ['a3', [2, 3]],
      ['a4', []],
      ['a5', []],
    ] as const) {
      bucket.read.length = 0;
      const member = await objectMember(bucket.parts, key);
      expect(member?.value, key).toEqual(whole[key]);
      expect(bucket.read, key).toEqual(records);
    }
  });

  it('finds no member for a key that is only a value, or inside a value, or absent', async () => {
    for (const key of ['one', 'a\\"2', 'a6', 'record', 'source', 'id']) {
      bucket.read.length = 0;
      expect(await objectMember(bucket.parts, key), key).toBeUndefined();
      expect(bucket.read, key).toEqual([]);
    }
  });

  it('reads a member whose value is a record itself, first or last', async () => {
    const file = partsOf(['{"k":', { record: { id: 1 } }, ',"m":', { record: { id: 2 } }, '}']);
    expect((await objectMember(file.parts, 'k'))?.value).toEqual({ id: 1 });
    expect((await objectMember(file.parts, 'm'))?.value).toEqual({ id: 2 });
    expect(file.read).toEqual([0, 1]);
  });

  it('reads a file held as one record whole, and finds its members there', async () => {
    const whole = { a: { record: { id: 'a' } }, b: 2 };
    const file = partsOf(['', { record: whole }, '']);
    expect((await objectMember(file.parts, 'a'))?.value).toEqual(whole.a);
    expect((await objectMember(file.parts, 'b'))?.value).toBe(2);
    expect(await objectMember(file.parts, 'c')).toBeUndefined();
  });
});
