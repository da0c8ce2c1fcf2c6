import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { attribution, envelope, envelopeOf } from '../contract/envelope.ts';
import { decodePage } from '../server/core/page-text.ts';

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

/** A page's head: an attribution and a meta whose strings are tricky too. */
const head = fc.record({
  attribution: fc.constantFrom(attribution(null), undefined),
  meta: fc.dictionary(tricky, fc.oneof(tricky, fc.integer(), fc.constant(null)), { maxKeys: 4 }),
});

describe('a page as text', () => {
  it('cuts each record as its own JSON text, and reads the head', () => {
    fc.assert(
      fc.property(head, fc.array(record, { maxLength: 6 }), (h, records) => {
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
      fc.property(head, fc.array(record, { maxLength: 6 }), (h, records) => {
        const texts = records.map((r) => JSON.stringify(r));
        expect(envelopeOf(h, texts)).toBe(envelope({ ...h, result: records }));
      }),
      { numRuns: 2000 },
    );
  });

  it('refuses bytes that are not a page', () => {
    for (const text of ['{"meta":{}}', '{"meta":{},"result":[{"a":"]', '{"result":["a]'])
      expect(() => decodePage(encoder.encode(text))).toThrow();
  });
});
