/**
 * The query index of a paginated collection: what the build writes so that the router answers any
 * documented filter and sort, on any number of records, by reading a bounded set of small files
 * rather than scanning the collection. Layout under the resource folder `R`:
 *
 *   R/_q/p/<field>/<g>.bin   posting lists of field values hashed to group g (`postingGroup`)
 *   R/_q/k/<field>.json      every key of a text, date or time field, sorted (for wildcards)
 *   R/_q/r/<sort>/<c>.bin    chunk c of the sort's rank column: a dense rank per ordinal
 *   R/_q/o/<sort>/<c>.bin    chunk c of the ordinals in the sort's ascending order
 *   R/_q/o/-<sort>/<c>.bin   the same in its descending order
 *
 * A record's ordinal is its position in the collection's default order, so ordinal `o` lies on
 * default page `o / size + 1` of the collection, and on the same page of a filter collection at
 * its position in the filter value's posting list. Posting lists hold ordinals in ascending
 * order. Ranks are dense (equal values share one), in the order `compareValues` gives; the orders
 * break ties by record id, ascending in both directions, as a composed sort always has.
 *
 * Every number is an unsigned 32-bit little-endian integer. A posting group file is:
 *   u32 entries, then per entry: u32 key length, the key's UTF-8 bytes, u32 n, n ordinals.
 */

/** What the router needs to find a collection's index files (its manifest entry's `query`). */
export interface QueryIndexManifest {
  /** Ordinals per rank or order chunk file. */
  chunk: number;
  /** Posting groups of each filterable field (a power of two), by field name. */
  groups: Record<string, number>;
  /** The fields with a key list (`keysFile`), which wildcards read. */
  keyed: string[];
}

/** True for the files of a query index: the router reads them, no client is ever sent one. */
export function isIndexFile(file: string): boolean {
  return file.includes('/_q/');
}

/** The file of one posting group of a field. */
export function postingFile(resource: string, field: string, group: number): string {
  return `${resource}/_q/p/${field}/${group}.bin`;
}

/** The sorted keys of a field. */
export function keysFile(resource: string, field: string): string {
  return `${resource}/_q/k/${field}.json`;
}

/** Chunk `chunk` of the rank column of sort field `sort`. */
export function rankFile(resource: string, sort: string, chunk: number): string {
  return `${resource}/_q/r/${sort}/${chunk}.bin`;
}

/** Chunk `chunk` of the ordinals in the order of `sort`, descending when `descending`. */
export function orderFile(
  resource: string,
  sort: string,
  descending: boolean,
  chunk: number,
): string {
  return `${resource}/_q/o/${descending ? '-' : ''}${sort}/${chunk}.bin`;
}

/**
 * The posting group of a filter key among `groups` (a power of two): the low bits of
 * `postingHash`, so the build and every runtime agree without a shared table.
 */
export function postingGroup(key: string, groups: number): number {
  return groups <= 1 ? 0 : postingHash(key) & (groups - 1);
}

/** FNV-1a of a filter key's UTF-8 bytes, unsigned. */
export function postingHash(key: string): number {
  let hash = 0x811c9dc5;
  // ASCII is its own UTF-8: most keys (ids, numbers) are hashed without encoding them.
  if (ASCII.test(key)) {
    for (let i = 0; i < key.length; i++) {
      hash ^= key.charCodeAt(i);
      hash = Math.imul(hash, 0x01000193);
    }
    return hash >>> 0;
  }
  for (const byte of encoder.encode(key)) {
    hash ^= byte;
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

const encoder = new TextEncoder();
/** Text of ASCII characters only. */
const ASCII = /^[\x00-\x7f]*$/;
const decoder = new TextDecoder();

/** Encodes the posting lists of one group file. */
export function encodePostings(entries: Iterable<[string, ArrayLike<number>]>): Uint8Array {
  const parts: { key: Uint8Array; ords: ArrayLike<number> }[] = [];
  let size = 4;
  for (const [key, ords] of entries) {
    const bytes = encoder.encode(key);
    parts.push({ key: bytes, ords });
    size += 8 + bytes.length + 4 * ords.length;
  }
  const out = new Uint8Array(size);
  const view = new DataView(out.buffer);
  view.setUint32(0, parts.length, true);
  let at = 4;
  for (const { key, ords } of parts) {
    view.setUint32(at, key.length, true);
    out.set(key, at + 4);
    at += 4 + key.length;
    view.setUint32(at, ords.length, true);
    at += 4;
    for (let i = 0; i < ords.length; i++, at += 4) view.setUint32(at, ords[i]!, true);
  }
  return out;
}

/** The posting lists of one group file, by key. */
export function decodePostings(bytes: Uint8Array): Map<string, Uint32Array> {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const out = new Map<string, Uint32Array>();
  const entries = view.getUint32(0, true);
  let at = 4;
  for (let e = 0; e < entries; e++) {
    const length = view.getUint32(at, true);
    const key = decoder.decode(bytes.subarray(at + 4, at + 4 + length));
    at += 4 + length;
    const n = view.getUint32(at, true);
    at += 4;
    out.set(key, readUint32s(view, at, n));
    at += 4 * n;
  }
  return out;
}

/** Encodes a rank or order chunk. */
export function encodeUint32s(values: ArrayLike<number>): Uint8Array {
  const out = new Uint8Array(4 * values.length);
  const view = new DataView(out.buffer);
  for (let i = 0; i < values.length; i++) view.setUint32(4 * i, values[i]!, true);
  return out;
}

/** Decodes a rank or order chunk. */
export function decodeUint32s(bytes: Uint8Array): Uint32Array {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  return readUint32s(view, 0, bytes.byteLength >>> 2);
}

/** `n` little-endian integers from `at`, copied: the bytes may be unaligned or a shared buffer. */
function readUint32s(view: DataView, at: number, n: number): Uint32Array {
  const out = new Uint32Array(n);
  for (let i = 0; i < n; i++) out[i] = view.getUint32(at + 4 * i, true);
  return out;
}
