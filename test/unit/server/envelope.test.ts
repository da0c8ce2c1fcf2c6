import { describe, expect, it } from 'vitest';
import { attribution, pageMeta, type Provider } from '../../../contract/envelope.ts';
import { compose, type Reads } from '../../../server/core/compose.ts';
import { decodePage } from '../../../server/core/page-text.ts';
import {
  decodePostings,
  encodePostings,
  keysFile,
  postingFile,
  sourceFile,
} from '../../../contract/query-index.ts';
import { MANIFEST_FORMAT, type ResourceManifest } from '../../../contract/manifest.ts';
import { routeTable, route } from '../../../server/core/route.ts';

/** Attribution with several providers, and pagination links, on hand-made inputs. */

const fjelstul: Provider = {
  name: 'Fjelstul World Cup Database',
  url: 'https://example.org/f',
  html: '<a>F</a>',
  logo: '/f.svg',
  license: 'CC-BY-SA 4.0',
};
const wyscout: Provider = {
  name: 'Wyscout',
  url: 'https://example.org/w',
  html: '<a>W</a>',
  logo: '/w.svg',
  license: 'CC BY 4.0',
};

describe('attribution', () => {
  it('is empty on reference data and names one provider as it is', () => {
    expect(attribution(null).source).toEqual({});
    expect(attribution([wyscout, wyscout]).source).toEqual(wyscout);
  });

  it('names every provider, each with its licence, when several contributed', () => {
    const source = attribution([wyscout, fjelstul]).source;
    expect(source.name).toBe('Fjelstul World Cup Database; Wyscout');
    expect(source.license).toBe('Fjelstul World Cup Database: CC-BY-SA 4.0; Wyscout: CC BY 4.0');
    expect(source.providers).toEqual([fjelstul, wyscout]);
  });
});

describe('pageMeta', () => {
  it('links every page with the filters, records and page, and counts pages', () => {
    const meta = pageMeta({
      path: '/v1/x',
      params: [['name', 'a b*']],
      page: 2,
      records: 10,
      total: 25,
      totals: 'camel',
    });
    expect(meta).toEqual({
      first: '/v1/x?name=a%20b*&records=10&page=1',
      last: '/v1/x?name=a%20b*&records=10&page=3',
      next: '/v1/x?name=a%20b*&records=10&page=3',
      prev: '/v1/x?name=a%20b*&records=10&page=1',
      page: 2,
      records: 10,
      totalPages: 3,
      totalRecords: 25,
    });
    expect(
      pageMeta({
        path: '/v0/events/goals',
        params: [],
        page: 1,
        records: 10,
        total: 0,
        totals: 'snake',
      }),
    ).toMatchObject({
      next: null,
      prev: null,
      total_pages: 0,
      total_records: 0,
      last: '/v0/events/goals?records=10&page=1',
    });
  });
});

describe('composition credits exactly the providers of the records returned', () => {
  // Records 1 and 4 are Fjelstul's, 2 Wyscout's, 3 both's. Each page credits both providers, so
  // an answer credited by the pages it read would name both whatever it returned.
  const keyed = ['fjelstul', 'wyscout', 'fjelstul,wyscout'];
  const column = [0, 1, 2, 0];
  const resource: ResourceManifest = {
    path: 'v1/things',
    version: 'v1',
    title: 't',
    description: 't',
    idType: 'uuid',
    paginated: true,
    records: { default: 2, max: 100 },
    sort: { default: ['id'], fields: ['name', 'id'] },
    totals: 'camel',
    buckets: 0,
    kind: 'collection',
    implied: [],
    refused: null,
    count: 4,
    hash: 'h',
    query: { chunk: 4096, groups: { name: 1 }, keyed: ['name'], sources: keyed },
    fields: [
      {
        name: 'name',
        key: 'name',
        type: 'string',
        nullable: true,
        filter: 'scan',
        description: 'n',
      },
    ],
  };
  const record = (id: string, name: string) => ({ id, name, uri: `/v1/things/${id}`, link: {} });
  const both = attribution([fjelstul, wyscout]);
  const files: Record<string, unknown> = {
    'v1/things/index.json': {
      attribution: both,
      meta: { totalRecords: 4 },
      result: [record('1', 'alpha'), record('2', 'beta')],
    },
    'v1/things/_page/2.json': {
      attribution: both,
      meta: { totalRecords: 4 },
      result: [record('3', 'gamma'), record('4', 'delta')],
    },
  };
  // The query index of the four records: each name's ordinal, and each record's providers.
  const names = ['alpha', 'beta', 'gamma', 'delta'];
  const postings = encodePostings(names.map((name, ord) => [name, [ord]]));
  const reads: Reads = {
    json: async (file) => files[file] ?? null,
    page: async (file) =>
      files[file] ? decodePage(new TextEncoder().encode(JSON.stringify(files[file]))) : null,
    pageRecords: async (file) => reads.page(file),
    postings: async (file) =>
      file === postingFile('v1/things', 'name', 0) ? decodePostings(postings) : null,
    keys: async (file) => (file === keysFile('v1/things', 'name') ? names : null),
    uint32s: async (file) =>
      file === sourceFile('v1/things', 0) ? Uint32Array.from(column) : null,
    locate: async () => {},
    member: async () => undefined,
  };
  const tableOf = (resources: ResourceManifest[]) =>
    routeTable({
      format: MANIFEST_FORMAT,
      build: 'b',
      encodings: [],
      roots: [],
      assets: [],
      resources,
      providers: {},
    });
  const table = tableOf([resource]);
  const providers = { fjelstul, wyscout };
  const F = 'Fjelstul World Cup Database';

  it.each([
    ['/v1/things?name=gamma', ['3'], `${F}; Wyscout`],
    ['/v1/things?name=alpha', ['1'], F],
    ['/v1/things?name=beta', ['2'], 'Wyscout'],
    ['/v1/things?name=*a&records=3&page=2', ['4'], F],
    ['/v1/things?name=*a&records=4', ['1', '2', '3', '4'], `${F}; Wyscout`],
    ['/v1/things?records=1&page=4', ['4'], F],
    ['/v1/things?records=3&page=2', ['4'], F],
  ])('%s', async (target, ids, name) => {
    const plan = route('GET', target, table);
    if (plan.kind !== 'compose') throw new Error(`expected a composition, got ${plan.kind}`);
    const out = await compose(plan, reads, providers);
    if (out.status !== 200) throw new Error(out.error.message);
    const body = JSON.parse(out.body);
    expect(body.result.map((r: { id: string }) => r.id)).toEqual(ids);
    expect(body.attribution.source.name).toBe(name);
  });

  it('credits nothing but the record it keeps of a bucket whose records differ', async () => {
    const entry = {
      source: both.source,
      result: [record('1', 'alpha'), record('2', 'beta')],
      sources: ['wyscout', 'fjelstul'],
    };
    const bucketed: ResourceManifest = {
      ...resource,
      fields: [
        ...resource.fields,
        {
          name: 'thing',
          key: 'thing',
          type: 'uuid',
          nullable: false,
          filter: 'bucket',
          description: 't',
          buckets: 1,
        },
      ],
    };
    const plan = route(
      'GET',
      '/v1/things?thing=00000000-0000-4000-8000-000000000001&name=beta',
      tableOf([bucketed]),
    );
    if (plan.kind !== 'compose') throw new Error(`expected a composition, got ${plan.kind}`);
    const out = await compose(plan, { ...reads, member: async () => entry }, providers);
    if (out.status !== 200) throw new Error(out.error.message);
    const body = JSON.parse(out.body);
    expect(body.result.map((r: { id: string }) => r.id)).toEqual(['2']);
    expect(body.attribution.source).toEqual(fjelstul);
  });
});
