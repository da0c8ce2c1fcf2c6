import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { BLOCK_LINE_SIZE, SegmentSink } from '../../../../build/output/archive-sink.ts';
import { BLOCK_MAX, BLOCK_MIN } from '../../../../build/output/block-ends.ts';
import { Envelope } from '../../../../build/output/composed.ts';
import { BLOCK_HEADER_SIZE, blockRecords } from '../../../../contract/archive-format.ts';

/**
 * A block ends where its records say, not where it fills up: a record added, changed or deleted
 * in the middle of a resource rewrites its own block and at most the next, never the blocks
 * after them (what a later build that appends or corrects a match relies on).
 */

const root = mkdtempSync(join(tmpdir(), 'football-block-ends-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

const encoder = new TextEncoder();
const credit = encoder.encode('{"html":"","logo":"","source":{"name":"Demo","url":"/"}}');

/** Record `id`: 100 to 2,000 bytes, its length drawn from its id. */
function record(id: number, note = ''): Uint8Array {
  const length = 100 + ((id * 7919) % 1900);
  const text = createHash('sha256').update(String(id)).digest('hex').repeat(32).slice(0, length);
  return encoder.encode(JSON.stringify({ id, note, text, uri: `/v1/things/${id}` }));
}

interface Stored {
  /** Each block's stored bytes, hex. */
  blocks: string[];
  /** Each block's records' bytes, in all. */
  sizes: number[];
}

/** The blocks of a segment holding a record file for each of `records`, in turn. */
function blocksOf(name: string, records: Uint8Array[]): Stored {
  const base = join(root, name);
  const sink = new SegmentSink(base);
  records.forEach((bytes, i) => {
    sink.writeComposed(
      `v1/things/${i}.json`,
      new Envelope({ attribution: credit, page: null }, [bytes]),
    );
  });
  sink.commit();
  const data = readFileSync(`${base}.data`);
  const lines = readFileSync(`${base}.blocks`);
  const stored: Stored = { blocks: [], sizes: [] };
  for (let at = 0; at < lines.length; at += BLOCK_LINE_SIZE) {
    const offset = lines.readUInt32LE(at);
    const block = data.subarray(offset, offset + lines.readUInt32LE(at + 8));
    stored.blocks.push(block.toString('hex'));
    const made = blockRecords(brotliDecompressSync(block.subarray(BLOCK_HEADER_SIZE)));
    let size = 0;
    for (let r = 0; r < made.count; r++) size += made.record(r)!.length;
    stored.sizes.push(size);
  }
  return stored;
}

/** The blocks of `after` that `before` does not hold. */
const rewritten = (before: Stored, after: Stored) =>
  after.blocks.filter((block) => !before.blocks.includes(block)).length;

const ids = Array.from({ length: 3000 }, (_, i) => i + 1);
const base = blocksOf(
  'base',
  ids.map((id) => record(id)),
);

describe('where a block ends', () => {
  it('gives blocks of BLOCK_MIN to BLOCK_MAX bytes of records, the last excepted', () => {
    expect(base.blocks.length).toBeGreaterThan(20);
    for (const size of base.sizes.slice(0, -1)) {
      expect(size).toBeGreaterThanOrEqual(BLOCK_MIN);
      expect(size).toBeLessThanOrEqual(BLOCK_MAX);
    }
  });

  // Spread over the resource: early, in the middle, late.
  for (const at of [150, 1100, 1500, 2200, 2850]) {
    it(`rewrites at most two blocks when record ${at} of 3,000 is deleted, added or changed`, () => {
      const deleted = ids.filter((id) => id !== at).map((id) => record(id));
      const added = ids.flatMap((id) =>
        id === at ? [record(id), record(10_000 + id)] : [record(id)],
      );
      const changed = ids.map((id) => record(id, id === at ? 'a goal moved from 90 to 9' : ''));
      for (const [name, records] of Object.entries({ deleted, added, changed })) {
        expect(rewritten(base, blocksOf(`${name}-${at}`, records)), name).toBeLessThanOrEqual(2);
      }
    });
  }
});
