/**
 * Files assembled from bytes. A record is encoded as UTF-8 once, when it is rendered, and then
 * copied into each of the (up to four) files that hold it, rather than joined as text into each
 * file and encoded again: the demo's statistics, 72% of its bytes, spent more time joining and
 * encoding text than querying and rendering their records.
 */

const COMMA = Buffer.from(',');

/** Appends pieces to one growing buffer. */
export class Assembler {
  private buffer = Buffer.allocUnsafe(1 << 16);
  private used = 0;

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
    const out = Buffer.allocUnsafe(this.used);
    this.buffer.copy(out, 0, 0, this.used);
    return out;
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

/**
 * The bytes of one file, made by `fill` from pieces it already holds. Files are assembled one at
 * a time, so the thread shares one buffer, which grows to its largest file.
 */
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
