import { describe, expect, it } from 'vitest';
import { attribution, pageMeta, type Provider } from '../../../contract/envelope.ts';
import { compose, type Reads } from '../../../server/core/compose.ts';
import { decodePage } from '../../../server/core/page-text.ts';
import {
  decodePostings,
  encodePostings,
  keysFile,
  postingFile,
} from '../../../contract/query-index.ts';
import type { ResourceManifest } from '../../../contract/manifest.ts';
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

describe('composition credits only the providers of the records returned', () => {
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
    query: { chunk: 4096, groups: { name: 1 }, keyed: ['name'] },
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
  const files: Record<string, unknown> = {
    'v1/things/index.json': {
      attribution: attribution([fjelstul]),
      meta: { totalRecords: 4 },
      result: [record('1', 'alpha'), record('2', 'beta')],
    },
    'v1/things/_page/2.json': {
      attribution: attribution([wyscout]),
      meta: { totalRecords: 4 },
      result: [record('3', 'gamma'), record('4', 'delta')],
    },
  };
  // The query index of the four records: each name's ordinal.
  const names = ['alpha', 'beta', 'gamma', 'delta'];
  const postings = encodePostings(names.map((name, ord) => [name, [ord]]));
  const reads: Reads = {
    json: async (file) => files[file] ?? null,
    page: async (file) =>
      files[file] ? decodePage(new TextEncoder().encode(JSON.stringify(files[file]))) : null,
    postings: async (file) =>
      file === postingFile('v1/things', 'name', 0) ? decodePostings(postings) : null,
    keys: async (file) => (file === keysFile('v1/things', 'name') ? names : null),
    uint32s: async () => null,
    locate: async () => {},
    member: async () => undefined,
  };
  const table = routeTable({
    format: 3,
    build: 'b',
    encodings: [],
    roots: [],
    assets: [],
    resources: [resource],
  });

  it.each([
    ['/v1/things?name=gamma', ['3'], 'Wyscout'],
    ['/v1/things?name=alpha', ['1'], 'Fjelstul World Cup Database'],
    ['/v1/things?name=*a', ['1', '2'], 'Fjelstul World Cup Database'],
    ['/v1/things?name=*a&records=4', ['1', '2', '3', '4'], 'Fjelstul World Cup Database; Wyscout'],
  ])('%s', async (target, ids, name) => {
    const plan = route('GET', target, table);
    if (plan.kind !== 'compose') throw new Error(`expected a composition, got ${plan.kind}`);
    const out = await compose(plan, reads);
    if (out.status !== 200) throw new Error(out.error.message);
    const body = JSON.parse(out.body);
    expect(body.result.map((r: { id: string }) => r.id)).toEqual(ids);
    expect(body.attribution.source.name).toBe(name);
  });
});
