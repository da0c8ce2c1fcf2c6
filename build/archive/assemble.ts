import { closeSync, openSync, readSync, statSync } from 'node:fs';
import { crc32, deflateRawSync } from 'node:zlib';
import {
  encodeHeader,
  fileKey,
  FORMAT_VERSION,
  HEADER_SIZE,
  INDEX_DATA_START,
  INDEX_ENTRY,
  LEAF_ENTRY_SIZE,
  leafBits,
  leafOf,
  ROOT_ENTRY_SIZE,
  setUint64,
  ZIP,
} from '../../contract/archive-format.ts';
import type { ArchiveWriter } from './parts.ts';
import { eachLine, localHeader, type IndexLine } from '../output/archive-sink.ts';
import { faultPoint } from '../../data/faults.ts';
import { MANIFEST_FILE } from '../../contract/manifest.ts';
import { DuplicateOutputError } from '../output/sink.ts';

/**
 * Lays the segments written by the tasks (`archive-sink.ts`) end to end into one ZIP file with the
 * hashed index as its first entry (format: docs/archive.md). Memory holds about 30 bytes per file
 * (the keys and places the index is sorted from), never the files or their names: 110 MB for the
 * 3.7 million files of all the real data.
 */

/** The ZIP comment: what `unzip -l` shows under the listing. */
const COMMENT = Buffer.from(
  `Football static API archive, format ${FORMAT_VERSION} (docs/archive.md)`,
);
const MAX32 = 0xffffffff;

/** The keys and places of every file, in the order of the data. */
class Entries {
  count = 0;
  hi = new Uint32Array(1024);
  lo = new Uint32Array(1024);
  offset = new Float64Array(1024);
  length = new Uint32Array(1024);
  crc = new Uint32Array(1024);
  nameLength = new Uint16Array(1024);

  push(line: IndexLine, base: number): void {
    if (this.count === this.hi.length) this.grow();
    const i = this.count++;
    this.hi[i] = line.hi;
    this.lo[i] = line.lo;
    this.offset[i] = base + line.offset;
    this.length[i] = line.length;
    this.crc[i] = line.recordCrc;
    this.nameLength[i] = Buffer.byteLength(line.name);
  }

  private grow(): void {
    const grown = <T extends Uint32Array | Float64Array | Uint16Array>(a: T): T => {
      const b = new (a.constructor as new (n: number) => T)(a.length * 2);
      b.set(a);
      return b;
    };
    this.hi = grown(this.hi);
    this.lo = grown(this.lo);
    this.offset = grown(this.offset);
    this.length = grown(this.length);
    this.crc = grown(this.crc);
    this.nameLength = grown(this.nameLength);
  }
}

/**
 * Writes the archive of `segments` (paths without extension, in their order in the archive)
 * through the writer `open` returns for its index and length: one new file, or parts
 * (`archive-parts.ts`). Returns the number of files and the archive's length.
 */
export function assembleArchive(
  segments: readonly string[],
  open: (index: Uint8Array, length: number) => ArchiveWriter,
): { files: number; length: number } {
  const { entries, bases, dataLength } = readSegments(segments);
  const files = entries.count;
  const order = sortedOrder(entries);
  assertNoDuplicates(entries, order, segments, bases);

  const opening = openingRecord(entries, segments, bases);
  const layout = archiveLayout(entries, order, opening, dataLength);
  const { index, archiveLength } = layout;

  const out = open(index, archiveLength);
  const indexCrc = crc32(index);
  writeIndexAndData(out, index, indexCrc, segments);

  out.write(central(INDEX_ENTRY, ZIP.stored, indexCrc, index.length, index.length, 0));
  writeCentralDirectory(out, segments, bases, layout.dataStart);
  out.write(ending(files + 1, layout.centralStart, layout.centralLength));
  if (out.position !== archiveLength)
    throw new Error(`archive length ${out.position}, expected ${archiveLength}`);
  out.close({ sync: true });
  return { files, length: archiveLength };
}

/**
 * The entries of every segment's index lines, each placed in the data of all the segments laid
 * end to end; where each segment's data starts (`bases`), and the length of all of it.
 */
function readSegments(segments: readonly string[]): {
  entries: Entries;
  bases: number[];
  dataLength: number;
} {
  const entries = new Entries();
  const bases: number[] = [];
  let dataLength = 0;
  for (const segment of segments) {
    bases.push(dataLength);
    const base = dataLength;
    eachLine(segment, (line) => entries.push(line, base));
    dataLength += statSync(`${segment}.data`).size;
  }
  return { entries, bases, dataLength };
}

/** The index of an archive, and where its data, its central directory and its end go. */
interface Layout {
  /** The header, the root, the opening record and the leaves. */
  index: Buffer;
  dataStart: number;
  centralStart: number;
  centralLength: number;
  archiveLength: number;
}

/** The layout of the archive of `entries`, with `dataLength` bytes of files' records. */
function archiveLayout(
  entries: Entries,
  order: Uint32Array,
  opening: Buffer,
  dataLength: number,
): Layout {
  const { bits, root, leaves } = indexLeaves(entries, order, opening.length);
  const indexLength =
    HEADER_SIZE + root.length + opening.length + leaves.reduce((n, leaf) => n + leaf.length, 0);
  const dataStart = INDEX_DATA_START + indexLength;
  const centralLength = centralDirectoryLength(entries, dataStart);
  const centralStart = dataStart + dataLength;
  const archiveLength =
    centralStart +
    centralLength +
    ZIP.zip64EndSize +
    ZIP.zip64LocatorSize +
    ZIP.endSize +
    COMMENT.length;
  const header = encodeHeader(
    {
      version: FORMAT_VERSION,
      leafBits: bits,
      files: entries.count,
      dataStart,
      archiveLength,
      rootCrc: crc32(root),
      opening: {
        offset: opening.length > 0 ? HEADER_SIZE + root.length : 0,
        length: opening.length,
        crc: opening.length > 0 ? crc32(opening) : 0,
      },
    },
    crc32,
  );
  const index = Buffer.concat([header, root, opening, ...leaves]);
  return { index, dataStart, centralStart, centralLength, archiveLength };
}

/** The central directory's length: the index's header and each file's, Zip64 past 4 GiB. */
function centralDirectoryLength(entries: Entries, dataStart: number): number {
  let centralLength = ZIP.centralSize + INDEX_ENTRY.length;
  for (let i = 0; i < entries.count; i++) {
    const extra = dataStart + entries.offset[i]! >= MAX32 ? 12 : 0;
    centralLength += ZIP.centralSize + entries.nameLength[i]! + extra;
  }
  return centralLength;
}

/** Writes the index as the first entry, stored, then the data of every segment in order. */
function writeIndexAndData(
  out: ArchiveWriter,
  index: Buffer,
  indexCrc: number,
  segments: readonly string[],
): void {
  const indexHeader = localHeader(Buffer.from(INDEX_ENTRY), indexCrc, index.length, index.length);
  indexHeader.writeUInt16LE(ZIP.stored, 8);
  out.write(indexHeader);
  out.write(index);
  const chunk = Buffer.allocUnsafe(4 << 20);
  for (const segment of segments) {
    const fd = openSync(`${segment}.data`, 'r');
    try {
      for (let n; (n = readSync(fd, chunk, 0, chunk.length, null)) > 0;)
        out.write(chunk.subarray(0, n));
    } finally {
      closeSync(fd);
    }
    faultPoint('archive:segment');
  }
}

/** Writes the central directory's header of every file, in the order of the data. */
function writeCentralDirectory(
  out: ArchiveWriter,
  segments: readonly string[],
  bases: readonly number[],
  dataStart: number,
): void {
  segments.forEach((segment, s) => {
    eachLine(segment, (line) => {
      const offset = dataStart + bases[s]! + line.offset;
      out.write(central(line.name, ZIP.deflated, line.crc, line.compressed, line.size, offset));
    });
  });
}

/**
 * The manifest's record as its segment holds it, which the index holds a copy of (the opening
 * record): a reader then has it with the root, in its first read. Empty when there is none.
 */
function openingRecord(
  entries: Entries,
  segments: readonly string[],
  bases: readonly number[],
): Buffer {
  const key = fileKey(MANIFEST_FILE);
  for (let i = 0; i < entries.count; i++) {
    if (entries.hi[i] !== key.hi || entries.lo[i] !== key.lo) continue;
    const offset = entries.offset[i]!;
    // The segment holding the record: the last that starts at or before it.
    const s = bases.findLastIndex((base) => base <= offset);
    const record = Buffer.alloc(entries.length[i]!);
    const fd = openSync(`${segments[s]}.data`, 'r');
    try {
      readSync(fd, record, 0, record.length, offset - bases[s]!);
    } finally {
      closeSync(fd);
    }
    // Another path with the same key (a hash collision) is not the manifest.
    const name = record.toString('utf8', ZIP.localSize, ZIP.localSize + record.readUInt16LE(26));
    if (name === MANIFEST_FILE) return record;
  }
  return Buffer.alloc(0);
}

/**
 * The root and the leaves of the index: the entries, sorted by key, cut into 2^bits leaves by the
 * key's top bits, each deflated; the root says where each leaf is in the index data (after the
 * header, the root and the `before` bytes of the opening record), its length, its CRC-32 and its
 * number of entries.
 */
function indexLeaves(
  entries: Entries,
  order: Uint32Array,
  before: number,
): { bits: number; root: Buffer; leaves: Buffer[] } {
  const bits = leafBits(entries.count);
  const count = 2 ** bits;
  const root = Buffer.alloc(count * ROOT_ENTRY_SIZE);
  const leaves: Buffer[] = [];
  let offset = HEADER_SIZE + root.length + before;
  let next = 0;
  for (let leaf = 0; leaf < count; leaf++) {
    const start = next;
    while (next < entries.count && leafOf({ hi: entries.hi[order[next]!]!, lo: 0 }, bits) === leaf)
      next++;
    const raw = Buffer.alloc((next - start) * LEAF_ENTRY_SIZE);
    const view = new DataView(raw.buffer, raw.byteOffset, raw.length);
    for (let k = start; k < next; k++) {
      const i = order[k]!;
      const at = (k - start) * LEAF_ENTRY_SIZE;
      view.setUint32(at, entries.hi[i]!, true);
      view.setUint32(at + 4, entries.lo[i]!, true);
      setUint64(view, at + 8, entries.offset[i]!);
      view.setUint32(at + 16, entries.length[i]!, true);
      view.setUint32(at + 20, entries.crc[i]!, true);
    }
    const stored = raw.length > 0 ? deflateRawSync(raw, { level: 9 }) : Buffer.alloc(0);
    root.writeUInt32LE(offset, leaf * ROOT_ENTRY_SIZE);
    root.writeUInt32LE(stored.length, leaf * ROOT_ENTRY_SIZE + 4);
    root.writeUInt32LE(crc32(stored), leaf * ROOT_ENTRY_SIZE + 8);
    root.writeUInt32LE(next - start, leaf * ROOT_ENTRY_SIZE + 12);
    leaves.push(stored);
    offset += stored.length;
  }
  return { bits, root, leaves };
}

/** The order of the entries by key (and by offset among equal keys, so it is deterministic). */
function sortedOrder(entries: Entries): Uint32Array {
  const { hi, lo, offset } = entries;
  const order = new Uint32Array(entries.count);
  for (let i = 0; i < order.length; i++) order[i] = i;
  return order.sort((a, b) => hi[a]! - hi[b]! || lo[a]! - lo[b]! || offset[a]! - offset[b]!);
}

/**
 * Two entries with one key are either a hash collision (kept: the reader tells them apart by name)
 * or one path written twice: a wrong registry or database, refused as the tree refuses it.
 */
function assertNoDuplicates(
  entries: Entries,
  order: Uint32Array,
  segments: readonly string[],
  bases: readonly number[],
): void {
  const shared = new Set<number>();
  for (let k = 1; k < order.length; k++) {
    const [a, b] = [order[k - 1]!, order[k]!];
    if (entries.hi[a] === entries.hi[b] && entries.lo[a] === entries.lo[b]) {
      shared.add(entries.offset[a]!);
      shared.add(entries.offset[b]!);
    }
  }
  if (shared.size === 0) return;
  const seen = new Set<string>();
  segments.forEach((segment, s) => {
    eachLine(segment, (line) => {
      if (!shared.has(bases[s]! + line.offset)) return;
      if (seen.has(line.name)) throw new DuplicateOutputError(line.name);
      seen.add(line.name);
    });
  });
}

/** A central directory header (APPNOTE 4.3.12), with a Zip64 offset past 4 GiB. */
function central(
  name: string,
  method: number,
  crc: number,
  compressed: number,
  size: number,
  offset: number,
): Buffer {
  const nameBytes = Buffer.from(name);
  const zip64 = offset >= MAX32;
  const header = Buffer.alloc(ZIP.centralSize + nameBytes.length + (zip64 ? 12 : 0));
  header.writeUInt32LE(ZIP.central, 0);
  header.writeUInt16LE((3 << 8) | 45, 4); // made by: Unix, APPNOTE 4.5
  header.writeUInt16LE(zip64 ? 45 : 20, 6);
  header.writeUInt16LE(ZIP.utf8, 8);
  header.writeUInt16LE(method, 10);
  header.writeUInt16LE(0, 12);
  header.writeUInt16LE(ZIP.dosDate, 14);
  header.writeUInt32LE(crc, 16);
  header.writeUInt32LE(compressed, 20);
  header.writeUInt32LE(size, 24);
  header.writeUInt16LE(nameBytes.length, 28);
  header.writeUInt16LE(zip64 ? 12 : 0, 30);
  // comment length, disk, internal attributes: 0; external: a regular file, mode 644.
  header.writeUInt32LE((0o100644 << 16) >>> 0, 38);
  header.writeUInt32LE(zip64 ? MAX32 : offset, 42);
  nameBytes.copy(header, ZIP.centralSize);
  if (zip64) {
    header.writeUInt16LE(1, ZIP.centralSize + nameBytes.length);
    header.writeUInt16LE(8, ZIP.centralSize + nameBytes.length + 2);
    const view = new DataView(header.buffer, header.byteOffset, header.length);
    setUint64(view, ZIP.centralSize + nameBytes.length + 4, offset);
  }
  return header;
}

/** The Zip64 end record, its locator and the end record with the comment (APPNOTE 4.3.14-16). */
function ending(entries: number, centralStart: number, centralLength: number): Buffer {
  const end = Buffer.alloc(ZIP.zip64EndSize + ZIP.zip64LocatorSize + ZIP.endSize + COMMENT.length);
  const view = new DataView(end.buffer, end.byteOffset, end.length);
  const zip64End = centralStart + centralLength;
  end.writeUInt32LE(ZIP.zip64End, 0);
  setUint64(view, 4, ZIP.zip64EndSize - 12);
  end.writeUInt16LE((3 << 8) | 45, 12);
  end.writeUInt16LE(45, 14);
  setUint64(view, 24, entries);
  setUint64(view, 32, entries);
  setUint64(view, 40, centralLength);
  setUint64(view, 48, centralStart);
  let at = ZIP.zip64EndSize;
  end.writeUInt32LE(ZIP.zip64Locator, at);
  setUint64(view, at + 8, zip64End);
  end.writeUInt32LE(1, at + 16);
  at += ZIP.zip64LocatorSize;
  end.writeUInt32LE(ZIP.end, at);
  end.writeUInt16LE(Math.min(entries, 0xffff), at + 8);
  end.writeUInt16LE(Math.min(entries, 0xffff), at + 10);
  end.writeUInt32LE(Math.min(centralLength, MAX32), at + 12);
  end.writeUInt32LE(Math.min(centralStart, MAX32), at + 16);
  end.writeUInt16LE(COMMENT.length, at + 20);
  COMMENT.copy(end, at + ZIP.endSize);
  return end;
}
