import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliDecompressSync, crc32 } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { demo } from '../../helpers/http/api.ts';

/**
 * A reader of the archive written from `docs/archive.md` alone, with none of the project's
 * decoding code: it checks that the page describes the bytes the build writes. It reads the
 * header, the root, whole leaves and their templates, and the blocks they name, and makes each
 * file of some leaves again, to compare with the tree built from the same database.
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

/** Each file of leaf `leaf`: its path and its bytes, made from its template and blocks. */
function filesOfLeaf(bytes: Buffer, leaf: number): Map<string, Buffer> {
  const dataStart = u64(bytes, 24);
  const entry = 64 + 20 * leaf;
  const [offset, stored, crc, files, size] = [0, 4, 8, 12, 16].map((k) =>
    bytes.readUInt32LE(entry + k),
  ) as [number, number, number, number, number];
  const out = new Map<string, Buffer>();
  if (files === 0) return out;
  const storedLeaf = bytes.subarray(offset, offset + stored);
  expect(crc32(storedLeaf)).toBe(crc);
  const raw = brotliDecompressSync(storedLeaf);
  expect(raw.length).toBe(size);
  const names = raw.subarray(12 * files);
  for (let i = 0; i < files; i++) {
    const at = new Cursor(names, raw.readUInt32LE(12 * i + 8));
    const path = at.take(at.varint()).toString();
    const blocks: Buffer[][] = [];
    for (let b = at.varint(); b > 0; b--) {
      const [place, length, decompressedSize] = [at.varint(), at.varint(), at.varint()];
      const block = bytes.subarray(dataStart + place, dataStart + place + length);
      expect(crc32(block.subarray(4))).toBe(block.readUInt32LE(0));
      const records = brotliDecompressSync(block.subarray(4));
      expect(records.length).toBe(decompressedSize);
      const within = new Cursor(records);
      const lengths = Array.from({ length: within.varint() }, () => within.varint());
      blocks.push(lengths.map((n) => within.take(n)));
      expect(within.at).toBe(records.length);
    }
    const literal = () => {
      const code = at.varint();
      return code === 0 ? Buffer.from(',') : at.take(code - 1);
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
    expect(bytes.readUInt32LE(8)).toBe(6);
    expect(crc32(bytes.subarray(0, 60))).toBe(bytes.readUInt32LE(60));
    expect(u64(bytes, 32)).toBe(bytes.length);
    const leaves = 2 ** bytes.readUInt32LE(12);
    expect(crc32(bytes.subarray(64, 64 + 20 * leaves))).toBe(bytes.readUInt32LE(40));
    let files = 0;
    // Every 16th leaf: a few thousand files of every kind, pages, records, buckets and indexes.
    for (let leaf = 0; leaf < leaves; leaf += 16)
      for (const [path, content] of filesOfLeaf(bytes, leaf)) {
        expect(content.equals(readFileSync(join(dist, path))), path).toBe(true);
        files++;
      }
    expect(files).toBeGreaterThan(1000);
  });
});
