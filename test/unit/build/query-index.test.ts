import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { compareSortKeys, compareValues, sortKey, type Scalar } from '../../../contract/keys.ts';
import {
  decodePostings,
  decodeUint32s,
  encodePostings,
  encodeUint32s,
  postingGroup,
} from '../../../contract/query-index.ts';
import { intersect } from '../../../server/core/query-engine.ts';

/**
 * The query index's pieces on their own: the sort keys the build orders by, the file encodings
 * both sides share, and the router's intersection of posting lists.
 */

const sign = (n: number) => Math.sign(n);

/** Text with accents, case, astral characters and the NUL the keys use as a separator. */
const text = fc.string({
  unit: fc.constantFrom('a', 'A', 'á', 'Á', 'b', 'z', 'ß', '\u0000', '\u{1F600}', '\uE000', ' '),
  maxLength: 6,
});

describe('sort keys', () => {
  it('order strings, numbers, booleans and nulls as compareValues does', () => {
    for (const values of [
      fc.option(text, { nil: null }),
      fc.option(fc.double({ noNaN: true }), { nil: null }),
      fc.option(fc.boolean(), { nil: null }),
    ] as fc.Arbitrary<Scalar>[]) {
      fc.assert(
        fc.property(values, values, (a, b) => {
          expect(sign(compareSortKeys(sortKey(a), sortKey(b)))).toBe(sign(compareValues(a, b)));
        }),
      );
    }
  });
});

describe('index files', () => {
  it('posting groups and chunks decode to what was encoded', () => {
    const lists = fc.uniqueArray(fc.tuple(text, fc.uniqueArray(fc.nat(2 ** 32 - 1))), {
      selector: ([key]) => key,
    });
    fc.assert(
      fc.property(lists, (entries) => {
        const sorted = entries.map(([k, o]) => [k, o.sort((x, y) => x - y)] as [string, number[]]);
        const decoded = decodePostings(encodePostings(sorted));
        expect([...decoded].map(([k, o]) => [k, [...o]])).toEqual(sorted);
      }),
    );
    fc.assert(
      fc.property(fc.array(fc.nat(2 ** 32 - 1)), (values) => {
        expect([...decodeUint32s(encodeUint32s(values))]).toEqual(values);
      }),
    );
  });

  it('a key has one group, within the count, the same on every call', () => {
    fc.assert(
      fc.property(text, fc.integer({ min: 0, max: 12 }), (key, bits) => {
        const groups = 2 ** bits;
        const group = postingGroup(key, groups);
        expect(group).toBeGreaterThanOrEqual(0);
        expect(group).toBeLessThan(groups);
        expect(postingGroup(key, groups)).toBe(group);
      }),
    );
    // Values spread: 1,000 match ids over 16 groups leave none empty.
    const used = new Set(Array.from({ length: 1000 }, (_, i) => postingGroup(`m${i}`, 16)));
    expect(used.size).toBe(16);
  });
});

describe('intersecting posting lists', () => {
  it('keeps exactly the ordinals in both, ascending', () => {
    const list = fc
      .uniqueArray(fc.nat(5000), { maxLength: 400 })
      .map((a) => Uint32Array.from(a.sort((x, y) => x - y)));
    fc.assert(
      fc.property(list, list, (a, b) => {
        const inB = new Set(b);
        expect([...intersect(a, b)]).toEqual([...a].filter((x) => inB.has(x)));
      }),
    );
  });
});
