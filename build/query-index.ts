import { compareCodePoints, type Scalar } from '../contract/keys.ts';
import {
  encodePostings,
  encodeUint32s,
  keysFile,
  orderFile,
  postingFile,
  postingGroup,
  rankFile,
  type QueryIndexManifest,
} from '../contract/query-index.ts';
import type { OutputSink } from './sink.ts';
import type { Spool } from './spool.ts';

/**
 * Writes a collection's query index (`contract/query-index.ts`) from its spool: the posting list
 * of every value of every filterable field, the keys wildcards match, and the rank column and the
 * two orders of every sortable field. Memory holds one field's lists or one sort's columns at a
 * time: four bytes per record each.
 */

/** Ordinals per rank or order chunk: 16 KB files, so a page of a sort reads one or two. */
export const CHUNK = 4096;

/** Bytes of posting lists a group file holds on average, at most. */
export const GROUP_BYTES = 32 * 1024;

/** Most posting groups of one field. */
const MAX_GROUPS = 4096;

/** What to index: the spool columns of the filterable fields and of the sortable ones. */
export interface IndexPlan {
  filters: { name: string; column: number; keyed: boolean }[];
  /** Sortable fields with the spool column of their `sortKey`; the id's column is -1. */
  sorts: { name: string; column: number }[];
}

/** Writes the index of the collection at `path`, of `total` records. */
export function writeQueryIndex(
  sink: OutputSink,
  path: string,
  spool: Spool,
  plan: IndexPlan,
  total: number,
): QueryIndexManifest {
  const groups: Record<string, number> = {};
  for (const filter of plan.filters) {
    groups[filter.name] = writePostings(sink, path, filter, spool.postings(filter.column));
  }
  for (const sort of plan.sorts)
    writeOrders(sink, path, sort.name, spool.inOrderOf(sort.column), total);
  return { chunk: CHUNK, groups, keyed: plan.filters.filter((f) => f.keyed).map((f) => f.name) };
}

/** Writes one field's posting lists into as many groups as keep them small; returns that number. */
function writePostings(
  sink: OutputSink,
  path: string,
  filter: IndexPlan['filters'][number],
  postings: Iterable<[Scalar, number]>,
): number {
  const lists: [string, Uint32Array][] = [];
  let bytes = 0;
  let key: string | null = null;
  let ords: number[] = [];
  const close = () => {
    if (key === null) return;
    lists.push([key, Uint32Array.from(ords)]);
    bytes += 8 + key.length + 4 * ords.length;
  };
  for (const [value, ord] of postings) {
    const k = String(value);
    if (k !== key) {
      close();
      key = k;
      ords = [];
    }
    ords.push(ord);
  }
  close();
  let count = 1;
  while (count < MAX_GROUPS && bytes / count > GROUP_BYTES) count *= 2;
  const byGroup = new Map<number, [string, Uint32Array][]>();
  for (const entry of lists) {
    const g = postingGroup(entry[0], count);
    const list = byGroup.get(g);
    if (list) list.push(entry);
    else byGroup.set(g, [entry]);
  }
  // Groups in a fixed order, so two builds of the same data write the same files in the same order.
  for (const g of [...byGroup.keys()].sort((a, b) => a - b)) {
    sink.write(postingFile(path, filter.name, g), Buffer.from(encodePostings(byGroup.get(g)!)));
  }
  if (filter.keyed) {
    const keys = lists.map(([k]) => k).sort(compareCodePoints);
    sink.write(keysFile(path, filter.name), JSON.stringify(keys));
  }
  return count;
}

/**
 * Writes a sort's rank column and its ascending and descending orders, from the ordinals in the
 * ascending order (ties by id) with their sort keys.
 */
function writeOrders(
  sink: OutputSink,
  path: string,
  name: string,
  ascending: Iterable<[Scalar, number]>,
  total: number,
): void {
  const order = new Uint32Array(total);
  const rank = new Uint32Array(total);
  /** Where each run of equal values starts in the ascending order. */
  const starts: number[] = [];
  let i = 0;
  let previous: Scalar | undefined = undefined;
  for (const [key, ord] of ascending) {
    if (i === 0 || key !== previous) starts.push(i);
    previous = key;
    rank[ord] = starts.length - 1;
    order[i++] = ord;
  }
  if (i !== total) throw new Error(`${path}: ${i} records in the order of ${name}, not ${total}`);
  // Descending: the runs in reverse, each still by id.
  const descending = new Uint32Array(total);
  let at = 0;
  for (let r = starts.length - 1; r >= 0; r--) {
    const end = r + 1 < starts.length ? starts[r + 1]! : total;
    descending.set(order.subarray(starts[r]!, end), at);
    at += end - starts[r]!;
  }
  for (let c = 0; c * CHUNK < total || c === 0; c++) {
    const part = (a: Uint32Array) =>
      Buffer.from(encodeUint32s(a.subarray(c * CHUNK, (c + 1) * CHUNK)));
    sink.write(rankFile(path, name, c), part(rank));
    sink.write(orderFile(path, name, false, c), part(order));
    sink.write(orderFile(path, name, true, c), part(descending));
  }
}
