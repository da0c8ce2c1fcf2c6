import Database from 'better-sqlite3';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build } from '../../../build/build.ts';
import { REGISTRY } from '../../../build/registry/index.ts';
import { buildDemoDatabase } from '../../../data/demo/generate.ts';
import { call, demo, handlerFor } from '../../helpers/http/api.ts';
import { openOracle, rows } from '../../helpers/data/db.ts';
import { expectCommonHeaders, expectEnvelope, expectError } from '../../helpers/http/shapes.ts';

/**
 * The analytics (match state, segments, TSR) over the demo build, checked against the demo database
 * with answers computed here independently in SQL, and the TSR on a small database with
 * micro-events.
 */

const { dist, db: dbFile } = demo();
const api = handlerFor(dist);
const db = openOracle(dbFile);
afterAll(() => db.close());

interface Match {
  id: string;
  match_type: string;
  home_team: string;
  away_team: string;
  home_score: number;
  away_score: number;
  firsthalf_length: number | null;
  secondhalf_length: number | null;
  firstextra_length: number | null;
  secondextra_length: number | null;
  source: string;
}
type Time = [mins: number, stoppage: number];

const matches = rows<Match>(db, 'SELECT * FROM match ORDER BY id');
const cmp = (a: Time, b: Time) => a[0] - b[0] || a[1] - b[1];
/** SQL: the row's time is at or before (?, ?). */
const AT_OR_BEFORE = '(time_mins < ? OR (time_mins = ? AND stoppage_mins <= ?))';
const EVENT_TIMES = `SELECT time_mins, stoppage_mins FROM goal WHERE match = @m UNION ALL SELECT time_mins, stoppage_mins FROM penalty WHERE match = @m
  UNION ALL SELECT time_mins, stoppage_mins FROM offense WHERE match = @m UNION ALL SELECT time_mins, stoppage_mins FROM substitution WHERE match = @m`;

/**
 * The end of a match: the later of its periods' end (90, 120 with extra time) and its last recorded
 * event.
 */
function endOf(m: Match): Time {
  const regular =
    (m.firsthalf_length ?? 45) +
    (m.secondhalf_length ?? 45) +
    (m.firstextra_length === null ? 0 : m.firstextra_length + (m.secondextra_length ?? 15));
  const last = db
    .prepare(`${EVENT_TIMES} ORDER BY 1 DESC, 2 DESC LIMIT 1`)
    .raw()
    .get({ m: m.id }) as Time | undefined;
  return last && cmp(last, [regular, 0]) > 0 ? last : [regular, 0];
}

function goalsAt(m: Match, team: string, [mins, stoppage]: Time): number {
  return db
    .prepare(`SELECT count(*) FROM goal WHERE match = ? AND team = ? AND ${AT_OR_BEFORE}`)
    .pluck()
    .get(m.id, team, mins, mins, stoppage) as number;
}

/**
 * Players of a team on the pitch at a time: starters, plus who came on, less who went off or was
 * sent off, up to that time.
 */
function playersAt(m: Match, team: string, [mins, stoppage]: Time): string[] {
  const t = [mins, mins, stoppage];
  return db
    .prepare(
      `
    SELECT player FROM lineup WHERE match = @m AND team = @team AND is_starting = 1
    UNION SELECT li.player FROM substitution s JOIN lineup li ON li.id = s.lineup_in WHERE s.match = @m AND s.team = @team AND ${AT_OR_BEFORE}
    EXCEPT SELECT lo.player FROM substitution s JOIN lineup lo ON lo.id = s.lineup_out WHERE s.match = @m AND s.team = @team AND ${AT_OR_BEFORE}
    EXCEPT SELECT l.player FROM offense o JOIN lineup l ON l.id = o.lineup WHERE o.match = @m AND l.team = @team AND o.card IN (2, 3) AND ${AT_OR_BEFORE}
    ORDER BY 1`,
    )
    .pluck()
    .all({ m: m.id, team }, ...t, ...t, ...t) as string[];
}

function expelledAt(m: Match, team: string, [mins, stoppage]: Time): string[] {
  return db
    .prepare(
      `SELECT l.player FROM offense o JOIN lineup l ON l.id = o.lineup
    WHERE o.match = ? AND l.team = ? AND o.card IN (2, 3) AND ${AT_OR_BEFORE} ORDER BY o.time_mins, o.stoppage_mins, o.id`,
    )
    .pluck()
    .all(m.id, team, mins, mins, stoppage) as string[];
}

const teamPath = (m: Match) => (m.match_type === 'clubs' ? 'teams' : 'countries');
const statePath = (m: Match, time?: string) =>
  `/v1/analytics/match/${m.id}/state${time === undefined ? '' : `?time=${time}`}`;

describe('the demo has what the analytics need', () => {
  it('137 matches with goals, substitutions, expulsions and extra time', () => {
    expect(matches).toHaveLength(137);
    const count = (sql: string) => db.prepare(sql).pluck().get() as number;
    expect(count('SELECT count(*) FROM goal')).toBeGreaterThan(100);
    expect(count('SELECT count(*) FROM substitution')).toBeGreaterThan(100);
    expect(count('SELECT count(*) FROM substitution WHERE lineup_in IS NULL')).toBeGreaterThan(0);
    expect(count('SELECT count(*) FROM offense WHERE card IN (2, 3)')).toBeGreaterThan(10);
    expect(matches.filter((m) => m.firstextra_length !== null).length).toBeGreaterThan(0);
  });
});

describe('match state', () => {
  it('without time is the final state: the score at the end of the match, in the envelope, crediting the source', async () => {
    const providers = new Map(
      rows<{ key: string; name: string }>(db, 'SELECT key, name FROM provider').map((p) => [
        p.key,
        p.name,
      ]),
    );
    for (const m of matches) {
      const reply = await call(api, statePath(m));
      expect(reply.status, reply.text).toBe(200);
      expectCommonHeaders(reply);
      expect(Object.keys(reply.json)).toEqual(['attribution', 'meta', 'result']);
      expect(reply.json.meta).toEqual({});
      expect(reply.json.attribution.source.name).toBe(providers.get(m.source));
      const [mins, stoppage] = endOf(m);
      expect(reply.json.result).toEqual({
        id: m.id,
        match: m.id,
        homeTeam: m.home_team,
        awayTeam: m.away_team,
        timeMins: mins,
        stoppageMins: stoppage,
        isFulltime: true,
        homeGoals: m.home_score,
        awayGoals: m.away_score,
        uri: statePath(m),
        link: {
          match: `/v1/${m.match_type}/matches/${m.id}/info`,
          homeTeam: `/v1/${teamPath(m)}/${m.home_team}`,
          awayTeam: `/v1/${teamPath(m)}/${m.away_team}`,
        },
      });
    }
  });

  it('at every minute 0-120 and in stoppage time agrees with the goals, and is full time only from the end on', async () => {
    const times: Time[] = [];
    for (let mins = 0; mins <= 121; mins++) times.push([mins, 0]);
    for (const mins of [45, 90, 105, 120])
      for (let stoppage = 1; stoppage <= 9; stoppage++) times.push([mins, stoppage]);
    times.sort(cmp);
    let changes = 0;
    for (const m of matches) {
      const end = endOf(m);
      let previous: unknown = null;
      for (const time of times) {
        const reply = await call(api, statePath(m, `${time[0]}:${time[1]}`));
        expect(reply.status, reply.text).toBe(200);
        const ended = cmp(time, end) >= 0;
        const state = reply.json.result;
        expect(state, `${m.id} at ${time}`).toMatchObject({
          match: m.id,
          timeMins: time[0],
          stoppageMins: time[1],
          isFulltime: ended,
          homeGoals: ended ? m.home_score : goalsAt(m, m.home_team, time),
          awayGoals: ended ? m.away_score : goalsAt(m, m.away_team, time),
        });
        expect(state.uri).toBe(
          statePath(m, time[1] === 0 ? `${time[0]}` : `${time[0]}:${time[1]}`),
        );
        if (previous !== null && `${state.homeGoals}-${state.awayGoals}` !== previous) changes++;
        previous = `${state.homeGoals}-${state.awayGoals}`;
      }
    }
    expect(changes).toBeGreaterThan(100);
  }, 120_000);

  it('a goal at a time counts in the state at that time, not a minute before', async () => {
    const goals = rows<{ match: string; team: string; time_mins: number; stoppage_mins: number }>(
      db,
      'SELECT match, team, time_mins, stoppage_mins FROM goal WHERE time_mins > 1 ORDER BY id LIMIT 40',
    );
    for (const g of goals) {
      const m = matches.find((x) => x.id === g.match)!;
      const key = g.team === m.home_team ? 'homeGoals' : 'awayGoals';
      const at = (await call(api, statePath(m, `${g.time_mins}+${g.stoppage_mins}`))).json.result[
        key
      ];
      const before =
        g.stoppage_mins > 0 ? [g.time_mins, g.stoppage_mins - 1] : [g.time_mins - 1, 9];
      const earlier = (await call(api, statePath(m, `${before[0]}:${before[1]}`))).json.result[key];
      expect(at).toBeGreaterThan(earlier);
    }
  });

  it('every documented spelling of a time gives the same answer and tag', async () => {
    const m =
      matches.find(
        (x) =>
          rows(
            db,
            'SELECT 1 FROM goal WHERE match = ? AND time_mins = 45 AND stoppage_mins > 0',
            x.id,
          ).length > 0,
      ) ?? matches[0]!;
    const spellings = ['45:2', '45+2', '45%2B2', '45-2', '045:02', '45%3A2'];
    const replies = await Promise.all(spellings.map((t) => call(api, statePath(m, t))));
    for (const reply of replies) {
      expect(reply.status).toBe(200);
      expect(reply.text).toBe(replies[0]!.text);
      expect(reply.headers.get('etag')).toBe(replies[0]!.headers.get('etag'));
    }
    expect(replies[0]!.json.result.uri).toBe(statePath(m, '45:2'));
    const plain = await Promise.all(
      ['30', '30:0', '30+0', '30-0'].map((t) => call(api, statePath(m, t))),
    );
    for (const reply of plain) expect(reply.text).toBe(plain[0]!.text);
  });

  it('a time past the end is the final state at that time', async () => {
    const m = matches[0]!;
    const final = (await call(api, statePath(m))).json.result;
    const late = (await call(api, statePath(m, '150'))).json.result;
    expect(late).toEqual({ ...final, timeMins: 150, stoppageMins: 0, uri: statePath(m, '150') });
    const atEnd = (await call(api, statePath(m, `${final.timeMins}:${final.stoppageMins}`))).json
      .result;
    expect({ ...atEnd, uri: final.uri }).toEqual(final);
  });

  it.each([
    'abc',
    '-3',
    '45:',
    '45:2:1',
    '',
    '99999',
    '45:999',
    '4.5',
    '1e3',
    '+3',
    '%2045',
    'half',
  ])('time=%s is a 400 in the error shape naming time', async (time) => {
    const target = statePath(matches[0]!, time);
    const reply = await call(api, target);
    expectError(reply, 400, target);
    expect(reply.json.errors.map((e: { parameter: string }) => e.parameter)).toEqual(['time']);
    expect(reply.json.message).toContain('45+2');
  });

  it('an unknown or malformed match is a 404, with or without time', async () => {
    for (const target of [
      `/v1/analytics/match/${'f'.repeat(32)}/state`,
      `/v1/analytics/match/${'f'.repeat(32)}/state?time=30`,
      '/v1/analytics/match/nope/state',
      `/v1/analytics/match/${'f'.repeat(32)}/segments`,
      `/v1/analytics/match/${'f'.repeat(32)}/tsr`,
    ]) {
      expectError(await call(api, target), 404, target);
    }
  });
});

describe('segments', () => {
  it('cover every match: players are the starters adjusted by the changes up to the start, goals add up, expulsions accumulate', async () => {
    let expulsions = 0;
    let withoutReplacement = 0;
    for (const m of matches) {
      const reply = await call(api, `/v1/analytics/match/${m.id}/segments`);
      expectEnvelope(reply, { paginated: false });
      const segments = reply.json.result;
      const changes = db
        .prepare(
          `SELECT DISTINCT time_mins, stoppage_mins FROM (
          SELECT time_mins, stoppage_mins FROM substitution WHERE match = @m
          UNION ALL SELECT time_mins, stoppage_mins FROM offense WHERE match = @m AND card IN (2, 3))
        WHERE time_mins > 0 OR stoppage_mins > 0 ORDER BY 1, 2`,
        )
        .raw()
        .all({ m: m.id }) as Time[];
      // One segment from kickoff, then one per distinct time of a change.
      expect(
        segments.map((s: { startTimeMins: number; startStoppageMins: number }) => [
          s.startTimeMins,
          s.startStoppageMins,
        ]),
      ).toEqual([[0, 0], ...changes]);
      const end = endOf(m);
      let home = 0;
      let away = 0;
      segments.forEach((s: Record<string, unknown>, i: number) => {
        const start: Time = [s['startTimeMins'] as number, s['startStoppageMins'] as number];
        expect(s['id']).toBe(i + 1);
        expect(s['uri']).toBe(`/v1/analytics/match/${m.id}/segments`);
        expect(s['link']).toEqual({ match: `/v1/${m.match_type}/matches/${m.id}/info` });
        expect(s['homePlayersOn'], `${m.id} segment ${i + 1}`).toEqual(
          playersAt(m, m.home_team, start),
        );
        expect(s['awayPlayersOn'], `${m.id} segment ${i + 1}`).toEqual(
          playersAt(m, m.away_team, start),
        );
        expect(s['homePlayersExpelled']).toEqual(expelledAt(m, m.home_team, start));
        expect(s['awayPlayersExpelled']).toEqual(expelledAt(m, m.away_team, start));
        // Goals after the segment's start (from kickoff for the first) up to and including the next
        // change.
        const next = segments[i + 1]
          ? ([segments[i + 1].startTimeMins, segments[i + 1].startStoppageMins] as Time)
          : end;
        const scored = (team: string) =>
          goalsAt(m, team, next) - (i === 0 ? 0 : goalsAt(m, team, start));
        expect([s['homeGoals'], s['awayGoals']]).toEqual([
          scored(m.home_team),
          scored(m.away_team),
        ]);
        expect(s['duration']).toBeGreaterThanOrEqual(0);
        home += s['homeGoals'] as number;
        away += s['awayGoals'] as number;
      });
      expect([home, away]).toEqual([m.home_score, m.away_score]);
      // Played minutes add up to the match: the last minute of the end, plus the stoppage recorded
      // after earlier periods.
      const ends = [45, 90, ...(m.firstextra_length === null ? [] : [105, 120])].filter(
        (e) => e < end[0],
      );
      const stoppage = ends.reduce(
        (n, e) =>
          n +
          ((db
            .prepare(`SELECT max(stoppage_mins) FROM (${EVENT_TIMES}) WHERE time_mins = @e`)
            .pluck()
            .get({ m: m.id, e }) as number) ?? 0),
        0,
      );
      expect(segments.reduce((n: number, s: { duration: number }) => n + s.duration, 0)).toBe(
        end[0] + end[1] + stoppage,
      );
      const last = segments[segments.length - 1];
      expulsions += last.homePlayersExpelled.length + last.awayPlayersExpelled.length;
      withoutReplacement += segments.filter(
        (s: { homePlayersOn: string[]; awayPlayersOn: string[] }) =>
          s.homePlayersOn.length < 11 || s.awayPlayersOn.length < 11,
      ).length;
    }
    expect(expulsions).toBe(
      db.prepare('SELECT count(*) FROM offense WHERE card IN (2, 3)').pluck().get(),
    );
    expect(withoutReplacement).toBeGreaterThan(0);
  }, 60_000);

  it('the scorer of a goal is on the pitch in the segment the goal counts in', async () => {
    const goals = rows<{ match: string; player: string; time_mins: number; stoppage_mins: number }>(
      db,
      'SELECT match, player, time_mins, stoppage_mins FROM goal WHERE player_team = team AND player IS NOT NULL',
    );
    expect(goals.length).toBeGreaterThan(100);
    for (const g of goals) {
      const segments = (await call(api, `/v1/analytics/match/${g.match}/segments`)).json.result as {
        startTimeMins: number;
        startStoppageMins: number;
        homePlayersOn: string[];
        awayPlayersOn: string[];
      }[];
      // The goal counts in the last segment that starts before it (a change in the goal's minute
      // comes after it).
      const segment = segments
        .filter(
          (s, i) =>
            i === 0 ||
            cmp([s.startTimeMins, s.startStoppageMins], [g.time_mins, g.stoppage_mins]) < 0,
        )
        .pop()!;
      expect([...segment.homePlayersOn, ...segment.awayPlayersOn]).toContain(g.player);
    }
  });

  it('/segment is an alias of /segments', async () => {
    for (const m of matches.slice(0, 5)) {
      const [a, b] = await Promise.all([
        call(api, `/v1/analytics/match/${m.id}/segments`),
        call(api, `/v1/analytics/match/${m.id}/segment`),
      ]);
      expect(b.status).toBe(200);
      expect(b.text).toBe(a.text);
      expect(b.headers.get('etag')).toBe(a.headers.get('etag'));
    }
  });
});

describe('total shot ratio on the demo', () => {
  it('is one record per match, null where the match has no shots in micro-events', async () => {
    for (const m of matches) {
      const reply = await call(api, `/v1/analytics/match/${m.id}/tsr`);
      expectEnvelope(reply, { paginated: false });
      expect(reply.json.result).toHaveLength(1);
      const [record] = reply.json.result;
      const names = db
        .prepare(`SELECT name FROM ${m.match_type === 'clubs' ? 'team' : 'country'} WHERE id = ?`)
        .pluck();
      expect(record).toMatchObject({
        id: m.id,
        match: m.id,
        homeTeam: m.home_team,
        awayTeam: m.away_team,
        homeTeamName: names.get(m.home_team),
        awayTeamName: names.get(m.away_team),
        uri: `/v1/analytics/match/${m.id}/tsr`,
      });
      const shots = (team: string) =>
        db
          .prepare(
            `SELECT count(DISTINCT e.id) FROM event e JOIN event_action a ON a.event = e.id
        WHERE e.match = ? AND e.team = ? AND a.action IN (100, 33, 35)`,
          )
          .pluck()
          .get(m.id, team) as number;
      const [h, a] = [shots(m.home_team), shots(m.away_team)];
      if (h + a === 0) expect([record.homeTeamTsr, record.awayTeamTsr]).toEqual([null, null]);
      else {
        expect(record.homeTeamTsr).toBeCloseTo(h / (h + a), 12);
        expect(record.awayTeamTsr).toBeCloseTo(a / (h + a), 12);
      }
    }
  });
});

describe('total shot ratio from micro-events', () => {
  let root = '';
  let fixture: ReturnType<typeof handlerFor>;
  let ids: { shots: string; noShots: string; none: string };

  beforeAll(async () => {
    root = mkdtempSync(join(tmpdir(), 'football-tsr-'));
    const file = join(root, 'tsr.sqlite');
    buildDemoDatabase(file);
    const fx = new Database(file);
    const [shots, noShots, none] = fx
      .prepare('SELECT id, home_team, away_team FROM match ORDER BY id LIMIT 3')
      .all() as { id: string; home_team: string; away_team: string }[];
    ids = { shots: shots!.id, noShots: noShots!.id, none: none!.id };
    // Whatever micro-events the demo has for these matches make way for known ones.
    for (const m of [shots!, noShots!, none!]) {
      fx.prepare(
        'DELETE FROM event_modifier WHERE action IN (SELECT a.id FROM event_action a JOIN event e ON e.id = a.event WHERE e.match = ?)',
      ).run(m.id);
      fx.prepare(
        'DELETE FROM event_action WHERE event IN (SELECT id FROM event WHERE match = ?)',
      ).run(m.id);
      fx.prepare('DELETE FROM event WHERE match = ?').run(m.id);
    }
    let seq = 0;
    const add = (match: string, team: string, ...actions: number[]) => {
      const id = `e${++seq}`;
      fx.prepare(
        "INSERT INTO event (id, match, team, period, match_seconds, seq, source) VALUES (?, ?, ?, 1, ?, ?, 'demo')",
      ).run(id, match, team, seq * 10, seq);
      actions.forEach((action, i) =>
        fx
          .prepare('INSERT INTO event_action (id, event, action) VALUES (?, ?, ?)')
          .run(`${id}a${i}`, id, action),
      );
    };
    // Home: a shot, a penalty, and a free kick shot recorded with a shot action too (one shot);
    // passes don't count.
    add(shots!.id, shots!.home_team, 100);
    add(shots!.id, shots!.home_team, 35);
    add(shots!.id, shots!.home_team, 33, 100);
    add(shots!.id, shots!.home_team, 85);
    // Away: one shot, and a pass; an event of no team is not a team's shot.
    add(shots!.id, shots!.away_team, 100);
    add(shots!.id, shots!.away_team, 85);
    fx.prepare(
      "INSERT INTO event (id, match, team, period, match_seconds, seq, source) VALUES (?, ?, NULL, 2, 5, ?, 'demo')",
    ).run('eX', shots!.id, ++seq);
    fx.prepare('INSERT INTO event_action (id, event, action) VALUES (?, ?, 100)').run('eXa0', 'eX');
    // A match with micro-events but no shot.
    add(noShots!.id, noShots!.home_team, 85);
    add(noShots!.id, noShots!.away_team, 36);
    fx.close();
    const resources = REGISTRY.resources.filter((r) => r.path.startsWith('v1/analytics/'));
    await build({ db: file, out: join(root, 'dist'), registry: { ...REGISTRY, resources } });
    fixture = handlerFor(join(root, 'dist'));
  }, 60_000);
  afterAll(() => {
    if (root) rmSync(root, { recursive: true, force: true });
  });

  it("is each team's share of the shots (shot, free kick shot, penalty), each event counted once", async () => {
    const [record] = (await call(fixture, `/v1/analytics/match/${ids.shots}/tsr`)).json.result;
    expect([record.homeTeamTsr, record.awayTeamTsr]).toEqual([0.75, 0.25]);
  });

  it('is null for both teams without micro-events, or without shots among them', async () => {
    for (const id of [ids.noShots, ids.none]) {
      const [record] = (await call(fixture, `/v1/analytics/match/${id}/tsr`)).json.result;
      expect([record.homeTeamTsr, record.awayTeamTsr]).toEqual([null, null]);
    }
  });
});

describe('HTTP behaviour of the analytics', () => {
  const m = matches[0]!;
  it.each([
    statePath(m),
    statePath(m, '45+1'),
    `/v1/analytics/match/${m.id}/segments`,
    `/v1/analytics/match/${m.id}/tsr`,
  ])("%s: HEAD has GET's headers and no body, If-None-Match gives 304", async (target) => {
    const get = await call(api, target);
    const head = await call(api, target, { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(head.text).toBe('');
    expect(head.headers.get('etag')).toBe(get.headers.get('etag'));
    const again = await call(api, target, {
      headers: { 'If-None-Match': get.headers.get('etag')! },
    });
    expect(again.status).toBe(304);
    expect(again.headers.get('etag')).toBe(get.headers.get('etag'));
  });

  it('states at different times have different tags', async () => {
    const tags = await Promise.all(
      ['10', '45+1', '80'].map(async (t) => (await call(api, statePath(m, t))).headers.get('etag')),
    );
    expect(new Set(tags).size).toBe(3);
  });

  it.each(['state', 'segments', 'segment', 'tsr'])(
    'OPTIONS /v1/analytics/match/<id>/%s documents the resource',
    async (name) => {
      const reply = await call(api, `/v1/analytics/match/${m.id}/${name}`, { method: 'OPTIONS' });
      expect(reply.status).toBe(200);
      const [doc] = reply.json.result;
      const path = `/v1/analytics/match/${name === 'segment' ? 'segments' : name}`;
      expect(doc).toMatchObject({
        resource: path,
        methods: ['GET', 'HEAD', 'OPTIONS'],
        paginated: false,
        result: name === 'state' ? 'object' : 'array',
      });
      expect(doc.parameters.some((p: string) => p.startsWith('time'))).toBe(name === 'state');
      expect((await call(api, path, { method: 'OPTIONS' })).text).toBe(reply.text);
      if (name === 'segments')
        expect(doc.fields.find((f: { name: string }) => f.name === 'home_players_on').type).toBe(
          'uuid[]',
        );
    },
  );

  it('the per-match files are also at /v1/analytics/match/<name>/<id>; the bare collection is a 404', async () => {
    expect((await call(api, `/v1/analytics/match/state/${m.id}`)).text).toBe(
      (await call(api, statePath(m))).text,
    );
    expect((await call(api, `/v1/analytics/match/state/${m.id}?time=30`)).text).toBe(
      (await call(api, statePath(m, '30'))).text,
    );
    expectError(await call(api, '/v1/analytics/match/state'), 404);
  });

  it.each(['POST', 'PUT', 'DELETE'])('%s -> 405 with Allow', async (method) => {
    const reply = await call(api, statePath(m), { method });
    expectError(reply, 405);
    expect(reply.headers.get('allow')).toBe('GET, HEAD, OPTIONS');
  });

  it.each([
    [statePath(m, '30') + '&records=5', 'records'],
    [`/v1/analytics/match/${m.id}/segments?page=1`, 'page'],
    [`/v1/analytics/match/${m.id}/tsr?records=1`, 'records'],
    [`/v1/analytics/match/${m.id}/segments?time=30`, 'time'],
    [`${statePath(m)}?home_team=${m.home_team}`, 'home_team'],
  ])('%s -> 400 naming %s: analytics are not paginated or filtered', async (target, parameter) => {
    const reply = await call(api, target);
    expectError(reply, 400, target);
    expect(reply.json.errors.map((e: { parameter: string }) => e.parameter)).toEqual([parameter]);
  });
});
