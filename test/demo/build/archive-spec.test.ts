import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliDecompressSync, crc32 } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { demo } from '../../helpers/http/api.ts';

/**
 * A reader of the archive written from `docs/archive.md` alone, with none of the project's
 * decoding code: it checks that the page describes the bytes the build writes. It reads the
 * header, the root, the opening stream (the segments of the data, the manifest), leaves (their
 * directories and pieces) and their templates, and the blocks they name, and makes each file of
 * some leaves again, to compare with the tree built from the same database.
 */

const { dist, archive } = demo();

/** Unsigned LEB128 varints, as the page defines them, over `bytes` from `at`. */
class Cursor {
  constructor(
    readonly bytes: Buffer,
    public at = 0,
  ) {}

  varint(): number {
    let value = 0;
    for (let scale = 1; ; scale *= 128) {
      const byte = this.bytes[this.at++]!;
      value += (byte & 0x7f) * scale;
      if (byte < 0x80) return value;
    }
  }

  take(n: number): Buffer {
    this.at += n;
    return this.bytes.subarray(this.at - n, this.at);
  }
}

const u64 = (bytes: Buffer, at: number) =>
  bytes.readUInt32LE(at) + bytes.readUInt32LE(at + 4) * 2 ** 32;

/** How many records the blocks read so far held folded. */
let folded = 0;

/** The records of a decompressed block: its patterns, then its records, folded ones unfolded. */
function recordsOfBlock(block: Buffer): Buffer[] {
  const within = new Cursor(block);
  const patterns = Array.from({ length: within.varint() }, () => within.take(within.varint()));
  const count = within.varint();
  const lengths = Array.from({ length: count }, () => within.varint());
  const kinds = Array.from({ length: count }, () => within.varint());
  const stored = lengths.map((n) => within.take(n));
  expect(within.at).toBe(block.length);
  return stored.map((record, i) => {
    if (kinds[i] === 0) return record;
    folded++;
    const pattern = new Cursor(patterns[kinds[i]! - 1]!);
    const parts = [record.subarray(0, record.length - 1)];
    for (let n = pattern.varint(); n > 0; n--) {
      const c = pattern.varint();
      const bytes = pattern.take(Math.floor(c / 2));
      parts.push(c % 2 === 0 ? bytes : firstMember(record, bytes.toString()));
    }
    return Buffer.concat([...parts, Buffer.from('}')]);
  });
}

/**
 * The text of the value of the first top-level member `key` of a compact JSON object, a string's
 * without its quotes.
 */
function firstMember(object: Buffer, key: string): Buffer {
  const text = object.toString('latin1'); // one character a byte: offsets are bytes
  let depth = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (c === '"') {
      const start = i;
      for (i++; text[i] !== '"'; i++) if (text[i] === '\\') i++;
      if (depth !== 1 || text[i + 1] !== ':') continue;
      if (Buffer.from(text.slice(start + 1, i), 'latin1').toString() !== key) continue;
      let end = i + 2;
      if (text[end] === '"') {
        for (end++; text[end] !== '"'; end++) if (text[end] === '\\') end++;
        return object.subarray(i + 3, end);
      }
      let inner = 0;
      for (; inner > 0 || (text[end] !== ',' && text[end] !== '}'); end++) {
        if (text[end] === '{' || text[end] === '[') inner++;
        if (text[end] === '}' || text[end] === ']') inner--;
      }
      return object.subarray(i + 2, end);
    }
    if (c === '{' || c === '[') depth++;
    if (c === '}' || c === ']') depth--;
  }
  throw new Error(`no member ${key}`);
}

/** How many heads were made from a leaf's tables, and how many of them were pages'. */
const heads = { made: 0, pages: 0 };

/** A leaf's tables of heads: its attributions' texts and its collections. */
function tablesOf(at: Cursor) {
  const attributions = Array.from({ length: at.varint() }, () => at.take(at.varint()).toString());
  const collections = Array.from({ length: at.varint() }, () => ({
    path: at.take(at.varint()).toString(),
    query: at.take(at.varint()).toString(),
    records: at.varint(),
    snake: at.varint() === 1,
    total: at.varint(),
  }));
  return { attributions, collections };
}

/** A head (literal code 1), as the page spells it out. */
function headOf(at: Cursor, tables: ReturnType<typeof tablesOf>): Buffer {
  const attribution = tables.attributions[at.varint()]!;
  const m = at.varint();
  heads.made++;
  if (m === 0) return Buffer.from(`{"attribution":${attribution},"meta":{},"result":[`);
  heads.pages++;
  const { path, query, records, snake, total } = tables.collections[m - 1]!;
  const p = at.varint();
  const n = Math.ceil(total / records);
  const last = Math.max(n, 1);
  const link = (x: number) => `"${path}?${query}records=${records}&page=${x}"`;
  const meta =
    `{"first":${link(1)},"last":${link(last)},` +
    `"next":${p < last ? link(p + 1) : 'null'},"prev":${p > 1 ? link(Math.min(p - 1, last)) : 'null'},` +
    `"page":${p},"records":${records},` +
    `"${snake ? 'total_pages' : 'totalPages'}":${n},"${snake ? 'total_records' : 'totalRecords'}":${total}}`;
  return Buffer.from(`{"attribution":${attribution},"meta":${meta},"result":[`);
}

/**
 * The opening stream: where each segment of the data starts (from `dataStart`), and the opening
 * file's path and bytes.
 */
function openingOf(bytes: Buffer): { starts: number[]; path: string; file: Buffer } {
  const [offset, length, crc, size] = [44, 48, 52, 56].map((k) => bytes.readUInt32LE(k)) as [
    number,
    number,
    number,
    number,
  ];
  const stored = bytes.subarray(offset, offset + length);
  expect(crc32(stored)).toBe(crc);
  const opening = brotliDecompressSync(stored);
  expect(opening.length).toBe(size);
  const at = new Cursor(opening);
  const starts: number[] = [];
  let end = 0;
  for (let n = at.varint(); n > 0; n--) {
    starts.push(end);
    end += at.varint();
  }
  // The segments fill the data to the end of the archive.
  expect(u64(bytes, 24) + end).toBe(bytes.length);
  const path = at.take(at.varint()).toString();
  return { starts, path, file: opening.subarray(at.at) };
}

/** Each file of leaf `leaf`: its path and its bytes, made from its template and blocks. */
function filesOfLeaf(bytes: Buffer, leaf: number, starts: number[]): Map<string, Buffer> {
  const dataStart = u64(bytes, 24);
  const entry = 64 + 20 * leaf;
  const [offset, stored, crc, files, size] = [0, 4, 8, 12, 16].map((k) =>
    bytes.readUInt32LE(entry + k),
  ) as [number, number, number, number, number];
  const out = new Map<string, Buffer>();
  if (files === 0) return out;
  const storedLeaf = bytes.subarray(offset, offset + stored);
  expect(crc32(storedLeaf)).toBe(crc);
  // The directory's stored length, the directory, then the pieces to the leaf's end.
  const directoryEnd = 4 + storedLeaf.readUInt32LE(0);
  const directory = brotliDecompressSync(storedLeaf.subarray(4, directoryEnd));
  expect(directory.length).toBe(size);
  const at = new Cursor(directory, 8 * files);
  const perPiece = at.varint();
  const tables = tablesOf(at);
  const pieces: Buffer[] = [];
  let pieceAt = directoryEnd;
  for (let p = Math.ceil(files / perPiece); p > 0; p--) {
    const piece = storedLeaf.subarray(pieceAt, (pieceAt += at.varint()));
    pieces.push(brotliDecompressSync(piece));
    expect(pieces.at(-1)!.length).toBe(at.varint());
  }
  expect(at.at).toBe(directory.length);
  expect(pieceAt).toBe(storedLeaf.length);
  const entries = pieces.flatMap((piece) => {
    const within = new Cursor(piece);
    const out: Cursor[] = [];
    while (within.at < piece.length) out.push(new Cursor(within.take(within.varint())));
    return out;
  });
  expect(entries.length).toBe(files);
  for (const at of entries) {
    const path = at.take(at.varint()).toString();
    const blocks: Buffer[][] = [];
    for (let b = at.varint(); b > 0; b--) {
      const [segment, place, length, decompressedSize] = [
        at.varint(),
        at.varint(),
        at.varint(),
        at.varint(),
      ];
      const from = dataStart + starts[segment]! + place;
      const block = bytes.subarray(from, from + length);
      expect(crc32(block.subarray(4))).toBe(block.readUInt32LE(0));
      const records = brotliDecompressSync(block.subarray(4));
      expect(records.length).toBe(decompressedSize);
      blocks.push(recordsOfBlock(records));
    }
    const literal = () => {
      const code = at.varint();
      if (code === 1) return headOf(at, tables);
      return code === 0 ? Buffer.from(',') : at.take(code - 2);
    };
    const records = at.varint();
    const parts = [literal()];
    for (let n = records; n > 0; n--) {
      const block = blocks[at.varint()]!;
      parts.push(block[at.varint()]!, literal());
    }
    out.set(path, Buffer.concat(parts));
  }
  return out;
}

describe('the archive as docs/archive.md describes it', () => {
  it('a reader written from the page makes the files of the tree, byte for byte', () => {
    const bytes = readFileSync(archive);
    expect(bytes.subarray(0, 8).toString()).toBe('FSAPIARC');
    expect(bytes.readUInt32LE(8)).toBe(10);
    expect(crc32(bytes.subarray(0, 60))).toBe(bytes.readUInt32LE(60));
    expect(u64(bytes, 32)).toBe(bytes.length);
    const leaves = 2 ** bytes.readUInt32LE(12);
    expect(crc32(bytes.subarray(64, 64 + 20 * leaves))).toBe(bytes.readUInt32LE(40));
    const { starts, path, file } = openingOf(bytes);
    expect(path).toBe('_manifest.json');
    expect(file.equals(readFileSync(join(dist, path)))).toBe(true);
    expect(starts.length).toBeGreaterThan(10);
    let files = 0;
    // Every 16th leaf: a few thousand files of every kind, pages, records, buckets and indexes.
    for (let leaf = 0; leaf < leaves; leaf += 16)
      for (const [path, content] of filesOfLeaf(bytes, leaf, starts)) {
        expect(content.equals(readFileSync(join(dist, path))), path).toBe(true);
        files++;
      }
    expect(files).toBeGreaterThan(1000);
    // Records folded by a pattern were made again too, not only records stored whole.
    expect(folded).toBeGreaterThan(1000);
    // And heads made from the leaves' tables: record files' and pages'.
    expect(heads.pages).toBeGreaterThan(1000);
    expect(heads.made - heads.pages).toBeGreaterThan(100);
  });
});
