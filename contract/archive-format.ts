/**
 * The layout of the one-file API (format 10), shared by the writer (`build/archive/`) and the
 * reader (`archive-reader.ts`). Every record's JSON is stored once, in blocks of records
 * compressed together (Brotli); a hashed index finds any file with a few range reads and says
 * how to make it: its bytes between records, and where each record is. docs/archive.md
 * describes every byte; this module is that description in code. Nothing here is specific to a
 * runtime.
 */

import { ByteWriter, Varint } from './bytes.ts';
import { headBytes, readHead, readLeafHeads, type Head, type LeafHeads } from './page-head.ts';
import { unfoldRecord } from './record-tail.ts';

/**
 * The format version this code writes and reads (1 to 4 were ZIP files, one entry a file; 5 was
 * this layout with raw deflate where 6 has Brotli; 6 stored each record whole, where 7 stores
 * a record's `uri` and `link` once a block, as a pattern; 7 stored every page's head, where 8
 * makes it from its leaf's tables; 8 compressed each leaf whole, where 9 compresses its files'
 * names and templates in pieces, so that a lookup decompresses one piece; 9 named a block by
 * its offset in the archive, where 10 names it by its segment and its offset there, so that a
 * segment's blocks changing moves no other segment's in its templates).
 */
export const FORMAT_VERSION = 10;
/** The archive's first bytes. */
export const MAGIC = 'FSAPIARC';
/** Size of the header. */
export const HEADER_SIZE = 64;
/** Size of one root entry (one per leaf). */
export const ROOT_ENTRY_SIZE = 20;
/** Size of one key in a leaf's directory: its high half, then its low half. */
export const LEAF_KEY_SIZE = 8;
/** Bytes before a leaf's directory: the directory's stored length. */
export const LEAF_HEADER_SIZE = 4;
/**
 * Files a piece of a leaf holds (the last piece fewer): a lookup decompresses the leaf's
 * directory and the one piece that holds the file, about 16 KB on the national set, where a
 * leaf whole is 116 KB on average and 1.5 MB at most (a group of thousands of files, such as
 * every collection's filter pages of the value `1`). Pieces of 32 files stored the national
 * index in 1.19 times the bytes of whole leaves, pieces of 64 in 1.11, of 128 in 1.06.
 */
export const PIECE_FILES = 64;
/** Most leaves an index has, so that the header and root fit in the first read. */
export const MAX_LEAVES = 4096;
/**
 * Files per leaf the writer aims at: a leaf holds each file's name and template (about 70 bytes
 * a file compressed, 280 decompressed on the full demo), and a reader reads it whole each time
 * it is not in memory: leaves of 1,024 files, near a megabyte decompressed when every page's
 * head was stored and leaves were not in pieces, cost a Worker more CPU than the reads they saved.
 */
export const LEAF_TARGET = 256;
/** Most records one block holds: a record's index in its block is below it. */
export const BLOCK_RECORDS = 65_535;
/** Bytes before a block's Brotli stream: the CRC-32 of that stream. */
export const BLOCK_HEADER_SIZE = 4;

/**
 * The first read of a cold reader: the header and the largest root. After a smaller root it
 * holds the opening stream too, when that fits.
 */
export const FIRST_READ = HEADER_SIZE + MAX_LEAVES * ROOT_ENTRY_SIZE;

/** The first bytes of an archive of formats 1 to 4: a ZIP entry named `.archive-index`. */
export const ZIP_INDEX_ENTRY = '.archive-index';

/** Where a piece of a leaf is in the leaf's stored bytes, and its decompressed size. */
export interface PiecePlace {
  at: number;
  length: number;
  size: number;
}

/** A leaf's directory, decompressed: its files' keys, its tables and its pieces. */
export interface LeafDirectory {
  /** `files` keys of `LEAF_KEY_SIZE` bytes, sorted. */
  keys: DataView;
  /** Files a piece holds: file `i` is in piece `i div perPiece`. */
  perPiece: number;
  heads: LeafHeads;
  pieces: PiecePlace[];
}

/**
 * Reads a leaf's directory (docs/archive.md, "Leaves"): `files` keys, varint files a piece, the
 * tables of heads, then each piece's stored length and decompressed size. The pieces follow the
 * directory's `stored` bytes, from `first` to the leaf's end at `end`; a RangeError when the
 * directory does not say so.
 */
export function readLeafDirectory(
  bytes: Uint8Array,
  files: number,
  first: number,
  end: number,
): LeafDirectory {
  const fixed = files * LEAF_KEY_SIZE;
  if (bytes.length < fixed) throw new RangeError('a leaf has fewer keys than files');
  const in_ = new Varint(bytes, fixed);
  const perPiece = in_.read();
  if (perPiece === 0) throw new RangeError('a leaf has pieces of no files');
  const heads = readLeafHeads(in_);
  const pieces: PiecePlace[] = [];
  let at = first;
  for (let p = Math.ceil(files / perPiece); p > 0; p--) {
    const piece = { at, length: in_.read(), size: in_.read() };
    pieces.push(piece);
    at += piece.length;
  }
  if (in_.at !== bytes.length || at !== end)
    throw new RangeError("a leaf's pieces do not end where it does");
  return { keys: new DataView(bytes.buffer, bytes.byteOffset, fixed), perPiece, heads, pieces };
}

/**
 * The entries of a decompressed piece in turn, each its name and template (a varint length, then
 * that many bytes each).
 */
export function* pieceEntries(piece: Uint8Array): Generator<Varint> {
  const in_ = new Varint(piece);
  while (in_.at < piece.length) yield new Varint(in_.take(in_.read()));
}

/** Entry `i` of a decompressed piece: the entries before it are skipped by their lengths. */
export function pieceEntry(piece: Uint8Array, i: number): Varint {
  let j = 0;
  for (const entry of pieceEntries(piece)) if (j++ === i) return entry;
  throw new RangeError('a piece holds fewer entries than its leaf says');
}

/** A path's 64-bit key, as two unsigned 32-bit halves. */
export interface PathKey {
  hi: number;
  lo: number;
}

const encoder = new TextEncoder();

/**
 * The 64-bit FNV-1a hash of a path's UTF-8 bytes, computed on 32-bit halves (no BigInt, so it is
 * quick on every runtime). FNV-1a's prime is 2^40 + 0x1b3: multiplying by it is multiplying by
 * 0x1b3 and adding the value shifted 40 bits left. It uses nothing outside itself, as
 * `groupHigh` and `leafOf`: a static site's page is given their text (`build/site/static-site.ts`).
 */
export function pathKey(path: string): PathKey {
  let hi = 0xcbf29ce4;
  let lo = 0x84222325;
  // ASCII is its own UTF-8: most paths are hashed without encoding them.
  const bytes = /^[\x00-\x7f]*$/.test(path) ? null : new TextEncoder().encode(path);
  const length = bytes ? bytes.length : path.length;
  for (let i = 0; i < length; i++) {
    const byte = bytes ? bytes[i]! : path.charCodeAt(i);
    lo ^= byte;
    const low = (lo >>> 0) * 0x1b3;
    const carry = Math.floor(low / 0x100000000);
    hi = (Math.imul(hi, 0x1b3) + (lo << 8) + carry) >>> 0;
    lo = low >>> 0;
  }
  return { hi: hi >>> 0, lo: lo >>> 0 };
}

/**
 * Numbered files a group holds: `index.json` with `_page/2.json` to `_page/255.json`, and so on;
 * a match's micro-events at the default page size are one group.
 */
export const GROUP_SIZE = 256;

/** The run of `GROUP_SIZE` a numbered file is in; that of `first` when the path names no number. */
const run = (n: string | undefined, first = 0) => Math.floor(Number(n ?? first) / GROUP_SIZE);

/**
 * The group of files a path belongs to, which share a leaf of the index (since format 3), by the
 * first rule that applies (`docs/archive.md` states them exactly):
 *
 * - a filter collection's pages (`…/_by/<field>/<value>/index.json`, `_page/<n>.json`), of any
 *   resource and field, by runs of 256 pages (page 1 is `index.json`), with the first run the
 *   value's group: a match's lineups, goals and micro-events;
 * - a collection's query index (`…/_q/…`), its numbered files by runs of 256 whatever their
 *   field, its other files with the first run;
 * - another collection's `index.json` and `_page/<n>.json`, by runs of 256 pages;
 * - other numbered files (`<n>.json`, `<n>.bin`) of one folder, by runs of 256;
 * - any other JSON file, by its name: in its value's group (a match's record files, named by its
 *   id), or with the files of that name (each resource's `_options.json`);
 * - any other file, alone.
 *
 * A reader that asks for one thing's records, a collection's pages or the parts of its query
 * index for several filters then reads one leaf for them, not one each.
 */
export function groupOf(path: string): string {
  // Numbers of up to 15 digits, which a double holds exactly; longer ones are names.
  const filtered = /\/_by\/[^/]+\/([^/]+)\/(?:index|_page\/(\d{1,15}))\.json$/.exec(path);
  if (filtered) return `@${filtered[1]}#${run(filtered[2], 1)}`;
  const query = /^(.*)\/_q\/(?:(?:.*\/)?(\d{1,15})\.\w+$)?/.exec(path);
  if (query) return `${query[1]}/_q#${run(query[2])}`;
  const page = /^(.*)\/(?:index|_page\/(\d{1,15}))\.json$/.exec(path);
  if (page) return `${page[1]}/_page#${run(page[2], 1)}`;
  const numbered = /^(.*)\/(\d{1,15})\.\w+$/.exec(path);
  if (numbered) return `${numbered[1]}/#${run(numbered[2])}`;
  const named = /\/([^/]+)\.json$/.exec(path);
  if (named) return `@${named[1]}#0`;
  return path;
}

/**
 * A file's key in the index (since format 3): its group's `pathKey` folded to 32 bits and
 * mixed by MurmurHash3's finalizer, which picks its leaf, and the low half of its own
 * `pathKey`, which tells it from the others of its group. FNV-1a alone leaves the top bits of
 * names that differ in their last byte (`_page#1`, `_page#2`) equal: their groups would share
 * a leaf.
 */
export function fileKey(path: string): PathKey {
  return { hi: groupHigh(pathKey(groupOf(path))), lo: pathKey(path).lo };
}

/** The high half of the keys of a group's files, from the group's `pathKey` (`fileKey`). */
export function groupHigh(group: PathKey): number {
  let hi = group.hi ^ group.lo;
  hi = Math.imul(hi ^ (hi >>> 16), 0x85ebca6b);
  hi = Math.imul(hi ^ (hi >>> 13), 0xc2b2ae35);
  return (hi ^ (hi >>> 16)) >>> 0;
}

/** The leaf a key belongs to, when there are 2^`bits` leaves: the key's top bits. */
export function leafOf(key: PathKey, bits: number): number {
  return bits === 0 ? 0 : key.hi >>> (32 - bits);
}

/** How many leaf bits an index of `files` entries has: about LEAF_TARGET files a leaf. */
export function leafBits(files: number): number {
  let bits = 0;
  while (bits < Math.log2(MAX_LEAVES) && files > LEAF_TARGET << bits) bits++;
  return bits;
}

/** The header: where everything else is, and what the whole archive must look like. */
export interface IndexHeader {
  version: number;
  /** log2 of the number of leaves. */
  leafBits: number;
  /** Files in the archive. */
  files: number;
  /** Offset of the first block: the end of the index. */
  dataStart: number;
  /** Length of the whole archive: a longer or shorter file is refused. */
  archiveLength: number;
  /** CRC-32 of the root. */
  rootCrc: number;
  /**
   * The opening stream, compressed after the root (`encodeOpening`): the segments of the data and
   * the file every reader reads first (the manifest), which opening so reads with the root, not
   * with a leaf and then its blocks.
   */
  opening: OpeningFile;
}

/** Where the opening stream is, compressed, its CRC-32 and its decompressed size. */
export interface OpeningFile {
  /** Offset of the compressed file from the start of the archive. */
  offset: number;
  length: number;
  crc: number;
  size: number;
}

/** Writes a 64-bit unsigned integer below 2^53 as two little-endian halves. */
export function setUint64(view: DataView, at: number, value: number): void {
  view.setUint32(at, value >>> 0, true);
  view.setUint32(at + 4, Math.floor(value / 0x100000000), true);
}

/** Reads a 64-bit unsigned integer written by `setUint64` (exact below 2^53). */
export function getUint64(view: DataView, at: number): number {
  return view.getUint32(at, true) + view.getUint32(at + 4, true) * 0x100000000;
}

/**
 * The header's 64 bytes: magic (8), version u32, leaf bits u32, files u64, data start u64,
 * archive length u64, root CRC u32, the opening stream's offset, length, CRC-32 and size (u32
 * each), then the CRC-32 of bytes 0-59.
 */
export function encodeHeader(header: IndexHeader, crc32: (data: Uint8Array) => number): Uint8Array {
  const bytes = new Uint8Array(HEADER_SIZE);
  const view = new DataView(bytes.buffer);
  bytes.set(encoder.encode(MAGIC), 0);
  view.setUint32(8, header.version, true);
  view.setUint32(12, header.leafBits, true);
  setUint64(view, 16, header.files);
  setUint64(view, 24, header.dataStart);
  setUint64(view, 32, header.archiveLength);
  view.setUint32(40, header.rootCrc, true);
  view.setUint32(44, header.opening.offset, true);
  view.setUint32(48, header.opening.length, true);
  view.setUint32(52, header.opening.crc, true);
  view.setUint32(56, header.opening.size, true);
  view.setUint32(60, crc32(bytes.subarray(0, 60)), true);
  return bytes;
}

/** Reads the header written by `encodeHeader` (its magic and CRC-32 are checked by the reader). */
export function decodeHeader(view: DataView): IndexHeader {
  return {
    version: view.getUint32(8, true),
    leafBits: view.getUint32(12, true),
    files: getUint64(view, 16),
    dataStart: getUint64(view, 24),
    archiveLength: getUint64(view, 32),
    rootCrc: view.getUint32(40, true),
    opening: {
      offset: view.getUint32(44, true),
      length: view.getUint32(48, true),
      crc: view.getUint32(52, true),
      size: view.getUint32(56, true),
    },
  };
}

/**
 * One root entry: where a leaf is in the archive, its CRC-32, its number of files and its
 * decompressed size.
 */
export interface RootEntry {
  /** Offset of the compressed leaf from the start of the archive. */
  offset: number;
  length: number;
  crc: number;
  files: number;
  size: number;
}

/** Where a block is: its offset from `dataStart`, its stored length and its decompressed size. */
export interface BlockPlace {
  offset: number;
  length: number;
  size: number;
}

/**
 * How a file is made: `literals[0]`, record 0, `literals[1]`, record 1, …, `literals[n]`; each
 * record is record `index` of block `blocks[slot]`.
 */
export interface Template {
  blocks: BlockPlace[];
  literals: Uint8Array[];
  records: { slot: number; index: number }[];
}

/**
 * The one-byte literal a template writes as code 0: the comma between two records. Every comma
 * a template reads is this one array.
 */
export const COMMA = new Uint8Array([0x2c]);
/** The literal code of a head made from the leaf's tables (`readHead`). */
export const HEAD_CODE = 1;

/** Appends a literal of stored bytes in a template's coding (`readTemplate`). */
export function writeLiteral(out: ByteWriter, literal: Uint8Array): void {
  if (literal.length === 1 && literal[0] === 0x2c) return out.varint(0);
  out.varint(literal.length + 2);
  out.bytes(literal);
}

/**
 * Reads a template (docs/archive.md, "Leaves"): varint b, then b blocks as their segment, their
 * offset in it, their length and size; varint n, a literal, then n times a record (its block's
 * slot and its index in the block) and a literal. A literal is varint code 0 for a comma, 1 for a
 * head made from the leaf's tables (`heads`), else code - 2 bytes. A block's place is given from
 * `dataStart`, by the `segments` table of the archive's opening.
 */
export function readTemplate(in_: Varint, heads: LeafHeads, segments: Segments): Template {
  const blocks: BlockPlace[] = [];
  for (let b = in_.read(); b > 0; b--) {
    const start = segments.starts[in_.read()];
    if (start === undefined) throw new RangeError('a template names no such segment');
    blocks.push({ offset: start + in_.read(), length: in_.read(), size: in_.read() });
  }
  const n = in_.read();
  const literal = () => readLiteral(in_, (at) => readHead(at, heads));
  const literals = [literal()];
  const records: Template['records'] = [];
  for (let i = 0; i < n; i++) {
    const slot = in_.read();
    if (slot >= blocks.length) throw new RangeError('a template names no such block');
    records.push({ slot, index: in_.read() });
    literals.push(literal());
  }
  return { blocks, literals, records };
}

/**
 * The archive's data as its segments (since format 10): where each starts from `dataStart`. A
 * template names a block by its segment and its offset there, so that blocks added, changed or
 * removed in one segment leave every other segment's templates as they were.
 */
export interface Segments {
  starts: readonly number[];
}

/** What the archive's opening stream holds: its segments, and the opening file, if any. */
export interface Opening {
  /** Each segment's length in bytes, in the order of the data. */
  lengths: number[];
  file: { path: string; bytes: Uint8Array } | null;
}

/**
 * The opening stream, before it is compressed: varint s, s varint lengths of the segments, then
 * the varint length of the opening file's path (0: none), the path, and the file's bytes.
 */
export function encodeOpening({ lengths, file }: Opening): Uint8Array {
  const out = new ByteWriter();
  out.varint(lengths.length);
  for (const length of lengths) out.varint(length);
  const path = encoder.encode(file?.path ?? '');
  out.varint(path.length);
  out.bytes(path);
  if (file) out.bytes(file.bytes);
  return out.view();
}

/**
 * Reads the opening stream `encodeOpening` writes, and the segments it gives, which must fill
 * the `data` bytes after `dataStart` exactly; a RangeError when they do not.
 */
export function readOpening(bytes: Uint8Array, data: number): Opening & { segments: Segments } {
  const in_ = new Varint(bytes);
  const lengths: number[] = [];
  const starts: number[] = [];
  let end = 0;
  for (let s = in_.read(); s > 0; s--) {
    starts.push(end);
    lengths.push(in_.read());
    end += lengths.at(-1)!;
  }
  if (end !== data) throw new RangeError("the segments do not fill the archive's data");
  const path = new TextDecoder().decode(in_.take(in_.read()));
  const file = path === '' ? null : { path, bytes: bytes.subarray(in_.at) };
  if (!file && in_.at !== bytes.length) throw new RangeError('bytes past an empty opening');
  return { lengths, file, segments: { starts } };
}

/**
 * A literal of a template: a comma (code 0), a head (code 1), which `head` reads where its
 * coding continues (a leaf's numbers, or a segment's head in full), or code - 2 bytes.
 */
export function readLiteral(in_: Varint, head: (in_: Varint) => Head): Uint8Array {
  const code = in_.read();
  if (code === 0) return COMMA;
  return code === HEAD_CODE ? headBytes(head(in_)) : in_.take(code - 2);
}

/** The records of a decompressed block, each unfolded when first asked for. */
export interface BlockRecords {
  readonly count: number;
  /** Record `index`, or undefined past the last; a RangeError when it does not unfold. */
  record(index: number): Uint8Array | undefined;
}

/**
 * The records of a decompressed block: varint t and t tail patterns (each a varint length and
 * its bytes), varint count, count varint lengths, count varint pattern numbers, then the stored
 * records' bytes end to end, which must end where the block does. A record of pattern 0 is
 * stored whole; one of pattern k is stored folded, without its tail, which pattern k - 1 makes
 * again (`record-tail.ts`): when it is first asked for, since a page reads a few of a block's
 * hundreds.
 */
export function blockRecords(bytes: Uint8Array): BlockRecords {
  const in_ = new Varint(bytes);
  const patterns: Uint8Array[] = [];
  for (let t = in_.read(); t > 0; t--) patterns.push(in_.take(in_.read()));
  const count = in_.read();
  const lengths: number[] = [];
  for (let i = 0; i < count; i++) lengths.push(in_.read());
  const kinds: number[] = [];
  for (let i = 0; i < count; i++) {
    const kind = in_.read();
    if (kind > patterns.length) throw new RangeError('a record names a pattern the block lacks');
    kinds.push(kind);
  }
  const stored = lengths.map((length) => in_.take(length));
  if (in_.at !== bytes.length) throw new RangeError('a block has bytes past its records');
  const made: (Uint8Array | undefined)[] = [];
  return {
    count,
    record(index) {
      const kind = kinds[index];
      if (kind === undefined) return undefined;
      if (kind === 0) return stored[index];
      return (made[index] ??= unfoldRecord(stored[index]!, patterns[kind - 1]!));
    },
  };
}
