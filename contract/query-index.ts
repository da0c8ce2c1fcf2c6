/**
 * The query index of a paginated collection: what the build writes so that the router answers any
 * documented filter and sort, on any number of records, by reading a bounded set of small files
 * rather than scanning the collection. Layout under the resource folder `R`:
 *
 *   R/_q/p/<field>/<g>.bin   posting lists of field values hashed to group g (`postingGroup`)
 *   R/_q/k/<field>.json      every key of a text, date or time field, sorted (for wildcards)
 *   R/_q/r/<sort>/<c>.bin    chunk c of the sort's rank column: a dense rank per ordinal
 *   R/_q/o/<sort>/<c>.bin    chunk c of the ordinals in the sort's ascending order
 *   R/_q/o/-<sort>/<c>.bin   chunk c of its descending order, as runs of the ascending order
 *   R/_q/s/<c>.bin           chunk c of the source column: each record's providers, as the place
 *                            of its `_source` in the manifest's `sources` (with two or more)
 *
 * A record's ordinal is its position in the collection's default order, so ordinal `o` lies on
 * default page `o / size + 1` of the collection, and on the same page of a filter collection at
 * its position in the filter value's posting list. Posting lists hold ordinals in ascending
 * order. Ranks are dense (equal values share one), in the order `compareValues` gives; the orders
 * break ties by record id, ascending in both directions, as a composed sort always has. So the
 * descending order is the ascending order's runs of equal values taken last first, each run still
 * by id: it holds no ordinal of its own, only where in the ascending order each stretch of it lies
 * (a field of unique values gives runs of one, each before the previous; a field of few values,
 * a run or two a chunk), where the order itself, wherever the id breaks ties, is a permutation
 * that barely compresses.
 *
 * Every number is an unsigned LEB128 varint; a file of no entry or no value is empty. A posting
 * group file is: the number of entries, then per entry: the key's length, its UTF-8 bytes, n,
 * then n ordinals as the difference from the previous (the first from 0). A rank or order chunk
 * (and a source chunk) is: n, then n values, each as the zigzagged difference from the previous
 * (0, -1, 1, -2 as 0, 1, 2, 3; the first from 0). A descending chunk is coded as a rank or order
 * chunk of 2r values: the r runs' first positions in the ascending order, then their lengths; its
 * positions are the runs' positions in turn. A posting list ascends and most orders and rank
 * columns follow the default order, so a difference takes a byte or two where a fixed integer
 * took four.
 */

import { ByteWriter, Varint } from './bytes.ts';

/** What the router needs to find a collection's index files (its manifest entry's `query`). */
export interface QueryIndexManifest {
  /** Ordinals per rank or order chunk file. */
  chunk: number;
  /** Posting groups of each filterable field (a power of two), by field name. */
  groups: Record<string, number>;
  /** The fields with a key list (`keysFile`), which wildcards read. */
  keyed: string[];
  /**
   * The providers of the collection's records: each distinct set, as provider keys (the manifest's
   * `providers`) separated by commas, '' for none. With one set, every record has it; with more,
   * the source column (`sourceFile`) gives each record's by its place here, so that an answer
   * credits exactly the providers of the records it returns.
   */
  sources: string[];
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

/**
 * Chunk `chunk` of the order of `sort`: its ordinals ascending, or its runs of the ascending order
 * when `descending` (`descendingRuns`).
 */
export function orderFile(
  resource: string,
  sort: string,
  descending: boolean,
  chunk: number,
): string {
  return `${resource}/_q/o/${descending ? '-' : ''}${sort}/${chunk}.bin`;
}

/**
 * Whether a collection's records differ in providers, so that its index has a source column: with
 * one set of providers (or none), every record has that one.
 */
export function hasSourceColumn(index: QueryIndexManifest): boolean {
  return index.sources.length > 1;
}

/** Chunk `chunk` of the source column (`QueryIndexManifest.sources`). */
export function sourceFile(resource: string, chunk: number): string {
  return `${resource}/_q/s/${chunk}.bin`;
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

/** A signed difference as an unsigned varint value: 0, -1, 1, -2, … as 0, 1, 2, 3, … */
const zigzag = (d: number) => (d < 0 ? -2 * d - 1 : 2 * d);
const unzigzag = (z: number) => (z % 2 === 1 ? -(z + 1) / 2 : z / 2);

/** Encodes the posting lists of one group file (the layout above). */
export function encodePostings(entries: Iterable<[string, ArrayLike<number>]>): Uint8Array {
  const out = new ByteWriter();
  const list = [...entries];
  // Nothing at all: an empty file takes no block of a disk.
  if (list.length === 0) return new Uint8Array(0);
  out.varint(list.length);
  for (const [key, ords] of list) {
    const bytes = encoder.encode(key);
    out.varint(bytes.length);
    out.bytes(bytes);
    out.varint(ords.length);
    let previous = 0;
    for (let i = 0; i < ords.length; i++) {
      out.varint(ords[i]! - previous);
      previous = ords[i]!;
    }
  }
  return out.view();
}

/** The posting lists of one group file, by key. */
export function decodePostings(bytes: Uint8Array): Map<string, Uint32Array> {
  const in_ = new Varint(bytes);
  const out = new Map<string, Uint32Array>();
  const entries = bytes.length === 0 ? 0 : in_.read();
  for (let e = 0; e < entries; e++) {
    const key = in_.take(in_.read());
    const ords = new Uint32Array(in_.read());
    let previous = 0;
    for (let i = 0; i < ords.length; i++) ords[i] = previous += in_.read();
    out.set(decoder.decode(key), ords);
  }
  return out;
}

/** Encodes a rank or order chunk: its count, then each value's difference from the previous. */
export function encodeUint32s(values: ArrayLike<number>): Uint8Array {
  const out = new ByteWriter();
  if (values.length === 0) return new Uint8Array(0);
  out.varint(values.length);
  let previous = 0;
  for (let i = 0; i < values.length; i++) {
    out.varint(zigzag(values[i]! - previous));
    previous = values[i]!;
  }
  return out.view();
}

/** Decodes a rank or order chunk. */
export function decodeUint32s(bytes: Uint8Array): Uint32Array {
  const in_ = new Varint(bytes);
  const out = new Uint32Array(bytes.length === 0 ? 0 : in_.read());
  let previous = 0;
  for (let i = 0; i < out.length; i++) out[i] = previous += unzigzag(in_.read());
  return out;
}

/**
 * Encodes a chunk of a descending order: each run as its first position in the ascending order
 * and its length, the first positions then the lengths.
 */
export function encodeRuns(firsts: readonly number[], lengths: readonly number[]): Uint8Array {
  return encodeUint32s([...firsts, ...lengths]);
}

/**
 * The ascending-order positions of offsets `from` to `to` (exclusive) of a descending chunk, from
 * its decoded runs (`decodeUint32s` of the file: the first positions, then the lengths).
 */
export function descendingRuns(runs: Uint32Array, from: number, to: number): number[] {
  const count = runs.length / 2;
  const out: number[] = [];
  let offset = 0;
  for (let r = 0; r < count && offset < to; r++) {
    const first = runs[r]!;
    const length = runs[count + r]!;
    for (let i = Math.max(from - offset, 0); i < length && offset + i < to; i++)
      out.push(first + i);
    offset += length;
  }
  return out;
}
