import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { FieldColumns } from '../../../build/index/field-columns.ts';
import {
  indexField,
  type FieldOrder,
  type FieldFilter,
  type PostingGroup,
} from '../../../build/index/field-index.ts';
import {
  compareCodePoints,
  compareSortKeys,
  filterKey,
  sortKey,
  type Scalar,
} from '../../../contract/keys.ts';
import { postingGroup } from '../../../contract/query-index.ts';

/**
 * The build's query index of one field: the columns it reads give back what was added, from
 * memory or from their file, and a field's sort order and posting lists are the same whether its
 * distinct values are coded in memory or sorted by SQLite (a field with too many of them), and
 * the same as sorting and grouping the records one by one would give.
 */

/** Text with case and accents (which filter keys fold together), astral characters and NUL. */
const text = fc.string({
  unit: fc.constantFrom('a', 'A', 'á', 'b', 'B', 'ß', '\u0000', '\u{1F600}', ' '),
  maxLength: 4,
});
/** Values of every kind, now and then one longer than a column's chunk. */
const value: fc.Arbitrary<Scalar> = fc.oneof(
  { arbitrary: fc.constant(null), weight: 4 },
  { arbitrary: fc.boolean(), weight: 4 },
  { arbitrary: fc.double({ noNaN: true }), weight: 4 },
  { arbitrary: fc.integer({ min: -3, max: 3 }), weight: 4 },
  { arbitrary: text, weight: 4 },
  { arbitrary: fc.string({ maxLength: 70_000, minLength: 66_000 }), weight: 1 },
);

describe('field columns', () => {
  it('give back every value of every field, in memory, spilled, or moved to disk midway', () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(value, value, value), { maxLength: 40 }), (records) => {
        for (const budget of [Infinity, 0, 70_000]) {
          const columns = new FieldColumns(3, budget);
          try {
            for (const record of records) columns.add(record);
            columns.seal();
            for (let f = 0; f < 3; f++) {
              expect([...columns.values(f)]).toEqual(records.map((r) => r[f]));
            }
          } finally {
            columns.close();
          }
        }
      }),
      { numRuns: 60 },
    );
  });
});

/** Everything `indexField` tells its writer. */
interface Indexed {
  order: FieldOrder | null;
  groups: (PostingGroup & { count: number })[];
  keys: string[] | null;
}

function index(
  values: readonly Scalar[],
  byId: Uint32Array,
  filter: FieldFilter,
  maxDistinct?: number,
): Indexed {
  const got: Indexed = { order: null, groups: [], keys: null };
  indexField(
    () => values,
    values.length,
    byId,
    filter,
    {
      order: (order) => (got.order = order),
      group: (group, count) => got.groups.push({ ...group, count }),
      keys: (keys) => (got.keys = keys),
    },
    maxDistinct,
  );
  return got;
}

/** The index of one field worked out record by record. */
function expected(values: readonly Scalar[], byId: Uint32Array, filter: FieldFilter): Indexed {
  const idRank = new Map([...byId].map((ord, i) => [ord, i]));
  const key = (ord: number) => sortKey(values[ord]!);
  const order = values
    .map((_, ord) => ord)
    .sort((a, b) => compareSortKeys(key(a), key(b)) || idRank.get(a)! - idRank.get(b)!);
  const starts = order.flatMap((ord, i) =>
    i === 0 || compareSortKeys(key(order[i - 1]!), key(ord)) !== 0 ? [i] : [],
  );
  const rank = values.map((_, ord) => starts.filter((s) => s <= order.indexOf(ord)).length - 1);
  const lists = new Map<string, number[]>();
  values.forEach((v, ord) => {
    const name = filter.key(v);
    if (name !== null) lists.set(name, [...(lists.get(name) ?? []), ord]);
  });
  const names = [...lists.keys()].sort(compareCodePoints);
  let bytes = 0;
  for (const [name, ords] of lists) bytes += 8 + name.length + 4 * ords.length;
  const count = filter.groups(bytes);
  const groups: Indexed['groups'] = [];
  for (let g = 0; g < count; g++) {
    const inGroup = names.filter((n) => postingGroup(n, count) === g);
    if (inGroup.length === 0) continue;
    groups.push({
      group: g,
      count,
      lists: inGroup.map((n) => [n, Uint32Array.from(lists.get(n)!)]),
    });
  }
  return {
    order: {
      order: Uint32Array.from(order),
      starts: Uint32Array.from([...starts, values.length]),
      rank: Uint32Array.from(rank),
    },
    groups,
    keys: names,
  };
}

/** Filter keys as a text field's (folded: several values share one) and a number field's. */
const filters: FieldFilter[] = [
  { key: (v) => (v === null ? null : filterKey('string', v)), groups: () => 4 },
  {
    key: (v) => (v === null ? null : filterKey('float', v)),
    groups: (bytes) => (bytes > 40 ? 2 : 1),
  },
];

/** v1 ids, some a digit apart, at either end of the order. */
const ids = ['0'.repeat(32), `${'0'.repeat(31)}1`, `${'f'.repeat(31)}e`, 'f'.repeat(32)].concat([
  '3fa85f6457174562b3fc2c963f66afa6',
  '3fa85f6457174562b3fc2c963f66afa7',
  'a0'.repeat(16),
]);

/**
 * v1 ids made of words that differ in either half, or share the first word: the ids' sort
 * orders them by each 16 bits of their first word, then by the rest.
 */
const hexId = fc
  .array(fc.constantFrom(0, 1, 0xffff, 0x10000, 0x3fa85f64, 0x3fa95f64, 0xffffffff), {
    minLength: 4,
    maxLength: 4,
  })
  .map((words) => words.map((w) => w.toString(16).padStart(8, '0')).join(''));

describe('indexing a field', () => {
  it('orders by sort key then id and lists each filter key, in memory and through SQLite', () => {
    const column = fc.oneof(
      fc.array(fc.option(text, { nil: null }), { maxLength: 50 }),
      fc.array(fc.option(fc.integer({ min: -2, max: 2 }), { nil: null }), { maxLength: 50 }),
      fc.array(fc.option(fc.constantFrom(...ids), { nil: null }), { maxLength: 50 }),
      fc.array(fc.option(hexId, { nil: null }), { maxLength: 50 }),
      fc.array(fc.option(fc.double({ noNaN: true, noDefaultInfinity: true }), { nil: null }), {
        maxLength: 30,
      }),
    );
    fc.assert(
      fc.property(column, fc.nat(), fc.nat(filters.length - 1), (values, seed, f) => {
        // Ids in some order other than the ordinals'.
        const byId = Uint32Array.from(
          values
            .map((_, ord) => ord)
            .sort((a, b) => ((a * 7919 + seed) % 101) - ((b * 7919 + seed) % 101) || a - b),
        );
        const filter = filters[f]!;
        const want = expected(values, byId, filter);
        expect(index(values, byId, filter)).toEqual(want);
        // Past the most distinct values coded through a map: numbers and ids sorted as numbers,
        // other text by the scratch table's sorter.
        expect(index(values, byId, filter, 1)).toEqual(want);
      }),
      { numRuns: 300 },
    );
  });

  it('breaks ties by id, folds filter keys, and skips nulls', () => {
    const values: Scalar[] = ['b', 'B', null, 'a', 'b'];
    const byId = Uint32Array.from([4, 3, 2, 1, 0]);
    for (const max of [undefined, 1]) {
      const got = index(values, byId, filters[0]!, max);
      // null first; 'B' sorts before 'b' (same fold, then code point); ties by id: 4 before 0.
      expect([...got.order!.order]).toEqual([2, 3, 1, 4, 0]);
      expect([...got.order!.rank]).toEqual([3, 2, 0, 1, 3]);
      expect(got.keys).toEqual(['a', 'b']);
      const lists = Object.fromEntries(
        got.groups.flatMap((g) => g.lists).map(([k, o]) => [k, [...o]]),
      );
      expect(lists).toEqual({ a: [3], b: [0, 1, 4] });
    }
  });
});
