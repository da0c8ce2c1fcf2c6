import { closeSync, openSync, readFileSync, readSync, rmSync, statSync } from 'node:fs';
import { brotliDecompressSync, crc32 } from 'node:zlib';
import {
  BLOCK_HEADER_SIZE,
  blockRecords,
  type BlockRecords,
  encodeHeader,
  fileKey,
  FORMAT_VERSION,
  HEAD_CODE,
  HEADER_SIZE,
  LEAF_HEADER_SIZE,
  LEAF_KEY_SIZE,
  leafBits,
  leafOf,
  readLiteral,
  PIECE_FILES,
  ROOT_ENTRY_SIZE,
} from '../../contract/archive-format.ts';
import { ByteWriter, Varint } from '../../contract/bytes.ts';
import { indexHash, type ArchiveWriter } from './parts.ts';
import type { Hash } from 'node:crypto';
import { dirname, join } from 'node:path';
import { BLOCK_LINE_SIZE, BufferedFile, eachLine, LINE_HEAD_SIZE } from '../output/archive-sink.ts';
import { compress, compressAsync } from '../output/compress.ts';
import { LeafTables, readSegmentHead } from '../output/head-of.ts';
import { writeLeafHeads } from '../../contract/page-head.ts';
import { faultPoint } from '../../data/faults.ts';
import { MANIFEST_FILE } from '../../contract/manifest.ts';
import { DuplicateOutputError } from '../output/sink.ts';

/**
 * Lays the segments written by the tasks (`archive-sink.ts`) end to end into one archive
 * (format: docs/archive.md): the header, the root, the opening file and the leaves of the index,
 * then every segment's blocks. Each file's template names its blocks by their number in its
 * segment; the leaves name them by their place in the archive. Memory holds about 30 bytes per
 * file to sort the index by and the blocks' places; the leaves go to a scratch file beside the
 * segments, and the records are copied, never held.
 */

/** The keys of every file and where its line is, in the order of the segments. */
class Entries {
  count = 0;
  hi = new Uint32Array(1024);
  lo = new Uint32Array(1024);
  segment = new Uint16Array(1024);
  offset = new Float64Array(1024);
  length = new Uint32Array(1024);

  push(hi: number, lo: number, segment: number, offset: number, length: number): void {
    if (this.count === this.hi.length) this.grow();
    const i = this.count++;
    this.hi[i] = hi;
    this.lo[i] = lo;
    this.segment[i] = segment;
    this.offset[i] = offset;
    this.length[i] = length;
  }

  private grow(): void {
    const grown = <T extends Uint32Array | Float64Array | Uint16Array>(a: T): T => {
      const b = new (a.constructor as new (n: number) => T)(a.length * 2);
      b.set(a);
      return b;
    };
    this.hi = grown(this.hi);
    this.lo = grown(this.lo);
    this.segment = grown(this.segment);
    this.offset = grown(this.offset);
    this.length = grown(this.length);
  }
}

/** A segment as the assembler reads it: its index lines, and its blocks placed in the data. */
interface Segment {
  base: string;
  /** Where its data starts among all the segments' data. */
  start: number;
  /** Each block's offset in the data of the archive (from `dataStart`), length and size. */
  blockOffset: Float64Array;
  blockLength: Uint32Array;
  blockSize: Uint32Array;
  /** The open `<base>.index` and `<base>.data`. */
  index: number;
  data: number;
}

/**
 * Writes the archive of `segments` (paths without extension, in their order in the archive)
 * through the writer `open` returns for the SHA-256 of its index (`indexHash`) and its length:
 * one new file, or parts (`archive-parts.ts`). Returns the number of files and the archive's
 * length.
 */
export async function assembleArchive(
  segments: readonly string[],
  open: (index: Hash, length: number) => ArchiveWriter,
): Promise<{ files: number; length: number }> {
  const opened: Segment[] = [];
  const leavesFile = join(dirname(segments[0]!), '.leaves');
  try {
    const { entries, dataLength } = readSegments(segments, opened);
    const order = sortedOrder(entries);
    assertNoDuplicates(entries, order, opened);
    const opening = openingFile(entries, opened);
    const leavesOut = new BufferedFile(leavesFile);
    const { bits, root } = await indexLeaves(entries, order, opened, opening.length, leavesOut);
    leavesOut.close();
    const dataStart = HEADER_SIZE + root.length + opening.length + leavesOut.position;
    const archiveLength = dataStart + dataLength;
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
          crc: opening.length > 0 ? crc32(opening.stored) : 0,
          size: opening.size,
        },
      },
      crc32,
    );
    const head = Buffer.concat([header, root, opening.stored]);
    const index = indexHash().update(head);
    eachChunk(leavesFile, (chunk) => index.update(chunk));
    const out = open(index, archiveLength);
    out.write(head);
    eachChunk(leavesFile, (chunk) => out.write(chunk));
    writeData(out, opened);
    if (out.position !== archiveLength)
      throw new Error(`archive length ${out.position}, expected ${archiveLength}`);
    out.close({ sync: true });
    return { files: entries.count, length: archiveLength };
  } finally {
    for (const segment of opened) {
      closeSync(segment.index);
      closeSync(segment.data);
    }
    rmSync(leavesFile, { force: true });
  }
}

/** Calls `chunk` with a file's bytes, 4 MiB at a time (the buffer is reused). */
function eachChunk(file: string, chunk: (bytes: Buffer) => void): void {
  const buffer = Buffer.allocUnsafe(4 << 20);
  const fd = openSync(file, 'r');
  try {
    for (let n; (n = readSync(fd, buffer, 0, buffer.length, null)) > 0;)
      chunk(buffer.subarray(0, n));
  } finally {
    closeSync(fd);
  }
}

/**
 * The entries of every segment's index lines, and each segment opened (into `opened`) with its
 * blocks placed in the data of all the segments laid end to end; the length of all of it.
 */
function readSegments(
  bases: readonly string[],
  opened: Segment[],
): { entries: Entries; dataLength: number } {
  const entries = new Entries();
  let dataLength = 0;
  bases.forEach((base, s) => {
    const lines = readFileSync(`${base}.blocks`);
    const count = lines.length / BLOCK_LINE_SIZE;
    const segment: Segment = {
      base,
      start: dataLength,
      blockOffset: new Float64Array(count),
      blockLength: new Uint32Array(count),
      blockSize: new Uint32Array(count),
      index: openSync(`${base}.index`, 'r'),
      data: -1,
    };
    opened.push(segment);
    segment.data = openSync(`${base}.data`, 'r');
    for (let b = 0; b < count; b++) {
      const at = b * BLOCK_LINE_SIZE;
      segment.blockOffset[b] =
        dataLength + lines.readUInt32LE(at) + lines.readUInt32LE(at + 4) * 2 ** 32;
      segment.blockLength[b] = lines.readUInt32LE(at + 8);
      segment.blockSize[b] = lines.readUInt32LE(at + 12);
    }
    eachLine(base, (line) => entries.push(line.hi, line.lo, s, line.offset, line.length));
    dataLength += statSync(`${base}.data`).size;
  });
  return { entries, dataLength };
}

/** Bytes between two index lines of one segment that one read spans rather than two. */
const READ_GAP = 4096;

/**
 * The bodies of the index lines of entries `order[start]` to `order[end - 1]` (one leaf's), in
 * that order: read in the order of the segments' files, neighbouring lines in one read, where a
 * read each cost more in system calls than the rest of the index.
 */
function lineBodies(
  entries: Entries,
  order: Uint32Array,
  start: number,
  end: number,
  segments: readonly Segment[],
): Varint[] {
  const { segment, offset, length } = entries;
  const byPlace = Array.from({ length: end - start }, (_, k) => k).sort((a, b) => {
    const i = order[start + a]!;
    const j = order[start + b]!;
    return segment[i]! - segment[j]! || offset[i]! - offset[j]!;
  });
  const bodies: Varint[] = new Array<Varint>(end - start);
  for (let first = 0; first < byPlace.length;) {
    const i = order[start + byPlace[first]!]!;
    let last = first;
    let until = offset[i]! + length[i]!;
    for (; last + 1 < byPlace.length; last++) {
      const j = order[start + byPlace[last + 1]!]!;
      if (segment[j] !== segment[i] || offset[j]! > until + READ_GAP) break;
      until = Math.max(until, offset[j]! + length[j]!);
    }
    const bytes = Buffer.allocUnsafe(until - offset[i]!);
    readSync(segments[segment[i]!]!.index, bytes, 0, bytes.length, offset[i]!);
    for (let k = first; k <= last; k++) {
      const j = order[start + byPlace[k]!]!;
      const at = offset[j]! - offset[i]!;
      bodies[byPlace[k]!] = new Varint(bytes.subarray(at, at + length[j]!), LINE_HEAD_SIZE);
    }
    first = last + 1;
  }
  return bodies;
}

/** The body of entry `i`'s index line: its name and its template, as its segment wrote them. */
function lineBody(entries: Entries, i: number, segments: readonly Segment[]): Varint {
  const bytes = Buffer.allocUnsafe(entries.length[i]!);
  readSync(segments[entries.segment[i]!]!.index, bytes, 0, bytes.length, entries.offset[i]!);
  return new Varint(bytes, LINE_HEAD_SIZE);
}

/** The name of a line's file, read from its body (which is left at its template). */
function lineName(line: Varint): string {
  return Buffer.from(line.take(line.read())).toString('utf8');
}

/**
 * A template with its blocks numbered in its segment, as the archive's (`readTemplate`): its
 * blocks by their places in the archive, its head (only a first literal is one) by its entries
 * in the leaf's `tables`, the rest as it is.
 */
function placeTemplate(line: Varint, segment: Segment, tables: LeafTables, out: ByteWriter): void {
  const blocks = line.read();
  out.varint(blocks);
  for (let b = 0; b < blocks; b++) {
    const block = line.read();
    out.varint(segment.blockOffset[block]!);
    out.varint(segment.blockLength[block]!);
    out.varint(segment.blockSize[block]!);
  }
  out.varint(line.read());
  const code = line.read();
  out.varint(code);
  if (code === HEAD_CODE) tables.write(out, readSegmentHead(line));
  out.bytes(line.bytes.subarray(line.at));
}

/**
 * Leaves being compressed at once: enough to keep the thread pool busy while the main thread
 * gathers the next ones, few enough that their bytes stay a few megabytes.
 */
const LEAVES_IN_FLIGHT = 16;

/**
 * The root and the leaves of the index: the entries, sorted by key, cut into 2^bits leaves by the
 * key's top bits, each written to `out` as its directory and its pieces (`leafBytes`), compressed
 * on the thread pool while the next are gathered; the root says where each leaf is (after the
 * header, the root and the `before` bytes of the opening file), its length, its CRC-32, its files
 * and its directory's size.
 */
async function indexLeaves(
  entries: Entries,
  order: Uint32Array,
  segments: readonly Segment[],
  before: number,
  out: BufferedFile,
): Promise<{ bits: number; root: Buffer }> {
  const bits = leafBits(entries.count);
  const count = 2 ** bits;
  const root = Buffer.alloc(count * ROOT_ENTRY_SIZE);
  let offset = HEADER_SIZE + root.length + before;
  const write = (leaf: number, files: number, stored: StoredLeaf | null) => {
    const at = leaf * ROOT_ENTRY_SIZE;
    root.writeUInt32LE(offset, at);
    root.writeUInt32LE(stored?.bytes.length ?? 0, at + 4);
    root.writeUInt32LE(stored ? crc32(stored.bytes) : 0, at + 8);
    root.writeUInt32LE(files, at + 12);
    root.writeUInt32LE(stored?.directorySize ?? 0, at + 16);
    if (stored) out.write(stored.bytes);
    offset += stored?.bytes.length ?? 0;
    if (offset >= 2 ** 32) throw new Error('the archive index is larger than 4 GiB');
  };
  const pending: { leaf: number; files: number; stored: Promise<StoredLeaf | null> }[] = [];
  const writeFirst = async () => {
    const { leaf, files, stored } = pending.shift()!;
    write(leaf, files, await stored);
  };
  let next = 0;
  try {
    for (let leaf = 0; leaf < count; leaf++) {
      const start = next;
      while (
        next < entries.count &&
        leafOf({ hi: entries.hi[order[next]!]!, lo: 0 }, bits) === leaf
      )
        next++;
      const stored =
        next > start
          ? leafBytes(leafParts(entries, order, start, next, segments))
          : Promise.resolve(null);
      pending.push({ leaf, files: next - start, stored });
      if (pending.length >= LEAVES_IN_FLIGHT) await writeFirst();
    }
    while (pending.length > 0) await writeFirst();
  } finally {
    // A failure leaves no compression unawaited.
    await Promise.allSettled(pending.map((p) => p.stored));
  }
  return { bits, root };
}

/** A leaf as stored, and the size of its directory decompressed. */
interface StoredLeaf {
  bytes: Buffer;
  directorySize: number;
}

/** A leaf before it is compressed: its files' keys, its tables of heads, its pieces' bytes. */
interface LeafParts {
  keys: Buffer;
  tables: LeafTables;
  pieces: Uint8Array[];
}

/**
 * The parts of the leaf of entries `order[start]` to `order[end - 1]`: each file's key, and its
 * name and template (its blocks placed, its head in the leaf's tables) in a piece of
 * `PIECE_FILES` files.
 */
function leafParts(
  entries: Entries,
  order: Uint32Array,
  start: number,
  end: number,
  segments: readonly Segment[],
): LeafParts {
  const keys = Buffer.alloc((end - start) * LEAF_KEY_SIZE);
  const tables = new LeafTables();
  const pieces: Uint8Array[] = [];
  const entry = new ByteWriter();
  let piece = new ByteWriter();
  const bodies = lineBodies(entries, order, start, end, segments);
  for (let k = start; k < end; k++) {
    const i = order[k]!;
    keys.writeUInt32LE(entries.hi[i]!, (k - start) * LEAF_KEY_SIZE);
    keys.writeUInt32LE(entries.lo[i]!, (k - start) * LEAF_KEY_SIZE + 4);
    const line = bodies[k - start]!;
    const nameStart = line.at;
    line.take(line.read());
    entry.bytes(line.bytes.subarray(nameStart, line.at));
    placeTemplate(line, segments[entries.segment[i]!]!, tables, entry);
    piece.varint(entry.length);
    piece.bytes(entry.view());
    entry.clear();
    if ((k - start + 1) % PIECE_FILES === 0 || k + 1 === end) {
      pieces.push(piece.view());
      piece = new ByteWriter();
    }
  }
  return { keys, tables, pieces };
}

/**
 * A leaf as stored (`readLeafDirectory`): its directory's stored length, its directory (its
 * files' keys, the files a piece holds, its tables of heads, each piece's stored length and
 * size) compressed, then its pieces, each compressed on its own.
 */
async function leafBytes({ keys, tables, pieces: raw }: LeafParts): Promise<StoredLeaf> {
  const pieces = await Promise.all(raw.map((piece) => compressAsync(piece)));
  const directory = new ByteWriter();
  directory.bytes(keys);
  directory.varint(PIECE_FILES);
  writeLeafHeads(directory, tables.heads);
  pieces.forEach((stored, p) => {
    directory.varint(stored.length);
    directory.varint(raw[p]!.length);
  });
  const compressed = await compressAsync(directory.view());
  const length = Buffer.alloc(LEAF_HEADER_SIZE);
  length.writeUInt32LE(compressed.length);
  return {
    bytes: Buffer.concat([length, compressed, ...pieces]),
    directorySize: directory.length,
  };
}

/** The order of the entries by key (and by segment and line among equal keys: deterministic). */
function sortedOrder(entries: Entries): Uint32Array {
  const { hi, lo, segment, offset } = entries;
  const order = new Uint32Array(entries.count);
  for (let i = 0; i < order.length; i++) order[i] = i;
  return order.sort(
    (a, b) =>
      hi[a]! - hi[b]! || lo[a]! - lo[b]! || segment[a]! - segment[b]! || offset[a]! - offset[b]!,
  );
}

/**
 * Two entries with one key are either a hash collision (kept: the reader tells them apart by name)
 * or one path written twice: a wrong registry or database, refused as the tree refuses it.
 */
function assertNoDuplicates(
  entries: Entries,
  order: Uint32Array,
  segments: readonly Segment[],
): void {
  for (let k = 1; k < order.length; k++) {
    const [a, b] = [order[k - 1]!, order[k]!];
    if (entries.hi[a] !== entries.hi[b] || entries.lo[a] !== entries.lo[b]) continue;
    const name = lineName(lineBody(entries, a, segments));
    // Equal keys are adjacent: any earlier one with this name was compared with its neighbours.
    for (let j = k; j < order.length; j++) {
      const c = order[j]!;
      if (entries.hi[c] !== entries.hi[a] || entries.lo[c] !== entries.lo[a]) break;
      if (lineName(lineBody(entries, c, segments)) === name) throw new DuplicateOutputError(name);
    }
  }
}

/**
 * The manifest, which the index holds after the root so that a reader has it with its first
 * read: the varint length of its path, its path and its bytes, compressed together. Empty when the
 * archive has none.
 */
function openingFile(
  entries: Entries,
  segments: readonly Segment[],
): { stored: Buffer; length: number; size: number } {
  const key = fileKey(MANIFEST_FILE);
  for (let i = 0; i < entries.count; i++) {
    if (entries.hi[i] !== key.hi || entries.lo[i] !== key.lo) continue;
    const line = lineBody(entries, i, segments);
    // Another path with the same key (a hash collision) is not the manifest.
    if (lineName(line) !== MANIFEST_FILE) continue;
    const bytes = madeFile(line, segments[entries.segment[i]!]!);
    const head = new ByteWriter();
    head.varint(Buffer.byteLength(MANIFEST_FILE));
    head.bytes(Buffer.from(MANIFEST_FILE));
    head.bytes(bytes);
    const raw = head.view();
    const stored = compress(raw);
    return { stored, length: stored.length, size: raw.length };
  }
  return { stored: Buffer.alloc(0), length: 0, size: 0 };
}

/** A file's bytes from its segment's template and blocks. */
function madeFile(line: Varint, segment: Segment): Buffer {
  const blocks: BlockRecords[] = [];
  for (let b = line.read(); b > 0; b--) {
    const block = line.read();
    const stored = Buffer.allocUnsafe(segment.blockLength[block]!);
    readSync(segment.data, stored, 0, stored.length, segment.blockOffset[block]! - segment.start);
    blocks.push(blockRecords(brotliDecompressSync(stored.subarray(BLOCK_HEADER_SIZE))));
  }
  const parts: Uint8Array[] = [];
  const literal = () => parts.push(readLiteral(line, readSegmentHead));
  const n = line.read();
  literal();
  for (let r = 0; r < n; r++) {
    const slot = line.read();
    parts.push(blocks[slot]!.record(line.read())!);
    literal();
  }
  return Buffer.concat(parts);
}

/** Writes every segment's blocks in order. */
function writeData(out: ArchiveWriter, segments: readonly Segment[]): void {
  const chunk = Buffer.allocUnsafe(4 << 20);
  for (const segment of segments) {
    for (let n; (n = readSync(segment.data, chunk, 0, chunk.length, null)) > 0;)
      out.write(chunk.subarray(0, n));
    faultPoint('archive:segment');
  }
}
