import Database from 'better-sqlite3';
import { compareCodePoints, sortKey, type Scalar } from '../../contract/keys.ts';
import { codeByMap, codeHexIds, codeNumbers, MAX_DISTINCT, type Coded } from './field-codes.ts';
import { postingHash } from '../../contract/query-index.ts';
import { WORKER_CACHE_PRAGMA } from '../define/sql.ts';

/**
 * One field's part of the query index, from its column of values (`FieldColumns`): the order of
 * a sort on it and the posting lists of its filter keys.
 *
 * Each record gets the code of its value, codes numbered in the order of the sort
 * (`field-codes.ts`), and both orders are counting sorts of the codes: a pass over the records
 * each, in a few arrays of four bytes per record. Text that none of the codings takes (more than
 * `MAX_DISTINCT` values, not ids) would hold millions of strings, so its values go to a scratch
 * SQLite table instead, whose sorter keeps memory bounded.
 */

/**
 * The ordinals of a collection in the ascending order of a field (by sort key, then by id),
 * where each run of equal keys starts in it (and the total at the end), and each ordinal's run.
 */
export interface FieldOrder {
  order: Uint32Array;
  starts: Uint32Array;
  rank: Uint32Array;
}

/** One group file of posting lists: its number and its lists, by key in code point order. */
export interface PostingGroup {
  group: number;
  lists: [string, Uint32Array][];
}

/** How a field is filtered: its filter key of a value (null: the record is in no list). */
export interface FieldFilter {
  key: (value: Scalar) => string | null;
  /**
   * The number of group files for posting lists of `bytes` bytes in all: a power of two, at most
   * `PARTITIONS`.
   */
  groups: (bytes: number) => number;
}

/** What the index writer is given of one field, in this order. */
export interface FieldOutput {
  order(order: FieldOrder): void;
  /** The posting lists, a group at a time, in group order; `count` groups in all. */
  group?(group: PostingGroup, count: number): void;
  /** Every filter key, in code point order. */
  keys?(keys: string[]): void;
}

/**
 * Indexes one field of `total` records: `values` reads its column (more than once, when the
 * first way to code it does not fit); `byId` is the ordinals in the order of their ids, which
 * breaks ties of a sort.
 */
export function indexField(
  values: () => Iterable<Scalar>,
  total: number,
  byId: Uint32Array,
  filter: FieldFilter | null,
  out: FieldOutput,
  maxDistinct = MAX_DISTINCT,
): void {
  const coded =
    codeByMap(values(), total, maxDistinct) ??
    codeNumbers(values(), total) ??
    codeHexIds(values(), total);
  if (!coded) return indexOnDisk(values(), total, byId, filter, out);
  out.order(orderOf(coded, byId));
  if (filter) writeLists(coded, filter, out);
}

/** Where each of `count` codes' records start when dealt out by code, and the total last. */
function startsOf(codes: ArrayLike<number>, count: number): Uint32Array {
  const starts = new Uint32Array(count + 1);
  for (let i = 0; i < codes.length; i++) {
    const code = codes[i]!;
    if (code >= 0) starts[code + 1] = starts[code + 1]! + 1;
  }
  for (let c = 0; c < count; c++) starts[c + 1] = starts[c + 1]! + starts[c]!;
  return starts;
}

/** The sort's order: the records dealt out to their runs in the order of their ids. */
function orderOf({ runs, distinct: count }: Coded, byId: Uint32Array): FieldOrder {
  const starts = startsOf(runs, count);
  const next = starts.slice(0, count);
  const order = new Uint32Array(runs.length);
  for (const ord of byId) order[next[runs[ord]!]!++] = ord;
  return { order, starts, rank: runs };
}

/**
 * Filter keys are hashed into this many partitions: a power of two, and a multiple of every
 * group count, so each posting group is a set of partitions.
 */
const PARTITIONS = 4096;

/**
 * Writes the posting lists of a coded column: the records of each code in ordinal order, under
 * the code's filter key. Keys are made a partition at a time and dropped after, so a field of
 * millions of distinct values never holds all its keys at once; codes with one key (text in
 * other case) share its list. The pass that hashes the keys into partitions also counts the
 * lists' bytes, which set the group count: only a column coded through a map (`codeByMap`, at
 * most `MAX_DISTINCT` codes) can have codes that share a key, and a set of its keys counts each
 * once; numbers and ids, which may have millions, have a key of their own each.
 */
function writeLists({ runs, distinct, value }: Coded, filter: FieldFilter, out: FieldOutput): void {
  const starts = startsOf(runs, distinct);
  const ords = new Uint32Array(runs.length);
  const next = starts.slice(0, distinct);
  runs.forEach((code, ord) => (ords[next[code]!++] = ord));
  const partOf = new Int32Array(distinct);
  const counted = distinct <= MAX_DISTINCT ? new Set<string>() : null;
  let bytes = 0;
  for (let code = 0; code < distinct; code++) {
    const key = filter.key(value(code));
    partOf[code] = key === null ? -1 : postingHash(key) & (PARTITIONS - 1);
    if (key === null) continue;
    bytes += 4 * (starts[code + 1]! - starts[code]!);
    if (counted?.has(key)) continue;
    counted?.add(key);
    bytes += 8 + key.length;
  }
  const partStarts = startsOf(partOf, PARTITIONS);
  const members = new Uint32Array(partStarts[PARTITIONS]!);
  const at = partStarts.slice(0, PARTITIONS);
  partOf.forEach((part, code) => {
    if (part >= 0) members[at[part]!++] = code;
  });
  /** The lists of the given partitions: codes with one key merged, by key in code point order. */
  const listsOf = (parts: Iterable<number>): [string, Uint32Array][] => {
    const keyed: [string, number][] = [];
    for (const part of parts) {
      for (let m = partStarts[part]!; m < partStarts[part + 1]!; m++)
        keyed.push([filter.key(value(members[m]!))!, members[m]!]);
    }
    keyed.sort((a, b) => compareCodePoints(a[0], b[0]));
    const lists: [string, Uint32Array][] = [];
    for (let i = 0; i < keyed.length;) {
      const [key, code] = keyed[i]!;
      let j = i + 1;
      while (j < keyed.length && keyed[j]![0] === key) j++;
      const list = ords.subarray(starts[code]!, starts[code + 1]!);
      if (j === i + 1) lists.push([key, list]);
      else {
        const merged = keyed.slice(i, j).map(([, c]) => ords.subarray(starts[c]!, starts[c + 1]!));
        lists.push([key, Uint32Array.from(merged.flatMap((l) => [...l])).sort()]);
      }
      i = j;
    }
    return lists;
  };
  const count = filter.groups(bytes);
  if (PARTITIONS % count !== 0)
    throw new Error(`${count} posting groups do not divide ${PARTITIONS}`);
  const keys: string[] = [];
  for (let group = 0; group < count; group++) {
    const parts = Array.from({ length: PARTITIONS / count }, (_, i) => group + i * count);
    const lists = listsOf(parts);
    if (lists.length > 0) out.group?.({ group, lists }, count);
    if (out.keys) for (const [key] of lists) keys.push(key);
  }
  out.keys?.(keys.sort(compareCodePoints));
}

/**
 * `indexField` through a scratch SQLite table of the records' sort keys, filter keys (with their
 * hashes, whose low bits are their posting group) and ranks by id: its sorter orders them in
 * bounded memory, and both orders stream out of it.
 */
function indexOnDisk(
  values: Iterable<Scalar>,
  total: number,
  byId: Uint32Array,
  filter: FieldFilter | null,
  out: FieldOutput,
): void {
  const db = new Database('');
  try {
    db.pragma('journal_mode = OFF');
    db.pragma('synchronous = OFF');
    db.pragma(WORKER_CACHE_PRAGMA);
    db.exec('CREATE TABLE field (ord INTEGER PRIMARY KEY, s, f TEXT, h INTEGER, r INTEGER)');
    const idRank = new Uint32Array(total);
    byId.forEach((ord, i) => (idRank[ord] = i));
    const insert = db.prepare('INSERT INTO field VALUES (?, ?, ?, ?, ?)');
    db.exec('BEGIN');
    let ord = 0;
    for (const value of values) {
      const name = filter?.key(value) ?? null;
      insert.run(ord, sortKey(value), name, name === null ? null : postingHash(name), idRank[ord]);
      ord++;
    }
    db.exec('COMMIT');
    const order = new Uint32Array(total);
    const rank = new Uint32Array(total);
    const starts: number[] = [];
    let i = 0;
    let previous: Scalar = null;
    const sorted = db.prepare('SELECT s, ord FROM field ORDER BY s, r').raw().iterate();
    for (const [key, ord] of sorted as IterableIterator<[Scalar, number]>) {
      if (i === 0 || key !== previous) starts.push(i);
      previous = key;
      rank[ord] = starts.length - 1;
      order[i++] = ord;
    }
    starts.push(total);
    out.order({ order, starts: Uint32Array.from(starts), rank });
    if (filter) postingsOnDisk(db, filter, out);
  } finally {
    db.close();
  }
}

/** The posting lists of the scratch table, a group at a time. */
function postingsOnDisk(db: Database.Database, filter: FieldFilter, out: FieldOutput): void {
  const sizes = db
    .prepare('SELECT f, count(*) FROM field WHERE f IS NOT NULL GROUP BY f')
    .raw()
    .iterate() as IterableIterator<[string, number]>;
  let bytes = 0;
  for (const [name, n] of sizes) bytes += 8 + name.length + 4 * n;
  const count = filter.groups(bytes);
  const rows = db
    .prepare(
      `SELECT h & ${count - 1} AS g, f, ord FROM field WHERE f IS NOT NULL ORDER BY g, f, ord`,
    )
    .raw()
    .iterate() as IterableIterator<[number, string, number]>;
  // Rows come by group, then by key: a list ends where the key changes, a group where the
  // group does.
  let group: PostingGroup | null = null;
  let name = '';
  let ords: number[] = [];
  for (const [g, key, ord] of rows) {
    if (group && (key !== name || group.group !== g)) {
      group.lists.push([name, Uint32Array.from(ords)]);
      ords = [];
      if (group.group !== g) {
        out.group?.(group, count);
        group = null;
      }
    }
    group ??= { group: g, lists: [] };
    name = key;
    ords.push(ord);
  }
  if (group) {
    group.lists.push([name, Uint32Array.from(ords)]);
    out.group?.(group, count);
  }
  if (out.keys) {
    const keys = db.prepare('SELECT DISTINCT f FROM field WHERE f IS NOT NULL ORDER BY f');
    out.keys(keys.pluck().all() as string[]);
  }
}
