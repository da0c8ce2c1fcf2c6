import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { SegmentSink } from '../../../../build/output/archive-sink.ts';
import { Envelope, Pieces } from '../../../../build/output/composed.ts';
import { OrdinalPlaces } from '../../../../build/output/ordinal-places.ts';

/**
 * A segment finds a record it has placed by the record's position in its collection's default
 * order, without hashing its bytes again: what it writes is byte for byte what it writes when it
 * finds every record by its bytes, records of a collection being distinct. What has no position
 * (a bucket's credits) is still stored once by its bytes.
 */

const root = mkdtempSync(join(tmpdir(), 'football-ordinal-places-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

const encoder = new TextEncoder();
const source = encoder.encode(`{"name":"Demo","url":"/","licence":"${'x'.repeat(40)}"}`);
const credit = encoder.encode('{"html":"","logo":"","source":{"name":"Demo","url":"/"}}');

/** Record `ord` of a collection. */
function record(id: number): Uint8Array {
  return encoder.encode(
    JSON.stringify({ id, name: `Player ${id}`, team: id % 5, pad: 'x'.repeat(id % 300) }),
  );
}

/** A segment's three files, written from 2,000 records' files, pages and buckets. */
function segment(name: string, withOrds: boolean): string[] {
  const base = join(root, name);
  const sink = new SegmentSink(base);
  const ords = Array.from({ length: 2000 }, (_, i) => i);
  const file = (of: number[]) =>
    new Envelope({ attribution: credit, page: null }, of.map(record), withOrds ? of : null);
  // Record files, then the default pages, then the pages of one filter, then a bucket: a
  // record is met in several files, first in its own.
  for (const ord of ords) sink.writeComposed(`v1/things/${ord}.json`, file([ord]));
  for (let p = 0; p * 10 < ords.length; p++)
    sink.writeComposed(`v1/things/_page/${p}.json`, file(ords.slice(p * 10, p * 10 + 10)));
  for (let team = 0; team < 5; team++) {
    const of = ords.filter((ord) => ord % 5 === team);
    sink.writeComposed(`v1/things/_by/team/${team}.json`, file(of.slice(0, 50)));
  }
  // A bucket: each entry's record and its credits, which repeat and have no position.
  const bucket = new Pieces();
  for (const ord of [42, 1999]) {
    bucket.text(`${ord === 42 ? '{' : ','}"${ord}":{"record":`);
    bucket.record(record(ord), withOrds ? ord : undefined);
    bucket.text(',"source":');
    bucket.record(source);
    bucket.text('}');
  }
  bucket.text('}');
  sink.writeComposed('v1/things/_bucket/0.json', bucket);
  sink.commit();
  return ['data', 'blocks', 'index'].map((ext) => readFileSync(`${base}.${ext}`).toString('hex'));
}

describe('records found by their ordinal', () => {
  it('writes the segment that finding every record by its bytes writes', () => {
    const byBytes = segment('bytes', false);
    const byOrds = segment('ords', true);
    // Blocks of several records each, more than one (a line of 16 bytes each in `.blocks`).
    expect(byBytes[1]!.length / 32).toBeGreaterThan(3);
    expect(byOrds).toEqual(byBytes);
  });

  it('keeps places across its chunks, and tells a placed record from one not met', () => {
    const places = new OrdinalPlaces();
    places.add(0, { block: 0, index: 0 });
    places.add(70_000, { block: 12, index: 65_535 });
    expect(places.find(0)).toEqual({ block: 0, index: 0 });
    expect(places.find(70_000)).toEqual({ block: 12, index: 65_535 });
    expect(places.find(1)).toBeNull();
    expect(places.find(200_000)).toBeNull();
  });
});
