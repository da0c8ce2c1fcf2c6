/**
 * Files assembled from bytes. A record is encoded as UTF-8 once, when it is rendered, and then
 * copied into each of the (up to four) files that hold it, rather than joined as text into each
 * file and encoded again: for the statistics, most of a build's bytes, joining and encoding text
 * would cost more than querying and rendering their records.
 */

const COMMA = Buffer.from(',');

/**
 * Bytes of each slab that assembled files are cut from (`take`). A buffer of more than 4 KB is an
 * allocation of its own in Node, and most files are larger: cut from slabs, millions of files
 * take a few thousand allocations. A slab is freed once no file cut from it is held, and files are
 * held only until they are written.
 */
const SLAB = 1 << 20;

/** Appends pieces to one growing buffer. */
export class Assembler {
  private buffer = Buffer.allocUnsafe(1 << 16);
  private used = 0;
  /** Allocated on the first `take`: an assembler used only in place (`view`) needs none. */
  private slab: Buffer | null = null;
  private cut = 0;

  /** Appends text, encoded as UTF-8. */
  text(text: string): void {
    // At most three bytes per UTF-16 code unit.
    this.reserve(text.length * 3);
    this.used += this.buffer.write(text, this.used);
  }

  /** Appends bytes. */
  bytes(bytes: Uint8Array): void {
    this.reserve(bytes.length);
    this.buffer.set(bytes, this.used);
    this.used += bytes.length;
  }

  /** Appends records' bytes, comma-separated (a JSON list's items). */
  list(records: readonly Uint8Array[]): void {
    for (let i = 0; i < records.length; i++) {
      if (i > 0) this.bytes(COMMA);
      this.bytes(records[i]!);
    }
  }

  /** The bytes appended so far, as a buffer of their own. */
  take(): Buffer {
    const n = this.used;
    if (n > SLAB / 8) return Buffer.from(this.view());
    if (this.slab === null || this.cut + n > SLAB) {
      this.slab = Buffer.allocUnsafeSlow(SLAB);
      this.cut = 0;
    }
    const out = this.slab.subarray(this.cut, this.cut + n);
    this.buffer.copy(out, 0, 0, n);
    this.cut += n;
    return out;
  }

  /** The bytes appended so far, in place: valid until the next change. */
  view(): Buffer {
    return this.buffer.subarray(0, this.used);
  }

  /** Forgets what was appended. */
  clear(): void {
    this.used = 0;
  }

  private reserve(more: number): void {
    if (this.used + more <= this.buffer.length) return;
    const grown = Buffer.allocUnsafe(Math.max(this.buffer.length * 2, this.used + more));
    this.buffer.copy(grown, 0, 0, this.used);
    this.buffer = grown;
  }
}

/** The one assembler of the thread: a file is assembled in one synchronous call (`assemble`). */
const shared = new Assembler();
let busy = false;

/** The bytes of one file, made by `fill` from pieces it already holds, as a buffer of their own. */
export function assemble(fill: (out: Assembler) => void): Buffer {
  if (busy) throw new Error('assemble: a file is already being assembled');
  busy = true;
  try {
    fill(shared);
    return shared.take();
  } finally {
    shared.clear();
    busy = false;
  }
}
