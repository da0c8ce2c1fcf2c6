/**
 * Bytes as the archive and the query index code them: unsigned LEB128 varints (seven bits a
 * byte, low bits first) read and written in place, and byte strings joined. Nothing here is
 * specific to a runtime.
 */

/** Reads unsigned LEB128 integers below 2^53, and byte strings, from `bytes` at `at`. */
export class Varint {
  constructor(
    readonly bytes: Uint8Array,
    public at = 0,
  ) {}

  /** The next integer. */
  read(): number {
    let value = 0;
    let scale = 1;
    for (;;) {
      if (this.at >= this.bytes.length) throw new RangeError('a varint runs past its bytes');
      const byte = this.bytes[this.at++]!;
      value += (byte & 0x7f) * scale;
      if (byte < 0x80) return value;
      scale *= 0x80;
      if (scale > 2 ** 56) throw new RangeError('a varint is too long');
    }
  }

  /** The next `length` bytes. */
  take(length: number): Uint8Array {
    if (this.at + length > this.bytes.length) throw new RangeError('bytes run past their end');
    const out = this.bytes.subarray(this.at, this.at + length);
    this.at += length;
    return out;
  }
}

/** A growing buffer the writers code templates, leaves, blocks and index files into. */
export class ByteWriter {
  private buffer = new Uint8Array(4096);
  length = 0;

  /** Makes room for `n` more bytes. */
  private room(n: number): void {
    if (this.length + n <= this.buffer.length) return;
    const grown = new Uint8Array(Math.max(this.buffer.length * 2, this.length + n));
    grown.set(this.buffer.subarray(0, this.length));
    this.buffer = grown;
  }

  /** Appends `value` (an integer from 0 to 2^53) as an unsigned LEB128 varint. */
  varint(value: number): void {
    this.room(8);
    while (value >= 0x80) {
      this.buffer[this.length++] = (value % 0x80) | 0x80;
      value = Math.floor(value / 0x80);
    }
    this.buffer[this.length++] = value;
  }

  /** Appends one byte. */
  byte(value: number): void {
    this.room(1);
    this.buffer[this.length++] = value;
  }

  /** Appends bytes as they are. */
  bytes(bytes: Uint8Array): void {
    this.room(bytes.length);
    this.buffer.set(bytes, this.length);
    this.length += bytes.length;
  }

  /** The bytes appended so far, in place: valid until the next change. */
  view(): Uint8Array {
    return this.buffer.subarray(0, this.length);
  }

  /** Forgets what was appended. */
  clear(): void {
    this.length = 0;
  }
}

/** The byte strings `parts` end to end, in one new array. */
export function concatBytes(parts: readonly Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, part) => n + part.byteLength, 0));
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.byteLength;
  }
  return out;
}

/**
 * The index of the quote that closes the JSON string opening at `at` in UTF-8 `bytes` (whose
 * bytes past ASCII never equal a quote or a backslash); -1 when the bytes end inside it.
 */
export function jsonStringEnd(bytes: Uint8Array, at: number): number {
  for (let i = at + 1; i < bytes.length; i++) {
    const c = bytes[i]!;
    if (c === 0x5c) i++;
    else if (c === 0x22) return i;
  }
  return -1;
}

/** Whether `bytes` at `at` hold `word` from `from` to `to`. */
export function sameAt(
  bytes: Uint8Array,
  at: number,
  word: Uint8Array,
  from = 0,
  to = word.length,
) {
  if (at + to - from > bytes.length) return false;
  for (let i = from; i < to; i++) if (bytes[at + i - from] !== word[i]) return false;
  return true;
}

/** Whether two byte strings are equal. */
export function sameBytes(a: Uint8Array, b: Uint8Array): boolean {
  return a.length === b.length && sameAt(a, 0, b);
}
