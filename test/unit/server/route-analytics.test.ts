import { describe, expect, it } from 'vitest';
import type { DocumentManifest, FieldManifest, Manifest } from '../../../contract/manifest.ts';
import { compareTimes, formatTime, parseMatchTime } from '../../../contract/match-time.ts';
import { route, routeTable, type Plan } from '../../../server/core/route.ts';
import { stateAt, type Timeline } from '../../../contract/timeline.ts';

/**
 * Table-driven tests of the router on the analytics paths (per-match documents, the `time`
 * parameter and its timeline plan), on a small hand-written manifest: no build, no disk. The pure
 * time and timeline functions the router uses are tested here too.
 */

function fieldOf(name: string, type: FieldManifest['type']): FieldManifest {
  return {
    name,
    key: name.replace(/_([a-z])/g, (_, c: string) => c.toUpperCase()),
    type,
    nullable: true,
    filter: 'none',
    description: name,
  };
}

const BASE = 'v1/analytics/match';
function analytics(
  name: string,
  document: DocumentManifest['document'],
  aliases?: string[],
): DocumentManifest {
  return {
    kind: 'document',
    path: `${BASE}/${name}`,
    version: 'v1',
    title: name,
    description: name,
    idType: 'uuid',
    paginated: false,
    records: { default: 10, max: 100 },
    sort: { default: ['id'], fields: [] },
    totals: 'camel',
    buckets: 0,
    fields: ['match', 'home_team', 'away_team']
      .map((f) => fieldOf(f, 'uuid'))
      .concat(
        ['time_mins', 'stoppage_mins', 'home_goals', 'away_goals'].map((f) =>
          fieldOf(f, 'integer'),
        ),
        [fieldOf('is_fulltime', 'boolean')],
      ),
    parent: { path: BASE, name, param: 'match', ...(aliases ? { aliases } : {}) },
    implied: [],
    refused: null,
    document,
    count: 0,
    hash: `h-${name}`,
  };
}

const manifest: Manifest = {
  format: 4,
  providers: {},
  build: 'b',
  encodings: [],
  roots: [{ version: 'v1', hash: 'root' }],
  assets: [],
  resources: [
    analytics('state', { result: 'object', time: true }),
    analytics('segments', { result: 'array', time: false }, ['segment']),
    analytics('tsr', { result: 'array', time: false }),
  ],
};
const table = routeTable(manifest);
const M = 'fedcba9876543210fedcba9876543210';
const plan = (target: string, method = 'GET'): Plan => route(method, target, table);
const fileOf = (p: Plan) => (p.kind === 'file' || p.kind === 'timeline' ? p.file : p.kind);
const statusOf = (p: Plan) => (p.kind === 'error' ? p.status : 200);

describe('route: analytics documents', () => {
  it.each([
    [`/v1/analytics/match/${M}/state`, `${BASE}/state/${M}.json`],
    [`/v1/analytics/match/${M}/state/`, `${BASE}/state/${M}.json`],
    [`/v1/analytics/match/${M.toUpperCase()}/state`, `${BASE}/state/${M}.json`],
    [`/v1/analytics/match/${M}/state?app_id=a&app_key=b`, `${BASE}/state/${M}.json`],
    [`/v1/analytics/match/state/${M}`, `${BASE}/state/${M}.json`],
    [`/v1/analytics/match/${M}/segments`, `${BASE}/segments/${M}.json`],
    [`/v1/analytics/match/${M}/segment`, `${BASE}/segments/${M}.json`],
    [`/v1/analytics/match/${M}/tsr`, `${BASE}/tsr/${M}.json`],
    [`/v1/analytics/match/${M}/state?time=30`, `${BASE}/state/_timeline/${M}.json`],
  ])('GET %s -> %s', (target, file) => {
    expect(fileOf(plan(target))).toBe(file);
  });

  it('a missing document is a 404 naming the match', () => {
    const p = plan(`/v1/analytics/match/${M}/tsr`);
    expect(p.kind === 'file' && p.missing).toEqual({
      kind: 'not-found',
      message: expect.stringContaining(M),
    });
  });

  it.each(['30', '030', '30:0', '30+0', '30-00'])('time=%s is minute 30', (time) => {
    const p = plan(`/v1/analytics/match/${M}/state?time=${time}`);
    expect(p.kind === 'timeline' && [p.time, p.file]).toEqual([
      { mins: 30, stoppage: 0 },
      `${BASE}/state/_timeline/${M}.json`,
    ]);
  });

  it.each(['45:2', '45+2', '45%2B2', '45-2', '45:02', '45%3A2'])(
    'time=%s is 45 and 2 stoppage minutes',
    (time) => {
      const p = plan(`/v1/analytics/match/${M}/state?time=${time}`);
      expect(p.kind === 'timeline' && [p.time, p.file]).toEqual([
        { mins: 45, stoppage: 2 },
        `${BASE}/state/_timeline/${M}.json`,
      ]);
    },
  );

  it.each([
    ['abc', 400],
    ['-3', 400],
    ['45:', 400],
    ['45:2:1', 400],
    ['', 400],
    ['99999', 400],
    ['1000', 400],
    ['45:100', 400],
    ['4.5', 400],
    ['1e2', 400],
    ['+3', 400],
    ['%2045', 400],
    ['45%20', 400],
    ['45 2', 400],
    ['45:-2', 400],
    ['٤٥', 400],
  ])('time=%s -> %i naming the parameter', (time, status) => {
    const p = plan(`/v1/analytics/match/${M}/state?time=${time}`);
    expect(statusOf(p)).toBe(status);
    expect(p.kind === 'error' && p.errors.map((e) => e.parameter)).toEqual(['time']);
  });

  it.each([
    [`/v1/analytics/match/${M}/state?time=30&time=31`, 400],
    [`/v1/analytics/match/${M}/state?records=5`, 400],
    [`/v1/analytics/match/${M}/state?page=1`, 400],
    [`/v1/analytics/match/${M}/state?match=${M}`, 400],
    [`/v1/analytics/match/${M}/segments?time=30`, 400],
    [`/v1/analytics/match/${M}/segments?records=10`, 400],
    [`/v1/analytics/match/${M}/tsr?page=2`, 400],
    [`/v1/analytics/match/${M}/tsr?time=30`, 400],
    ['/v1/analytics/match/state', 404],
    ['/v1/analytics/match/segments', 404],
    ['/v1/analytics/match/segment', 404],
    ['/v1/analytics/match', 404],
    [`/v1/analytics/match/${M}`, 404],
    [`/v1/analytics/match/${M}/nothing`, 404],
    [`/v1/analytics/match/${M}/state/extra`, 404],
    [`/v1/analytics/match/${M}/segment/1`, 404],
    ['/v1/analytics/match/not-a-match/state', 404],
    ['/v1/analytics/match/not-a-match/state?time=30', 404],
    ['/v1/analytics/match/..%2Fstate/state', 404],
    [`/v1/analytics/match/segment/${M}`, 404],
  ])('GET %s -> %i', (target, status) => {
    expect(statusOf(plan(target))).toBe(status);
  });

  it('OPTIONS documents the resource under a match and at its own path, not at a document', () => {
    expect(fileOf(plan(`/v1/analytics/match/${M}/state`, 'OPTIONS'))).toBe(
      `${BASE}/state/_options.json`,
    );
    expect(fileOf(plan(`/v1/analytics/match/${M}/segment`, 'OPTIONS'))).toBe(
      `${BASE}/segments/_options.json`,
    );
    expect(fileOf(plan(`/${BASE}/tsr`, 'OPTIONS'))).toBe(`${BASE}/tsr/_options.json`);
    const p = plan(`/v1/analytics/match/state/${M}`, 'OPTIONS');
    expect(p.kind === 'error' && [p.status, p.allow]).toEqual([405, 'GET, HEAD']);
  });

  it.each(['POST', 'PUT', 'DELETE'])('%s is 405 with Allow', (method) => {
    const p = plan(`/v1/analytics/match/${M}/state?time=30`, method);
    expect(p.kind === 'error' && [p.status, p.allow]).toEqual([405, 'GET, HEAD, OPTIONS']);
  });

  it('HEAD plans like GET', () => {
    expect(plan(`/v1/analytics/match/${M}/state?time=45+2`, 'HEAD')).toEqual(
      plan(`/v1/analytics/match/${M}/state?time=45+2`),
    );
  });
});

describe('match times', () => {
  it('order by minute, then stoppage: 45+3 before 46, 90+5 before 91', () => {
    const t = (s: string) => parseMatchTime(s)!;
    const ordered = [
      '0',
      '1',
      '45',
      '45:1',
      '45:3',
      '46',
      '90',
      '90:5',
      '91',
      '120',
      '120:2',
      '121',
    ].map(t);
    for (let i = 1; i < ordered.length; i++)
      expect(compareTimes(ordered[i - 1]!, ordered[i]!)).toBeLessThan(0);
    expect(compareTimes(t('45+2'), t('45:2'))).toBe(0);
  });

  it('spell canonically in uris', () => {
    expect(
      ['30', '030', '45+2', '45-02', '90:0'].map((s) => formatTime(parseMatchTime(s)!)),
    ).toEqual(['30', '30', '45:2', '45:2', '90']);
  });
});

describe('stateAt', () => {
  const timeline: Timeline = {
    source: { name: 'x' },
    final: {
      id: M,
      match: M,
      timeMins: 90,
      stoppageMins: 3,
      isFulltime: true,
      homeGoals: 2,
      awayGoals: 1,
      uri: `/${BASE}/${M}/state`,
      link: {},
    },
    end: [90, 3],
    states: [
      [0, 0, 0, 0],
      [45, 2, 1, 0],
      [46, 0, 1, 1],
      [90, 3, 2, 1],
    ],
  };
  const fields = manifest.resources[0]!.fields;
  const at = (time: string) => stateAt(timeline, parseMatchTime(time)!, fields);

  it.each([
    ['0', 0, 0, false],
    ['45', 0, 0, false],
    ['45:1', 0, 0, false],
    ['45:2', 1, 0, false],
    ['45:3', 1, 0, false],
    ['46', 1, 1, false],
    ['90', 1, 1, false],
    ['90:2', 1, 1, false],
    ['90:3', 2, 1, true],
    ['91', 2, 1, true],
    ['200', 2, 1, true],
  ])('at %s: %i-%i, full time %s', (time, home, away, fulltime) => {
    const state = at(time);
    const t = parseMatchTime(time)!;
    expect(state).toMatchObject({
      homeGoals: home,
      awayGoals: away,
      isFulltime: fulltime,
      timeMins: t.mins,
      stoppageMins: t.stoppage,
    });
    expect(state['uri']).toBe(`/${BASE}/${M}/state?time=${formatTime(t)}`);
    expect(Object.keys(state)).toEqual(Object.keys(timeline.final));
  });

  it('unknown goals stay unknown until the end, then are the final score', () => {
    const unknown: Timeline = {
      ...timeline,
      states: [[0, 0, null, 0]],
      final: { ...timeline.final, awayGoals: 0 },
    };
    expect(stateAt(unknown, { mins: 60, stoppage: 0 }, fields)).toMatchObject({
      homeGoals: null,
      awayGoals: 0,
      isFulltime: false,
    });
    expect(stateAt(unknown, { mins: 90, stoppage: 3 }, fields)).toMatchObject({
      homeGoals: 2,
      awayGoals: 0,
      isFulltime: true,
    });
  });
});
