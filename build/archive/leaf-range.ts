import { closeSync, openSync, readSync } from 'node:fs';
import { crc32 } from 'node:zlib';
import {
  HEAD_CODE,
  LEAF_HEADER_SIZE,
  LEAF_KEY_SIZE,
  PIECE_FILES,
} from '../../contract/archive-format.ts';
import { ByteWriter, Varint } from '../../contract/bytes.ts';
import { writeLeafHeads } from '../../contract/page-head.ts';
import { BufferedFile, LINE_HEAD_SIZE } from '../output/archive-sink.ts';
import { compress } from '../output/compress.ts';
import { LeafTables, readSegmentHead } from '../output/head-of.ts';

/**
 * Writes a run of the index's leaves (docs/archive.md#leaves) to a file of its own: the
 * assembler (`assemble.ts`) cuts the leaves into runs of about as many files and writes them on as
 * many threads at once (`leaf-worker.ts`), then lays the files end to end. A leaf is made of its
 * files' index lines alone, read from the segments, so a run needs no other.
 */

/** Where each block of a segment lies in the archive's data: its templates' block numbers. */
export interface BlockPlaces {
  /** The segment's path without extension: its lines are in `<base>.index`. */
  base: string;
  /** The segment's number in the archive's table of segments (`encodeOpening`). */
  number: number;
  /** Each block's offset in the segment, stored length and size. */
  offset: Float64Array;
  length: Uint32Array;
  size: Uint32Array;
}

/** A run of leaves to write, with the files they hold. */
export interface LeafRange {
  /** The leaves from `first` to `end` (exclusive). */
  first: number;
  end: number;
  /** Each leaf's first file (from 0 in the arrays below), and one more for `end`. */
  starts: Uint32Array;
  /** The files of the run in key order: the key's halves, their segment and their line. */
  hi: Uint32Array;
  lo: Uint32Array;
  segment: Uint16Array;
  offset: Float64Array;
  length: Uint32Array;
  segments: BlockPlaces[];
  /** The file the leaves are written to, end to end. */
  out: string;
}

/** What the root says of each leaf of a run, in order (docs/archive.md#root). */
export interface LeafRoots {
  files: Uint32Array;
  /** Stored length, CRC-32 of the stored bytes, and size of the directory decompressed. */
  length: Uint32Array;
  crc: Uint32Array;
  directorySize: Uint32Array;
}

/** Writes the leaves of `range` to `range.out`; returns what the root says of each. */
export function writeLeafRange(range: LeafRange): LeafRoots {
  const leaves = range.end - range.first;
  const roots: LeafRoots = {
    files: new Uint32Array(leaves),
    length: new Uint32Array(leaves),
    crc: new Uint32Array(leaves),
    directorySize: new Uint32Array(leaves),
  };
  const indexes = range.segments.map(() => -1);
  const out = new BufferedFile(range.out);
  try {
    const read = (segment: number, bytes: Buffer, at: number) => {
      if (indexes[segment] === -1)
        indexes[segment] = openSync(`${range.segments[segment]!.base}.index`, 'r');
      readSync(indexes[segment]!, bytes, 0, bytes.length, at);
    };
    for (let leaf = 0; leaf < leaves; leaf++) {
      const start = range.starts[leaf]!;
      const end = range.starts[leaf + 1]!;
      roots.files[leaf] = end - start;
      if (end === start) continue;
      const stored = leafBytes(leafParts(range, start, end, read));
      roots.length[leaf] = stored.bytes.length;
      roots.crc[leaf] = crc32(stored.bytes);
      roots.directorySize[leaf] = stored.directorySize;
      out.write(stored.bytes);
    }
  } finally {
    out.close();
    for (const fd of indexes) if (fd !== -1) closeSync(fd);
  }
  return roots;
}

/** Reads `bytes.length` bytes of a segment's index at `at`. */
type ReadLines = (segment: number, bytes: Buffer, at: number) => void;

/** Bytes between two index lines of one segment that one read spans rather than two. */
const READ_GAP = 4096;

/**
 * The bodies of the index lines of files `start` to `end - 1` of a run (one leaf's), in that
 * order: read in the order of the segments' files, neighbouring lines in one read, where a read
 * each cost more in system calls than the rest of the index.
 */
function lineBodies(range: LeafRange, start: number, end: number, read: ReadLines): Varint[] {
  const { segment, offset, length } = range;
  const byPlace = Array.from({ length: end - start }, (_, k) => start + k).sort(
    (i, j) => segment[i]! - segment[j]! || offset[i]! - offset[j]!,
  );
  const bodies: Varint[] = new Array<Varint>(end - start);
  for (let first = 0; first < byPlace.length;) {
    const i = byPlace[first]!;
    let last = first;
    let until = offset[i]! + length[i]!;
    for (; last + 1 < byPlace.length; last++) {
      const j = byPlace[last + 1]!;
      if (segment[j] !== segment[i] || offset[j]! > until + READ_GAP) break;
      until = Math.max(until, offset[j]! + length[j]!);
    }
    const bytes = Buffer.allocUnsafe(until - offset[i]!);
    read(segment[i]!, bytes, offset[i]!);
    for (let k = first; k <= last; k++) {
      const j = byPlace[k]!;
      const at = offset[j]! - offset[i]!;
      bodies[j - start] = new Varint(bytes.subarray(at, at + length[j]!), LINE_HEAD_SIZE);
    }
    first = last + 1;
  }
  return bodies;
}

/**
 * A template with its blocks numbered in its segment, as the archive's (`readTemplate`): its
 * blocks by their segment and their places in it, its head (only a first literal is one) by its
 * entries in the leaf's `tables`, the rest as it is.
 */
function placeTemplate(line: Varint, places: BlockPlaces, tables: LeafTables, out: ByteWriter) {
  const blocks = line.read();
  out.varint(blocks);
  for (let b = 0; b < blocks; b++) {
    const block = line.read();
    out.varint(places.number);
    out.varint(places.offset[block]!);
    out.varint(places.length[block]!);
    out.varint(places.size[block]!);
  }
  out.varint(line.read());
  const code = line.read();
  out.varint(code);
  if (code === HEAD_CODE) tables.write(out, readSegmentHead(line));
  out.bytes(line.bytes.subarray(line.at));
}

/** A leaf before it is compressed: its files' keys, its tables of heads, its pieces' bytes. */
interface LeafParts {
  keys: Buffer;
  tables: LeafTables;
  pieces: Uint8Array[];
}

/**
 * The parts of the leaf of files `start` to `end - 1` of a run: each file's key, and its name and
 * template (its blocks placed, its head in the leaf's tables) in a piece of `PIECE_FILES` files.
 */
function leafParts(range: LeafRange, start: number, end: number, read: ReadLines): LeafParts {
  const keys = Buffer.alloc((end - start) * LEAF_KEY_SIZE);
  const tables = new LeafTables();
  const pieces: Uint8Array[] = [];
  const entry = new ByteWriter();
  let piece = new ByteWriter();
  const bodies = lineBodies(range, start, end, read);
  for (let k = start; k < end; k++) {
    keys.writeUInt32LE(range.hi[k]!, (k - start) * LEAF_KEY_SIZE);
    keys.writeUInt32LE(range.lo[k]!, (k - start) * LEAF_KEY_SIZE + 4);
    const line = bodies[k - start]!;
    const nameStart = line.at;
    line.take(line.read());
    entry.bytes(line.bytes.subarray(nameStart, line.at));
    placeTemplate(line, range.segments[range.segment[k]!]!, tables, entry);
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
function leafBytes({ keys, tables, pieces: raw }: LeafParts): {
  bytes: Buffer;
  directorySize: number;
} {
  const pieces = raw.map((piece) => compress(piece, 'index'));
  const directory = new ByteWriter();
  directory.bytes(keys);
  directory.varint(PIECE_FILES);
  writeLeafHeads(directory, tables.heads);
  pieces.forEach((stored, p) => {
    directory.varint(stored.length);
    directory.varint(raw[p]!.length);
  });
  const compressed = compress(directory.view(), 'index');
  const length = Buffer.alloc(LEAF_HEADER_SIZE);
  length.writeUInt32LE(compressed.length);
  return {
    bytes: Buffer.concat([length, compressed, ...pieces]),
    directorySize: directory.length,
  };
}
