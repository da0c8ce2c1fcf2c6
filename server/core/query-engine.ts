import { wildcardMatcher } from '../../contract/keys.ts';
import type { ResourceManifest } from '../../contract/manifest.ts';
import {
  descendingRuns,
  keysFile,
  orderFile,
  postingFile,
  postingGroup,
  hasSourceColumn,
  rankFile,
  sourceFile,
  type QueryIndexManifest,
} from '../../contract/query-index.ts';
import type { FilterPlan, SortPlan } from './route.ts';

/**
 * The router's half of the query index (`contract/query-index.ts`): which records of a collection
 * match a request's filters, and which of them, in the requested order, fall on the requested
 * page, as ordinals. Every filter reads its value's posting group (a wildcard, the field's keys
 * and the groups of the keys it matches); a sort reads the rank chunks holding the matching
 * records, or with no filter, the chunks of its order that hold the page. Nothing scans records.
 */

/** The index files the engine reads, decoded (and cached) by the caller. */
export interface IndexReads {
  postings(file: string): Promise<Map<string, Uint32Array> | null>;
  uint32s(file: string): Promise<Uint32Array | null>;
  keys(file: string): Promise<string[] | null>;
}

const NONE = new Uint32Array(0);

/**
 * The ordinals matching every filter, ascending, each filter's list beside it; null when there is
 * no filter (every record matches).
 */
export async function matching(
  resource: ResourceManifest,
  index: QueryIndexManifest,
  filters: readonly FilterPlan[],
  reads: IndexReads,
): Promise<{ ords: Uint32Array | null; lists: Map<FilterPlan, Uint32Array> }> {
  // Each filter's list at once: over HTTP (the client) every read is a round trip.
  const found = await Promise.all(
    filters.map((filter) => postingsOf(resource, index, filter, reads)),
  );
  const lists = new Map(filters.map((filter, i) => [filter, found[i]!]));
  const ordered = [...lists.values()].sort((a, b) => a.length - b.length);
  let ords: Uint32Array | null = ordered[0] ?? null;
  for (const list of ordered.slice(1)) ords = intersect(ords!, list);
  return { ords, lists };
}

/**
 * The posting list of one filter: the union of its fields' lists (one field, or any of several).
 * A record may hold the value in several of them (a match's home and away teams could be one).
 */
async function postingsOf(
  resource: ResourceManifest,
  index: QueryIndexManifest,
  filter: FilterPlan,
  reads: IndexReads,
): Promise<Uint32Array> {
  const lists = await Promise.all(
    filter.matches.map((field) => fieldPostings(resource, index, field.name, filter, reads)),
  );
  return lists.length === 1 ? lists[0]! : distinct(union(lists));
}

/** The posting list of a filter's value in one field, or the union of the keys a wildcard matches. */
async function fieldPostings(
  resource: ResourceManifest,
  index: QueryIndexManifest,
  field: string,
  filter: FilterPlan,
  reads: IndexReads,
): Promise<Uint32Array> {
  const groups = index.groups[field] ?? 1;
  const lookup = async (key: string) =>
    (await reads.postings(postingFile(resource.path, field, postingGroup(key, groups))))?.get(key);
  if (!filter.wildcard) return (await lookup(filter.key)) ?? NONE;
  const match = wildcardMatcher(filter.key);
  const keys = ((await reads.keys(keysFile(resource.path, field))) ?? []).filter(match);
  const parts: Uint32Array[] = [];
  for (const key of keys) parts.push((await lookup(key)) ?? NONE);
  return union(parts);
}

/** An ascending list without its repeated ordinals. */
function distinct(sorted: Uint32Array): Uint32Array {
  let n = 0;
  for (let i = 0; i < sorted.length; i++)
    if (i === 0 || sorted[i] !== sorted[i - 1]) sorted[n++] = sorted[i]!;
  return sorted.subarray(0, n);
}

/** Ordinals in two ascending lists: each of the shorter looked up in the longer by galloping. */
export function intersect(a: Uint32Array, b: Uint32Array): Uint32Array {
  const [small, large] = a.length <= b.length ? [a, b] : [b, a];
  const out = new Uint32Array(small.length);
  let n = 0;
  let lo = 0;
  for (const x of small) {
    let step = 1;
    let hi = lo;
    while (hi < large.length && large[hi]! < x) {
      lo = hi;
      hi += step;
      step *= 2;
    }
    hi = Math.min(hi, large.length);
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (large[mid]! < x) lo = mid + 1;
      else hi = mid;
    }
    if (lo < large.length && large[lo] === x) out[n++] = x;
  }
  return out.subarray(0, n);
}

/**
 * The ascending union of ascending lists, each ordinal as often as the lists hold it (the keys of
 * one field hold each record once: a record has one value of a field).
 */
function union(parts: Uint32Array[]): Uint32Array {
  if (parts.length === 1) return parts[0]!;
  const out = new Uint32Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out.sort();
}

/**
 * The ordinals at positions `start` to `end` (exclusive) of the matching records in the requested
 * order: the default order (ascending ordinals), or `sort` with ties broken by id.
 */
export async function pageOrdinals(
  resource: ResourceManifest,
  index: QueryIndexManifest,
  ords: Uint32Array | null,
  sort: readonly SortPlan[] | null,
  window: { start: number; end: number },
  reads: IndexReads,
): Promise<number[]> {
  const { start, end } = window;
  const total = ords ? ords.length : resource.count;
  const last = Math.min(end, total);
  if (start >= last) return [];
  if (!sort) {
    if (ords) return [...ords.subarray(start, last)];
    return Array.from({ length: last - start }, (_, i) => start + i);
  }
  if (!ords && sort.length === 1) return orderSlice(resource, index, sort[0]!, start, last, reads);
  const all = ords ?? Uint32Array.from({ length: total }, (_, i) => i);
  // The id breaks ties, ascending whichever way the fields go.
  const keys = [...sort.map((s) => ({ name: s.field.name, sign: s.descending ? -1 : 1 }))];
  keys.push({ name: 'id', sign: 1 });
  const columns = await Promise.all(
    keys.map((key) => ranksOf(resource, index, key.name, all, reads)),
  );
  const signs = keys.map((k) => k.sign);
  const positions = Array.from({ length: all.length }, (_, i) => i);
  positions.sort((a, b) => {
    for (let k = 0; k < columns.length; k++) {
      const d = columns[k]![a]! - columns[k]![b]!;
      if (d !== 0) return d * signs[k]!;
    }
    return 0;
  });
  return positions.slice(start, last).map((i) => all[i]!);
}

/**
 * Positions `start` to `last` of one sort's order over the whole collection: the chunks of its
 * ascending order that hold them, after, for a descending sort, the chunks of its runs that say
 * where in the ascending order they lie.
 */
async function orderSlice(
  resource: ResourceManifest,
  index: QueryIndexManifest,
  sort: SortPlan,
  start: number,
  last: number,
  reads: IndexReads,
): Promise<number[]> {
  const name = sort.field.name;
  const window = Array.from({ length: last - start }, (_, i) => start + i);
  if (!sort.descending) return ascending(resource, index, name, window, reads);
  const { chunk } = index;
  const runs = await readChunks(
    chunksOf(window, chunk),
    (c) => orderFile(resource.path, name, true, c),
    reads,
  );
  const positions: number[] = [];
  for (let c = Math.floor(start / chunk); c * chunk < last; c++) {
    const from = Math.max(start - c * chunk, 0);
    positions.push(...descendingRuns(runs.get(c)!, from, Math.min(last - c * chunk, chunk)));
  }
  return ascending(resource, index, name, positions, reads);
}

/** The values at `positions` of a sort's ascending order, from the chunks holding them. */
async function ascending(
  resource: ResourceManifest,
  index: QueryIndexManifest,
  name: string,
  positions: readonly number[],
  reads: IndexReads,
): Promise<number[]> {
  const { chunk } = index;
  const parts = await readChunks(
    chunksOf(positions, chunk),
    (c) => orderFile(resource.path, name, false, c),
    reads,
  );
  return positions.map((p) => parts.get(Math.floor(p / chunk))![p % chunk]!);
}

/** The chunks of `chunk` values that hold `positions`. */
function chunksOf(positions: Iterable<number>, chunk: number): Set<number> {
  const out = new Set<number>();
  for (const p of positions) out.add(Math.floor(p / chunk));
  return out;
}

/**
 * Chunk files by number, read at once (over HTTP, the client's, each read in turn would be a
 * round trip); a chunk the index lacks fails the answer.
 */
async function readChunks(
  chunks: Set<number>,
  fileOf: (chunk: number) => string,
  reads: IndexReads,
): Promise<Map<number, Uint32Array>> {
  const list = [...chunks];
  const parts = await Promise.all(
    list.map(async (c) => {
      const file = fileOf(c);
      const part = await reads.uint32s(file);
      if (!part) throw new Error(`the query index lacks ${file}`);
      return part;
    }),
  );
  return new Map(list.map((c, i) => [c, parts[i]!]));
}

/**
 * The rank of each of `ords` in the order of field `name`, from the chunks that hold them, read at
 * once.
 */
async function ranksOf(
  resource: ResourceManifest,
  index: QueryIndexManifest,
  name: string,
  ords: Uint32Array,
  reads: IndexReads,
): Promise<Uint32Array> {
  const { chunk } = index;
  const parts = await readChunks(
    chunksOf(ords, chunk),
    (c) => rankFile(resource.path, name, c),
    reads,
  );
  return ords.map((ord) => parts.get(Math.floor(ord / chunk))![ord % chunk]!);
}

/**
 * The place of each of `ords`' set of providers in the index's `sources`: the collection's one
 * set, or each record's from the chunks of the source column that hold them, read at once.
 */
export async function sourcePlaces(
  resource: ResourceManifest,
  index: QueryIndexManifest,
  ords: readonly number[],
  reads: IndexReads,
): Promise<number[]> {
  if (!hasSourceColumn(index)) return ords.map(() => 0);
  const { chunk } = index;
  const parts = await readChunks(chunksOf(ords, chunk), (c) => sourceFile(resource.path, c), reads);
  return ords.map((ord) => parts.get(Math.floor(ord / chunk))![ord % chunk]!);
}
