import { createXXHash128 } from 'hash-wasm';
import { ByteWriter } from '../../contract/bytes.ts';
import { NO_ORD, type Composed } from './composed.ts';
import type { OutputSink } from './sink.ts';

/**
 * The hash of each file: XXH3's 128 bits (`hash-wasm`, one instance per thread). The hashes name
 * contents for caches (ETags), not for security: XXH3 hashes several times faster than SHA-1.
 */
const FILE_HASH = await createXXHash128();

/** Bits of a set's hash. */
const BITS = 128;

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
  private sum = 0n;
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
   * Adds a file composed of records: its path, then its literals and its records in turn, each
   * literal as its length and bytes, each record as 1 + its position, or as 0, its length and
   * its bytes when it has none (`NO_ORD`).
   */
  addComposed(file: string, composed: Composed): void {
    const parts = this.parts;
    parts.clear();
    const literals = composed.literals();
    composed.records.forEach((record, i) => {
      parts.varint(literals[i]!.length);
      parts.bytes(literals[i]!);
      const ord = composed.ordOf(i);
      if (ord === NO_ORD) {
        parts.varint(0);
        parts.varint(record.length);
        parts.bytes(record);
      } else {
        parts.varint(ord + 1);
        this.addRecord(ord, record);
      }
    });
    const last = literals[composed.records.length]!;
    parts.varint(last.length);
    parts.bytes(last);
    FILE_HASH.init();
    FILE_HASH.update(file);
    FILE_HASH.update(PARTS);
    FILE_HASH.update(parts.view());
    this.addDigest();
  }

  /** The hash of the files added so far, as hex digits. */
  hex(): string {
    return this.sum.toString(16).padStart(BITS / 4, '0');
  }

  /** Adds the record at position `ord` of the collection, unless it was added already. */
  private addRecord(ord: number, record: Uint8Array): void {
    const byte = ord >>> 3;
    const bit = 1 << (ord & 7);
    if (byte >= this.seen.length) {
      const grown = new Uint8Array(Math.max(this.seen.length * 2, byte + 1));
      grown.set(this.seen);
      this.seen = grown;
    }
    if (this.seen[byte]! & bit) return;
    this.seen[byte]! |= bit;
    const position = new Uint8Array(4);
    new DataView(position.buffer).setUint32(0, ord, true);
    // Hashed between two files' parts: `addComposed` codes its parts before it hashes them.
    FILE_HASH.init();
    FILE_HASH.update(RECORD);
    FILE_HASH.update(position);
    FILE_HASH.update(record);
    this.addDigest();
  }

  private addDigest(): void {
    this.sum = BigInt.asUintN(BITS, this.sum + BigInt(`0x${FILE_HASH.digest('hex')}`));
  }
}

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
    commit: () => sink.commit(),
    recordsDone: () => sink.recordsDone(),
  };
}
