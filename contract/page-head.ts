import { ByteWriter, concatBytes, Varint } from './bytes.ts';
import type { PageCollection } from './envelope.ts';

/**
 * The head of a file of the API that is an envelope of records, made by the reader of an archive
 * rather than stored (docs/archive.md, "Heads"): `{"attribution":A,"meta":M,"result":[`, where
 * `A` is the attribution's JSON text, from its leaf's table, and `M` is `{}` or the pagination
 * object of a page of a collection (`pageMetaOf`), from the leaf's table of collections and the
 * page's number. A page's links and totals are then not stored with every page, and a record
 * file's credits once a leaf.
 */

/** What a leaf's heads are made of: its attributions and its collections, by number. */
export interface LeafHeads {
  /** JSON texts of `attribution` objects. */
  attributions: Uint8Array[];
  collections: PageCollection[];
}

/** A head: its attribution's JSON text, and for a page of a collection, which and which page. */
export interface Head {
  attribution: Uint8Array;
  page: { collection: PageCollection; page: number } | null;
}

const encoder = new TextEncoder();
const decoder = new TextDecoder();
/** The pieces of every head's bytes: `OPEN` attribution `META` meta `RESULT`. */
export const HEAD_TEXT = {
  OPEN: encoder.encode('{"attribution":'),
  META: encoder.encode(',"meta":'),
  RESULT: encoder.encode(',"result":['),
  /** The meta of a head that is not a page's. */
  NO_META: encoder.encode('{}'),
};
/** The bytes that close an envelope, after its records. */
export const ENVELOPE_END = encoder.encode(']}');
const { OPEN, META, RESULT, NO_META } = HEAD_TEXT;

/** The bytes of a head. */
export function headBytes(head: Head): Uint8Array {
  if (!head.page) return concatBytes([OPEN, head.attribution, META, NO_META, RESULT]);
  const meta = metaText(head.page.collection, head.page.page);
  // UTF-8 takes at most three bytes for each UTF-16 unit: the head is made in one buffer.
  const most = OPEN.length + head.attribution.length + META.length + 3 * meta.length;
  const out = new Uint8Array(most + RESULT.length);
  out.set(OPEN);
  out.set(head.attribution, OPEN.length);
  let at = OPEN.length + head.attribution.length;
  out.set(META, at);
  at += META.length;
  at += encoder.encodeInto(meta, out.subarray(at)).written;
  out.set(RESULT, at);
  return out.subarray(0, at + RESULT.length);
}

/**
 * The JSON text of page `page`'s meta: `JSON.stringify(pageMetaOf(…))`, made from the
 * collection's link up to its page number, as an unclosed JSON string.
 */
function metaText(collection: PageCollection, page: number): string {
  const { path, query, records, total } = collection;
  const prefix = JSON.stringify(`${path}?${query}records=${records}&page=`).slice(0, -1);
  const pages = Math.ceil(total / records);
  const last = Math.max(pages, 1);
  const link = (p: number) => `${prefix}${p}"`;
  const next = page < last ? link(page + 1) : 'null';
  const prev = page > 1 ? link(Math.min(page - 1, last)) : 'null';
  const [pagesName, totalName] = collection.totals === 'camel' ? TOTALS_CAMEL : TOTALS_SNAKE;
  return (
    `{"first":${link(1)},"last":${link(last)},"next":${next},"prev":${prev},"page":${page},` +
    `"records":${records},"${pagesName}":${pages},"${totalName}":${total}}`
  );
}

const TOTALS_CAMEL = ['totalPages', 'totalRecords'] as const;
const TOTALS_SNAKE = ['total_pages', 'total_records'] as const;

/**
 * A leaf's tables: varint `a`, `a` attributions (each a varint length and its bytes), varint
 * `c`, `c` collections (each its path and query as a varint length and UTF-8 bytes, then its
 * records a page, 0 for `totalPages`/`totalRecords` or 1 for `total_pages`/`total_records`, and
 * its total, as varints).
 */
export function readLeafHeads(in_: Varint): LeafHeads {
  const attributions: Uint8Array[] = [];
  for (let a = in_.read(); a > 0; a--) attributions.push(in_.take(in_.read()));
  const collections: PageCollection[] = [];
  for (let c = in_.read(); c > 0; c--) collections.push(readCollection(in_));
  return { attributions, collections };
}

/** Writes a leaf's tables (`readLeafHeads`). */
export function writeLeafHeads(out: ByteWriter, heads: LeafHeads): void {
  out.varint(heads.attributions.length);
  for (const text of heads.attributions) {
    out.varint(text.length);
    out.bytes(text);
  }
  out.varint(heads.collections.length);
  for (const c of heads.collections) writeCollection(out, c);
}

/** A collection as a leaf's table codes it (`readLeafHeads`). */
export function readCollection(in_: Varint): PageCollection {
  const path = decoder.decode(in_.take(in_.read()));
  const query = decoder.decode(in_.take(in_.read()));
  const records = in_.read();
  const snake = in_.read();
  if (snake > 1 || records === 0) throw new RangeError('a collection of the leaf is damaged');
  return { path, query, records, totals: snake ? 'snake' : 'camel', total: in_.read() };
}

/** Writes a collection (`readCollection`). */
export function writeCollection(out: ByteWriter, c: PageCollection): void {
  writeText(out, c.path);
  writeText(out, c.query);
  out.varint(c.records);
  out.varint(c.totals === 'snake' ? 1 : 0);
  out.varint(c.total);
}

/** A string as its varint length and UTF-8 bytes. */
function writeText(out: ByteWriter, text: string): void {
  const bytes = encoder.encode(text);
  out.varint(bytes.length);
  out.bytes(bytes);
}

/**
 * A head of a template, after its literal code 1: varint the attribution's number in the leaf's
 * table, then varint `m`: 0 for the meta `{}`, else the number of its collection plus one, and
 * then varint its page.
 */
export function readHead(in_: Varint, heads: LeafHeads): Head {
  const attribution = heads.attributions[in_.read()];
  const m = in_.read();
  const collection = m === 0 ? null : heads.collections[m - 1];
  if (!attribution || collection === undefined)
    throw new RangeError("a head names no such entry of its leaf's tables");
  return { attribution, page: collection ? { collection, page: in_.read() } : null };
}
