import { closeSync, fsyncSync, openSync, readFileSync, writeSync } from 'node:fs';
import { crc32, deflateRawSync } from 'node:zlib';
import { fileKey, setUint64, ZIP } from '../../contract/archive-format.ts';
import { isSafeRelativePath } from '../../contract/paths.ts';
import { faultPoint } from '../../data/faults.ts';
import type { OutputSink } from './sink.ts';

/**
 * The archive's side of the writer: each task writes its files as a segment, a run of finished
 * ZIP records (local header, name, deflated bytes) in `<name>.data`, and one index line per file
 * in `<name>.index`. The assembler (`archive-assemble.ts`) lays the segments end to end in registry
 * order, so the archive does not depend on which worker wrote what, or when.
 */

/** zlib level of every entry: level 6 is zlib's default, close to 9 in size at twice the speed. */
export const ENTRY_LEVEL = 6;

/**
 * One index line (little-endian): key hi u32, key lo u32, record offset in the segment u64, record
 * length u32, record CRC-32 u32, file CRC-32 u32, compressed size u32, file size u32, name length
 * u16, then the name. Everything the central directory and the hashed index need.
 */
export const INDEX_LINE_SIZE = 38;

/** One file of a segment, as its index line tells it. */
export interface IndexLine {
  hi: number;
  lo: number;
  /** Offset of the record in its segment. */
  offset: number;
  /** Length and CRC-32 of the whole record (local header, name, compressed bytes). */
  length: number;
  recordCrc: number;
  /** CRC-32 and size of the file, and the size of its deflate stream. */
  crc: number;
  compressed: number;
  size: number;
  name: string;
}

/** Calls `line` for each index line of the segment `base`, in the order of its records. */
export function eachLine(base: string, line: (line: IndexLine) => void): void {
  const bytes = readFileSync(`${base}.index`);
  for (let at = 0; at < bytes.length;) {
    const nameLength = bytes.readUInt16LE(at + 36);
    line({
      hi: bytes.readUInt32LE(at),
      lo: bytes.readUInt32LE(at + 4),
      offset: bytes.readUInt32LE(at + 8) + bytes.readUInt32LE(at + 12) * 2 ** 32,
      length: bytes.readUInt32LE(at + 16),
      recordCrc: bytes.readUInt32LE(at + 20),
      crc: bytes.readUInt32LE(at + 24),
      compressed: bytes.readUInt32LE(at + 28),
      size: bytes.readUInt32LE(at + 32),
      name: bytes.toString('utf8', at + INDEX_LINE_SIZE, at + INDEX_LINE_SIZE + nameLength),
    });
    at += INDEX_LINE_SIZE + nameLength;
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

/** The local header and name of a deflated entry (APPNOTE 4.3.7). */
export function localHeader(name: Buffer, crc: number, compressed: number, size: number): Buffer {
  const header = Buffer.alloc(ZIP.localSize + name.length);
  header.writeUInt32LE(ZIP.local, 0);
  header.writeUInt16LE(20, 4); // version needed: 2.0, deflate
  header.writeUInt16LE(ZIP.utf8, 6);
  header.writeUInt16LE(ZIP.deflated, 8);
  header.writeUInt16LE(0, 10); // time 00:00
  header.writeUInt16LE(ZIP.dosDate, 12);
  header.writeUInt32LE(crc, 14);
  header.writeUInt32LE(compressed, 18);
  header.writeUInt32LE(size, 22);
  header.writeUInt16LE(name.length, 26);
  header.writeUInt16LE(0, 28); // no extra field
  name.copy(header, ZIP.localSize);
  return header;
}

/** Writes one segment of the archive; `commit()` closes it. */
export class SegmentSink implements OutputSink {
  files = 0;
  bytes = 0;
  private readonly data: BufferedFile;
  private readonly index: BufferedFile;

  /** `base` is the segment's path without extension. */
  constructor(base: string) {
    this.data = new BufferedFile(`${base}.data`);
    this.index = new BufferedFile(`${base}.index`);
  }

  write(file: string, content: string | Buffer): void {
    if (!isSafeRelativePath(file))
      throw new Error(`Refusing to write outside the output folder: ${file}`);
    const data = typeof content === 'string' ? Buffer.from(content) : content;
    const name = Buffer.from(file);
    const deflated = deflateRawSync(data, { level: ENTRY_LEVEL });
    const crc = crc32(data);
    const header = localHeader(name, crc, deflated.length, data.length);
    const line = Buffer.allocUnsafe(INDEX_LINE_SIZE + name.length);
    const key = fileKey(file);
    line.writeUInt32LE(key.hi, 0);
    line.writeUInt32LE(key.lo, 4);
    setUint64(new DataView(line.buffer, line.byteOffset, line.length), 8, this.data.position);
    line.writeUInt32LE(header.length + deflated.length, 16);
    line.writeUInt32LE(crc32(deflated, crc32(header)), 20);
    line.writeUInt32LE(crc, 24);
    line.writeUInt32LE(deflated.length, 28);
    line.writeUInt32LE(data.length, 32);
    line.writeUInt16LE(name.length, 36);
    name.copy(line, INDEX_LINE_SIZE);
    this.data.write(header);
    this.data.write(deflated);
    this.index.write(line);
    this.files++;
    this.bytes += data.length;
    faultPoint('write');
  }

  commit(): void {
    this.data.close();
    this.index.close();
  }
}
