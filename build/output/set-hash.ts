import { createXXHash128 } from 'hash-wasm';
import { ByteWriter } from '../../contract/bytes.ts';
import { bytesOf, NO_ORD, type Composed } from './composed.ts';
import type { OutputSink } from './sink.ts';

/**
 * The hash of each file: XXH3's 128 bits (`hash-wasm`, one instance per thread). The hashes name
 * contents (a resource's in the manifest, the build's), not for security: XXH3 hashes several
 * times faster than SHA-1.
 */
const FILE_HASH = await createXXHash128();

/** What follows a file's path: its bytes, or its parts (`addComposed`). */
const BYTES = new Uint8Array([0]);
const PARTS = new Uint8Array([1]);
/** What starts a record of a collection, hashed once: no path starts with a control character. */
const RECORD = new Uint8Array([2]);

/**
 * The content hash of a set of files that does not depend on the order they were written in: the
 * sum, modulo 2^128, of the hash of each file (its path and contents) and of each record of the
 * collection it holds. Two builds of the same files in any order, by any number of workers, give
 * the same hash; any changed byte or path changes it.
 *
 * A file composed of records (`addComposed`) is hashed as its literals and its records, each
 * record of the collection by its position in the collection's default order, whose bytes are
 * added to the set once: a position is one record wherever it appears (an archive's segment
 * stores it once so too, `archive-sink.ts`). A micro-event is in its record's file, a default
 * page and a page of each filter it matches; hashing every file's bytes hashed it each time,
 * and assembled every page's bytes only to hash them.
 */
export class SetHash {
  /** The sum, as four 32-bit limbs, lowest first. */
  private readonly sum = new Uint32Array(4);
  /** The positions whose records were added, a bit each. */
  private seen = new Uint8Array(1024);
  /** A composed file's parts, coded for its hash (reused). */
  private readonly parts = new ByteWriter();

  /** Adds a file: its path and bytes. */
  add(file: string, data: Uint8Array): void {
    FILE_HASH.init();
    FILE_HASH.update(file);
    FILE_HASH.update(BYTES);
    FILE_HASH.update(data);
    this.addDigest();
  }

  /**
   * Adds a file composed of records: its path, then its parts. An envelope's are its head and its
   * records (its commas and its end go without saying), a bucket's its literals and its records
   * in turn, each literal as its length and bytes. A record is 1 + its position, or 0, its length
   * and its bytes when it has none (`NO_ORD`).
   */
  addComposed(file: string, composed: Composed): void {
    const parts = this.parts;
    parts.clear();
    const { records } = composed;
    const literals = composed.kind === 'pieces' ? composed.literals() : null;
    if (composed.kind === 'envelope') this.literal(composed.headBytes());
    for (let i = 0; i < records.length; i++) {
      if (literals) this.literal(literals[i]!);
      const record = records[i]!;
      const ord = composed.ordOf(i);
      if (ord === NO_ORD) {
        parts.varint(0);
        parts.varint(record.length);
        parts.bytes(bytesOf(record));
        continue;
      }
      parts.varint(ord + 1);
      if (!this.holds(ord)) this.addRecord(ord, bytesOf(record));
    }
    if (literals) this.literal(literals[records.length]!);
    FILE_HASH.init();
    FILE_HASH.update(file);
    FILE_HASH.update(PARTS);
    FILE_HASH.update(parts.view());
    this.addDigest();
  }

  /** True once the record at position `ord` of its collection has been added. */
  holds(ord: number): boolean {
    return ((this.seen[ord >>> 3] ?? 0) & (1 << (ord & 7))) !== 0;
  }

  /** The hash of the files added so far, as hex digits. */
  hex(): string {
    return [...this.sum]
      .reverse()
      .map((limb) => limb.toString(16).padStart(8, '0'))
      .join('');
  }

  private literal(bytes: Uint8Array): void {
    this.parts.varint(bytes.length);
    this.parts.bytes(bytes);
  }

  private grow(byte: number): void {
    const grown = new Uint8Array(Math.max(this.seen.length * 2, byte + 1));
    grown.set(this.seen);
    this.seen = grown;
  }

  /** Adds the record at position `ord` of the collection: it was not added before. */
  private addRecord(ord: number, record: Uint8Array): void {
    const byte = ord >>> 3;
    if (byte >= this.seen.length) this.grow(byte);
    this.seen[byte]! |= 1 << (ord & 7);
    POSITION.setUint32(0, ord, true);
    // Hashed between a file's parts and their hash: `addComposed` codes them in `parts` first.
    FILE_HASH.init();
    FILE_HASH.update(RECORD);
    FILE_HASH.update(POSITION_BYTES);
    FILE_HASH.update(record);
    this.addDigest();
  }

  /** Adds the hash's digest to the sum, modulo 2^128. */
  private addDigest(): void {
    const digest = FILE_HASH.digest('binary');
    let carry = 0;
    // The digest's bytes are the hash big-endian: its lowest limb is its last four bytes.
    for (let limb = 0; limb < 4; limb++) {
      const at = 12 - 4 * limb;
      const value =
        digest[at]! * 2 ** 24 + (digest[at + 1]! << 16) + (digest[at + 2]! << 8) + digest[at + 3]!;
      const total = this.sum[limb]! + value + carry;
      this.sum[limb] = total >>> 0;
      carry = total > 0xffffffff ? 1 : 0;
    }
  }
}

/** A record's position, as its hash reads it. */
const POSITION_BYTES = new Uint8Array(4);
const POSITION = new DataView(POSITION_BYTES.buffer);

/** A sink that hashes what passes through it into `hash` before handing it on. */
export function hashing(sink: OutputSink, hash: SetHash): OutputSink {
  return {
    write(file, content) {
      const data = typeof content === 'string' ? Buffer.from(content) : content;
      sink.write(file, data);
      hash.add(file, data);
    },
    writeComposed(file, composed) {
      sink.writeComposed(file, composed);
      hash.addComposed(file, composed);
    },
    holds: (ord) => sink.holds(ord) && hash.holds(ord),
    commit: () => sink.commit(),
    recordsDone: () => sink.recordsDone(),
  };
}
