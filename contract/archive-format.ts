/**
 * The layout of the one-file API (format 4), shared by the writer (`build/archive/`) and the
 * reader (`archive-reader.ts`). The archive is a standard ZIP (Zip64) that `unzip` opens; a hashed
 * index stored as its first entry lets a reader find any file with a few range reads.
 * docs/archive.md describes every byte; this module is that description in code. Nothing here is
 * specific to a runtime.
 */

/** The ZIP entry that holds the index: the first entry of every archive. */
export const INDEX_ENTRY = '.archive-index';
/**
 * The format version this code writes and reads (3 had no opening record; earlier ones grouped
 * files otherwise).
 */
export const FORMAT_VERSION = 4;
/** The index header's first bytes. */
export const MAGIC = 'FSAPIARC';
/** Size of the index header. */
export const HEADER_SIZE = 64;
/** Size of one root entry (one per leaf). */
export const ROOT_ENTRY_SIZE = 16;
/** Size of one leaf entry (one per file). */
export const LEAF_ENTRY_SIZE = 24;
/** Most leaves an index has, so that the header and root fit in the first read. */
export const MAX_LEAVES = 4096;
/**
 * Files per leaf the writer aims at. Smaller leaves cost a reader over HTTP more reads, not
 * fewer: one that asks for many files finds more of them in leaves it holds (`npm run bench`).
 */
export const LEAF_TARGET = 4096;

/** ZIP record signatures and fixed sizes (APPNOTE 6.3.10). */
export const ZIP = {
  local: 0x04034b50,
  central: 0x02014b50,
  zip64End: 0x06064b50,
  zip64Locator: 0x07064b50,
  end: 0x06054b50,
  localSize: 30,
  centralSize: 46,
  zip64EndSize: 56,
  zip64LocatorSize: 20,
  endSize: 22,
  /** General purpose flag: names are UTF-8. */
  utf8: 0x0800,
  stored: 0,
  deflated: 8,
  /** 1980-01-01 00:00, the earliest DOS date: every entry has it, so builds are reproducible. */
  dosDate: 0x0021,
} as const;

/** Bytes of the local header and name that precede the index data in every archive. */
export const INDEX_DATA_START = ZIP.localSize + INDEX_ENTRY.length;
/**
 * The first read of a cold reader: the index entry's local header, the header and the largest
 * root. After a smaller root it holds the opening record too, when that fits.
 */
export const FIRST_READ = INDEX_DATA_START + HEADER_SIZE + MAX_LEAVES * ROOT_ENTRY_SIZE;

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
  for (const byte of new TextEncoder().encode(path)) {
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

/** The index header: where everything else is, and what the whole archive must look like. */
export interface IndexHeader {
  version: number;
  /** log2 of the number of leaves. */
  leafBits: number;
  /** Files in the archive (the index entry not counted). */
  files: number;
  /** Offset of the first data entry's local header: the end of the index entry. */
  dataStart: number;
  /** Length of the whole archive: a longer or shorter file is refused. */
  archiveLength: number;
  /** CRC-32 of the root. */
  rootCrc: number;
  /**
   * A copy of the record of the file every reader reads first (the manifest), after the root:
   * opening reads it with the root, not with a leaf and then the record. Length 0: none.
   */
  opening: OpeningRecord;
}

/** Where the opening record is in the index data, and its CRC-32. */
export interface OpeningRecord {
  /** Offset of the record from the start of the index data. */
  offset: number;
  /** The whole record, as in the data: local header, name and compressed data. */
  length: number;
  crc: number;
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
 * archive length u64, root CRC u32, the opening record's offset, length and CRC-32 (u32 each),
 * reserved zeros to byte 60, then the CRC-32 of bytes 0-59.
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
  view.setUint32(60, crc32(bytes.subarray(0, 60)), true);
  return bytes;
}

/** One root entry: where a leaf is in the index data, its CRC-32 and its number of files. */
export interface RootEntry {
  /** Offset of the compressed leaf from the start of the index data. */
  offset: number;
  length: number;
  crc: number;
  files: number;
}

/** One leaf entry: a file's key, and its local header's offset from `dataStart`, length, CRC. */
export interface LeafEntry extends PathKey {
  offset: number;
  /** The whole ZIP record: local header, name and compressed data. */
  length: number;
  /** CRC-32 of those bytes as stored, checked before any of them is used. */
  crc: number;
}

/** The gzip member around a raw deflate stream (RFC 1952): header, data, CRC-32 and length. */
export function gzipMember(deflated: Uint8Array, crc: number, size: number): Uint8Array {
  const out = new Uint8Array(10 + deflated.length + 8);
  // ID1 ID2, deflate, no flags, no mtime, no extra flags, OS unknown.
  out.set([0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 0xff], 0);
  out.set(deflated, 10);
  const view = new DataView(out.buffer, out.byteOffset + 10 + deflated.length, 8);
  view.setUint32(0, crc, true);
  view.setUint32(4, size >>> 0, true);
  return out;
}
