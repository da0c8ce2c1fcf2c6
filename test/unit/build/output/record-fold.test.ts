import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { blockRecords } from '../../../../contract/archive-format.ts';
import { Varint } from '../../../../contract/bytes.ts';
import { encodeBlock, foldRecord } from '../../../../build/output/record-fold.ts';
import { unfoldRecord } from '../../../../contract/record-tail.ts';

/**
 * A block stores a record without its `uri` and `link`, whose URLs spell the record's own values
 * again, and their shape once for all its records: every record comes back byte for byte.
 */

const encoder = new TextEncoder();
const decoder = new TextDecoder();
const bytes = (value: unknown) => encoder.encode(JSON.stringify(value));

/** A pattern's parts as text: literals as they are, holes as `<key>`. */
function partsOf(pattern: Uint8Array): string {
  const in_ = new Varint(pattern);
  let out = '';
  for (let n = in_.read(); n > 0; n--) {
    const code = in_.read();
    const text = decoder.decode(in_.take(code >>> 1));
    out += code & 1 ? `<${text}>` : text;
  }
  return out;
}

const event = (id: string, match: string) => ({
  id,
  match,
  action: id,
  period: 1,
  uri: `/v1/clubs/events/all/${id}`,
  link: { actions: `/v1/clubs/events/actions/${id}`, match: `/v1/clubs/matches/${match}/info` },
});

describe('foldRecord', () => {
  it('stores a record without its tail, whose values are holes a block shares', () => {
    // A pattern is a view the next call reuses: each is copied before the next fold.
    const a = foldRecord(bytes(event('477b46d7', '3b46d202')));
    const first = a.pattern!.slice();
    const b = foldRecord(bytes(event('af0b75e6', '4077a235')));
    expect(decoder.decode(a.stored)).toBe(
      '{"id":"477b46d7","match":"3b46d202","action":"477b46d7","period":1}',
    );
    expect(b.pattern).not.toBe(null);
    expect(b.pattern).toEqual(first);
    expect(partsOf(first)).toBe(
      ',"uri":"/v1/clubs/events/all/<id>","link":{"actions":"/v1/clubs/events/actions/<id>",' +
        '"match":"/v1/clubs/matches/<match>/info"}',
    );
  });

  it('takes a hole only for a whole segment of a URL, so short values stay literal inside one', () => {
    const record = { id: 12, period: 1, uri: '/v0/matches/12/lineups/123', link: { next: '?p=1' } };
    expect(partsOf(foldRecord(bytes(record)).pattern!)).toBe(
      ',"uri":"/v0/matches/<id>/lineups/123","link":{"next":"?p=<period>"}',
    );
  });

  it("fills a hole with its key's first value, as a reader does, where a key is repeated", () => {
    const text = '{"id":"a1","id":"b2","uri":"/v1/x/b2"}';
    const { stored, pattern } = foldRecord(encoder.encode(text));
    expect(partsOf(pattern!)).toBe(',"uri":"/v1/x/b2"');
    expect(decoder.decode(unfoldRecord(stored, pattern!))).toBe(text);
  });

  it('keeps whole a record with no tail, a tail first, or what is not an object', () => {
    for (const value of [{ id: 1, name: 'x' }, { uri: '/v1/x', id: 1 }, [1, 2], 'text']) {
      const folded = foldRecord(bytes(value));
      expect(folded.pattern).toBeNull();
      expect(folded.stored).toEqual(bytes(value));
    }
  });

  it('unfolds any record to its bytes', () => {
    const scalar = fc.oneof(
      fc.string(),
      fc.integer(),
      fc.double({ noNaN: true }),
      fc.boolean(),
      fc.constant(null),
    );
    const value = fc.oneof(
      scalar,
      fc.array(scalar, { maxLength: 3 }),
      fc.dictionary(fc.string(), scalar, { maxKeys: 3 }),
    );
    let holes = 0;
    fc.assert(
      fc.property(
        fc.dictionary(fc.string({ minLength: 1 }), value, { minKeys: 1, maxKeys: 6 }),
        fc.array(fc.constantFrom('/', '=', '"', '?', 'x', 'é'), { minLength: 1, maxLength: 4 }),
        fc.dictionary(fc.string(), value, { maxKeys: 3 }),
        (body, glue, link) => {
          delete body['uri'];
          // A URL of the body's values, as the build writes one, with other bytes around them.
          const uri = Object.values(body)
            .map((v, i) => glue[i % glue.length]! + (typeof v === 'object' ? '' : String(v)))
            .join('/');
          const record = bytes({ ...body, uri, link });
          const { stored, pattern } = foldRecord(record);
          if (pattern && partsOf(pattern).includes('<')) holes++;
          const made = pattern ? unfoldRecord(stored, pattern) : stored;
          expect(decoder.decode(made)).toBe(decoder.decode(record));
        },
      ),
      { numRuns: 500 },
    );
    // The property held of records with holes, not only of tails kept as literals.
    expect(holes).toBeGreaterThan(50);
  });
});

describe('a block of records', () => {
  it('gives back each record, folded or whole, byte for byte', () => {
    const records = [
      bytes(event('477b46d7', '3b46d202')),
      bytes({ id: 3, name: 'whole' }),
      bytes(event('af0b75e6', '4077a235')),
      bytes({ id: 'é"\\', uri: '/v1/x/é"\\', link: {} }),
    ];
    const block = blockRecords(encodeBlock(records));
    expect(block.count).toBe(4);
    for (const [i, record] of records.entries())
      expect(decoder.decode(block.record(i))).toBe(decoder.decode(record));
    expect(block.record(4)).toBeUndefined();
  });

  it("takes the record before's pattern where it makes the tail, else looks for another", () => {
    const patternsOf = (records: Uint8Array[]) => new Varint(encodeBlock(records)).read();
    const match = (id: string, period: number, uri: string) => bytes({ id, period, uri });
    // Alone, the second record's `1` would be a hole of its period; the first's pattern, a
    // literal `1`, makes its tail as well, and the block keeps one pattern.
    expect(partsOf(foldRecord(match('b', 1, '/v0/m/b/1')).pattern!)).toBe(
      ',"uri":"/v0/m/<id>/<period>"',
    );
    const shared = [match('a', 2, '/v0/m/a/1'), match('b', 1, '/v0/m/b/1')];
    expect(patternsOf(shared)).toBe(1);
    // A tail the pattern before does not make (another literal, a longer value) gets its own.
    const other = [...shared, match('c', 2, '/v0/m/c/2'), match('dd', 2, '/v0/n/dd/1')];
    expect(patternsOf(other)).toBe(3);
    for (const records of [shared, other]) {
      const block = blockRecords(encodeBlock(records));
      for (const [i, record] of records.entries())
        expect(decoder.decode(block.record(i))).toBe(decoder.decode(record));
    }
  });

  it('gives back any run of records of a few shapes, whichever pattern each takes', () => {
    const value = fc.oneof(fc.constantFrom('1', '2', 'a', 'é', 'a/b', ''), fc.integer({ max: 3 }));
    const glue = fc.constantFrom('/', '=', '?');
    fc.assert(
      fc.property(
        fc.array(fc.tuple(value, value, glue, fc.boolean()), { minLength: 1 }),
        (rows) => {
          // With a link or without: a tail that another's pattern makes only the start of.
          const records = rows.map(([a, b, glue, link]) =>
            bytes({ a, b, uri: `/x/${a}${glue}${b}/1`, ...(link && { link: { b: `/y/${b}` } }) }),
          );
          const block = blockRecords(encodeBlock(records));
          for (const [i, record] of records.entries())
            expect(decoder.decode(block.record(i))).toBe(decoder.decode(record));
        },
      ),
      { numRuns: 300 },
    );
  });

  it('refuses a record whose pattern names a member it lacks, or a pattern it lacks', () => {
    const [first] = [bytes(event('477b46d7', '3b46d202'))];
    const raw = encodeBlock([first!]);
    const { stored, pattern } = foldRecord(first!);
    expect(() => unfoldRecord(encoder.encode('{"period":1}'), pattern!)).toThrow(
      'a record lacks the member its tail names',
    );
    // The pattern number of the one record (after the pattern table, count and length) is 1.
    const at = raw.length - stored.length - 1;
    expect(raw[at]).toBe(1);
    const damaged = raw.slice();
    damaged[at] = 2;
    expect(() => blockRecords(damaged)).toThrow('a record names a pattern the block lacks');
  });
});
