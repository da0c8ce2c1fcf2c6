import { closeSync, fstatSync, fsyncSync, openSync, readSync, writeSync } from 'node:fs';
import { crc32 } from 'node:zlib';
import { createXXHash128 } from 'hash-wasm';
import {
  BLOCK_HEADER_SIZE,
  BLOCK_RECORDS,
  fileKey,
  HEAD_CODE,
  writeLiteral,
} from '../../contract/archive-format.ts';
import { ByteWriter } from '../../contract/bytes.ts';
import type { Head } from '../../contract/page-head.ts';
import { isSafeRelativePath } from '../../contract/paths.ts';
import { faultPoint } from '../../data/faults.ts';
import { BLOCK_MAX, endsBlock } from './block-ends.ts';
import { compress } from './compress.ts';
import { headOf, writeSegmentHead } from './head-of.ts';
import { encodeBlock } from './record-fold.ts';
import { fileSpans, MAX_LITERALS } from './record-spans.ts';
import { RecordTable } from './record-table.ts';
import {
  bytesOf,
  composedBytes,
  isRecord,
  NO_ORD,
  type Composed,
  type RecordBytes,
} from './composed.ts';
import { OrdinalPlaces } from './ordinal-places.ts';
import type { OutputSink } from './sink.ts';

/**
 * The archive's side of the writer: each task writes its files as a segment. Each record (an
 * element of a page's `result`, `record-spans.ts`) goes into a block the first time the segment
 * meets it (a collection's record by its position in the default order, anything else by its
 * bytes), and is named by its block and index every other time: a record in its record file, its
 * collection's page and the pages of each filter it matches is stored once. A segment
 * is three files: `<name>.data`, its blocks end to end; `<name>.blocks`, where each block is;
 * `<name>.index`, one line per file with its key, name and template. The assembler
 * (`build/archive/assemble.ts`) lays the segments end to end in registry order, so the archive
 * does not depend on which worker wrote what, or when.
 */

/** One line of `<name>.blocks`: offset in the segment u64, stored length u32, inflated size u32. */
export const BLOCK_LINE_SIZE = 16;

/** The XXH3 128-bit hash that tells a record's bytes from others' (one instance per thread). */
const RECORD_HASH = await createXXHash128();

/** A segment's index line, as `eachLine` reads it. */
export interface IndexLine {
  hi: number;
  lo: number;
  /** Offset and length of the whole line in `<name>.index`. */
  offset: number;
  length: number;
}

/** Bytes of a line before its body: key hi u32, key lo u32, body length u32. */
export const LINE_HEAD_SIZE = 12;

/** The XXH3 128-bit hash of a record's bytes. */
function hashOf(record: Uint8Array): Uint8Array {
  RECORD_HASH.init();
  RECORD_HASH.update(record);
  return RECORD_HASH.digest('binary');
}

/** Calls `line` for each index line of the segment `base`, in the order of its files. */
export function eachLine(base: string, line: (line: IndexLine) => void): void {
  // Only the heads are read, 4 MiB of the file at a time: a segment's lines run to hundreds of
  // megabytes on a season of micro-events, whose bucket files name thousands of records each.
  const fd = openSync(`${base}.index`, 'r');
  const chunk = Buffer.allocUnsafe(4 << 20);
  try {
    const size = fstatSync(fd).size;
    let start = 0;
    let held = 0;
    for (let at = 0; at < size;) {
      if (at + LINE_HEAD_SIZE > start + held) {
        start = at;
        held = readSync(fd, chunk, 0, chunk.length, start);
        if (held < LINE_HEAD_SIZE) throw new Error(`${base}.index ends inside a line`);
      }
      const i = at - start;
      const length = LINE_HEAD_SIZE + chunk.readUInt32LE(i + 8);
      line({ hi: chunk.readUInt32LE(i), lo: chunk.readUInt32LE(i + 4), offset: at, length });
      at += length;
    }
  } finally {
    closeSync(fd);
  }
}

/** Appends bytes to a file through a 1 MiB buffer. */
export class BufferedFile {
  private readonly fd: number;
  private readonly buffer = Buffer.allocUnsafe(1 << 20);
  private used = 0;
  /** Bytes written so far, buffered ones included. */
  position = 0;

  constructor(path: string) {
    this.fd = openSync(path, 'wx');
  }

  write(bytes: Uint8Array): void {
    if (this.used + bytes.length > this.buffer.length) this.flush();
    if (bytes.length >= this.buffer.length) writeAll(this.fd, bytes);
    else {
      this.buffer.set(bytes, this.used);
      this.used += bytes.length;
    }
    this.position += bytes.length;
  }

  private flush(): void {
    writeAll(this.fd, this.buffer.subarray(0, this.used));
    this.used = 0;
  }

  /** Writes what is buffered and closes the file, first flushing it to the disk if asked. */
  close(options: { sync?: boolean } = {}): void {
    this.flush();
    if (options.sync) fsyncSync(this.fd);
    closeSync(this.fd);
  }
}

function writeAll(fd: number, bytes: Uint8Array): void {
  for (let at = 0; at < bytes.length;) at += writeSync(fd, bytes, at);
}

/** Writes one segment of the archive; `commit()` closes it. */
export class SegmentSink implements OutputSink {
  files = 0;
  bytes = 0;
  private readonly data: BufferedFile;
  private readonly index: BufferedFile;
  private readonly blocks: BufferedFile;
  private table = new RecordTable();
  private ords = new OrdinalPlaces();
  /** The index line being coded, reused from file to file. */
  private readonly body = new ByteWriter();
  /** The records of the block being filled, and their bytes. */
  private block: Uint8Array[] = [];
  private blockBytes = 0;
  /**
   * Where the records of the block being filled are copied (the caller's buffer is reused for the
   * next file): one buffer for every block in turn, where a buffer each was an allocation and a
   * free of native memory a record, millions of them. A block holds at most `BLOCK_MAX` bytes of
   * records, or one larger record alone, which gets a copy of its own.
   */
  private readonly arena = Buffer.allocUnsafeSlow(BLOCK_MAX);
  private blockCount = 0;

  /** `base` is the segment's path without extension. */
  constructor(base: string) {
    this.data = new BufferedFile(`${base}.data`);
    this.index = new BufferedFile(`${base}.index`);
    this.blocks = new BufferedFile(`${base}.blocks`);
  }

  write(file: string, content: string | Buffer): void {
    const data = typeof content === 'string' ? Buffer.from(content) : content;
    const spans = fileSpans(data);
    const literals: Uint8Array[] = [];
    const records: Uint8Array[] = [];
    let at = 0;
    for (let k = 0; k < spans.length; k += 2) {
      literals.push(data.subarray(at, spans[k]));
      records.push(data.subarray(spans[k], spans[k + 1]));
      at = spans[k + 1]!;
    }
    literals.push(data.subarray(at));
    // A page's or a record file's head is made by the reader (`contract/page-head.ts`).
    const head = records.length > 0 ? headOf(literals[0]!) : null;
    this.line(file, data.length, head, literals, records);
  }

  /**
   * A composed file's records are where its writer says: its bytes are not scanned for them again
   * (`fileSpans`), nor a page's head parsed again (`headOf`). The template is the one `write`
   * makes of its bytes: the head of a page or a record file holds no record (its credits stay in
   * it), and a file with no record, or that keeps too much outside its records, is written as
   * its bytes, to be made one record.
   */
  writeComposed(file: string, composed: Composed): void {
    const { records } = composed;
    // A page's records are all taken as records; a bucket's too small to be are text already.
    const whole =
      records.length === 0 || (composed.kind === 'envelope' && !records.every(isRecord));
    const literals = whole ? [] : composed.literals();
    let kept = 0;
    for (const literal of literals) kept += literal.length;
    if (whole || kept > MAX_LITERALS) return this.write(file, composedBytes(composed));
    let size = kept;
    for (const record of records) size += record.length;
    const head = composed.kind === 'envelope' ? composed.head : null;
    this.line(file, size, head, literals, records, (i) => composed.ordOf(i));
  }

  /**
   * Writes a file's index line: its key, its name and its template, whose literals and records
   * alternate, `literals[0]` first, with `head` in place of the first when given
   * (docs/archive.md): its blocks by their number in the segment, which the assembler makes their
   * places in the archive, then its literals and records.
   */
  private line(
    file: string,
    size: number,
    head: Head | null,
    literals: readonly Uint8Array[],
    records: readonly RecordBytes[],
    ordOf: (i: number) => number = () => NO_ORD,
  ): void {
    if (!isSafeRelativePath(file))
      throw new Error(`Refusing to write outside the output folder: ${file}`);
    const places = records.map((record, i) => this.place(record, ordOf(i)));
    const slots = new Map<number, number>();
    for (const { block } of places) if (!slots.has(block)) slots.set(block, slots.size);
    const body = this.body;
    body.clear();
    const name = Buffer.from(file);
    body.varint(name.length);
    body.bytes(name);
    body.varint(slots.size);
    for (const block of slots.keys()) body.varint(block);
    body.varint(places.length);
    places.forEach(({ block, index }, r) => {
      if (r === 0 && head) {
        body.varint(HEAD_CODE);
        writeSegmentHead(body, head);
      } else writeLiteral(body, literals[r]!);
      body.varint(slots.get(block)!);
      body.varint(index);
    });
    writeLiteral(body, literals[places.length]!);
    const key = fileKey(file);
    const lineHead = Buffer.allocUnsafe(LINE_HEAD_SIZE);
    lineHead.writeUInt32LE(key.hi, 0);
    lineHead.writeUInt32LE(key.lo, 4);
    lineHead.writeUInt32LE(body.length, 8);
    this.index.write(lineHead);
    this.index.write(body.view());
    this.files++;
    this.bytes += size;
    faultPoint('write');
  }

  /**
   * The block and index of a record: where the segment holds it already, else placed now. A
   * record of the collection being written (`ord`) is found by its position: one position is one
   * record (its id and its `uri` tell it from the others), so it is stored the first time it is
   * met and its bytes are neither looked up nor kept by their hash. Anything else (a bucket's
   * credits, a document's records) is found by its bytes.
   */
  private place(record: RecordBytes, ord: number): { block: number; index: number } {
    if (ord !== NO_ORD) {
      const known = this.ords.find(ord);
      if (known) return known;
      const bytes = bytesOf(record);
      const place = this.store(bytes, hashOf(bytes));
      this.ords.add(ord, place);
      return place;
    }
    const bytes = bytesOf(record);
    const hash = hashOf(bytes);
    const found = this.table.find(hash);
    if (found) return found;
    const place = this.store(bytes, hash);
    this.table.add(hash, place.block, place.index);
    return place;
  }

  /** Puts a record of `hash` in the block being filled, ending it where `endsBlock` says. */
  private store(record: Uint8Array, hash: Uint8Array): { block: number; index: number } {
    if (this.block.length > 0 && this.blockBytes + record.length > BLOCK_MAX) this.flush();
    const place = { block: this.blockCount, index: this.block.length };
    this.block.push(this.keep(record));
    this.blockBytes += record.length;
    const full = this.block.length === BLOCK_RECORDS;
    if (full || endsBlock(hash, record.length, this.blockBytes)) this.flush();
    return place;
  }

  /** A copy of a record for the block being filled: in the arena, after the block's others. */
  private keep(record: Uint8Array): Uint8Array {
    const at = this.blockBytes;
    if (at + record.length > BLOCK_MAX) return Uint8Array.from(record);
    this.arena.set(record, at);
    return this.arena.subarray(at, at + record.length);
  }

  /** Closes the block being filled: compressed, after its CRC-32, with its line in `.blocks`. */
  private flush(): void {
    if (this.block.length === 0) return;
    const raw = encodeBlock(this.block);
    const stored = compress(raw, 'block');
    const head = Buffer.allocUnsafe(BLOCK_HEADER_SIZE);
    head.writeUInt32LE(crc32(stored), 0);
    const line = Buffer.allocUnsafe(BLOCK_LINE_SIZE);
    line.writeUInt32LE(this.data.position >>> 0, 0);
    line.writeUInt32LE(Math.floor(this.data.position / 2 ** 32), 4);
    line.writeUInt32LE(BLOCK_HEADER_SIZE + stored.length, 8);
    line.writeUInt32LE(raw.length, 12);
    this.data.write(head);
    this.data.write(stored);
    this.blocks.write(line);
    this.blockCount++;
    this.block = [];
    this.blockBytes = 0;
  }

  /** True once the record at position `ord` of the collection being written is stored. */
  holds(ord: number): boolean {
    return this.ords.has(ord);
  }

  /**
   * Forgets the records written so far, once a collection is written: its places by position
   * take six bytes a record, a million of them on a season of micro-events.
   */
  recordsDone(): void {
    this.table = new RecordTable();
    this.ords = new OrdinalPlaces();
  }

  commit(): void {
    this.flush();
    this.data.close();
    this.index.close();
    this.blocks.close();
  }
}
