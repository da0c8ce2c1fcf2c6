import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { SegmentSink } from '../../../build/output/archive-sink.ts';
import { Envelope, envelopeBytes } from '../../../build/output/sink.ts';
import { HEAD_CODE } from '../../../contract/archive-format.ts';

/**
 * A layout that knows where its records are hands a segment an envelope rather than bytes: the
 * segment must store exactly what it stores when it finds the records in the file's bytes.
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

const envelopes: [string, Envelope][] = [
  ['v1/goals/index.json', envelope(1, [goal(1), goal(2)])],
  ['v1/goals/1.json', envelope(null, [goal(1)])],
  ['v1/goals/_page/2.json', envelope(2, [goal(3)])],
  // No record: the whole file is one.
  ['v1/empty/index.json', envelope(null, [])],
  // An element too small to be a record stays in the file's literals.
  ['v1/small/index.json', envelope(null, [goal(4), json({ id: 5 })])],
  ['v1/pairs/index.json', envelope(null, [json([1, 'an array long enough to be a record'])])],
];

/** The three files of a segment written by `fill`. */
function segment(name: string, fill: (sink: SegmentSink) => void): Buffer[] {
  const base = join(root, name);
  const sink = new SegmentSink(base);
  fill(sink);
  sink.commit();
  return ['data', 'index', 'blocks'].map((ext) => readFileSync(`${base}.${ext}`));
}

describe('SegmentSink.writeEnvelope', () => {
  it('stores what writing the same bytes stores, heads and records placed alike', () => {
    const given = segment('envelopes', (sink) => {
      for (const [file, envelope] of envelopes) sink.writeEnvelope(file, envelope);
    });
    const found = segment('bytes', (sink) => {
      for (const [file, envelope] of envelopes) sink.write(file, envelopeBytes(envelope));
    });
    expect(given).toEqual(found);
    // The segment is not empty, and its pages' heads are ones the reader makes.
    const [data, index] = given;
    expect(data!.length).toBeGreaterThan(0);
    expect(index!.includes(Buffer.from('v1/goals/_page/2.json'))).toBe(true);
    expect(index!.includes(Buffer.from(credit))).toBe(true);
    expect(index!.includes(Buffer.from([HEAD_CODE]))).toBe(true);
  });

  it('counts an envelope as the bytes it stands for', () => {
    const sink = new SegmentSink(join(root, 'counted'));
    for (const [file, envelope] of envelopes) sink.writeEnvelope(file, envelope);
    sink.commit();
    const bytes = envelopes.reduce((n, [, envelope]) => n + envelopeBytes(envelope).length, 0);
    expect({ files: sink.files, bytes: sink.bytes }).toEqual({ files: envelopes.length, bytes });
  });
});
