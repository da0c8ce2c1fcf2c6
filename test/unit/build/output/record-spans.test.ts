import { describe, expect, it } from 'vitest';
import { fileSpans, MAX_LITERALS } from '../../../../build/output/record-spans.ts';

/**
 * What the archive stores once of a file: its records (`result` elements, `record` objects, a
 * bucket's credits), or the whole file when it holds none or keeps too much around them.
 */

const encoder = new TextEncoder();

/** The texts of a file's spans. */
function spansOf(value: unknown): string[] {
  const bytes = encoder.encode(typeof value === 'string' ? value : JSON.stringify(value));
  const spans = fileSpans(bytes);
  const text = new TextDecoder().decode(bytes);
  const out: string[] = [];
  for (let k = 0; k < spans.length; k += 2) out.push(text.slice(spans[k], spans[k + 1]));
  return out;
}

const credit = { name: 'Some provider of data', license: 'CC BY 4.0', url: '/' };
const record = { id: 'a1', name: 'A record long enough to be one' };

describe('fileSpans', () => {
  it("takes a page's records, not its credits under attribution", () => {
    const page = { attribution: { source: credit }, meta: { page: 1 }, result: [record, record] };
    expect(spansOf(page)).toEqual([JSON.stringify(record), JSON.stringify(record)]);
  });

  it("takes a bucket entry's record and its credits, each on its own", () => {
    const bucket = { a1: { record, source: credit }, b2: { source: credit, result: [record] } };
    expect(spansOf(bucket)).toEqual(
      [record, credit, credit, record].map((value) => JSON.stringify(value)),
    );
  });

  it('takes no value under 32 bytes, and no record of a file under 32 bytes', () => {
    // No record in it: the file is one.
    const small = { result: [{ id: 1 }], source: { a: 1 }, record: { b: 2 } };
    expect(spansOf(small)).toEqual([JSON.stringify(small)]);
    expect(spansOf('short, not JSON')).toEqual([]);
  });

  it('is the whole file when it holds no record, or keeps too much outside its records', () => {
    const doc = { openapi: '3.1.0', info: { title: 'A document with no records at all' } };
    expect(spansOf(doc)).toEqual([JSON.stringify(doc)]);
    const long = { text: 'x'.repeat(MAX_LITERALS), result: [record] };
    expect(spansOf(long)).toEqual([JSON.stringify(long)]);
    const fits = { text: 'x'.repeat(MAX_LITERALS - 100), result: [record] };
    expect(spansOf(fits)).toEqual([JSON.stringify(record)]);
  });
});
