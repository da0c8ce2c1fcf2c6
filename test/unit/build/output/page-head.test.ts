import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ByteWriter, Varint } from '../../../../contract/bytes.ts';
import { attribution, pageMeta, type Provider } from '../../../../contract/envelope.ts';
import {
  headBytes,
  readHead,
  readLeafHeads,
  writeLeafHeads,
  type LeafHeads,
} from '../../../../contract/page-head.ts';
import {
  headOf,
  LeafTables,
  readSegmentHead,
  writeSegmentHead,
} from '../../../../build/output/head-of.ts';

/**
 * An archive stores a page's head (its credits, links and totals) as numbers into its leaf's
 * tables, and a reader makes it again: every head the tree's writer spells comes back byte for
 * byte, and any other first bytes stay as they are.
 */

const encoder = new TextEncoder();
const decoder = new TextDecoder();

const provider = (name: string): Provider => ({
  name,
  url: 'https://example.org/',
  html: `<a href="https://example.org/">${name}</a>`,
  logo: '/logo.svg',
  license: 'CC BY 4.0',
});

/** A head as the tree's writer spells it (`build/write/layouts.ts`). */
function treeHead(credit: string, meta: unknown): Uint8Array {
  return encoder.encode(`{"attribution":${credit},"meta":${JSON.stringify(meta)},"result":[`);
}

/**
 * `heads` through the archive: as a segment writes them, as the assembler numbers them in one
 * leaf's tables, and as a reader makes them from those tables.
 */
function throughLeaf(heads: Uint8Array[]): { made: string[]; tables: LeafHeads } {
  const leaf = new LeafTables();
  const templates = heads.map((bytes) => {
    const head = headOf(bytes);
    if (!head) throw new Error(`not a head: ${decoder.decode(bytes)}`);
    const segment = new ByteWriter();
    writeSegmentHead(segment, head);
    const template = new ByteWriter();
    leaf.write(template, readSegmentHead(new Varint(segment.view().slice())));
    return template.view().slice();
  });
  const tables = new ByteWriter();
  writeLeafHeads(tables, leaf.heads);
  const read = readLeafHeads(new Varint(tables.view()));
  const made = templates.map((t) => decoder.decode(headBytes(readHead(new Varint(t), read))));
  return { made, tables: read };
}

describe('page heads', () => {
  it('makes every page head of the tree again, links, totals and credits', () => {
    const text = fc.string({ unit: 'grapheme', maxLength: 12 });
    const page = fc.record({
      path: fc.constantFrom('/v1/players', '/v0/events/actions', '/v1/national/matches'),
      params: fc.array(fc.tuple(fc.constantFrom('team', 'player', 'sort'), text), {
        maxLength: 2,
      }),
      records: fc.integer({ min: 1, max: 100 }),
      total: fc.integer({ min: 0, max: 5_000_000 }),
      at: fc.double({ min: 0, max: 1.2, noNaN: true }),
      totals: fc.constantFrom('camel' as const, 'snake' as const),
      providers: fc.array(text.map(provider), { maxLength: 3 }),
    });
    fc.assert(
      fc.property(page, ({ at, providers, ...p }) => {
        const last = Math.max(1, Math.ceil(p.total / p.records));
        const meta = pageMeta({ ...p, page: Math.max(1, Math.round(at * last)) });
        const credit = JSON.stringify(attribution(providers.length > 0 ? providers : null));
        const head = treeHead(credit, meta);
        expect(throughLeaf([head]).made).toEqual([decoder.decode(head)]);
      }),
      { numRuns: 400 },
    );
  });

  it("makes a record file's head, whose meta is {}", () => {
    const head = treeHead(JSON.stringify(attribution([provider('Demo')])), {});
    expect(throughLeaf([head]).made).toEqual([decoder.decode(head)]);
  });

  it('holds what the pages of a leaf share once: each credit, each collection', () => {
    const credits = ['A', 'B'].map((n) => JSON.stringify(attribution([provider(n)])));
    const meta = (page: number, total: number) =>
      pageMeta({ path: '/v1/players', params: [], page, records: 10, total, totals: 'camel' });
    const heads = [
      treeHead(credits[0]!, meta(1, 25)),
      treeHead(credits[1]!, meta(2, 25)),
      treeHead(credits[0]!, meta(3, 25)),
      treeHead(credits[0]!, meta(1, 7)),
    ];
    const { made, tables } = throughLeaf(heads);
    expect(made).toEqual(heads.map((h) => decoder.decode(h)));
    expect(tables.attributions).toHaveLength(2);
    expect(tables.collections.map((c) => c.total)).toEqual([25, 7]);
  });

  it('leaves any other first bytes as they are', () => {
    const credit = JSON.stringify(attribution(null));
    const meta = pageMeta({
      path: '/v1/players',
      params: [['position', '23']],
      page: 2,
      records: 10,
      total: 28,
      totals: 'camel',
    });
    const text = decoder.decode(treeHead(credit, meta));
    expect(headOf(encoder.encode(text))).not.toBeNull();
    for (const other of [
      text.replace('{"attribution"', '{ "attribution"'), // white space
      text.replace('"page":2', '"page":3'), // a page its links do not name
      text.replace('"totalPages":3', '"totalPages":4'), // totals that disagree
      text.replace('"records":10', '"records":0'), // no records a page
      text.replace(',"result":[', ',"extra":1,"result":['), // another member
      text.replaceAll('/v1/players?', '/v1/players#'), // links of another shape
      `{"meta":{},"attribution":${credit},"result":[`, // another order
      '{"attribution":{},"meta":{},"result":', // not a head's end
      'not JSON',
    ])
      expect(headOf(encoder.encode(other)), other).toBeNull();
  });

  it('refuses a head that names no entry of its tables', () => {
    const tables: LeafHeads = { attributions: [encoder.encode('{}')], collections: [] };
    const template = (...numbers: number[]) => {
      const out = new ByteWriter();
      for (const n of numbers) out.varint(n);
      return new Varint(out.view());
    };
    expect(decoder.decode(headBytes(readHead(template(0, 0), tables)))).toBe(
      '{"attribution":{},"meta":{},"result":[',
    );
    expect(() => readHead(template(1, 0), tables)).toThrow(RangeError);
    expect(() => readHead(template(0, 1, 1), tables)).toThrow(RangeError);
  });
});
