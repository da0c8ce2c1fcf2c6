import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { attribution, envelope, envelopeOf } from '../../../contract/envelope.ts';
import { decodePage } from '../../../server/core/page-text.ts';

/**
 * A page held as text: each record cut from a page's bytes is the record's own JSON, whatever its
 * strings hold, and an envelope of cut records is the envelope of the same records parsed.
 */

const encoder = new TextEncoder();

/** Strings with what could fool a scan of JSON text: quotes, backslashes, brackets, commas. */
const tricky = fc.string({
  unit: fc.constantFrom('"', '\\', '[', ']', '{', '}', ',', ':', 'a', 'é', '\u{1F600}', '\n'),
  maxLength: 8,
});

/** Records as the API's: objects of scalars, nested objects and arrays. */
const value = fc.letrec((tie) => ({
  scalar: fc.oneof(
    tricky,
    fc.integer(),
    fc.double({ noNaN: true }),
    fc.boolean(),
    fc.constant(null),
  ),
  any: fc.oneof(
    { depthSize: 'small' },
    tie('scalar'),
    fc.array(tie('any'), { maxLength: 3 }),
    fc.dictionary(tricky, tie('any'), { maxKeys: 3 }),
  ),
}));
const record = fc.dictionary(tricky, value.any, { maxKeys: 5 });

/** A provider whose credit has the strings of a scan's traps. */
const provider = fc.record({
  name: tricky,
  url: tricky,
  html: tricky,
  logo: tricky,
  license: tricky,
});

/**
 * A page's head: an attribution (several providers put an array in it, before `result`) and a
 * meta whose strings are tricky too.
 */
const head = fc.record({
  attribution: fc.oneof(
    fc.constant(undefined),
    fc.array(provider, { maxLength: 3 }).map((ps) => attribution(ps.length > 0 ? ps : null)),
  ),
  meta: fc.dictionary(tricky, fc.oneof(tricky, fc.integer(), fc.constant(null)), { maxKeys: 4 }),
});

/** The elements of `result`: records, and any other JSON value a scan must step over. */
const element = fc.oneof(record, value.any);

describe('a page as text', () => {
  it('cuts each record as its own JSON text, and reads the head', () => {
    fc.assert(
      fc.property(head, fc.array(element, { maxLength: 6 }), (h, records) => {
        const page = decodePage(encoder.encode(envelope({ ...h, result: records })));
        expect(page.count).toBe(records.length);
        records.forEach((r, i) => expect(page.record(i)).toBe(JSON.stringify(r)));
        expect(page.meta).toEqual(JSON.parse(JSON.stringify(h.meta)));
        expect(page.attribution).toEqual(h.attribution);
      }),
      { numRuns: 2000 },
    );
  });

  it('writes the envelope of cut records byte for byte as the envelope of the records', () => {
    fc.assert(
      fc.property(head, fc.array(element, { maxLength: 6 }), (h, records) => {
        const texts = records.map((r) => JSON.stringify(r));
        expect(envelopeOf(h, texts)).toBe(envelope({ ...h, result: records }));
      }),
      { numRuns: 2000 },
    );
  });

  it('has no record past its last, and weighs what V8 holds', () => {
    const text = (name: string) => envelope({ meta: {}, result: [{ name }, { name }] });
    const page = (name: string) => decodePage(encoder.encode(text(name)));
    expect(() => page('a').record(2)).toThrow(RangeError);
    expect(() => page('a').record(-1)).toThrow(RangeError);
    // Latin-1 text takes a byte a character; one character past it makes every one take two.
    // Both hold their records' bounds too: two numbers of four bytes a record.
    expect(page('Müller').weight).toBe(text('Müller').length + 16);
    expect(page('Modrić').weight).toBe(2 * text('Modrić').length + 16);
  });

  it('refuses bytes that are not a page', () => {
    for (const text of ['{"meta":{}}', '{"meta":{},"result":[{"a":"]', '{"result":["a]'])
      expect(() => decodePage(encoder.encode(text))).toThrow();
  });
});
