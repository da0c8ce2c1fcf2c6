import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Spool, type SpooledRecord } from '../../../build/write/spool.ts';
import { bytesOf, StoredRecord } from '../../../build/output/composed.ts';
import type { Scalar } from '../../../contract/keys.ts';

/**
 * The spool gives the same records in the same orders whether it holds them in memory or has
 * moved them to disk (past its budget, as the real micro-events do: their JSON to a file, their
 * keys to a database), read back in one batch or in many: the layouts read one or the other and
 * must write the same bytes.
 */

/**
 * One record as a test adds it: its id, source, JSON and three grouping values, the third the
 * same for every record of one value of the first (a match's date, which orders matches).
 */
interface Added {
  id: Scalar;
  src: string | null;
  json: string;
  keys: [Scalar, Scalar, Scalar];
}

/** Everything a spool answers, with the JSON as text. */
function readAll(spool: Spool) {
  const read = (records: Iterable<SpooledRecord>) =>
    [...records].map(({ ord, key, id, src, json }) => ({
      ord,
      key,
      id,
      src,
      json: Buffer.from(bytesOf(json)).toString(),
    }));
  // The id order sorted, then as a read by id gave it.
  const idOrder = [...spool.idOrder()];
  return {
    inOrder: read(spool.inOrder()).map(({ id, src, json }) => ({ id, src, json })),
    byId: read(spool.grouped(-1)),
    idOrder,
    idOrderKept: [...spool.idOrder()],
    columns: [0, 1].map((column) => ({
      grouped: read(spool.grouped(column)),
      counts: [...spool.counts(column)],
      distinct: spool.distinct(column),
    })),
    after: { grouped: read(spool.grouped(0, 2)), counts: [...spool.counts(0, 2)] },
  };
}

/** SQLite's order of keys: null first, numbers next, by value, then text by code unit. */
function sqliteOrder(a: Scalar, b: Scalar): number {
  if (a === null || b === null) return a === b ? 0 : a === null ? -1 : 1;
  if (typeof a !== typeof b) return typeof a === 'number' ? -1 : 1;
  return a < b ? -1 : a > b ? 1 : 0;
}

function filled(
  records: readonly Added[],
  budget: number,
  gatherBytes?: number,
): ReturnType<typeof readAll> {
  const spool = new Spool(3, budget, gatherBytes);
  try {
    records.forEach((r, ord) =>
      spool.add({ ord, id: r.id, src: r.src, json: Buffer.from(r.json), keys: r.keys }),
    );
    spool.seal();
    return readAll(spool);
  } finally {
    spool.close();
  }
}

const hex = fc.string({ unit: fc.constantFrom(...'0123456789abcdef'), minLength: 1, maxLength: 3 });
/** Keys from a wide range, and from a handful, so that records come in runs of one key. */
const key: fc.Arbitrary<Scalar> = fc.oneof(
  fc.constant(null),
  fc.integer({ min: -5, max: 40 }),
  hex,
  fc.constantFrom(1, 2, '1', 'a'),
);
const record = fc.record({
  id: fc.oneof(fc.integer({ min: 1, max: 10_000 }), fc.uuid()),
  src: fc.constantFrom(null, 'a', 'a,b'),
  json: fc.json(),
  keys: fc.tuple(key, key),
});
/** Records, each with the value its first key's order gives (`orderOf`). */
const records: fc.Arbitrary<Added[]> = fc
  .tuple(
    fc.array(record, { maxLength: 60 }),
    fc.func(fc.oneof(fc.constant(null), fc.integer({ min: 0, max: 3 }), fc.constantFrom('d', 'e'))),
  )
  .map(([rs, orderOf]) =>
    rs.map((r) => ({ ...r, keys: [r.keys[0], r.keys[1], orderOf(r.keys[0])] })),
  );

describe('the spool', () => {
  it('answers the same from memory and from disk, and as a stable sort by key would', () => {
    fc.assert(
      fc.property(records, (records) => {
        const held = filled(records, Infinity);
        expect(held.idOrderKept).toEqual(held.idOrder);
        // On disk from the first record, and moved there with some records already held.
        expect(filled(records, 0)).toEqual(held);
        expect(filled(records, 200)).toEqual(held);
        // Read back from disk a few records at a time.
        expect(filled(records, 0, 16)).toEqual(held);
        expect(held.inOrder).toEqual(
          records.map((r) => ({ id: String(r.id), src: r.src, json: r.json })),
        );
        [0, 1].forEach((column) => {
          const expected = records
            .map((r) => ({ key: r.keys[column]!, id: String(r.id) }))
            .filter((r) => r.key !== null)
            .sort((a, b) => sqliteOrder(a.key, b.key));
          expect(held.columns[column]!.grouped.map((r) => r.id)).toEqual(expected.map((r) => r.id));
        });
        // By the first key after the third, which is the same for every record of one key.
        const after = records
          .filter((r) => r.keys[0] !== null)
          .sort((a, b) => sqliteOrder(a.keys[2], b.keys[2]) || sqliteOrder(a.keys[0], b.keys[0]));
        expect(held.after.grouped.map((r) => r.id)).toEqual(after.map((r) => String(r.id)));
        const counts = new Map<Scalar, number>();
        for (const r of after) counts.set(r.keys[0], (counts.get(r.keys[0]) ?? 0) + 1);
        expect(held.after.counts).toEqual([...counts].map(([key, n]) => ({ key, n })));
      }),
      { numRuns: 200 },
    );
  });

  it("gives the records its reader's sink holds without their JSON, once on disk", () => {
    fc.assert(
      fc.property(records, fc.func(fc.boolean()), (records, holds) => {
        for (const budget of [0, Infinity]) {
          const spools: Spool[] = [];
          /** Every read of a spool of the records, sealed with `held`. */
          const reads = (held?: (ord: number) => boolean) => {
            const spool = new Spool(3, budget, 16);
            spools.push(spool);
            records.forEach((r, ord) =>
              spool.add({ ord, id: r.id, src: r.src, json: Buffer.from(r.json), keys: r.keys }),
            );
            spool.seal(held);
            return [
              [...spool.inOrder()],
              [...spool.grouped(0)],
              [...spool.grouped(0, 2)],
              [...spool.grouped(-1)],
            ];
          };
          try {
            const whole = reads();
            reads(holds).forEach((read, i) =>
              read.forEach(({ json, ...rest }, j) => {
                const { json: bytes, ...expected } = whole[i]![j]!;
                expect(rest).toEqual(expected);
                // In memory the JSON is there to give; on disk, a held record is its length.
                if (budget === 0 && holds(rest.ord)) {
                  expect(json).toEqual(new StoredRecord(bytesOf(bytes).length));
                } else expect(bytesOf(json)).toEqual(bytesOf(bytes));
              }),
            );
          } finally {
            for (const spool of spools) spool.close();
          }
        }
      }),
      { numRuns: 100 },
    );
  });

  it('reads records by key then in the order they came, and by id, skipping null keys', () => {
    const records: Added[] = [
      { id: 3, src: 'a', json: '{"n":3}', keys: ['b', 2, '2019'] },
      { id: 1, src: null, json: '{"n":1}', keys: [null, 10, null] },
      { id: 2, src: 'a,b', json: '{"é":2}', keys: ['a', 2, '2020'] },
      { id: 10, src: 'a', json: '{"n":10}', keys: ['b', null, '2019'] },
    ];
    for (const budget of [0, Infinity]) {
      const read = filled(records, budget);
      expect(read.inOrder.map((r) => r.id)).toEqual(['3', '1', '2', '10']);
      expect(read.inOrder[2]).toEqual({ id: '2', src: 'a,b', json: '{"é":2}' });
      expect(read.byId.map((r) => r.id)).toEqual(['1', '2', '3', '10']);
      expect(read.idOrder).toEqual([1, 2, 0, 3]);
      expect(read.columns[0]!.grouped.map((r) => r.id)).toEqual(['2', '3', '10']);
      expect(read.columns[0]!.counts).toEqual([
        { key: 'a', n: 1 },
        { key: 'b', n: 2 },
      ]);
      expect(read.columns[1]!.grouped.map((r) => [r.key, r.id])).toEqual([
        [2, '3'],
        [2, '2'],
        [10, '1'],
      ]);
      expect(read.columns[1]!.distinct).toBe(2);
      // `b` (2019) before `a` (2020).
      expect(read.after.grouped.map((r) => r.id)).toEqual(['3', '10', '2']);
      expect(read.after.counts).toEqual([
        { key: 'b', n: 2 },
        { key: 'a', n: 1 },
      ]);
    }
  });
});
