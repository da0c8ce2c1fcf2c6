import { beforeAll, describe, expect, it } from 'vitest';
import { compareValues, filterKey, wildcardMatcher, type Scalar } from '../../../contract/keys.ts';
import type { FieldManifest, ResourceManifest } from '../../../contract/manifest.ts';
import { createHandler, type Handler } from '../../../server/core/handler.ts';
import { nodeFiles } from '../../../server/disk/node-files.ts';
import { allRecords, call, demo, handlerFor } from '../../helpers/http/api.ts';

/**
 * The router's answers to filters and sorts no file was pre-rendered for, on the demo's largest
 * collections (past the 2,000 records a router once scanned at most), against the same question
 * asked of every record of the collection in memory: the records a filter keeps (`filterKey`,
 * the contract's comparison), and the order a sort gives (`compareValues`, ties by id).
 */

type ApiRecord = Record<string, Scalar>;

const PATHS = [
  'v0/stats/goals/totals',
  'v0/matches/lineups',
  'v1/clubs/events/actions',
  'v1/clubs/events/touches',
  'v1/clubs/events/all',
];

let api: Handler;
let resources: Map<string, ResourceManifest>;

beforeAll(() => {
  const { dist, manifest } = demo();
  api = handlerFor(dist);
  resources = new Map(manifest.resources.map((r) => [r.path, r]));
});

const ids = (records: ApiRecord[]) => records.map((r) => r['id']);

/** The records of `all` whose field has the filter key of `raw`'s value. */
function kept(all: ApiRecord[], field: FieldManifest, key: string): ApiRecord[] {
  return all.filter((r) => r[field.key] != null && filterKey(field.type, r[field.key]!) === key);
}

/** `records` in the order of `sort` (`name` or `-name`), ties by id. */
function sorted(records: ApiRecord[], resource: ResourceManifest, sort: string): ApiRecord[] {
  const descending = sort.startsWith('-');
  const name = sort.replace(/^-/, '');
  const key = name === 'id' ? 'id' : resource.fields.find((f) => f.name === name)!.key;
  return [...records].sort(
    (a, b) =>
      (descending ? -1 : 1) * compareValues(a[key] ?? null, b[key] ?? null) ||
      compareValues(a['id']!, b['id']!),
  );
}

describe.each(PATHS)('/%s', (path) => {
  let resource: ResourceManifest;
  let all: ApiRecord[];
  let sample: ApiRecord;
  let filters: FieldManifest[];

  beforeAll(async () => {
    resource = resources.get(path)!;
    all = await allRecords(api, `/${path}`);
    sample = all[Math.floor(all.length / 3)]!;
    filters = resource.fields.filter(
      (f) => (f.filter === 'indexed' || f.filter === 'scan') && sample[f.key] != null,
    );
  }, 120_000);

  it('is larger than a scan once allowed, and has every record', () => {
    expect(all.length).toBe(resource.count);
    expect(all.length).toBeGreaterThan(2000);
  });

  it('each filter, alone and paired with the next, keeps exactly the matching records', async () => {
    for (const [i, field] of filters.entries()) {
      const key = filterKey(field.type, sample[field.key]!);
      const alone = kept(all, field, key);
      const value = encodeURIComponent(String(sample[field.key]));
      expect(ids(await allRecords(api, `/${path}?${field.name}=${value}`)), field.name).toEqual(
        ids(alone),
      );
      const next = filters[i + 1];
      if (!next) continue;
      const other = encodeURIComponent(String(sample[next.key]));
      const both = kept(alone, next, filterKey(next.type, sample[next.key]!));
      const target = `/${path}?${field.name}=${value}&${next.name}=${other}`;
      expect(ids(await allRecords(api, target)), target).toEqual(ids(both));
      expect(both.length).toBeGreaterThan(0);
    }
  }, 120_000);

  it('a wildcard keeps the records whose text matches it', async () => {
    const field = filters.find(
      (f) => f.type === 'string' && String(sample[f.key]).length >= 3 && f.filter !== 'none',
    );
    if (!field) return;
    const pattern = `*${String(sample[field.key]).slice(1, 3)}*`;
    const match = wildcardMatcher(pattern);
    const expected = all.filter(
      (r) => r[field.key] != null && match(filterKey('string', r[field.key]!)),
    );
    const target = `/${path}?${field.name}=${encodeURIComponent(pattern)}`;
    expect(ids(await allRecords(api, target)), target).toEqual(ids(expected));
    expect(expected.length).toBeGreaterThan(0);
  }, 120_000);

  it('every sort, both ways, orders the records as compareValues does, ties by id', async () => {
    const size = 100;
    const middle = Math.max(1, Math.floor(all.length / size / 2));
    for (const name of resource.sort.fields) {
      for (const sort of [name, `-${name}`]) {
        const expected = ids(sorted(all, resource, sort));
        for (const page of [1, middle]) {
          const reply = await call(api, `/${path}?sort=${sort}&records=${size}&page=${page}`);
          expect(reply.status, sort).toBe(200);
          expect(ids(reply.json.result), `${sort} page ${page}`).toEqual(
            expected.slice((page - 1) * size, page * size),
          );
        }
      }
    }
  }, 120_000);

  it('a filter with a sort by two fields, on an odd page size, is the right slice', async () => {
    const field = filters[0]!;
    const [first, second] = resource.sort.fields.filter((n) => n !== field.name);
    const value = encodeURIComponent(String(sample[field.key]));
    const matching = kept(all, field, filterKey(field.type, sample[field.key]!));
    const byBoth = [...matching].sort(
      (a, b) =>
        -compareValues(a[keyOf(resource, first!)] ?? null, b[keyOf(resource, first!)] ?? null) ||
        compareValues(a[keyOf(resource, second!)] ?? null, b[keyOf(resource, second!)] ?? null) ||
        compareValues(a['id']!, b['id']!),
    );
    const target = `/${path}?${field.name}=${value}&sort=-${first},${second}&records=7&page=2`;
    const reply = await call(api, target);
    expect(reply.status, target).toBe(200);
    expect(ids(reply.json.result)).toEqual(ids(byBoth.slice(7, 14)));
    const totals = reply.json.meta.totalRecords ?? reply.json.meta.total_records;
    expect(totals).toBe(matching.length);
  });
});

function keyOf(resource: ResourceManifest, name: string): string {
  return name === 'id' ? 'id' : resource.fields.find((f) => f.name === name)!.key;
}

describe('what an answer reads', () => {
  /** The router over the demo tree with no cache, counting the files it reads. */
  function counting() {
    const { dist, manifest } = demo();
    const files = nodeFiles(dist);
    const read: string[] = [];
    const handler = createHandler({
      manifest,
      cacheBytes: 0,
      files: { read: (file) => (read.push(file), files.read(file)) },
    });
    return { handler, read, manifest };
  }

  it("reads another page size's pages with the first; one past the last may fail", async () => {
    const { dist, manifest } = demo();
    const resource = manifest.resources.find((r) => r.path === 'v1/clubs/events/actions')!;
    const size = resource.records.default;
    const pages = Math.ceil(resource.count / size);
    const files = nodeFiles(dist);
    // A host that fails every read of a page named `broken`, as a leaf read past the end may.
    const failing = (broken: (page: number) => boolean) =>
      createHandler({
        manifest,
        cacheBytes: 0,
        files: {
          read(file) {
            const page = /^v1\/clubs\/events\/actions\/_page\/(\d+)\.json$/.exec(file);
            if (page && broken(Number(page[1]))) throw new Error(`${file} could not be read`);
            return files.read(file);
          },
        },
      });
    // A page size whose last page reaches past the last default page.
    const lastOf = (records: number) => Math.ceil(resource.count / records);
    const reach = (records: number) => Math.floor((lastOf(records) * records - 1) / size) + 1;
    const records = Array.from(
      { length: resource.records.max - size },
      (_, i) => size + 1 + i,
    ).find((n) => reach(n) > pages)!;
    const path = `/${resource.path}?records=${records}`;
    const last = lastOf(records);
    const whole = await call(handlerFor(dist), `${path}&page=${last}`);
    const past = await call(
      failing((page) => page > pages),
      `${path}&page=${last}`,
    );
    expect(past.status).toBe(200);
    expect(past.text).toBe(whole.text);
    // Wholly past the end: the page is said to be past the last, not the host to have failed.
    const beyond = await call(
      failing((page) => page > pages),
      `${path}&page=${last + 1}`,
    );
    expect([beyond.status, beyond.json.message]).toEqual([
      404,
      `Page ${last + 1} is past the last page (${last}).`,
    ]);
    // A page the answer holds that fails fails the answer (which a server sends as a 500).
    await expect(
      call(
        failing((page) => page === 2),
        `${path}&page=1`,
      ),
    ).rejects.toThrow('_page/2.json could not be read');
  });

  it('stays within the bounds OPTIONS states, per kind of query', async () => {
    const { handler, read, manifest } = counting();
    const resource = manifest.resources.find((r) => r.path === 'v1/clubs/events/actions')!;
    const chunks = Math.ceil(resource.count / resource.query!.chunk);
    const [first] = (await call(handler, `/${resource.path}`)).json.result;
    const cases: [string, number][] = [
      // A sort with no filter: the order chunk of the page, and at most a file per record.
      ['?sort=-match_seconds&records=30', 1 + 30],
      // Two exact filters: one posting file each, then the page's records.
      [`?period=${first.period}&action_type=${first.actionType}`, 2 + 30],
      // A filter and a sort by two fields: the posting file, the rank chunks of each sort field
      // and the id, then the records.
      ['?period=2&sort=-match_seconds,action&records=7', 1 + 3 * chunks + 7],
    ];
    for (const [query, bound] of cases) {
      read.length = 0;
      const reply = await call(handler, `/${resource.path}${query}`);
      expect(reply.status, query).toBe(200);
      expect(read.length, `${query}: ${read.join(', ')}`).toBeLessThanOrEqual(bound);
      expect(read.filter((f) => f.includes('/_q/')).length, query).toBeGreaterThan(0);
    }
  });
});
