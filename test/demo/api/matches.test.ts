import { afterAll, describe, expect, it } from 'vitest';
import { call, demo, handlerFor } from '../../helpers/http/api.ts';
import { openOracle, rows } from '../../helpers/data/db.ts';
import { expectEnvelope, expectError } from '../../helpers/http/shapes.ts';
import { walk } from '../../helpers/http/walk.ts';

/**
 * Matches, conditions, lineups, macro-events and shootouts of the demo, for both match types,
 * checked against the demo database.
 */

const { dist, db: dbFile } = demo();
const api = handlerFor(dist);
const db = openOracle(dbFile);
afterAll(() => db.close());

const ids = async (target: string) =>
  (await walk(api, target)).records.map((r) => r['id'] as string).sort();
const sql = (query: string, ...params: unknown[]) =>
  rows<{ id: string }>(db, query, ...params)
    .map((r) => r.id)
    .sort();

const MATCH_TYPES = ['clubs', 'national'] as const;
const EVENT_TABLES = {
  goals: 'goal',
  penalties: 'penalty',
  offenses: 'offense',
  substitutions: 'substitution',
  shootouts: 'shootout',
} as const;

describe.each(MATCH_TYPES)('%s matches', (mt) => {
  const base = `/v1/${mt}/matches`;

  it('info lists exactly the matches of that type', async () => {
    const expected = sql('SELECT id FROM match WHERE match_type = ?', mt);
    expect(expected.length).toBeGreaterThan(0);
    expect(await ids(`${base}/info?records=100`)).toEqual(expected);
    const other = mt === 'clubs' ? 'national' : 'clubs';
    expectError(await call(api, `/v1/${other}/matches/${expected[0]}/info`), 404);
    // Collections under a match named in the path need that match, of this type.
    for (const kind of ['lineups', 'goals', 'conditions', 'shootouts']) {
      expectError(await call(api, `/v1/${other}/matches/${expected[0]}/${kind}`), 404);
      expectError(await call(api, `${base}/${'f'.repeat(32)}/${kind}`), 404);
      expectEnvelope(await call(api, `${base}/${expected[0]}/${kind}`), { paginated: true });
    }
    // The flat filter is a filter: an unknown match matches nothing.
    expect(
      (await call(api, `/v1/${other}/matches/lineups?match=${expected[0]}`)).json.result,
    ).toEqual([]);
  });

  it.each(Object.entries(EVENT_TABLES))(
    '%s lists exactly the rows of %s for that match type',
    async (kind, table) => {
      const expected = sql(
        `SELECT t.id FROM ${table} t JOIN match m ON m.id = t.match WHERE m.match_type = ?`,
        mt,
      );
      expect(expected.length, `${kind} in the demo`).toBeGreaterThan(0);
      expect(await ids(`${base}/${kind}?records=100`)).toEqual(expected);
    },
  );

  it("each match's goals agree with its scoreline", async () => {
    const { records } = await walk(api, `${base}/info?records=100`);
    for (const match of records) {
      const goals = (await walk(api, `${base}/${match['id']}/goals`)).records;
      const home = goals.filter((g) => g['scoringTeam'] === match['homeTeam']).length;
      const away = goals.filter((g) => g['scoringTeam'] === match['awayTeam']).length;
      expect([home, away], String(match['uri'])).toEqual([match['homeScore'], match['awayScore']]);
    }
  });

  it('a match record has its documented fields and links, and phase fields only of its phase', async () => {
    const { records } = await walk(api, `${base}/info?records=100`);
    const phases = new Set(records.map((r) => r['phase']));
    expect(phases.has(mt === 'clubs' ? 1 : 2)).toBe(true);
    expect(phases.has(3)).toBe(true);
    for (const r of records) {
      const keys = Object.keys(r);
      expect(keys.includes('matchday')).toBe(true);
      expect(keys.includes('round')).toBe(r['phase'] !== 1);
      expect(keys.includes('roundName')).toBe(r['phase'] !== 1);
      expect(keys.includes('group')).toBe(r['phase'] === 2);
      expect(r['uri']).toBe(`${base}/${r['id']}/info`);
      const link = r['link'] as Record<string, unknown>;
      for (const name of [
        'venue',
        'conditions',
        'homeTeam',
        'awayTeam',
        'homeManager',
        'awayManager',
        'referee',
        'lineups',
        'goals',
        'offenses',
        'penalties',
        'substitutions',
        'events',
        'stats',
        'analytics',
      ]) {
        expect(link[name], name).toBeTruthy();
      }
      expect(link['homeTeam']).toBe(
        `/v1/${mt === 'clubs' ? 'teams' : 'countries'}/${r['homeTeam']}`,
      );
      expect((link['analytics'] as { match: Record<string, string> }).match.state).toBe(
        `/v1/analytics/match/${r['id']}/state`,
      );
      expect((link['stats'] as Record<string, Record<string, string>>)['passes']!['totals']).toBe(
        `/v1/${mt}/stats/passes/totals?match=${r['id']}`,
      );
    }
  });

  it('the phase rule selects league, group or knockout matches', async () => {
    const check = async (query: string, where: string, ...params: unknown[]) => {
      const expected = sql(
        `SELECT m.id FROM match m LEFT JOIN groupround gr ON gr.id = m.group_round
        LEFT JOIN knockoutround kr ON kr.id = m.knockout_round WHERE m.match_type = ? AND ${where}`,
        mt,
        ...params,
      );
      expect(await ids(`${base}/info?${query}`), query).toEqual(expected);
      return expected.length;
    };
    const matchdays = await check('matchday=1', 'm.phase = 1 AND m.matchday = 1');
    const groups = await check(
      'round_name=Group%20Stage&group=A',
      "m.phase = 2 AND gr.name = 'Group Stage' AND m.group_name = 'A'",
    );
    const finals = await check('round_name=final', "m.phase = 3 AND kr.name = 'Final'");
    const semis = await check('round_name=*1/2*', "m.phase = 3 AND kr.name LIKE '%1/2%'");
    expect([groups, finals, semis].every((n) => n > 0)).toBe(true);
    expect(mt === 'clubs' ? matchdays > 0 : matchdays === 0).toBe(true);
    // The group phase has matchdays too, but `matchday` alone means league matches.
    const groupMatchdays = sql(
      'SELECT id FROM match WHERE match_type = ? AND phase = 2 AND matchday = 1',
      mt,
    );
    expect(groupMatchdays.length).toBeGreaterThan(0);
    expect((await ids(`${base}/info?matchday=1`)).some((id) => groupMatchdays.includes(id))).toBe(
      false,
    );
    expect(await ids(`${base}/info?matchday=1&phase=2`)).toEqual(groupMatchdays);
    // Naming the phase, or a group, turns the implied league phase off.
    expect(await ids(`${base}/info?matchday=1&phase_name=group`)).toEqual(groupMatchdays);
    const groupA = sql(
      "SELECT id FROM match WHERE match_type = ? AND phase = 2 AND matchday = 1 AND group_name = 'A'",
      mt,
    );
    expect(await ids(`${base}/info?matchday=1&group=A`)).toEqual(groupA);
  });

  it("the phase rule applies to lineups and macro-events too, within the router's bounds", async () => {
    const lineups = sql(
      `SELECT l.id FROM lineup l JOIN match m ON m.id = l.match WHERE m.match_type = ? AND m.phase = 1
      AND m.matchday = 1`,
      mt,
    );
    expect(await ids(`${base}/lineups?matchday=1`)).toEqual(lineups);
    const finals = sql(
      `SELECT g.id FROM goal g JOIN match m ON m.id = g.match WHERE m.match_type = ? AND m.knockout_round = 29`,
      mt,
    );
    expect(await ids(`${base}/goals?round_name=Final`)).toEqual(finals);
    const finalLineups = sql(
      `SELECT l.id FROM lineup l JOIN match m ON m.id = l.match WHERE m.match_type = ? AND m.knockout_round = 29`,
      mt,
    );
    expect(await ids(`${base}/lineups?round_name=Final`)).toEqual(finalLineups);
  });

  it('conditions: one per match, under the match too, and phase filters are refused', async () => {
    const match = rows<{ id: string; kickoff_weather: number }>(
      db,
      'SELECT m.id, c.kickoff_weather FROM match m JOIN match_condition c ON c.match = m.id WHERE m.match_type = ? LIMIT 1',
      mt,
    )[0]!;
    const reply = await call(api, `${base}/${match.id}/conditions`);
    expectEnvelope(reply, { paginated: true });
    expect(reply.json.result).toHaveLength(1);
    expect(reply.json.result[0]).toMatchObject({
      match: match.id,
      kickoffWeather: match.kickoff_weather,
    });
    expect(typeof reply.json.result[0].kickoffWeatherCondition).toBe('string');
    for (const q of ['matchday=1', 'round_name=Final', 'group=A']) {
      const refused = await call(api, `${base}/conditions?${q}`);
      expectError(refused, 400);
      expect(refused.json.message).toContain('Phase details');
    }
  });

  it('lineups of a match: starters and substitutes, one captain a team when known, the documented order', async () => {
    const match = rows<{ id: string }>(
      db,
      'SELECT id FROM match WHERE match_type = ? ORDER BY match_date LIMIT 1',
      mt,
    )[0]!;
    const { records } = await walk(api, `${base}/${match.id}/lineups`);
    expect(records.map((r) => r['id']).sort()).toEqual(
      sql('SELECT id FROM lineup WHERE match = ?', match.id),
    );
    for (const team of new Set(records.map((r) => r['playerTeam']))) {
      const mine = records.filter((r) => r['playerTeam'] === team);
      expect(mine.filter((r) => r['isStarting'])).toHaveLength(11);
      const captains = mine.filter((r) => r['isCaptain'] === true).length;
      expect(captains === 1 || mine.every((r) => r['isCaptain'] === null)).toBe(true);
      // player_team_name, then starters before substitutes, then shirt number.
      const starters = mine.filter((r) => r['isStarting']);
      expect(mine.slice(0, 11)).toEqual(starters);
      const numbers = starters.map((r) => r['number'] as number);
      expect([...numbers].sort((a, b) => a - b)).toEqual(numbers);
    }
    const lineup = records[0]!;
    expect(lineup['uri']).toBe(`${base}/${match.id}/lineups/${lineup['id']}`);
    expect((await call(api, lineup['uri'] as string)).json.result[0]).toEqual(lineup);
    expect(
      (lineup['link'] as { stats: Record<string, Record<string, string>> }).stats['shots']![
        'totals'
      ],
    ).toBe(`/v1/${mt}/stats/shots/totals/${lineup['id']}`);
    // The same lineup addressed under another match does not exist.
    const other = rows<{ id: string }>(
      db,
      'SELECT id FROM match WHERE match_type = ? AND id <> ? LIMIT 1',
      mt,
      match.id,
    )[0]!;
    expectError(await call(api, `${base}/${other.id}/lineups/${lineup['id']}`), 404);
  });

  it('macro-events filter by player and team, and sort by any field', async () => {
    for (const [kind, table] of Object.entries(EVENT_TABLES)) {
      const teamColumn = table === 'substitution' ? 't.team' : 'l.team';
      const lineupJoin = table === 'substitution' ? '' : 'JOIN lineup l ON l.id = t.lineup';
      const { team } = rows<{ team: string }>(
        db,
        `SELECT ${teamColumn} AS team FROM ${table} t ${lineupJoin}
        JOIN match m ON m.id = t.match WHERE m.match_type = ? GROUP BY 1 ORDER BY count(*) DESC LIMIT 1`,
        mt,
      )[0]!;
      const param = table === 'substitution' ? 'team' : 'player_team';
      const expected = sql(
        `SELECT t.id FROM ${table} t ${lineupJoin} WHERE ${teamColumn} = ?`,
        team,
      );
      expect(await ids(`${base}/${kind}?${param}=${team}`), kind).toEqual(expected);
    }
    const { records } = await walk(api, `${base}/goals?sort=-time_mins,stoppage_mins&records=100`);
    const times = records.map((r) => [r['timeMins'], r['stoppageMins']] as [number, number]);
    const sorted = [...times].sort((a, b) => b[0] - a[0] || a[1] - b[1]);
    expect(times).toEqual(sorted);
  });

  it('shootout kicks come in the order taken, opening team first in each round', async () => {
    const match = rows<{ id: string }>(
      db,
      `SELECT DISTINCT k.match AS id FROM shootout k JOIN match m ON m.id = k.match
      WHERE m.match_type = ? LIMIT 1`,
      mt,
    )[0]!;
    const { records } = await walk(api, `${base}/${match.id}/shootouts`);
    expect(records.length).toBeGreaterThanOrEqual(6);
    records.forEach((kick, i) => {
      expect(kick['shootoutRound']).toBe(Math.floor(i / 2) + 1);
      expect(kick['playerTeam'] === kick['openingTeam']).toBe(i % 2 === 0);
    });
  });
});

describe('links between personnel and matches', () => {
  it("a player's club.goals link lists exactly that player's club goals", async () => {
    const { player } = rows<{ player: string }>(
      db,
      `SELECT l.player FROM goal g JOIN lineup l ON l.id = g.lineup
      JOIN match m ON m.id = g.match WHERE m.match_type = 'clubs' GROUP BY l.player ORDER BY count(*) DESC LIMIT 1`,
    )[0]!;
    const record = (await call(api, `/v1/personnel/players/${player}`)).json.result[0];
    const expected = sql(
      `SELECT g.id FROM goal g JOIN lineup l ON l.id = g.lineup JOIN match m ON m.id = g.match
      WHERE l.player = ? AND m.match_type = 'clubs'`,
      player,
    );
    expect(expected.length).toBeGreaterThan(1);
    expect(await ids(record.link.club.goals)).toEqual(expected);
  });

  it("managers' and referees' match links resolve to their matches", async () => {
    const { home_manager: manager } = rows<{ home_manager: string }>(
      db,
      "SELECT home_manager FROM match WHERE match_type = 'national' AND home_manager IS NOT NULL LIMIT 1",
    )[0]!;
    const record = (await call(api, `/v1/personnel/managers/${manager}`)).json.result[0];
    expect(await ids(record.link.natl.homeMatches)).toEqual(
      sql("SELECT id FROM match WHERE match_type = 'national' AND home_manager = ?", manager),
    );
    const { referee } = rows<{ referee: string }>(
      db,
      "SELECT referee FROM match WHERE match_type = 'clubs' LIMIT 1",
    )[0]!;
    const ref = (await call(api, `/v1/personnel/referees/${referee}`)).json.result[0];
    expect(await ids(ref.link.club.matches)).toEqual(
      sql("SELECT id FROM match WHERE match_type = 'clubs' AND referee = ?", referee),
    );
  });

  it('own goals credit the other team', async () => {
    const own = rows<{ id: string }>(
      db,
      'SELECT g.id FROM goal g JOIN lineup l ON l.id = g.lineup WHERE l.team <> g.team',
    );
    expect(own.length).toBeGreaterThan(0);
    for (const { id } of own) {
      const goal = rows<{ mt: string; match: string }>(
        db,
        'SELECT m.match_type AS mt, m.id AS match FROM goal g JOIN match m ON m.id = g.match WHERE g.id = ?',
        id,
      )[0]!;
      const record = (await call(api, `/v1/${goal.mt}/matches/${goal.match}/goals/${id}`)).json
        .result[0];
      expect(record.playerTeam).not.toBe(record.scoringTeam);
    }
  });

  it('a substitution with no one coming on has a null in_player and no inPlayer link', async () => {
    const sub = rows<{ id: string; mt: string; match: string }>(
      db,
      'SELECT s.id, m.match_type AS mt, m.id AS match FROM substitution s JOIN match m ON m.id = s.match WHERE s.lineup_in IS NULL LIMIT 1',
    )[0]!;
    const record = (await call(api, `/v1/${sub.mt}/matches/${sub.match}/substitutions/${sub.id}`))
      .json.result[0];
    expect(record.inPlayer).toBeNull();
    expect(record.inPlayerName).toBeNull();
    expect(record.link.inPlayer).toBeUndefined();
    expect(record.link.outPlayer).toBe(`/v1/personnel/players/${record.outPlayer}`);
  });
});
