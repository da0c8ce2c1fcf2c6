import { randomUUID } from 'node:crypto';
import {
  accessSync,
  closeSync,
  constants,
  openSync,
  readSync,
  statSync,
  unlinkSync,
  writeSync,
} from 'node:fs';
import { join } from 'node:path';

/**
 * Bytes the file buffers before writing, and the most one read of several records takes (a record
 * larger than this is read alone).
 */
const CHUNK = 1024 * 1024;

/**
 * Wanted records this close in the file are read in one read, the bytes between them read through:
 * a read's own cost is that of copying a few kilobytes, so reading through a small gap is cheaper
 * than a second read (the bench's record reads show it).
 */
const GAP = 8 * 1024;

/**
 * The folder of the files: the first writable of those SQLite's temporary files go to on Unix, as
 * the spool's records did when SQLite held them. Not `os.tmpdir()`, which is `/tmp`, a folder in
 * memory on many systems: the spilled records of a resource can be gigabytes.
 */
function spoolFolder(): string {
  const candidates = [
    process.env['SQLITE_TMPDIR'],
    process.env['TMPDIR'],
    '/var/tmp',
    '/usr/tmp',
    '/tmp',
    '.',
  ];
  for (const dir of candidates) {
    if (!dir) continue;
    try {
      if (!statSync(dir).isDirectory()) continue;
      accessSync(dir, constants.W_OK);
      return dir;
    } catch {
      // Not there or not writable: the next.
    }
  }
  return '.';
}

/** `spoolFolder()`, looked up once per thread. */
let folder: string | null = null;

/** Where a record's bytes are in the file. */
export interface Span {
  at: number;
  len: number;
}

/**
 * Records' bytes in a temporary file: appended once, then read back in batches in any order. The
 * spool keeps its records' JSON here when they pass its memory budget, and only their keys and
 * offsets in its database, so that the database sorts a few dozen bytes per record for each
 * layout instead of the records themselves (a match's record is 2 KB, and `matches/info` sorts
 * its records by 13 filters).
 *
 * A batch is read in the file's order, whatever order it is asked in: records near each other are
 * read together and the rest one read each, so a batch in the file's order (the default order, a
 * match's micro-events) costs a read per megabyte, and a batch in another order (by id, by
 * action) a read per record at most.
 */
export class RecordFile {
  private fd: number | null;
  private readonly path: string;
  private pending: Buffer;
  private used = 0;
  /** Bytes in the file itself, before `pending`. */
  private written = 0;
  /** Where spans with gaps are read, to copy the records out of. */
  private scratch: Buffer | null = null;

  constructor(
    private readonly chunk = CHUNK,
    private readonly gap = GAP,
  ) {
    this.pending = Buffer.allocUnsafeSlow(chunk);
    folder ??= spoolFolder();
    this.path = join(folder, `football-spool-${process.pid}-${randomUUID()}`);
    this.fd = openSync(this.path, 'wx+', 0o600);
    // Unlinked at once where the system allows it, so a killed build leaves nothing behind.
    try {
      unlinkSync(this.path);
      this.path = '';
    } catch {
      // Removed on close instead.
    }
  }

  /** Bytes appended so far. */
  get size(): number {
    return this.written + this.used;
  }

  /** Appends `bytes`; returns their offset. */
  append(bytes: Uint8Array): number {
    const at = this.size;
    if (this.used + bytes.length > this.chunk) this.flush();
    if (bytes.length > this.chunk) this.writeAll(bytes);
    else {
      this.pending.set(bytes, this.used);
      this.used += bytes.length;
    }
    return at;
  }

  /** Writes what is buffered; reads see only what has been flushed. */
  flush(): void {
    this.writeAll(this.pending.subarray(0, this.used));
    this.used = 0;
  }

  /**
   * The bytes of each span, in the order given, in one new buffer: they stay valid after later
   * reads, and the buffer goes when the last record in it does.
   */
  gather(spans: readonly Span[]): Uint8Array[] {
    const order = spans.map((_, i) => i).sort((a, b) => spans[a]!.at - spans[b]!.at);
    const arena = Buffer.allocUnsafeSlow(spans.reduce((n, s) => n + s.len, 0));
    const out: Uint8Array[] = new Array(spans.length);
    let used = 0;
    for (let i = 0; i < order.length;) {
      const first = spans[order[i]!]!;
      let end = first.at + first.len;
      let wanted = first.len;
      let j = i + 1;
      for (; j < order.length; j++) {
        const s = spans[order[j]!]!;
        if (s.at - end > this.gap || s.at + s.len - first.at > this.chunk) break;
        end = Math.max(end, s.at + s.len);
        wanted += s.len;
      }
      if (wanted === end - first.at) {
        // No gaps: the records lie in the file as they go into the buffer.
        this.readExact(arena, used, wanted, first.at);
        for (let k = i; k < j; k++) {
          const s = spans[order[k]!]!;
          out[order[k]!] = arena.subarray(used + s.at - first.at, used + s.at - first.at + s.len);
        }
        used += wanted;
      } else {
        this.scratch ??= Buffer.allocUnsafeSlow(this.chunk);
        this.readExact(this.scratch, 0, end - first.at, first.at);
        for (let k = i; k < j; k++) {
          const s = spans[order[k]!]!;
          arena.set(this.scratch.subarray(s.at - first.at, s.at - first.at + s.len), used);
          out[order[k]!] = arena.subarray(used, used + s.len);
          used += s.len;
        }
      }
      i = j;
    }
    return out;
  }

  /** Closes and removes the file; a second call does nothing. */
  close(): void {
    if (this.fd === null) return;
    const fd = this.fd;
    this.fd = null;
    try {
      closeSync(fd);
    } finally {
      if (this.path) unlinkSync(this.path);
    }
  }

  private open(): number {
    if (this.fd === null) throw new Error('spool file: used after close');
    return this.fd;
  }

  private readExact(into: Buffer, offset: number, length: number, at: number): void {
    for (let got = 0; got < length;) {
      const n = readSync(this.open(), into, offset + got, length - got, at + got);
      if (n === 0) throw new Error(`spool file: ${length} bytes at ${at} are past its end`);
      got += n;
    }
  }

  private writeAll(bytes: Uint8Array): void {
    let done = 0;
    while (done < bytes.length) {
      done += writeSync(this.open(), bytes, done, bytes.length - done, this.written + done);
    }
    this.written += bytes.length;
  }
}
