import { describe, expect, it } from 'vitest';
import type { CollectionManifest, FieldManifest, Manifest } from '../../../contract/manifest.ts';
import { parseTarget } from '../../../server/core/query.ts';
import { route, routeTable, type Plan } from '../../../server/core/route.ts';
import { PHASE_RULE } from '../../../build/registry/matches/phase.ts';

const parseTargetParams = (t: string) => parseTarget(t).params;

/** Table-driven tests of the pure router on a small hand-written manifest (no build, no disk). */

function fieldOf(
  name: string,
  type: FieldManifest['type'],
  filter: FieldManifest['filter'] = 'indexed',
): FieldManifest {
  return {
    name,
    key: name.replace(/_([a-z])/g, (_, c: string) => c.toUpperCase()),
    type,
    nullable: true,
    filter,
    description: name,
  };
}

function resource(path: string, extra: Partial<CollectionManifest>): CollectionManifest {
  return {
    kind: 'collection',
    path,
    version: 'v1',
    title: path,
    description: path,
    idType: 'uuid',
    paginated: true,
    records: { default: 10, max: 100 },
    sort: { default: ['id'], fields: [] },
    totals: 'camel',
    fields: [],
    buckets: 0,
    implied: [],
    refused: null,
    count: 0,
    hash: `h-${path}`,
    ...extra,
  };
}

const personFields = [
  fieldOf('last_name', 'string'),
  fieldOf('birth_date', 'date'),
  fieldOf('order', 'integer'),
  fieldOf('country', 'uuid'),
  fieldOf('height', 'float', 'scan'),
  fieldOf('is_active', 'boolean'),
];
const matchFields = [
  fieldOf('competition', 'uuid'),
  fieldOf('phase', 'integer'),
  fieldOf('matchday', 'integer'),
  fieldOf('round_name', 'string'),
  fieldOf('group', 'string'),
  fieldOf('phase_name', 'string'),
  fieldOf('round', 'uuid'),
  fieldOf('venue', 'string'),
];
const manifest: Manifest = {
  format: 4,
  providers: {},
  build: 'b',
  encodings: [],
  roots: [{ version: 'v1', hash: 'root' }],
  assets: [{ path: 'logo.svg', type: 'image/svg+xml', hash: 'logo' }],
  resources: [
    resource('v1/persons', {
      fields: personFields,
      sort: { default: ['last_name', 'id'], fields: [...personFields.map((f) => f.name), 'id'] },
    }),
    resource('v1/phases', {
      idType: 'integer',
      paginated: false,
      fields: [fieldOf('name', 'string')],
      sort: { default: ['id'], fields: ['name'] },
    }),
    resource('v1/personnel/players', {
      fields: [fieldOf('full_name', 'string')],
      sort: { default: ['full_name', 'id'], fields: ['full_name'] },
    }),
    {
      ...resource('v1/clubs/matches/info', { fields: matchFields, implied: PHASE_RULE }),
      kind: 'parent-record',
      parent: { path: 'v1/clubs/matches', name: 'info', param: 'match' },
    },
    {
      ...resource('v1/clubs/matches/lineups', {
        fields: [fieldOf('match', 'uuid'), ...matchFields.slice(1)],
        implied: PHASE_RULE,
      }),
      kind: 'nested',
      parent: { path: 'v1/clubs/matches', name: 'lineups', param: 'match' },
    },
    {
      ...resource('v1/clubs/matches/conditions', {
        fields: [fieldOf('match', 'uuid'), fieldOf('kickoff_temp', 'float')],
        refused: {
          names: ['matchday', 'round_name', 'group', 'phase'],
          message: 'Phase details cannot be used as filters on conditions.',
        },
      }),
      kind: 'nested',
      parent: { path: 'v1/clubs/matches', name: 'conditions', param: 'match' },
    },
  ],
};
const table = routeTable(manifest);
const ID = '0123456789abcdef0123456789abcdef';
/** The plan of a request, unwrapped from the check that a parent named in the path exists. */
const plan = (target: string, method = 'GET'): Plan => {
  const p = route(method, target, table);
  return p.kind === 'within' ? p.plan : p;
};
const fileOf = (p: Plan) => (p.kind === 'file' ? p.file : p.kind);
const statusOf = (p: Plan) => (p.kind === 'error' ? p.status : 200);

describe('route: files for the common cases', () => {
  it.each([
    ['/v1', 'v1/index.json'],
    ['/v1/', 'v1/index.json'],
    ['/logo.svg', 'logo.svg'],
    ['/v1/persons', 'v1/persons/index.json'],
    ['/v1/persons/', 'v1/persons/index.json'],
    ['/v1/persons?page=1', 'v1/persons/index.json'],
    ['/v1/persons?page=3', 'v1/persons/_page/3.json'],
    ['/v1/persons?records=10&page=2', 'v1/persons/_page/2.json'],
    ['/v1/persons?app_id=x&app_key=y', 'v1/persons/index.json'],
    [`/v1/persons/${ID}`, `v1/persons/${ID}.json`],
    ['/v1/persons?last_name=a+b', 'v1/persons/_by/last_name/a%20b/index.json'],
    [`/v1/persons/${ID.toUpperCase()}`, `v1/persons/${ID}.json`],
    ['/v1/persons/01234567-89ab-cdef-0123-456789abcdef', `v1/persons/${ID}.json`],
    [`/v1/persons/${ID}?app_key=k`, `v1/persons/${ID}.json`],
    ['/v1/phases', 'v1/phases/index.json'],
    ['/v1/phases/3', 'v1/phases/3.json'],
    ['/v1/phases?app_id=1', 'v1/phases/index.json'],
    ['/v1/personnel/players', 'v1/personnel/players/index.json'],
    ['/v1/persons?last_name=M%C3%BCller', 'v1/persons/_by/last_name/m%C3%BCller/index.json'],
    ['/v1/persons?last_name=O%27Neill&page=2', 'v1/persons/_by/last_name/o%27neill/_page/2.json'],
    [
      '/v1/persons?last_name=van%20der%20Berg',
      'v1/persons/_by/last_name/van%20der%20berg/index.json',
    ],
    ['/v1/persons?last_name=..', 'v1/persons/_by/last_name/%2E%2E/index.json'],
    ['/v1/persons?last_name=', 'v1/persons/_by/last_name/_/index.json'],
    ['/v1/persons?birth_date=1990-02-28', 'v1/persons/_by/birth_date/1990-02-28/index.json'],
    ['/v1/persons?order=012', 'v1/persons/_by/order/12/index.json'],
    [`/v1/persons?country=${ID.toUpperCase()}`, `v1/persons/_by/country/${ID}/index.json`],
    ['/v1/persons?is_active=TRUE', 'v1/persons/_by/is_active/true/index.json'],
    ['/v1/persons?is_active=0', 'v1/persons/_by/is_active/false/index.json'],
    ['/v1/phases?name=Group', 'v1/phases/_by/name/group/index.json'],
  ])('GET %s -> %s', (target, file) => {
    expect(fileOf(plan(target))).toBe(file);
  });

  it('HEAD plans like GET', () => {
    expect(plan('/v1/persons?page=2', 'HEAD')).toEqual(plan('/v1/persons?page=2'));
  });

  it('OPTIONS on a collection is its documentation', () => {
    expect(fileOf(plan('/v1/persons', 'OPTIONS'))).toBe('v1/persons/_options.json');
  });

  it('a missing record file is a 404, a missing filter collection an empty result', () => {
    const record = plan(`/v1/persons/${ID}`);
    const filter = plan('/v1/persons?last_name=Nobody');
    const page2 = plan('/v1/persons?last_name=Nobody&page=2');
    expect(record.kind === 'file' && record.missing.kind).toBe('not-found');
    expect(filter.kind === 'file' && filter.missing.kind).toBe('empty');
    expect(page2.kind === 'file' && page2.missing.kind).toBe('not-found');
  });
});

describe('route: compositions', () => {
  it.each([
    ['/v1/persons?records=25', { bases: 0, filters: 0, sort: null, records: 25, page: 1 }],
    ['/v1/persons?records=25&page=4', { bases: 0, filters: 0, sort: null, records: 25, page: 4 }],
    [
      '/v1/persons?last_name=Smith&order=10',
      { bases: 2, filters: 2, sort: null, records: 10, page: 1 },
    ],
    ['/v1/persons?last_name=Sm*', { bases: 0, filters: 1, sort: null, records: 10, page: 1 }],
    ['/v1/persons?height=1.8', { bases: 0, filters: 1, sort: null, records: 10, page: 1 }],
    [
      '/v1/persons?sort=-birth_date',
      { bases: 0, filters: 0, sort: ['-birth_date'], records: 10, page: 1 },
    ],
    [
      '/v1/persons?sort=last_name,-order&order=10',
      { bases: 1, filters: 1, sort: ['last_name', '-order'], records: 10, page: 1 },
    ],
    ['/v1/phases?name=Gr*', { bases: 0, filters: 1, sort: null, records: 10, page: 1 }],
    ['/v1/phases?sort=-name', { bases: 0, filters: 0, sort: ['-name'], records: 10, page: 1 }],
  ])('GET %s composes', (target, expected) => {
    const p = plan(target);
    expect(p.kind).toBe('compose');
    if (p.kind !== 'compose') return;
    expect({
      bases: p.bases.length,
      filters: p.filters.length,
      sort: p.sort && p.sort.map((s) => (s.descending ? '-' : '') + s.field.name),
      records: p.records,
      page: p.page,
    }).toEqual(expected);
  });

  it('links keep filters in registry order, then sort, each in its canonical spelling', () => {
    const p = plan('/v1/persons?sort=-order&order=010&last_name=SM%C3%8DTH');
    expect(p.kind === 'compose' && p.params).toEqual([
      ['last_name', 'smíth'],
      ['order', '10'],
      ['sort', '-order'],
    ]);
  });

  it('sorts by id too, as OPTIONS documents', () => {
    const p = plan('/v1/persons?sort=-id');
    expect(p.kind === 'compose' && p.sort!.map((s) => [s.field.key, s.descending])).toEqual([
      ['id', true],
    ]);
  });

  it('decodes + in query values as a space, except in time', () => {
    const p = plan('/v1/persons?last_name=van+der+Berg');
    expect(fileOf(p)).toBe('v1/persons/_by/last_name/van%20der%20berg/index.json');
    expect(parseTargetParams('/v1/x?time=90+3')).toEqual([['time', '90+3']]);
  });

  it('the legacy credentials may even be repeated', () => {
    expect(fileOf(plan('/v1/persons?app_id=a&app_id=b'))).toBe('v1/persons/index.json');
  });
});

describe('route: match paths and the phase rule', () => {
  const M = 'fedcba9876543210fedcba9876543210';
  it.each([
    [`/v1/clubs/matches/${M}/info`, `v1/clubs/matches/info/${M}.json`],
    [`/v1/clubs/matches/${M}/info/`, `v1/clubs/matches/info/${M}.json`],
    [`/v1/clubs/matches/${M}/lineups`, `v1/clubs/matches/lineups/_by/match/${M}/index.json`],
    [
      `/v1/clubs/matches/${M}/lineups?page=2`,
      `v1/clubs/matches/lineups/_by/match/${M}/_page/2.json`,
    ],
    [`/v1/clubs/matches/${M}/lineups/${ID}`, `v1/clubs/matches/lineups/${ID}.json`],
    [`/v1/clubs/matches/${M}/conditions`, `v1/clubs/matches/conditions/_by/match/${M}/index.json`],
    ['/v1/clubs/matches/info', 'v1/clubs/matches/info/index.json'],
    ['/v1/clubs/matches/info?phase=2', 'v1/clubs/matches/info/_by/phase/2/index.json'],
  ])('GET %s -> %s', (target, file) => {
    expect(fileOf(plan(target))).toBe(file);
  });

  it('a collection under a match needs that match to exist', () => {
    const p = route('GET', `/v1/clubs/matches/${M}/goals`.replace('goals', 'lineups'), table);
    expect(p.kind === 'within' && p.file).toBe(`v1/clubs/matches/info/${M}.json`);
    expect(route('GET', `/v1/clubs/matches/lineups?match=${M}`, table).kind).toBe('file');
  });

  it('a lineup addressed under a match must belong to it', () => {
    const p = plan(`/v1/clubs/matches/${M}/lineups/${ID}`);
    expect(p.kind === 'file' && p.check).toEqual({ key: 'match', value: M });
  });

  it.each([
    ['/v1/clubs/matches/info?matchday=3', 1],
    ['/v1/clubs/matches/info?round_name=Quarter-final*', 3],
    ['/v1/clubs/matches/info?round_name=Group%20Stage&group=A', 2],
    ['/v1/clubs/matches/lineups?round_name=Final', 3],
    [`/v1/clubs/matches/${M}/lineups?matchday=2`, 1],
  ])('%s implies phase %i, kept out of the links', (target, phase) => {
    const p = plan(target);
    expect(p.kind).toBe('compose');
    if (p.kind !== 'compose') return;
    expect(p.filters.filter((f) => f.implicit).map((f) => [f.field.name, f.key])).toEqual([
      ['phase', String(phase)],
    ]);
    expect(p.params.some(([name]) => name === 'phase')).toBe(false);
  });

  it.each([
    '/v1/clubs/matches/info?matchday=3&phase_name=League',
    `/v1/clubs/matches/info?matchday=3&round=${ID}`,
    '/v1/clubs/matches/info?venue=x*',
  ])('%s implies no phase', (target) => {
    const p = plan(target);
    expect(p.kind === 'compose' && p.filters.filter((f) => f.implicit)).toEqual([]);
  });

  it('an explicit phase is not overridden', () => {
    const p = plan('/v1/clubs/matches/info?matchday=3&phase=2');
    expect(
      p.kind === 'compose' && p.filters.filter((f) => f.field.name === 'phase').map((f) => f.key),
    ).toEqual(['2']);
  });

  it.each([
    `/v1/clubs/matches/${M}/info/extra`,
    '/v1/clubs/matches/not-an-id/lineups',
    `/v1/clubs/matches/${M}`,
    `/v1/clubs/matches/${M}/nothing`,
    `/v1/clubs/matches/${M}/lineups/${ID}/more`,
  ])('GET %s -> 404', (target) => {
    expect(statusOf(plan(target))).toBe(404);
  });

  it.each(['matchday=1', 'round_name=Final', 'group=A', 'phase=1'])(
    'conditions refuse the phase filter %s',
    (query) => {
      const p = plan(`/v1/clubs/matches/conditions?${query}`);
      expect(p.kind === 'error' && [p.status, p.message]).toEqual([
        400,
        expect.stringContaining('Phase details'),
      ]);
    },
  );

  it('a match filter given twice (path and query) is a repeated parameter', () => {
    expect(statusOf(plan(`/v1/clubs/matches/${M}/lineups?match=${M}`))).toBe(400);
  });
});

describe('route: errors', () => {
  it.each([
    ['/', 404],
    ['/v2/persons', 404],
    ['/v1/nothing', 404],
    ['/v1/persons/not-an-id', 404],
    ['/v1/persons/0123', 404],
    ['/v1/phases/abc', 404],
    ['/v1/phases/-1', 404],
    [`/v1/persons/${ID}/extra`, 404],
    ['/v1/persons/_options', 404],
    ['/v1/persons/_page', 404],
    ['/v1/persons/index.json', 404],
    ['/v1/../etc/passwd', 404],
    ['/v1/%2e%2e/%2e%2e/etc/passwd', 404],
    ['/v1/persons/..%2F..%2Fetc%2Fpasswd', 404],
    ['/v1/persons%00', 404],
    ['/v1/persons/%5c..%5c', 404],
    ['/v1/%E0%A4%A', 404],
    ['/_manifest.json', 404],
    ['/v1/persons?unknown=1', 400],
    ['/v1/persons?lastName=Smith', 400],
    ['/v1/persons?birth_date=1990-13-01', 400],
    ['/v1/persons?birth_date=1990-02-30', 400],
    ['/v1/persons?order=ten', 400],
    ['/v1/persons?order=1.5', 400],
    ['/v1/persons?country=xyz', 400],
    ['/v1/persons?is_active=maybe', 400],
    ['/v1/persons?height=tall', 400],
    ['/v1/persons?order=1*', 400],
    ['/v1/persons?records=0', 400],
    ['/v1/persons?records=101', 400],
    ['/v1/persons?records=ten', 400],
    ['/v1/persons?page=0', 400],
    ['/v1/persons?page=-1', 400],
    ['/v1/persons?page=1.5', 400],
    ['/v1/persons?sort=shoe_size', 400],
    ['/v1/persons?sort=last_name,last_name', 400],
    ['/v1/persons?order=10&order=11', 400],
    ['/v1/persons?last_name=%E0%A4%A', 400],
    ['/v1/persons?time=90', 400],
    ['/v1/phases?records=5', 400],
    ['/v1/phases?page=1', 400],
    [`/v1/persons/${ID}?last_name=Smith`, 400],
    ['/v1/?x=1', 400],
  ])('GET %s -> %i', (target, status) => {
    const p = plan(target);
    expect(p.kind).toBe('error');
    expect(statusOf(p)).toBe(status);
  });

  it.each(['POST', 'PUT', 'DELETE', 'PATCH', 'TRACE'])(
    '%s on a collection is 405 with Allow',
    (method) => {
      const p = plan('/v1/persons', method);
      expect(p.kind === 'error' && [p.status, p.allow]).toEqual([405, 'GET, HEAD, OPTIONS']);
    },
  );

  it('OPTIONS on a record is 405 (records are not documented one by one)', () => {
    const p = plan(`/v1/persons/${ID}`, 'OPTIONS');
    expect(p.kind === 'error' && [p.status, p.allow]).toEqual([405, 'GET, HEAD']);
  });

  it('an unknown parameter error names it and lists the allowed ones', () => {
    const p = plan('/v1/persons?colour=red');
    expect(p.kind).toBe('error');
    if (p.kind !== 'error') return;
    expect(p.errors[0]!.parameter).toBe('colour');
    expect(p.message).toContain('colour');
    expect(p.errors[0]!.message).toContain('last_name');
    expect(p.errors[0]!.message).toContain('records');
  });

  it('every bad parameter is reported, not only the first', () => {
    const p = plan('/v1/persons?records=0&page=0&colour=red');
    expect(p.kind === 'error' && p.errors.map((e) => e.parameter)).toEqual([
      'records',
      'page',
      'colour',
    ]);
  });
});
