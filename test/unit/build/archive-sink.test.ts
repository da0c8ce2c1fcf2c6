import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { SegmentSink } from '../../../build/output/archive-sink.ts';
import { composedBytes, Envelope, Pieces, type Composed } from '../../../build/output/composed.ts';
import { BLOCK_MAX } from '../../../build/output/block-ends.ts';
import { BLOCK_HEADER_SIZE, blockRecords, HEAD_CODE } from '../../../contract/archive-format.ts';
import { brotliDecompressSync } from 'node:zlib';

/**
 * A layout that knows where its records are hands a segment a composed file rather than bytes:
 * the segment must store exactly what it stores when it finds the records in the file's bytes.
 */

const root = mkdtempSync(join(tmpdir(), 'football-segment-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

const encoder = new TextEncoder();
const json = (value: unknown) => encoder.encode(JSON.stringify(value));
const credit = encoder.encode(
  '{"html":"","logo":"","source":{"name":"Fjelstul","url":"/"},"text":"","url":"/"}',
);
const goals = { path: '/v1/goals', query: '', records: 2, total: 3, totals: 'camel' } as const;
const goal = (id: number) =>
  json({ id, player: 'Müller', minute: 90 + id, uri: `/v1/goals/${id}` });
/** An envelope: a page of `goals` numbered `page`, or a record's file. */
const envelope = (page: number | null, records: Uint8Array[]) =>
  new Envelope(
    { attribution: credit, page: page === null ? null : { collection: goals, page } },
    records,
  );

/** A bucket of `entries`, made as the layouts make one: each a value of its key. */
function bucket(entries: [string, (pieces: Pieces) => void][]): Pieces {
  const pieces = new Pieces();
  entries.forEach(([key, fill], i) => {
    pieces.text(`${i === 0 ? '{' : ','}${JSON.stringify(key)}:`);
    fill(pieces);
  });
  pieces.text(entries.length === 0 ? '{}' : '}');
  return pieces;
}
const source = json({ name: 'Fjelstul', url: 'https://example.org/worldcup' });
/** A record bucket's entry: the record and its credits. */
const recordEntry =
  (record: Uint8Array, credits = source) =>
  (pieces: Pieces) => {
    pieces.text('{"record":');
    pieces.record(record);
    pieces.text(',"source":');
    pieces.record(credits);
    pieces.text('}');
  };
/** A field bucket's entry: its credits, its records and, when asked, each one's providers. */
const groupEntry = (records: Uint8Array[], sources?: string[]) => (pieces: Pieces) => {
  pieces.text('{"source":');
  pieces.record(source);
  pieces.text(',"result":[');
  records.forEach((record, i) => {
    if (i > 0) pieces.text(',');
    pieces.record(record);
  });
  pieces.text(sources ? `],"sources":${JSON.stringify(sources)}}` : ']}');
};

const files: [string, Composed][] = [
  ['v1/goals/index.json', envelope(1, [goal(1), goal(2)])],
  ['v1/goals/1.json', envelope(null, [goal(1)])],
  ['v1/goals/_page/2.json', envelope(2, [goal(3)])],
  // No record: the whole file is one.
  ['v1/empty/index.json', envelope(null, [])],
  // An element too small to be a record stays in the file's literals.
  ['v1/small/index.json', envelope(null, [goal(4), json({ id: 5 })])],
  ['v1/pairs/index.json', envelope(null, [json([1, 'an array long enough to be a record'])])],
  [
    'v1/goals/_b/0.json',
    bucket([
      ['1', recordEntry(goal(1))],
      ['2', recordEntry(goal(2))],
    ]),
  ],
  // Reference data credits no one (`{}`): too small to be a record, as a record of `{"id":5}`.
  ['v1/areas/_b/0.json', bucket([['5', recordEntry(json({ id: 5 }), json({}))]])],
  [
    'v1/goals/_g/match/0.json',
    bucket([
      ['10', groupEntry([goal(1), goal(2)])],
      ['11', groupEntry([goal(3), json({ id: 6 })], ['fjelstul', 'wyscout'])],
    ]),
  ],
  ['v1/goals/_g/match/1.json', bucket([])],
];

/** The three files of a segment written by `fill`. */
function segment(name: string, fill: (sink: SegmentSink) => void): Buffer[] {
  const base = join(root, name);
  const sink = new SegmentSink(base);
  fill(sink);
  sink.commit();
  return ['data', 'index', 'blocks'].map((ext) => readFileSync(`${base}.${ext}`));
}

describe('SegmentSink.writeComposed', () => {
  it('stores what writing the same bytes stores, heads and records placed alike', () => {
    const given = segment('composed', (sink) => {
      for (const [file, composed] of files) sink.writeComposed(file, composed);
    });
    const found = segment('bytes', (sink) => {
      for (const [file, composed] of files) sink.write(file, composedBytes(composed));
    });
    expect(given).toEqual(found);
    // The segment is not empty, and its pages' heads are ones the reader makes.
    const [data, index] = given;
    expect(data!.length).toBeGreaterThan(0);
    expect(index!.includes(Buffer.from('v1/goals/_page/2.json'))).toBe(true);
    expect(index!.includes(Buffer.from(credit))).toBe(true);
    expect(index!.includes(Buffer.from([HEAD_CODE]))).toBe(true);
  });

  it('counts a composed file as the bytes it stands for', () => {
    const sink = new SegmentSink(join(root, 'counted'));
    for (const [file, composed] of files) sink.writeComposed(file, composed);
    sink.commit();
    const bytes = files.reduce((n, [, composed]) => n + composedBytes(composed).length, 0);
    expect({ files: sink.files, bytes: sink.bytes }).toEqual({ files: files.length, bytes });
  });

  it('makes the bytes of a bucket as JSON.stringify does', () => {
    const [, made] = files.find(([file]) => file === 'v1/goals/_g/match/0.json')!;
    const parsed = JSON.parse(composedBytes(made).toString()) as Record<string, unknown>;
    expect(Object.keys(parsed)).toEqual(['10', '11']);
    expect(composedBytes(made).toString()).toBe(JSON.stringify(parsed));
  });
});

describe('SegmentSink blocks', () => {
  it('hold each record as it was given, of any size, over many blocks', () => {
    // Small records over several blocks, and records up to and past a block's most bytes.
    const sizes = [...Array.from({ length: 3000 }, (_, i) => 40 + (i % 300)), 40_000, 100_000];
    sizes.push(BLOCK_MAX + 1000, 3000, BLOCK_MAX - 100, 200_000, 500);
    const records = sizes.map((n, i) => json({ id: i, text: 'x'.repeat(n), uri: `/v1/t/${i}` }));
    const [data, , lines] = segment('sizes', (sink) =>
      records.forEach((record, i) =>
        sink.writeComposed(`v1/t/${i}.json`, envelope(null, [record])),
      ),
    );
    const stored: string[] = [];
    for (let at = 0; at < lines!.length; at += 16) {
      const offset = lines!.readUInt32LE(at) + lines!.readUInt32LE(at + 4) * 2 ** 32;
      const block = data!.subarray(
        offset + BLOCK_HEADER_SIZE,
        offset + lines!.readUInt32LE(at + 8),
      );
      const held = blockRecords(brotliDecompressSync(block));
      for (let i = 0; i < held.count; i++) stored.push(Buffer.from(held.record(i)!).toString());
    }
    expect(lines!.length / 16).toBeGreaterThan(10);
    expect(stored).toEqual(records.map((record) => Buffer.from(record).toString()));
  });
});
