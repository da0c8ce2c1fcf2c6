import type Database from 'better-sqlite3';
import fg from 'fast-glob';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build } from '../../../build/build.ts';
import { REGISTRY } from '../../../build/registry/index.ts';
import { buildDemoDatabase } from '../../../data/demo/generate.ts';
import { compareValues, type Scalar } from '../../../contract/keys.ts';
import { createHandler, type Handler } from '../../../server/core/handler.ts';
import { MANIFEST_FILE, type Manifest } from '../../../contract/manifest.ts';
import { nodeFiles } from '../../../server/disk/node-files.ts';
import { call } from '../../helpers/http/api.ts';
import { openOracle, rows } from '../../helpers/data/db.ts';
import { addEvents } from '../../helpers/data/events.ts';
import { expectEnvelope, expectError } from '../../helpers/http/shapes.ts';
import { walk } from '../../helpers/http/walk.ts';

/**
 * Micro-events (`/v1/{clubs,national}/events/all|touches|actions`) over a database of their own:
 * the demo plus synthetic events for three club matches and one national match (the demo generator
 * has none yet), built with the event and match-info resources only, checked against that database.
 */

const root = mkdtempSync(join(tmpdir(), 'football-events-'));
const dbFile = join(root, 'events.sqlite');
const dist = join(root, 'dist');
let db: Database.Database;
let api: Handler;
let manifest: Manifest;
let matches: { clubs: string[]; national: string[] };
const PER_MATCH = 70;

beforeAll(async () => {
  buildDemoDatabase(dbFile);
  matches = addEvents(dbFile, { clubs: 3, national: 1, perMatch: PER_MATCH });
  const resources = REGISTRY.resources.filter(
    (r) => r.path.includes('/events/') || r.path.endsWith('/matches/info'),
  );
  await build({ db: dbFile, out: dist, registry: { ...REGISTRY, resources } });
  manifest = JSON.parse(readFileSync(join(dist, MANIFEST_FILE), 'utf8')) as Manifest;
  api = createHandler({ manifest, files: nodeFiles(dist) });
  db = openOracle(dbFile);
});
afterAll(() => {
  db?.close();
  rmSync(root, { recursive: true, force: true });
});

type Rec = Record<string, unknown>;
const MATCH_TYPES = ['clubs', 'national'] as const;

/** The oracle: every action of a match type's events, in the default order. */
function actionRows(mt: string, where = '1 = 1', ...params: unknown[]) {
  return rows<{
    id: string;
    match: string;
    action_type: number;
    action_desc: string;
    period: number;
    match_seconds: number;
    x: number | null;
    y: number | null;
    is_touch: number;
    mods: number;
    team: string | null;
    player: string | null;
    x_end: number | null;
    y_end: number | null;
    z_end: number | null;
    outcome: number | null;
  }>(
    db,
    `SELECT ea.id, e.match, ea.action AS action_type, a.desc AS action_desc, e.period, e.match_seconds, e.x, e.y, a.is_touch,
       (SELECT count(*) FROM event_modifier em WHERE em.action = ea.id) AS mods, e.team, l.player, ea.x_end, ea.y_end, ea.z_end, ea.outcome
     FROM event e JOIN match m ON m.id = e.match JOIN event_action ea ON ea.event = e.id JOIN action a ON a.id = ea.action
     LEFT JOIN lineup l ON l.id = e.lineup
     WHERE m.match_type = ? AND ${where} ORDER BY e.period, e.match_seconds, e.seq, ea.id`,
    mt,
    ...params,
  );
}

/** The oracle: every modifier of a match type, in the default order. */
function modifierRows(mt: string, where = '1 = 1', ...params: unknown[]) {
  return rows<{
    id: string;
    match: string;
    event: string;
    action: string;
    action_type: number;
    modifier_type: number;
    modifier_category: string;
    modifier_desc: string;
  }>(
    db,
    `SELECT em.id, e.match, e.id AS event, ea.id AS action, ea.action AS action_type, em.modifier AS modifier_type,
       mc.desc AS modifier_category, mo.desc AS modifier_desc
     FROM event e JOIN match m ON m.id = e.match JOIN event_action ea ON ea.event = e.id JOIN event_modifier em ON em.action = ea.id
     JOIN modifier mo ON mo.id = em.modifier JOIN modifier_category mc ON mc.id = mo.category
     WHERE m.match_type = ? AND ${where} ORDER BY e.period, e.match_seconds, e.seq, ea.id, em.modifier, em.id`,
    mt,
    ...params,
  );
}

const idsOf = (records: Rec[]) => records.map((r) => r['id']);

/** Records sorted as the router sorts them: the given keys, then the id. */
function sorted(records: Rec[], keys: [string, boolean][]): Rec[] {
  return [...records].sort((a, b) => {
    for (const [key, descending] of keys) {
      const c = compareValues(a[key] as Scalar, b[key] as Scalar);
      if (c !== 0) return descending ? -c : c;
    }
    return compareValues(a['id'] as Scalar, b['id'] as Scalar);
  });
}

describe.each(MATCH_TYPES)('%s micro-events', (mt) => {
  const base = `/v1/${mt}/events`;
  const matchOf = () => matches[mt][0]!;

  it('all: one record per action, with its documented fields and links, in the default order', async () => {
    const expected = actionRows(mt);
    expect(expected.length).toBeGreaterThan(PER_MATCH);
    const { records, totalPages } = await walk(api, `${base}/all`);
    expect(totalPages).toBe(Math.ceil(expected.length / 30));
    expect(idsOf(records)).toEqual(expected.map((r) => r.id));
    for (const [i, r] of records.entries()) {
      const row = expected[i]!;
      expect(Object.keys(r)).toEqual([
        'id',
        'match',
        'action',
        'actionType',
        'actionDesc',
        'period',
        'matchSeconds',
        'x',
        'y',
        'uri',
        'link',
      ]);
      expect(r).toMatchObject({
        match: row.match,
        action: row.id,
        actionType: row.action_type,
        actionDesc: row.action_desc,
        period: row.period,
        matchSeconds: row.match_seconds,
        x: row.x,
        y: row.y,
        uri: `${base}/all/${row.id}`,
      });
      // The actions link only where the action has modifiers: a link never points at nothing.
      expect(r['link']).toEqual({
        ...(row.mods > 0 ? { actions: `${base}/actions/${row.id}` } : {}),
        match: `/v1/${mt}/matches/${row.match}/info`,
      });
    }
    expect(expected.some((r) => r.mods === 0)).toBe(true);
  });

  it('touches: only the actions that are touches, with team, player and end position', async () => {
    const expected = actionRows(mt, 'a.is_touch = 1');
    const nonTouch = actionRows(mt, 'a.is_touch = 0');
    expect(expected.length).toBeGreaterThan(0);
    expect(nonTouch.length).toBeGreaterThan(0);
    const { records } = await walk(api, `${base}/touches`);
    expect(idsOf(records)).toEqual(expected.map((r) => r.id));
    const names = new Map(
      rows<{ id: string; name: string }>(
        db,
        `SELECT id, name FROM ${mt === 'clubs' ? 'team' : 'country'}`,
      ).map((t) => [t.id, t.name]),
    );
    for (const [i, r] of records.entries()) {
      const row = expected[i]!;
      expect(Object.keys(r)).toEqual([
        'id',
        'match',
        'action',
        'actionType',
        'actionDesc',
        'period',
        'matchSeconds',
        'x',
        'y',
        'team',
        'teamName',
        'player',
        'playerName',
        'xEnd',
        'yEnd',
        'zEnd',
        'outcome',
        'uri',
        'link',
      ]);
      expect(r).toMatchObject({
        team: row.team,
        teamName: row.team ? names.get(row.team) : null,
        player: row.player,
        xEnd: row.x_end,
        yEnd: row.y_end,
        zEnd: row.z_end,
        outcome: row.outcome,
        uri: `${base}/touches/${row.id}`,
      });
      expect(typeof r['playerName']).toBe('string');
      expect((r['link'] as Rec)['player']).toBe(`/v1/personnel/players/${row.player}`);
    }
    // Shots give a height, passes do not: zEnd is null where the source has none.
    expect(records.some((r) => r['zEnd'] === null)).toBe(true);
    expect(records.some((r) => typeof r['zEnd'] === 'number')).toBe(true);
  });

  it('actions: the modifiers, each linking to the all record of its action', async () => {
    const expected = modifierRows(mt);
    const { records } = await walk(api, `${base}/actions`);
    expect(idsOf(records)).toEqual(expected.map((r) => r.id));
    for (const [i, r] of records.entries()) {
      const row = expected[i]!;
      expect(Object.keys(r)).toEqual([
        'id',
        'match',
        'event',
        'action',
        'actionType',
        'actionDesc',
        'modifierType',
        'modifierCategory',
        'modifierDesc',
        'period',
        'matchSeconds',
        'uri',
        'link',
      ]);
      expect(r).toMatchObject({
        match: row.match,
        event: row.event,
        action: row.action,
        actionType: row.action_type,
        modifierType: row.modifier_type,
        modifierCategory: row.modifier_category,
        modifierDesc: row.modifier_desc,
      });
      expect(r['link']).toEqual({ event: `${base}/all/${row.action}` });
    }
    const [first] = records;
    const target = await call(api, (first!['link'] as Rec)['event'] as string);
    expectEnvelope(target, { paginated: false });
    expect(target.json.result[0]).toMatchObject({
      id: first!['action'],
      action: first!['action'],
      period: first!['period'],
    });
  });

  it('/events/actions/<action id> lists every modifier of that action, its pages filtering with action=', async () => {
    const [action] = rows<{ action: string; n: number }>(
      db,
      `SELECT em.action, count(*) AS n FROM event_modifier em JOIN event_action ea ON ea.id = em.action JOIN event e ON e.id = ea.event
       JOIN match m ON m.id = e.match WHERE m.match_type = ? GROUP BY em.action HAVING n >= 2 ORDER BY em.action LIMIT 1`,
      mt,
    );
    const reply = await call(api, `${base}/actions/${action!.action}`);
    expectEnvelope(reply, { paginated: true });
    expect(idsOf(reply.json.result)).toEqual(
      modifierRows(mt, 'ea.id = ?', action!.action).map((r) => r.id),
    );
    expect(reply.json.meta).toMatchObject({
      first: `${base}/actions?action=${action!.action}&records=30&page=1`,
      totalRecords: action!.n,
      next: null,
    });
    // The query form is the same list; other page sizes page it with action= links.
    const query = await call(api, `${base}/actions?action=${action!.action.toUpperCase()}`);
    expect(query.json.result).toEqual(reply.json.result);
    const paged = await walk(api, `${base}/actions/${action!.action}?records=1`);
    expect(idsOf(paged.records)).toEqual(idsOf(reply.json.result));
    expect((await call(api, `${base}/actions/${action!.action}?records=1`)).json.meta.next).toBe(
      `${base}/actions?action=${action!.action}&records=1&page=2`,
    );
    // A modifier's own id there is that one record (its uri); an id that is neither is a 404.
    const modifier = reply.json.result[1];
    const own = await call(api, modifier.uri);
    expect(modifier.uri).toBe(`${base}/actions/${modifier.id}`);
    expectEnvelope(own, { paginated: false });
    expect(own.json.result).toEqual([modifier]);
    expectError(await call(api, `${base}/actions/${'0'.repeat(32)}`), 404);
    expectError(await call(api, `${base}/actions/${action!.action}?action=${action!.action}`), 400);
    // An action without modifiers lists nothing: 404 by path (its all record leaves the link out),
    // empty by filter.
    const [bare] = actionRows(
      mt,
      'NOT EXISTS (SELECT 1 FROM event_modifier x WHERE x.action = ea.id)',
    );
    expectError(await call(api, `${base}/actions/${bare!.id}`), 404);
    expect((await call(api, `${base}/actions?action=${bare!.id}`)).json).toMatchObject({
      result: [],
      meta: { totalRecords: 0 },
    });
  });

  it("pre-renders each match's collections, and the match records' events links resolve", async () => {
    const { records } = await walk(api, `/v1/${mt}/matches/info?records=100`);
    for (const match of records) {
      const links = (match['link'] as Rec)['events'] as Record<string, string>;
      expect(Object.keys(links).sort()).toEqual(['actions', 'all', 'touches']);
      const id = match['id'] as string;
      const all = await walk(api, links['all']!);
      expect(idsOf(all.records)).toEqual(actionRows(mt, 'e.match = ?', id).map((r) => r.id));
      expect(all.totalRecords).toBe(
        matches[mt].includes(id) ? actionRows(mt, 'e.match = ?', id).length : 0,
      );
      expect(idsOf((await walk(api, links['touches']!)).records)).toEqual(
        actionRows(mt, 'e.match = ? AND a.is_touch = 1', id).map((r) => r.id),
      );
      expect(idsOf((await walk(api, links['actions']!)).records)).toEqual(
        modifierRows(mt, 'e.match = ?', id).map((r) => r.id),
      );
    }
    expect(fg.sync(`v1/${mt}/events/all/_by/match/*/index.json`, { cwd: dist })).toHaveLength(
      matches[mt].length,
    );
  });

  it('filters by period, action_desc (exact or wildcard, any case), action_type, player and modifier fields within a match', async () => {
    const match = matchOf();
    const period2 = actionRows(mt, 'e.match = ? AND e.period = 2', match);
    expect(idsOf((await walk(api, `${base}/all?match=${match}&period=2`)).records)).toEqual(
      period2.map((r) => r.id),
    );
    const passes = actionRows(mt, "e.match = ? AND a.desc = 'Simple pass'", match);
    expect(passes.length).toBeGreaterThan(0);
    expect(
      idsOf((await walk(api, `${base}/all?match=${match}&action_desc=SIMPLE+PASS`)).records),
    ).toEqual(passes.map((r) => r.id));
    const anyPass = actionRows(mt, "e.match = ? AND a.desc LIKE '%pass'", match);
    expect(anyPass.length).toBeGreaterThan(passes.length);
    expect(
      idsOf((await walk(api, `${base}/all?match=${match}&action_desc=*pass`)).records),
    ).toEqual(anyPass.map((r) => r.id));
    expect(idsOf((await walk(api, `${base}/all?action_type=100&match=${match}`)).records)).toEqual(
      actionRows(mt, 'e.match = ? AND ea.action = 100', match).map((r) => r.id),
    );
    const [{ player }] = rows<{ player: string }>(
      db,
      'SELECT l.player FROM event e JOIN lineup l ON l.id = e.lineup WHERE e.match = ? GROUP BY l.player ORDER BY count(*) DESC, l.player LIMIT 1',
      match,
    ) as [{ player: string }];
    expect(
      idsOf((await walk(api, `${base}/touches?match=${match}&player=${player}`)).records),
    ).toEqual(
      actionRows(mt, 'e.match = ? AND a.is_touch = 1 AND l.player = ?', match, player).map(
        (r) => r.id,
      ),
    );
    const bodyPart = modifierRows(
      mt,
      "e.match = ? AND mc.desc = 'Body Part' AND e.period = 1",
      match,
    );
    expect(bodyPart.length).toBeGreaterThan(0);
    expect(
      idsOf(
        (await walk(api, `${base}/actions?match=${match}&modifier_category=body+part&period=1`))
          .records,
      ),
    ).toEqual(bodyPart.map((r) => r.id));
    // A valid filter that matches nothing is an empty page.
    expect((await call(api, `${base}/all?match=${match}&period=4`)).json).toMatchObject({
      result: [],
      meta: { totalRecords: 0 },
    });
  });

  it('sorts ascending, descending and by several fields; meta links keep the sort', async () => {
    const match = matchOf();
    const { records } = await walk(api, `${base}/all?match=${match}`);
    const desc = await walk(api, `${base}/all?match=${match}&sort=-match_seconds`);
    expect(idsOf(desc.records)).toEqual(idsOf(sorted(records, [['matchSeconds', true]])));
    const multi = await walk(
      api,
      `${base}/all?match=${match}&sort=action_desc,-period,x&records=7`,
    );
    expect(idsOf(multi.records)).toEqual(
      idsOf(
        sorted(records, [
          ['actionDesc', false],
          ['period', true],
          ['x', false],
        ]),
      ),
    );
    const first = await call(
      api,
      `${base}/all?match=${match}&sort=action_desc,-period,x&records=7`,
    );
    expect(decodeURIComponent(first.json.meta.next)).toBe(
      `${base}/all?match=${match}&sort=action_desc,-period,x&records=7&page=2`,
    );
    const asc = await walk(api, `${base}/touches?match=${match}&sort=player_name`);
    expect(idsOf(asc.records)).toEqual(
      idsOf(
        sorted((await walk(api, `${base}/touches?match=${match}`)).records, [
          ['playerName', false],
        ]),
      ),
    );
    const mods = await walk(api, `${base}/actions?match=${match}&period=2&sort=-match_seconds`);
    expect(idsOf(mods.records)).toEqual(
      idsOf(
        sorted((await walk(api, `${base}/actions?match=${match}&period=2`)).records, [
          ['matchSeconds', true],
        ]),
      ),
    );
    // The default order read back as an explicit sort: same records, ties on the id.
    expect(
      new Set(
        idsOf((await walk(api, `${base}/all?match=${match}&sort=period,match_seconds`)).records),
      ),
    ).toEqual(new Set(idsOf(records)));
  });

  it('records by id come from bucket files, not a file each', async () => {
    for (const kind of ['all', 'touches', 'actions']) {
      const resource = manifest.resources.find((r) => r.path === `v1/${mt}/events/${kind}`)!;
      expect(resource.buckets).toBeGreaterThan(0);
      expect(
        fg
          .sync(`v1/${mt}/events/${kind}/*.json`, { cwd: dist })
          .filter((f) => /[0-9a-f]{32}\.json$/.test(f)),
      ).toEqual([]);
      expect(fg.sync(`v1/${mt}/events/${kind}/_id/*.json`, { cwd: dist }).length).toBeGreaterThan(
        0,
      );
      const page = (await call(api, `${base}/${kind}?match=${matchOf()}&records=100`)).json
        .result as Rec[];
      for (const record of page.slice(0, 40)) {
        const reply = await call(api, record['uri'] as string);
        expectEnvelope(reply, { paginated: false });
        expect(reply.json.result).toEqual([record]);
      }
    }
    expectError(await call(api, `${base}/all/${'f'.repeat(32)}`), 404);
    expectError(await call(api, `${base}/touches/not-an-id`), 404);
  });

  it('never mixes match types', async () => {
    const other = mt === 'clubs' ? 'national' : 'clubs';
    const mine = (await walk(api, `${base}/all`)).records;
    expect(new Set(mine.map((r) => r['match']))).toEqual(new Set(matches[mt]));
    expectError(await call(api, `/v1/${other}/events/all/${mine[0]!['id']}`), 404);
    expect(
      (await call(api, `/v1/${other}/events/all?match=${matches[mt][0]}`)).json.result,
    ).toEqual([]);
    const mods = (await call(api, `${base}/actions`)).json.result as Rec[];
    expect((await call(api, `/v1/${other}/events/actions/${mods[0]!['action']}`)).status).toBe(404);
  });
});

describe('micro-event bounds and errors', () => {
  const base = '/v1/clubs/events';

  it('a default page holds 30 records, and records goes up to 100', async () => {
    const reply = await call(api, `${base}/all`);
    expect(reply.json.meta).toMatchObject({ records: 30, page: 1 });
    expect(reply.json.result).toHaveLength(30);
    expect((await call(api, `${base}/all?records=100`)).json.result).toHaveLength(100);
    expectError(await call(api, `${base}/all?records=101`), 400);
  });

  it('refuses unknown sort fields and parameters', async () => {
    const reply = await call(api, `${base}/all?match=${matches.clubs[0]}&sort=-speed`);
    expectError(reply, 400);
    expect(reply.json.errors[0].parameter).toBe('sort');
    expect(reply.json.message).toContain('match_seconds');
    expectError(await call(api, `${base}/touches?sort=team_name,team_name`), 400);
    expectError(await call(api, `${base}/all?minute=3`), 400);
    expectError(await call(api, `${base}/all?period=two`), 400);
  });

  it('answers broad filters and sorts over every match, with exactly the matching records', async () => {
    const every = (path: string) =>
      walk(api, `${path}${path.includes('?') ? '&' : '?'}records=100`, 1000);
    const all = (await every(`${base}/all`)).records;
    const second = (await every(`${base}/all?period=2`)).records;
    expect(second.map((r) => r['id'])).toEqual(
      all.filter((r) => r['period'] === 2).map((r) => r['id']),
    );
    expect(second.length).toBeGreaterThan(0);
    const latest = (await every(`${base}/all?sort=-match_seconds`)).records;
    const byTime = [...all].sort(
      (x, y) =>
        -compareValues(x['matchSeconds'] as Scalar, y['matchSeconds'] as Scalar) ||
        compareValues(x['id'] as Scalar, y['id'] as Scalar),
    );
    expect(latest.map((r) => r['id'])).toEqual(byTime.map((r) => r['id']));
    const actions = (await every(`${base}/actions`)).records;
    const shots = (await every(`${base}/actions?action_desc=shot&period=1`)).records;
    expect(shots.map((r) => r['id'])).toEqual(
      actions
        .filter((r) => String(r['actionDesc']).toLowerCase() === 'shot' && r['period'] === 1)
        .map((r) => r['id']),
    );
    expect(shots.length).toBeGreaterThan(0);
  });

  it('OPTIONS documents fields, paging, sort, links and what queries read', async () => {
    const reply = await call(api, `${base}/actions`, { method: 'OPTIONS' });
    expect(reply.status).toBe(200);
    const [doc] = reply.json.result;
    expect(doc).toMatchObject({
      resource: `${base}/actions`,
      paginated: true,
      records: { default: 30, max: 100 },
      sort: { default: ['period', 'match_seconds', 'action', 'modifier_type', 'id'] },
      queries: { refused: expect.stringMatching(/^None/) },
      links: { event: `${base}/all/{action}` },
    });
    expect(doc.id.note).toContain('action');
    expect(doc.fields.map((f: { name: string }) => f.name)).toEqual([
      'match',
      'event',
      'action',
      'action_type',
      'action_desc',
      'modifier_type',
      'modifier_category',
      'modifier_desc',
      'period',
      'match_seconds',
    ]);
    const all = (await call(api, `${base}/all`, { method: 'OPTIONS' })).json.result[0];
    expect(all.sort.default).toEqual(['period', 'match_seconds', 'id']);
    expect(all.sort.order).toContain("source's order");
    expect(Object.keys(all.queries)).toEqual(['refused', 'filter', 'wildcard', 'sort', 'records']);
    expect(all.queries.records).toContain('30 records each');
    const touches = (await call(api, `${base}/touches`, { method: 'OPTIONS' })).json.result[0];
    expect(touches.fields.map((f: { name: string }) => f.name)).toContain('team_name');
    expect(touches.links).toMatchObject({ player: '/v1/personnel/players/{player}' });
    const info = (await call(api, '/v1/clubs/matches/info', { method: 'OPTIONS' })).json.result[0];
    expect(info.queries.records).toContain('10 records each');
  });
});
