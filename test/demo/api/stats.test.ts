import Database from 'better-sqlite3';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build } from '../../../build/build.ts';
import { derivedTables } from '../../../build/derived/tables.ts';
import { camelCase, type CollectionLike } from '../../../build/define/resource.ts';
import { REGISTRY } from '../../../build/registry/index.ts';
import { STATS_GROUPS } from '../../../build/registry/stats-groups.ts';
import { ACTION, MOD } from '../../../football/event-families.ts';
import { STAT_FIELDS } from '../../../build/derived/stats/fields.ts';
import { orderTerms, registerFunctions, selectRows, sortTerms } from '../../../build/define/sql.ts';
import { buildDemoDatabase } from '../../../data/demo/generate.ts';
import { uuidFor } from '../../../data/ids.ts';
import { ACTIONS, MODIFIERS } from '../../../football/events.ts';
import type { Handler } from '../../../server/core/handler.ts';
import { call, demo, handlerFor } from '../../helpers/http/api.ts';
import { openOracle, rows } from '../../helpers/data/db.ts';

/**
 * Match statistics per lineup: the fields are the ones docs/api.md#statistics lists (its table is
 * parsed here, not copied), the counts agree with micro-events counted here independently, the
 * macro-derived fields with the goal, penalty and offense rows, a match without micro-events has
 * null event counts but real goal and card figures, and every lineup's stats links resolve.
 */

// ---------------------------------------------------------------------------------------------------
// The documented field list, parsed
// ---------------------------------------------------------------------------------------------------

/** Where a field of the documented table comes from, by its marking: bold, italics, a dagger. */
type Marking = 'events' | 'fallback' | 'macro' | null;

/** One documented statistic: its fields in order, each with its marking. */
type Documented = { fields: string[]; marks: Marking[] };

/** The marking of one cell of the table: `**f**` macro, `*f*` always null, `f†` a fallback. */
function marking(cell: string): Marking {
  if (cell.startsWith('**')) return 'macro';
  if (cell.startsWith('*')) return null;
  return cell.endsWith('†') ? 'fallback' : 'events';
}

/**
 * The statistics table of docs/api.md: `group/name` -> its fields of v1 (rows that list a
 * `/v1/clubs/stats/...` path) and of v0 alone (rows that list only a `/v0/stats/...` path).
 */
function documentedFields(): { v1: Map<string, Documented>; v0Only: Map<string, Documented> } {
  const text = readFileSync('docs/api.md', 'utf8');
  const v1 = new Map<string, Documented>();
  const v0Only = new Map<string, Documented>();
  const row = /^\| `\/(v1\/clubs|v0)\/stats\/([a-z]+\/[a-z]+)\[\/<id>\]`[^|]*\| ([^|]+) \|$/gm;
  for (const [, prefix, key, list] of text.matchAll(row)) {
    const cells = list!.split(', ');
    const entry = { fields: cells.map((c) => c.replace(/[*†]/g, '')), marks: cells.map(marking) };
    (prefix === 'v0' ? v0Only : v1).set(key!, entry);
  }
  return { v1, v0Only };
}

/** `group/name` -> field names, from the documented table. */
function fieldsOf(table: Map<string, Documented>): Map<string, string[]> {
  return new Map([...table].map(([key, { fields }]) => [key, fields]));
}

const COMMON = ['lineup', 'match', 'player', 'player_name', 'player_team', 'player_team_name'];

describe('statistics fields', () => {
  const documented = documentedFields();
  const v1Fields = fieldsOf(documented.v1);
  const v0Added = fieldsOf(documented.v0Only);

  it('the statistics are the documented ones (v1: 32 names)', () => {
    const names = Object.entries(STATS_GROUPS.v1).flatMap(([g, ns]) => ns.map((n) => `${g}/${n}`));
    expect(names).toHaveLength(32);
    expect([...v1Fields.keys()].sort()).toEqual([...names].sort());
  });

  it('every statistic has exactly the documented fields, in order, after the common ones; v0 adds setpieces/keyplays', () => {
    const v0 = new Map([...v1Fields, ...v0Added]);
    expect([...v0Added.keys()]).toEqual(['setpieces/keyplays']);
    for (const [prefix, statistics] of [
      ['v1/clubs', v1Fields],
      ['v1/national', v1Fields],
      ['v0', v0],
    ] as const) {
      expect(
        REGISTRY.resources.filter((r) => r.path.startsWith(`${prefix}/stats/`)),
        prefix,
      ).toHaveLength(statistics.size);
      for (const [key, fields] of statistics) {
        const def = REGISTRY.resources.find((r) => r.path === `${prefix}/stats/${key}`);
        expect(def, key).toBeDefined();
        expect(
          def!.fields.map((f) => f.name),
          key,
        ).toEqual([...COMMON, ...fields]);
        const [group, name] = key.split('/') as [string, string];
        expect(Object.keys(STAT_FIELDS[group]![name]!), key).toEqual(fields);
      }
    }
  });

  it("the documented markings are the rules': bold from macro-events, italics always null, † a fallback", () => {
    for (const [key, { fields, marks }] of [...documented.v1, ...documented.v0Only]) {
      const [group, name] = key.split('/') as [string, string];
      const rules = STAT_FIELDS[group]![name]!;
      const actual = fields.map((field) => {
        const rule = rules[field]!;
        if (rule.from !== 'events') return rule.from;
        return rule.otherwise ? 'fallback' : 'events';
      });
      expect(marks, key).toEqual(actual);
    }
  });

  it('every rule is documented: null fields say why, the others what they count', () => {
    const all = Object.values(STAT_FIELDS).flatMap((names) =>
      Object.values(names).flatMap((fields) => Object.values(fields)),
    );
    for (const rule of all) {
      if (rule.from === null) expect(rule.why.length).toBeGreaterThan(20);
      else expect(rule.rule.length).toBeGreaterThan(10);
    }
    const by = (from: string | null) => all.filter((r) => r.from === from).length;
    expect(by('events') + by('macro') + by(null)).toBe(
      [...v1Fields.values(), ...v0Added.values()].flat().length,
    );
    expect(by('macro')).toBeGreaterThan(10);
    expect(by(null)).toBeLessThan(12);
  });

  it('the rules read only actions and modifiers the reference lists have', () => {
    const actions = new Set(ACTIONS.map(([id]) => id));
    const modifiers = new Set(MODIFIERS.map(([id]) => id));
    for (const id of Object.values(ACTION)) expect(actions.has(id), `action ${id}`).toBe(true);
    for (const id of Object.values(MOD)) expect(modifiers.has(id), `modifier ${id}`).toBe(true);
  });

  it('OPTIONS documents every field with its rule', async () => {
    const api = handlerFor(demo().dist);
    for (const [key, fields] of v1Fields) {
      const reply = await call(api, `/v1/national/stats/${key}`, { method: 'OPTIONS' });
      expect(reply.status, key).toBe(200);
      const doc = reply.json.result[0];
      expect(
        doc.fields.map((f: { name: string }) => f.name),
        key,
      ).toEqual([...COMMON, ...fields]);
      expect(
        doc.fields.map((f: { key: string }) => f.key),
        key,
      ).toEqual([...COMMON, ...fields].map(camelCase));
      for (const f of doc.fields.slice(COMMON.length))
        expect(f.description, `${key} ${f.name}`).toMatch(/micro-events|macro-events|Always null/);
      const filters = doc.fields
        .filter((f: { filter: boolean }) => f.filter)
        .map((f: { name: string }) => f.name);
      expect(filters, key).toEqual([
        'match',
        'player',
        'player_name',
        'player_team',
        'player_team_name',
      ]);
    }
  });
});

// ---------------------------------------------------------------------------------------------------
// Counts from micro-events, checked against an independent count
// ---------------------------------------------------------------------------------------------------

interface Lineup {
  id: string;
  v0_id: number;
  team: string;
  position: number | null;
  is_starting: number;
}
interface Generated {
  lineup: string;
  team: string;
  period: number;
  action: number;
  mods: number[];
  x: number;
  y: number;
}

/** A small deterministic generator (LCG). */
function stream(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

/**
 * Shot variants: on target with either foot or the head, off target, blocked, a goal, a clear
 * chance.
 */
const SHOT_TAGS = [
  [1801, 401],
  [1802, 402],
  [1801, 403, 201],
  [1802, 2101, 402],
  [101, 1801, 402, 201],
  [1802, 403],
];
const PASS_TYPES = [85, 85, 85, 83, 82, 80, 30];
const DUEL_TAGS = [703, 701, 702];
const RANDOM_ACTIONS = [85, 85, 85, 85, 83, 82, 80, 100, 10, 11, 12, 13, 36, 72, 71, 30, 31, 34];
/**
 * Set pieces passed to a team-mate: corners, free kicks, throw-ins and goal kicks (v0's key plays).
 */
const SET_PIECE_PASSES = [30, 31, 36, 34];

describe('statistics from micro-events', () => {
  let root: string;
  let api: Handler;
  let withEvents: string;
  let withEventsV0: number;
  let without: string;
  let lineups: Lineup[];
  const generated: Generated[] = [];
  let fouled: Lineup;
  let fouler: Lineup;
  let keeper: Lineup;
  let macro: { offenses: { lineup: string; card: number }[] };

  beforeAll(async () => {
    root = mkdtempSync(join(tmpdir(), 'football-stats-'));
    const file = join(root, 'stats.sqlite');
    buildDemoDatabase(file);
    const db = new Database(file);
    const matches = db
      .prepare(
        `SELECT m.id FROM match m WHERE m.match_type = 'clubs' AND EXISTS (SELECT 1 FROM lineup l WHERE l.match = m.id)
      ORDER BY m.id LIMIT 2`,
      )
      .pluck()
      .all() as string[];
    [withEvents, without] = matches as [string, string];
    // Whatever micro-events the demo has for the two matches go; the first gets the test's own.
    for (const sql of [
      'DELETE FROM event_modifier WHERE action IN (SELECT ea.id FROM event_action ea JOIN event e ON e.id = ea.event WHERE e.match IN (?, ?))',
      'DELETE FROM event_action WHERE event IN (SELECT id FROM event WHERE match IN (?, ?))',
      'DELETE FROM event WHERE match IN (?, ?)',
    ])
      db.prepare(sql).run(withEvents, without);
    lineups = db
      .prepare(
        'SELECT id, v0_id, team, position, is_starting FROM lineup WHERE match = ? ORDER BY id',
      )
      .all(withEvents) as Lineup[];
    withEventsV0 = db
      .prepare('SELECT v0_id FROM match WHERE id = ?')
      .pluck()
      .get(withEvents) as number;
    const home = db
      .prepare('SELECT home_team FROM match WHERE id = ?')
      .pluck()
      .get(withEvents) as string;
    fouled = lineups.find((l) => l.team === home && l.position !== 10)!;
    fouler = lineups.find((l) => l.team !== home && l.position !== 10)!;
    keeper = lineups.find((l) => l.team !== home && l.position === 10 && l.is_starting === 1)!;
    macro = {
      offenses: db.prepare('SELECT lineup, card FROM offense WHERE match = ?').all(without) as {
        lineup: string;
        card: number;
      }[],
    };

    const random = stream(20261120);
    const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)]!;
    const at = () => Math.round(random() * 1000) / 10;
    const insertEvent = db.prepare(
      "INSERT INTO event (id, match, team, lineup, period, match_seconds, x, y, seq, source) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, 'demo')",
    );
    const insertAction = db.prepare(
      'INSERT INTO event_action (id, event, action, x_end, y_end, z_end, outcome) VALUES (?, ?, ?, ?, ?, NULL, NULL)',
    );
    const insertModifier = db.prepare(
      'INSERT INTO event_modifier (id, action, modifier) VALUES (?, ?, ?)',
    );
    let seq = 0;
    const add = (
      period: number,
      seconds: number,
      l: Lineup,
      action: number,
      mods: number[],
      x = at(),
      y = at(),
      end: [number, number] | null = null,
    ) => {
      const event = uuidFor('test', 'event', `${withEvents}:${seq}`);
      insertEvent.run(event, withEvents, l.team, l.id, period, seconds, x, y, seq);
      const id = uuidFor('test', 'event_action', `${withEvents}:${seq}`);
      insertAction.run(id, event, action, end?.[0] ?? null, end?.[1] ?? null);
      mods.forEach((m, k) =>
        insertModifier.run(uuidFor('test', 'event_modifier', `${withEvents}:${seq}:${k}`), id, m),
      );
      generated.push({ lineup: l.id, team: l.team, period, action, mods, x, y });
      seq++;
    };
    db.transaction(() => {
      for (let i = 0; i < 800; i++) {
        const l = pick(lineups);
        const action = pick(RANDOM_ACTIONS);
        let mods: number[];
        if (action === 100) mods = pick(SHOT_TAGS);
        else if (action >= 10 && action <= 13)
          mods = [pick(DUEL_TAGS), ...(action === 11 && random() < 0.3 ? [503] : [])];
        else if (action === 72) mods = random() < 0.2 ? [1302] : [];
        // Some set pieces made a chance (key pass, 302) or a goal (assist, 301).
        else if (SET_PIECE_PASSES.includes(action))
          mods = [
            random() < 0.75 ? 1801 : 1802,
            ...(random() < 0.3 ? [302] : random() < 0.1 ? [301] : []),
          ];
        else if (PASS_TYPES.includes(action) || action === 71)
          mods = [random() < 0.75 ? 1801 : 1802, ...(random() < 0.3 ? [801] : [])];
        else mods = [];
        add(
          i < 400 ? 1 : 2,
          (i % 400) * 6 + 1,
          l,
          action,
          mods,
          at(),
          at(),
          action === 100 ? null : [at(), at()],
        );
      }
      // Designed at the end of the second half: a foul after a duel (the victim is the duel's other
      // side), then a shot from the box saved by the other team's goalkeeper.
      add(2, 2500, fouled, ACTION.groundAttackingDuel, [MOD.won], 70, 40);
      add(2, 2500, fouler, ACTION.groundDefendingDuel, [MOD.lost], 30, 60);
      add(2, 2501, fouler, ACTION.foul, [], 30, 60);
      add(2, 2520, fouled, ACTION.shot, [MOD.accurate, MOD.rightFoot], 90, 50);
      add(2, 2521, keeper, ACTION.saveAttempt, [MOD.accurate], 3, 50);
    })();
    db.close();
    const dist = join(root, 'dist');
    const names = [
      'passes/totals',
      'shots/totals',
      'shots/bodyparts',
      'touches/duels',
      'touches/totals',
      'touches/locations',
      'setpieces/throwins',
      'setpieces/corners',
      'defense/blocks',
      'defense/actions',
      'fouls/wins',
      'fouls/cards',
      'goalkeeper/saves',
      'goalkeeper/shots',
      'goals/totals',
      'goalkeeper/goals',
    ];
    const resources = REGISTRY.resources.filter(
      (r) =>
        names.some((n) => r.path === `v1/clubs/stats/${n}`) ||
        r.path === 'v0/stats/setpieces/keyplays',
    );
    await build({ db: file, out: dist, registry: { ...REGISTRY, resources } });
    api = handlerFor(dist);
  });

  afterAll(() => rmSync(root, { recursive: true, force: true }));

  /** The records of a statistic for a match, by lineup id. */
  async function statOf(
    name: string,
    match: string,
  ): Promise<Map<string, Record<string, unknown>>> {
    const reply = await call(api, `/v1/clubs/stats/${name}?match=${match}&records=100`);
    expect(reply.status, name).toBe(200);
    return new Map(reply.json.result.map((r: Record<string, unknown>) => [r['lineup'], r]));
  }

  /** How many generated actions of a lineup pass `test`. */
  const count = (lineup: string, test: (g: Generated, i: number) => boolean) =>
    generated.filter((g, i) => g.lineup === lineup && test(g, i)).length;
  const has = (g: Generated, ...mods: number[]) => mods.every((m) => g.mods.includes(m));
  const isTouch = new Set(ACTIONS.filter(([, , touch]) => touch).map(([id]) => id));

  it("shots, passes, duels, throw-ins, corners and touches agree with the player's micro-events", async () => {
    const shots = await statOf('shots/totals', withEvents);
    const bodyparts = await statOf('shots/bodyparts', withEvents);
    const passes = await statOf('passes/totals', withEvents);
    const duels = await statOf('touches/duels', withEvents);
    const throwins = await statOf('setpieces/throwins', withEvents);
    const corners = await statOf('setpieces/corners', withEvents);
    const touches = await statOf('touches/totals', withEvents);
    const locations = await statOf('touches/locations', withEvents);
    expect(shots.size).toBe(lineups.length);
    const pass = [80, 82, 83, 85, 30, 31];
    for (const { id } of lineups) {
      expect(shots.get(id), id).toMatchObject({
        ontarget: count(id, (g) => g.action === 100 && has(g, 1801)),
        offtarget: count(id, (g) => g.action === 100 && has(g, 1802)),
        dangerous: count(id, (g) => g.action === 100 && has(g, 201)),
      });
      expect(bodyparts.get(id)).toMatchObject({
        headOntarget: count(id, (g) => g.action === 100 && has(g, 403, 1801)),
        headOfftarget: count(id, (g) => g.action === 100 && has(g, 403, 1802)),
        rightOfftarget: count(id, (g) => g.action === 100 && has(g, 402, 1802)),
      });
      expect(passes.get(id)).toMatchObject({
        totalS: count(id, (g) => pass.includes(g.action) && has(g, 1801)),
        totalF: count(id, (g) => pass.includes(g.action) && has(g, 1802)),
        totalNoCcS: count(id, (g) => [82, 83, 85, 31].includes(g.action) && has(g, 1801)),
        longballF: count(id, (g) => g.action === 83 && has(g, 1802)),
        layoffsS: null,
      });
      expect(duels.get(id)).toMatchObject({
        totalWon: count(id, (g) => g.action >= 10 && g.action <= 13 && has(g, 703)),
        totalLost: count(id, (g) => g.action >= 10 && g.action <= 13 && has(g, 701)),
        aerialWon: count(id, (g) => g.action === 10 && has(g, 703)),
        groundLost: count(id, (g) => g.action >= 11 && g.action <= 13 && has(g, 701)),
      });
      expect(throwins.get(id)).toMatchObject({
        toTeamplayer: count(id, (g) => g.action === 36 && has(g, 1801)),
        toOppplayer: count(id, (g) => g.action === 36 && has(g, 1802)),
      });
      expect(corners.get(id)).toMatchObject({ total: count(id, (g) => g.action === 30) });
      expect(touches.get(id)).toMatchObject({
        total: count(id, (g) => isTouch.has(g.action)),
        balltouchF: count(id, (g) => g.action === 72 && has(g, 1302)),
        dribbleS: count(id, (g) => g.action === 11 && has(g, 503, 703)),
      });
      expect(locations.get(id)).toMatchObject({
        oppbox: count(id, (g) => isTouch.has(g.action) && g.x >= 84 && g.y >= 19 && g.y <= 81),
        finalThird: count(id, (g) => isTouch.has(g.action) && g.x >= 200 / 3),
      });
    }
    // The test's events did happen: something to compare.
    expect([...passes.values()].reduce((n, r) => n + (r['totalS'] as number), 0)).toBeGreaterThan(
      100,
    );
    expect([...shots.values()].reduce((n, r) => n + (r['ontarget'] as number), 0)).toBeGreaterThan(
      10,
    );
  });

  it("v0's set-piece key plays count each player's set pieces tagged key pass or assist", async () => {
    const reply = await call(api, `/v0/stats/setpieces/keyplays?match=${withEventsV0}&records=100`);
    expect(reply.status).toBe(200);
    const records = new Map(
      reply.json.result.map((r: Record<string, unknown>) => [r['lineup'], r]),
    );
    expect(records.size).toBe(lineups.length);
    const keyPlays = (id: string, actions: number[]) =>
      count(id, (g) => actions.includes(g.action) && (has(g, 302) || has(g, 301)));
    for (const { id, v0_id } of lineups) {
      expect(records.get(v0_id), id).toMatchObject({
        corners: keyPlays(id, [30]),
        freekicks: keyPlays(id, [31, 32]),
        throwins: keyPlays(id, [36]),
        goalkicks: keyPlays(id, [34]),
      });
    }
    expect(lineups.reduce((n, l) => n + keyPlays(l.id, SET_PIECE_PASSES), 0)).toBeGreaterThan(5);
  });

  it("blocks go to the other side's player who acts next; fouls won to the duel's other side; saves to the keeper", async () => {
    const blocks = await statOf('defense/blocks', withEvents);
    const expected = new Map(lineups.map((l) => [l.id, 0]));
    generated.forEach((g, i) => {
      const next = generated[i + 1];
      if (
        g.action === 100 &&
        has(g, 2101) &&
        next &&
        next.period === g.period &&
        next.team !== g.team
      ) {
        expected.set(next.lineup, expected.get(next.lineup)! + 1);
      }
    });
    for (const { id } of lineups) expect(blocks.get(id)!['total'], id).toBe(expected.get(id));
    expect([...expected.values()].reduce((a, b) => a + b)).toBeGreaterThan(0);

    const wins = await statOf('fouls/wins', withEvents);
    expect(wins.get(fouled.id)).toMatchObject({ total: 1, totalPenalty: 0 });
    // The foul at x = 30 of the fouler's pitch is in the fouled player's attacking third.
    expect(wins.get(fouled.id)).toMatchObject({ totalDanger: 1, totalNodanger: 0 });
    expect((await statOf('defense/actions', withEvents)).get(fouler.id)).toMatchObject({
      foulsConceded: 1,
    });

    expect((await statOf('goalkeeper/saves', withEvents)).get(keeper.id)).toEqual(
      expect.objectContaining({ insidebox: 1, outsidebox: 0, penalty: 0 }),
    );
    expect((await statOf('goalkeeper/shots', withEvents)).get(keeper.id)).toEqual(
      expect.objectContaining({ insidebox: 1, outsidebox: 0 }),
    );
  });

  it('a match without micro-events: event counts null, goal and card figures real', async () => {
    const passes = await statOf('passes/totals', without);
    const cards = await statOf('fouls/cards', without);
    const totals = await statOf('goals/totals', without);
    const keepers = await statOf('goalkeeper/goals', without);
    expect(passes.size).toBeGreaterThan(20);
    for (const [id, record] of passes) {
      expect(record, id).toMatchObject({ totalS: null, totalF: null, throughballs: null });
      const mine = macro.offenses.filter((o) => o.lineup === id).map((o) => o.card);
      expect(cards.get(id)).toMatchObject({
        yellows: mine.includes(2) ? 2 : mine.filter((c) => c === 1).length,
        reds: mine.filter((c) => c > 1).length,
      });
      expect(typeof totals.get(id)!['isFirstgoal']).toBe('boolean');
      expect(typeof totals.get(id)!['penalties']).toBe('number');
      expect(typeof totals.get(id)!['substitute']).toBe('number');
      expect(keepers.get(id)).toMatchObject({ insidebox: null, outsidebox: null });
      expect(typeof keepers.get(id)!['isCleansheet']).toBe('boolean');
    }
  });
});

// ---------------------------------------------------------------------------------------------------
// Macro-derived fields and links on the demo build
// ---------------------------------------------------------------------------------------------------

describe('statistics on the demo build', () => {
  const { db: dbFile, dist } = demo();
  const api = handlerFor(dist);
  const oracle = openOracle(dbFile);
  afterAll(() => oracle.close());

  /** Every record of a statistic for a match. */
  async function records(
    mt: string,
    name: string,
    match: string,
  ): Promise<Map<string, Record<string, unknown>>> {
    const reply = await call(api, `/v1/${mt}/stats/${name}?match=${match}&records=100`);
    expect(reply.status).toBe(200);
    return new Map(reply.json.result.map((r: Record<string, unknown>) => [r['lineup'], r]));
  }

  it('cards, penalties, goals and clean sheets agree with the offense, penalty and goal rows', async () => {
    const matches = rows<{
      id: string;
      match_type: string;
      home_team: string;
      away_team: string;
      home_score: number;
      away_score: number;
    }>(
      oracle,
      'SELECT id, match_type, home_team, away_team, home_score, away_score FROM match m WHERE EXISTS (SELECT 1 FROM lineup l WHERE l.match = m.id) ORDER BY id',
    );
    expect(matches.length).toBeGreaterThan(100);
    let goals = 0;
    let penalties = 0;
    let cards = 0;
    for (const m of matches) {
      const lineups = rows<{ id: string; team: string; player: string; is_starting: number }>(
        oracle,
        'SELECT id, team, player, is_starting FROM lineup WHERE match = ?',
        m.id,
      );
      const goalRows = rows<{
        lineup: string | null;
        team: string;
        player_team: string;
        bodypart: number | null;
        time_mins: number;
        stoppage_mins: number;
      }>(
        oracle,
        'SELECT COALESCE(lineup, (SELECT l.id FROM lineup l WHERE l.match = g.match AND l.player = g.player)) AS lineup, team, player_team, bodypart, time_mins, stoppage_mins FROM goal g WHERE match = ? ORDER BY time_mins, stoppage_mins, v0_id',
        m.id,
      );
      const penaltyRows = rows<{ lineup: string; outcome: number }>(
        oracle,
        'SELECT lineup, outcome FROM penalty WHERE match = ?',
        m.id,
      );
      const offenses = rows<{ lineup: string; card: number }>(
        oracle,
        'SELECT lineup, card FROM offense WHERE match = ?',
        m.id,
      );
      const of = (name: string) => records(m.match_type, name, m.id);
      const [cardStats, penaltyStats, totals, bodyparts, keepers] = await Promise.all([
        of('fouls/cards'),
        of('goals/penalties'),
        of('goals/totals'),
        of('goals/bodyparts'),
        of('goalkeeper/goals'),
      ]);
      expect(cardStats.size).toBe(lineups.length);
      const first = goalRows[0];
      for (const l of lineups) {
        const mine = offenses.filter((o) => o.lineup === l.id).map((o) => o.card);
        expect(cardStats.get(l.id), l.id).toMatchObject({
          yellows: mine.includes(2) ? 2 : mine.filter((c) => c === 1).length,
          reds: mine.filter((c) => c === 2 || c === 3).length,
        });
        const kicks = penaltyRows.filter((p) => p.lineup === l.id);
        expect(penaltyStats.get(l.id)).toMatchObject({
          taken: kicks.length,
          saved: kicks.filter((p) => p.outcome === 3).length,
          ontarget: kicks.filter((p) => p.outcome === 1 || p.outcome === 3).length,
          offtarget: kicks.filter((p) => p.outcome !== 1 && p.outcome !== 3).length,
        });
        const scored = goalRows.filter((g) => g.lineup === l.id && g.player_team === g.team);
        expect(totals.get(l.id)).toMatchObject({
          penalties: kicks.filter((p) => p.outcome === 1).length,
          isFirstgoal:
            first !== undefined && first.lineup === l.id && first.player_team === first.team,
          substitute: l.is_starting ? 0 : scored.length,
        });
        const headed = scored.some((g) => g.bodypart === null || g.bodypart === 1)
          ? null
          : scored.filter((g) => g.bodypart === 5).length;
        expect(bodyparts.get(l.id)!['headed']).toBe(headed);
        const conceded = l.team === m.home_team ? m.away_score : m.home_score;
        expect(keepers.get(l.id)!['isCleansheet']).toBe(conceded === 0);
        goals += scored.length;
        penalties += kicks.length;
        cards += mine.length;
      }
    }
    // The demo has all of these to compare.
    expect(goals).toBeGreaterThan(100);
    expect(penalties).toBeGreaterThan(5);
    expect(cards).toBeGreaterThan(50);
  });

  it("?player= gives a player's records across matches, also with a second filter", async () => {
    for (const mt of ['clubs', 'national']) {
      const player = oracle
        .prepare(
          `SELECT l.player FROM lineup l JOIN match m ON m.id = l.match WHERE m.match_type = ?
        GROUP BY l.player HAVING count(*) > 2 ORDER BY l.player LIMIT 1`,
        )
        .pluck()
        .get(mt) as string;
      const lineups = oracle
        .prepare(
          'SELECT l.id FROM lineup l JOIN match m ON m.id = l.match WHERE m.match_type = ? AND l.player = ? ORDER BY l.id',
        )
        .pluck()
        .all(mt, player) as string[];
      const reply = await call(api, `/v1/${mt}/stats/touches/totals?player=${player}&records=100`);
      expect(reply.status).toBe(200);
      expect(reply.json.result.map((r: { id: string }) => r.id).sort()).toEqual(lineups);
      const team = reply.json.result[0].playerTeam as string;
      const both = await call(
        api,
        `/v1/${mt}/stats/touches/totals?player=${player}&player_team=${team}&records=100`,
      );
      expect(both.json.result.every((r: { playerTeam: string }) => r.playerTeam === team)).toBe(
        true,
      );
    }
  });

  it("a stats record of every statistic for every lineup, and the lineups' stats links resolve", async () => {
    const { manifest } = demo();
    for (const mt of ['clubs', 'national']) {
      const lineups = oracle
        .prepare(
          'SELECT count(*) FROM lineup l JOIN match m ON m.id = l.match WHERE m.match_type = ?',
        )
        .pluck()
        .get(mt) as number;
      for (const [group, names] of Object.entries(STATS_GROUPS.v1)) {
        for (const name of names)
          expect(
            manifest.resources.find((r) => r.path === `v1/${mt}/stats/${group}/${name}`)!.count,
          ).toBe(lineups);
      }
      // Every stats link of the lineups of a few matches, followed.
      const matches = oracle
        .prepare(
          'SELECT id FROM match m WHERE match_type = ? AND EXISTS (SELECT 1 FROM lineup l WHERE l.match = m.id) ORDER BY id LIMIT 1',
        )
        .pluck()
        .all(mt) as string[];
      for (const match of matches) {
        const reply = await call(api, `/v1/${mt}/matches/${match}/lineups?records=100`);
        for (const lineup of reply.json.result) {
          for (const [group, links] of Object.entries(
            lineup.link.stats as Record<string, Record<string, string>>,
          )) {
            for (const [name, link] of Object.entries(links)) {
              const stat = await call(api, link);
              expect(stat.status, link).toBe(200);
              expect(stat.json.result[0]).toMatchObject({
                id: lineup.id,
                lineup: lineup.id,
                match,
                player: lineup.player,
              });
              expect(stat.json.result[0].uri).toBe(`/v1/${mt}/stats/${group}/${name}/${lineup.id}`);
              expect((await call(api, stat.json.result[0].link.lineup)).status).toBe(200);
            }
          }
        }
      }
    }
  });
});

describe('the order of the statistics', () => {
  it('a rank computed once per build orders every resource as its declared default sort', () => {
    const ranked = REGISTRY.resources.filter(
      (def): def is CollectionLike => def.kind !== 'document' && def.order?.rank !== undefined,
    );
    // Every statistics resource: v1's in both match types, and v0's.
    const names = (version: 'v1' | 'v0') => Object.values(STATS_GROUPS[version]).flat().length;
    expect(ranked.length).toBe(2 * names('v1') + names('v0'));
    const scratch = mkdtempSync(join(tmpdir(), 'football-rank-'));
    const db = new Database(demo().db, { readonly: true });
    try {
      registerFunctions(db);
      const derived = new Database(join(scratch, 'derived.sqlite'));
      // Attached first: a fill may read the tables filled before it.
      db.exec(`ATTACH DATABASE '${join(scratch, 'derived.sqlite')}' AS derived`);
      for (const table of derivedTables(ranked)) table.fill(db, derived, () => {});
      derived.close();
      for (const def of ranked) {
        const ids = (order: string) =>
          db
            .prepare(`SELECT id FROM (${selectRows(def)}) ORDER BY ${order}`)
            .pluck()
            .all();
        const declared = ids([...sortTerms(def), 'id ASC'].join(', '));
        expect(declared.length, def.path).toBeGreaterThan(100);
        expect(ids(orderTerms(def)), def.path).toEqual(declared);
      }
    } finally {
      db.close();
      rmSync(scratch, { recursive: true, force: true });
    }
  });
});
