import {
  closeSync,
  openSync,
  readdirSync,
  readFileSync,
  readSync,
  rmSync,
  statSync,
} from 'node:fs';
import { Worker } from 'node:worker_threads';
import { brotliDecompressSync, crc32 } from 'node:zlib';
import {
  BLOCK_HEADER_SIZE,
  blockRecords,
  type BlockRecords,
  encodeHeader,
  encodeOpening,
  fileKey,
  FORMAT_VERSION,
  HEADER_SIZE,
  leafBits,
  leafOf,
  readLiteral,
  ROOT_ENTRY_SIZE,
} from '../../contract/archive-format.ts';
import { Varint } from '../../contract/bytes.ts';
import { indexHash, type ArchiveWriter } from './parts.ts';
import type { Hash } from 'node:crypto';
import { dirname, join } from 'node:path';
import { BLOCK_LINE_SIZE, eachLine, LINE_HEAD_SIZE } from '../output/archive-sink.ts';
import { compress } from '../output/compress.ts';
import { readSegmentHead } from '../output/head-of.ts';
import { writeLeafRange, type BlockPlaces, type LeafRange, type LeafRoots } from './leaf-range.ts';
import { faultPoint } from '../../data/faults.ts';
import { MANIFEST_FILE } from '../../contract/manifest.ts';
import { DuplicateOutputError } from '../output/sink.ts';

/**
 * Lays the segments written by the tasks (`archive-sink.ts`) end to end into one archive
 * (format: docs/archive.md): the header, the root, the opening stream and the leaves of the
 * index, then every segment's blocks. Each file's template names its blocks by their number in
 * its segment; the leaves name them by their segment and their offset in it. Memory holds about
 * 30 bytes per file to sort the index by and the blocks' places, and 22 more while the leaves are
 * written, on several threads into scratch files beside the segments; the records are copied,
 * never held.
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
  /** The length of its data: its blocks end to end. */
  length: number;
  /** Each block's offset in the segment's data, length and size. */
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
 * one new file, or parts (`archive-parts.ts`). The leaves of the index are written on up to
 * `threads` threads, one for each `filesPerThread` files of the index (the archive is the same on
 * any number). Returns the number of files and the archive's length.
 */
export async function assembleArchive(
  segments: readonly string[],
  open: (index: Hash, length: number) => ArchiveWriter,
  { threads = 1, filesPerThread = FILES_PER_THREAD } = {},
): Promise<{ files: number; length: number }> {
  const opened: Segment[] = [];
  const scratch = dirname(segments[0]!);
  try {
    const { entries, dataLength } = readSegments(segments, opened);
    const order = sortedOrder(entries);
    assertNoDuplicates(entries, order, opened);
    const opening = openingStream(entries, opened);
    const runs = Math.max(1, Math.min(threads, Math.floor(entries.count / filesPerThread)));
    const index = await indexLeaves(entries, order, opened, opening.length, scratch, runs);
    const { bits, root, files: leaves } = index;
    let leavesLength = 0;
    for (const file of leaves) leavesLength += statSync(file).size;
    const dataStart = HEADER_SIZE + root.length + opening.length + leavesLength;
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
          offset: HEADER_SIZE + root.length,
          length: opening.length,
          crc: crc32(opening.stored),
          size: opening.size,
        },
      },
      crc32,
    );
    const head = Buffer.concat([header, root, opening.stored]);
    const hash = indexHash().update(head);
    for (const file of leaves) eachChunk(file, (chunk) => hash.update(chunk));
    const out = open(hash, archiveLength);
    out.write(head);
    for (const file of leaves) eachChunk(file, (chunk) => out.write(chunk));
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
    // Every run's file, those of a failed run too.
    for (const file of readdirSync(scratch))
      if (file.startsWith('.leaves-')) rmSync(join(scratch, file), { force: true });
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
      length: statSync(`${base}.data`).size,
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
      segment.blockOffset[b] = lines.readUInt32LE(at) + lines.readUInt32LE(at + 4) * 2 ** 32;
      segment.blockLength[b] = lines.readUInt32LE(at + 8);
      segment.blockSize[b] = lines.readUInt32LE(at + 12);
    }
    eachLine(base, (line) => entries.push(line.hi, line.lo, s, line.offset, line.length));
    dataLength += segment.length;
  });
  return { entries, dataLength };
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
 * Files of the index a thread of its assembly writes the leaves of, at least: a thread takes a
 * second or so to start (its TypeScript is loaded again), and a demo's index takes about that.
 */
export const FILES_PER_THREAD = 250_000;

/** The entry of a thread of the assembly (`leaf-worker.ts`, loaded as a build worker is). */
const BOOT = new URL('../worker-boot.mjs', import.meta.url);

/**
 * The root and the leaves of the index: the entries, sorted by key, cut into 2^bits leaves by the
 * key's top bits, and the leaves into `runs` of about as many files, one a thread
 * (`leaf-range.ts`): this one writes the first while others write the rest, each to its own file
 * in `scratch`. The root says where each leaf is (after the header, the root and the `before`
 * bytes of the opening stream), its length, its CRC-32, its files and its directory's size. Returns
 * the root and the files of the leaves in their order, which the archive holds end to end.
 */
async function indexLeaves(
  entries: Entries,
  order: Uint32Array,
  segments: readonly Segment[],
  before: number,
  scratch: string,
  runs: number,
): Promise<{ bits: number; root: Buffer; files: string[] }> {
  const bits = leafBits(entries.count);
  const count = 2 ** bits;
  // Each leaf's first entry in key order, and one past the last.
  const starts = new Uint32Array(count + 1);
  for (let k = 0, leaf = 0; leaf <= count; leaf++) {
    while (k < entries.count && leafOf({ hi: entries.hi[order[k]!]!, lo: 0 }, bits) < leaf) k++;
    starts[leaf] = k;
  }
  const cuts = [0];
  for (let r = 1; r < runs; r++) {
    let leaf = cuts.at(-1)!;
    while (leaf < count && starts[leaf]! < (entries.count * r) / runs) leaf++;
    cuts.push(leaf);
  }
  cuts.push(count);
  // A leaf is never cut: runs that would fall in one leaf are one run.
  const bounds = [...new Set(cuts)];
  const places: BlockPlaces[] = segments.map((s, number) => ({
    base: s.base,
    number,
    offset: s.blockOffset,
    length: s.blockLength,
    size: s.blockSize,
  }));
  const ranges = bounds
    .slice(1)
    .map((end, r) =>
      leafRange(entries, order, starts, bounds[r]!, end, places, join(scratch, `.leaves-${r}`)),
    );
  // The other threads first: they start while this one writes the first run.
  const others = ranges.slice(1).map(inThread);
  let roots: LeafRoots[];
  try {
    roots = [writeLeafRange(ranges[0]!), ...(await Promise.all(others.map((t) => t.roots)))];
  } finally {
    // Stopped once done or failed, and every promise settled: a failure rejects the others.
    await Promise.allSettled(others.flatMap((t) => [t.roots, t.stop()]));
  }
  return { bits, root: rootOf(ranges, roots, count, before), files: ranges.map((r) => r.out) };
}

/**
 * The root of `count` leaves written in `ranges`, as `roots` say of them, laid end to end after
 * the header, the root and the `before` bytes of the opening stream.
 */
function rootOf(ranges: LeafRange[], roots: LeafRoots[], count: number, before: number): Buffer {
  const root = Buffer.alloc(count * ROOT_ENTRY_SIZE);
  let offset = HEADER_SIZE + root.length + before;
  ranges.forEach((range, r) => {
    const { files, length, crc, directorySize } = roots[r]!;
    for (let k = 0; k < range.end - range.first; k++) {
      const at = (range.first + k) * ROOT_ENTRY_SIZE;
      root.writeUInt32LE(offset, at);
      root.writeUInt32LE(length[k]!, at + 4);
      root.writeUInt32LE(crc[k]!, at + 8);
      root.writeUInt32LE(files[k]!, at + 12);
      root.writeUInt32LE(directorySize[k]!, at + 16);
      offset += length[k]!;
      if (offset >= 2 ** 32) throw new Error('the archive index is larger than 4 GiB');
    }
  });
  return root;
}

/** The run of leaves `first` to `end` (exclusive): their entries copied out in key order. */
function leafRange(
  entries: Entries,
  order: Uint32Array,
  starts: Uint32Array,
  first: number,
  end: number,
  segments: BlockPlaces[],
  out: string,
): LeafRange {
  const from = starts[first]!;
  const n = starts[end]! - from;
  const range: LeafRange = {
    first,
    end,
    starts: starts.slice(first, end + 1).map((s) => s - from),
    hi: new Uint32Array(n),
    lo: new Uint32Array(n),
    segment: new Uint16Array(n),
    offset: new Float64Array(n),
    length: new Uint32Array(n),
    segments,
    out,
  };
  for (let k = 0; k < n; k++) {
    const i = order[from + k]!;
    range.hi[k] = entries.hi[i]!;
    range.lo[k] = entries.lo[i]!;
    range.segment[k] = entries.segment[i]!;
    range.offset[k] = entries.offset[i]!;
    range.length[k] = entries.length[i]!;
  }
  return range;
}

/** A run of leaves written on a thread of its own: what the root says of them, once written. */
function inThread(range: LeafRange): { roots: Promise<LeafRoots>; stop: () => Promise<number> } {
  const worker = new Worker(BOOT, { workerData: { entry: 'leaves', range } });
  const roots = new Promise<LeafRoots>((resolve, reject) => {
    worker.once('message', resolve);
    worker.once('error', (e) => reject(new Error(`An archive assembly thread failed: ${e}`)));
    worker.once('exit', (code) =>
      reject(new Error(`An archive assembly thread exited with code ${code}`)),
    );
  });
  return { roots, stop: () => worker.terminate() };
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
 * The opening stream (`encodeOpening`), compressed: the length of each segment's data, then the
 * manifest, which the index so holds after the root for a reader to have with its first read.
 */
function openingStream(
  entries: Entries,
  segments: readonly Segment[],
): { stored: Buffer; length: number; size: number } {
  const raw = encodeOpening({
    lengths: segments.map((s) => s.length),
    file: manifest(entries, segments),
  });
  const stored = compress(raw, 'index');
  return { stored, length: stored.length, size: raw.length };
}

/** The manifest's path and bytes, or null when the archive has none. */
function manifest(entries: Entries, segments: readonly Segment[]) {
  const key = fileKey(MANIFEST_FILE);
  for (let i = 0; i < entries.count; i++) {
    if (entries.hi[i] !== key.hi || entries.lo[i] !== key.lo) continue;
    const line = lineBody(entries, i, segments);
    // Another path with the same key (a hash collision) is not the manifest.
    if (lineName(line) !== MANIFEST_FILE) continue;
    return { path: MANIFEST_FILE, bytes: madeFile(line, segments[entries.segment[i]!]!) };
  }
  return null;
}

/** A file's bytes from its segment's template and blocks. */
function madeFile(line: Varint, segment: Segment): Buffer {
  const blocks: BlockRecords[] = [];
  for (let b = line.read(); b > 0; b--) {
    const block = line.read();
    const stored = Buffer.allocUnsafe(segment.blockLength[block]!);
    readSync(segment.data, stored, 0, stored.length, segment.blockOffset[block]!);
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
