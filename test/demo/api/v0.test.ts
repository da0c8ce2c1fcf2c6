import { afterAll, describe, expect, it } from 'vitest';
import { call, demo, handlerFor } from '../../helpers/http/api.ts';
import { crawl } from '../../helpers/http/crawl.ts';
import { openOracle, rows } from '../../helpers/data/db.ts';
import { expectEnvelope, expectError } from '../../helpers/http/shapes.ts';
import { walk } from '../../helpers/http/walk.ts';

/**
 * The v0 API over the demo build: every documented v0 path, its differences from v1 (integer ids
 * from the database's `v0_id`, `supplier_id`, v0's field sets, snake_case keys and totals, v0
 * links), and the same facts as v1 for every match, checked against v1's answers and the demo
 * database.
 */

const { dist, db: dbFile, manifest } = demo();
const api = handlerFor(dist);
const db = openOracle(dbFile);
afterAll(() => db.close());

type Row = Record<string, unknown>;
const get = async (target: string) => {
  const reply = await call(api, target);
  expect(reply.status, target).toBe(200);
  return reply.json;
};
const all = async (target: string) => (await walk(api, target, 10_000)).records as Row[];
const keysOf = (record: Row) => Object.keys(record).sort();

/** The documented v0 collections and the table behind each. */
const TABLES: Record<string, string> = {
  confederations: 'confederation',
  countries: 'country',
  competitions: 'competition',
  weather: 'weather',
  surfaces: 'surface',
  seasons: 'season',
  teams: 'team',
  venues: 'venue',
  positions: 'position',
  fouls: 'foul',
  cards: 'card',
  bodyparts: 'bodypart',
  shotevents: 'shotevent',
  penalty_outcomes: 'penalty_outcome',
  persons: 'person',
  players: 'player',
  managers: 'manager',
  referees: 'referee',
  'personnel/players': 'player',
  'personnel/managers': 'manager',
  'personnel/referees': 'referee',
  'matches/info': 'match',
  'matches/conditions': 'match_condition',
  'matches/lineups': 'lineup',
  'events/goals': 'goal',
  'events/penalties': 'penalty',
  'events/offenses': 'offense',
  'events/substitutions': 'substitution',
};

/** The demo's matches: v1 id, v0 id and type. */
const MATCHES = rows<{ id: string; v0_id: number; match_type: string }>(
  db,
  'SELECT id, v0_id, match_type FROM match ORDER BY v0_id',
);
/** v0 id of a row of `table` by its v1 id. */
const v0Of = (table: string, id: unknown) =>
  rows<{ v0_id: number }>(db, `SELECT v0_id FROM ${table} WHERE id = ?`, id)[0]?.v0_id ?? null;
const teamV0 = (type: string, id: unknown) => v0Of(type === 'clubs' ? 'team' : 'country', id);

describe('every documented v0 path', () => {
  it('is in the build, with integer ids and no uuid anywhere', () => {
    const v0 = manifest.resources.filter((r) => r.version === 'v0');
    const paths = new Set(v0.flatMap((r) => [r.path, ...(r.aliases ?? [])]));
    for (const path of Object.keys(TABLES)) expect(paths.has(`v0/${path}`), path).toBe(true);
    for (const name of ['state', 'segment', 'tsr'])
      expect(paths.has(`v0/analytics/match/${name}`), name).toBe(true);
    expect(v0.filter((r) => r.path.startsWith('v0/stats/'))).toHaveLength(33);
    // What v0 does not have: micro-events, shootouts, phases, rounds, time zones, the match types.
    for (const r of v0) {
      expect(r.path).not.toMatch(
        /^v0\/(clubs|national|events\/(all|touches|actions|shootouts)|matches\/shootouts)(\/|$)/,
      );
      expect(r.path).not.toMatch(
        /^v0\/(phases|grouprounds|knockoutrounds|timezones|name_order|actions|modifiers|modifier_categories|domestic_competitions|intl_competitions)$/,
      );
    }
    for (const r of v0) {
      expect(r.idType, r.path).toBe('integer');
      expect(
        r.fields.filter((f) => f.type === 'uuid').map((f) => f.name),
        r.path,
      ).toEqual([]);
    }
  });

  it.each(Object.entries(TABLES))('/v0/%s lists every row of %s', async (path, table) => {
    const expected = rows<{ n: number }>(db, `SELECT count(*) AS n FROM ${table}`)[0]!.n;
    expect(expected).toBeGreaterThan(0);
    const page = await call(api, `/v0/${path}`);
    expectEnvelope(page, { paginated: true, snakeTotals: path.startsWith('events/') });
    const total = path.startsWith('events/')
      ? page.json.meta.total_records
      : page.json.meta.totalRecords;
    expect(total).toBe(expected);
    const first = page.json.result[0];
    expect(Number.isInteger(first.id)).toBe(true);
    // A record's uri serves that record.
    expect((await get(first.uri)).result).toEqual([first]);
  });

  it("reference resources are paginated and keep v1's fixed ids", async () => {
    const page = await get('/v0/positions?records=5&page=2');
    expect(page.meta).toMatchObject({ page: 2, records: 5, totalRecords: 18 });
    expect((await get('/v0/positions/21')).result[0]).toMatchObject({
      id: 21,
      name: 'Central Midfielder',
    });
    expect((await get('/v0/confederations/15')).result[0].link).toEqual({
      countries: '/v0/countries?confederation=15',
    });
    expect((await get('/v0/surfaces/6')).result[0].desc).toBe('Natural grass');
  });

  it("the root links to v0's resources only, without attribution", async () => {
    const reply = await call(api, '/v0/');
    expectEnvelope(reply, { root: true });
    const { link } = reply.json.result;
    expect(link.events).toEqual({
      goals: '/v0/events/goals',
      offenses: '/v0/events/offenses',
      penalties: '/v0/events/penalties',
      substitutions: '/v0/events/substitutions',
    });
    expect(link.matches.info).toBe('/v0/matches/info');
    expect(link.stats.setpieces.keyplays).toBe('/v0/stats/setpieces/keyplays');
    expect(JSON.stringify(link)).not.toContain('/v1/');
    expect((await call(api, '/v0')).text).toBe(reply.text);
  });

  it.each([
    'confederations',
    'countries',
    'competitions',
    'weather',
    'surfaces',
    'seasons',
    'teams',
    'venues',
    'positions',
    'fouls',
    'cards',
    'bodyparts',
    'shotevents',
    'penalty_outcomes',
  ])('OPTIONS /v0/%s documents it', async (path) => {
    const reply = await call(api, `/v0/${path}`, { method: 'OPTIONS' });
    expect(reply.status).toBe(200);
    expect(reply.json.result[0]).toMatchObject({
      resource: `/v0/${path}`,
      paginated: true,
      id: { type: 'integer' },
    });
  });
});

describe('v0 field sets', () => {
  it('competitions have name and supplier_id only; seasons and teams a supplier_id; venues no time zone', async () => {
    const competition = (await get('/v0/competitions')).result[0];
    expect(keysOf(competition)).toEqual(['id', 'link', 'name', 'supplierId', 'uri']);
    expect(competition.id).toBe(
      v0Of(
        'competition',
        rows(db, 'SELECT id FROM competition WHERE name = ?', competition.name)[0]!['id'],
      ),
    );
    expect(keysOf((await get('/v0/seasons')).result[0])).toEqual([
      'id',
      'link',
      'name',
      'supplierId',
      'uri',
    ]);
    expect(keysOf((await get('/v0/teams')).result[0])).toEqual([
      'country',
      'id',
      'link',
      'name',
      'supplierId',
      'uri',
    ]);
    const venue = (await get('/v0/venues')).result[0];
    expect(venue).not.toHaveProperty('timezone');
    expect(venue.link).not.toHaveProperty('timezone');
    expect(venue.link.country).toBe(`/v0/countries/${venue.country}`);
  });

  it('persons have their five documented fields', async () => {
    const person = (await get('/v0/persons')).result[0];
    expect(keysOf(person)).toEqual([
      'birthDate',
      'country',
      'firstName',
      'id',
      'lastName',
      'link',
      'nickname',
      'uri',
    ]);
    const [row] = rows<Row>(
      db,
      'SELECT p.*, c.v0_id AS country_v0 FROM person p LEFT JOIN country c ON c.id = p.country WHERE p.v0_id = ?',
      person.id,
    );
    expect(person).toMatchObject({
      firstName: row!['first_name'],
      lastName: row!['last_name'],
      country: row!['country_v0'],
    });
  });

  it('players link to their matches, country, person and an events object; /v0/players is the same collection', async () => {
    const player = (await get('/v0/personnel/players')).result[0];
    expect(keysOf(player)).toEqual([
      'birthDate',
      'country',
      'countryName',
      'fullName',
      'id',
      'link',
      'person',
      'position',
      'positionName',
      'supplierId',
      'uri',
    ]);
    expect(player.link).toEqual({
      country: `/v0/countries/${player.country}`,
      person: `/v0/persons/${player.person}`,
      matches: `/v0/matches/lineups?player=${player.id}`,
      events: {
        goals: `/v0/events/goals?player=${player.id}`,
        offenses: `/v0/events/offenses?player=${player.id}`,
        penalties: `/v0/events/penalties?player=${player.id}`,
        subbedIn: `/v0/events/substitutions?in_player=${player.id}`,
        subbedOut: `/v0/events/substitutions?out_player=${player.id}`,
      },
    });
    expect((await call(api, `/v0/players/${player.id}`)).text).toBe(
      (await call(api, `/v0/personnel/players/${player.id}`)).text,
    );
    const options = await call(api, '/v0/players', { method: 'OPTIONS' });
    expect(options.json.result[0]).toMatchObject({
      resource: '/v0/personnel/players',
      aliases: ['/v0/players'],
    });
    const byCountry = await get(`/v0/players?country=${player.country}&records=100`);
    expect(byCountry.result.length).toBeGreaterThan(0);
    expect(byCountry.result.every((p: Row) => p['country'] === player.country)).toBe(true);
    // Every lineup the matches link gives is the player's.
    const lineups = await all(player.link.matches);
    expect(lineups.length).toBe(
      rows(
        db,
        'SELECT 1 FROM lineup l JOIN player p ON p.id = l.player WHERE p.v0_id = ?',
        player.id,
      ).length,
    );
    expect(lineups.every((l) => l['player'] === player.id)).toBe(true);
  });

  it('managers link to their home and away matches, referees to theirs', async () => {
    const manager = (await get('/v0/managers')).result[0];
    expect(manager.link).toMatchObject({
      homeMatches: `/v0/matches/info?home_manager=${manager.id}`,
      awayMatches: `/v0/matches/info?away_manager=${manager.id}`,
    });
    const home = await all(manager.link.homeMatches);
    expect(home.length).toBeGreaterThan(0);
    expect(home.every((m) => m['homeManager'] === manager.id)).toBe(true);
    const referee = (await get('/v0/referees')).result[0];
    expect(referee.link.matches).toBe(`/v0/matches/info?referee=${referee.id}`);
    expect((await all(referee.link.matches)).every((m) => m['referee'] === referee.id)).toBe(true);
  });

  it('conditions have no humidity', async () => {
    const condition = (await get('/v0/matches/conditions')).result[0];
    expect(keysOf(condition)).toEqual([
      'fulltimeWeather',
      'fulltimeWeatherCondition',
      'halftimeWeather',
      'halftimeWeatherCondition',
      'id',
      'kickoffTemp',
      'kickoffWeather',
      'kickoffWeatherCondition',
      'link',
      'match',
      'uri',
    ]);
    expect((await call(api, '/v0/matches/conditions?kickoff_humidity=50')).status).toBe(400);
  });

  it('lineups are snake_case, with per-lineup statistics links, keyplays included', async () => {
    const lineup = (await get('/v0/matches/lineups')).result[0];
    expect(keysOf(lineup)).toEqual([
      'away_team',
      'away_team_name',
      'home_team',
      'home_team_name',
      'id',
      'is_captain',
      'is_starting',
      'link',
      'match',
      'matchday',
      'player',
      'player_name',
      'player_team',
      'player_team_name',
      'position',
      'position_name',
      'uri',
    ]);
    expect(lineup.link.stats.setpieces.keyplays).toBe(`/v0/stats/setpieces/keyplays/${lineup.id}`);
    const stat = (await get(lineup.link.stats.passes.totals)).result[0];
    expect(stat).toMatchObject({
      id: lineup.id,
      lineup: lineup.id,
      match: lineup.match,
      player: lineup.player,
      playerTeam: lineup.player_team,
    });
    expect(lineup.link.player).toBe(`/v0/personnel/players/${lineup.player}`);
  });

  it('macro-events are snake_case under /v0/events, with snake_case totals', async () => {
    const goals = await get('/v0/events/goals');
    expect(goals.meta).toHaveProperty('total_pages');
    expect(goals.meta).not.toHaveProperty('totalPages');
    expect(keysOf(goals.result[0])).toEqual([
      'away_team',
      'away_team_name',
      'bodypart',
      'bodypart_name',
      'home_team',
      'home_team_name',
      'id',
      'link',
      'match',
      'matchday',
      'player',
      'player_name',
      'player_team',
      'player_team_name',
      'scoring_team',
      'scoring_team_name',
      'shot_event',
      'shot_event_type',
      'stoppage_mins',
      'time_mins',
      'uri',
    ]);
    expect(Object.keys(goals.result[0].link).sort()).toEqual([
      'away_team',
      'home_team',
      'match',
      'player',
    ]);
    const substitution = (await get('/v0/events/substitutions')).result[0];
    expect(Object.keys(substitution.link).sort()).toEqual([
      'away_team',
      'home_team',
      'in_player',
      'match',
      'out_player',
    ]);
    for (const kind of ['penalties', 'offenses']) {
      const record = (await get(`/v0/events/${kind}`)).result[0];
      expect(record).toHaveProperty('time_mins');
      expect(record).not.toHaveProperty('phase');
    }
  });
});

describe('the same matches as v1', () => {
  it("v0 shows every match, club and national, with v1's facts", async () => {
    const v0 = await all('/v0/matches/info?records=100');
    expect(v0.map((m) => m['id'])).toEqual(expect.arrayContaining(MATCHES.map((m) => m.v0_id)));
    expect(v0).toHaveLength(MATCHES.length);
    const v0ById = new Map(v0.map((m) => [m['id'], m]));
    for (const type of ['clubs', 'national']) {
      for (const one of await all(`/v1/${type}/matches/info?records=100`)) {
        const match = v0ById.get(v0Of('match', one['id']))!;
        const shared = [
          'competitionName',
          'season',
          'seasonName',
          'matchday',
          'homeTeamName',
          'awayTeamName',
          'homeManagerName',
          'awayManagerName',
          'refereeName',
          'venueName',
          'matchDate',
          'kickoffTime',
          'firsthalfLength',
          'secondhalfLength',
          'attendance',
          'homeScore',
          'awayScore',
          'homeShootoutScore',
          'awayShootoutScore',
          'shootoutWinnerName',
        ];
        for (const key of shared) expect(match[key], `${one['uri']} ${key}`).toEqual(one[key]);
        expect(match).toMatchObject({
          competition: v0Of('competition', one['competition']),
          homeTeam: teamV0(type, one['homeTeam']),
          awayTeam: teamV0(type, one['awayTeam']),
          venue: v0Of('venue', one['venue']),
        });
        // v0 has no phase fields but matchday, and no extra-time lengths.
        for (const key of ['phase', 'phaseName', 'round', 'roundName', 'group', 'firstextraLength'])
          expect(match).not.toHaveProperty(key);
        const teams = type === 'clubs' ? 'teams' : 'countries';
        expect(match['link']).toMatchObject({
          homeTeam: `/v0/${teams}/${match['homeTeam']}`,
          lineups: `/v0/matches/${match['id']}/lineups`,
          events: { goals: `/v0/events/goals?match=${match['id']}` },
          analytics: {
            segments: `/v0/analytics/match/${match['id']}/segment`,
            state: `/v0/analytics/match/${match['id']}/state`,
          },
        });
      }
    }
  });

  it("each match's macro-events agree with v1's: players, teams and minutes", async () => {
    const kinds = {
      goals: ['scoring_team_name', 'shot_event', 'bodypart'],
      penalties: ['outcome', 'foul'],
      offenses: ['card', 'foul'],
    };
    let compared = 0;
    for (const { id, v0_id: v0, match_type: type } of MATCHES) {
      for (const [kind, extra] of Object.entries(kinds)) {
        const one = await all(`/v1/${type}/matches/${id}/${kind}`);
        const zero = await all(`/v0/events/${kind}?match=${v0}`);
        // Both in time order; events of the same minute follow their ids, which differ between
        // versions.
        const facts = (r: Row, key: (n: string) => string, player: unknown) =>
          JSON.stringify([
            r[key('time_mins')],
            r[key('stoppage_mins')],
            r[key('player_name')],
            r[key('player_team_name')],
            player,
            ...extra.map((n) => r[key(n)]),
          ]);
        const camel = (n: string) => n.replace(/_([a-z])/g, (_, c: string) => c.toUpperCase());
        expect(zero.map((r) => facts(r, (n) => n, r['player'])).sort(), `${kind} of ${v0}`).toEqual(
          one.map((r) => facts(r, camel, v0Of('player', r['player']))).sort(),
        );
        compared += zero.length;
      }
      const subs = (await all(`/v0/events/substitutions?match=${v0}`)).map((s) =>
        JSON.stringify([s['in_player_name'], s['out_player_name'], s['time_mins']]),
      );
      const subs1 = (await all(`/v1/${type}/matches/${id}/substitutions`)).map((s) =>
        JSON.stringify([s['inPlayerName'], s['outPlayerName'], s['timeMins']]),
      );
      expect(subs.sort(), `substitutions of ${v0}`).toEqual(subs1.sort());
    }
    expect(compared).toBeGreaterThan(300);
  });

  it("analytics agree with v1's, with integer ids and snake_case keys; segment and segments both answer", async () => {
    for (const { id, v0_id: v0, match_type: type } of MATCHES.slice(0, 40)) {
      const state = (await get(`/v0/analytics/match/${v0}/state?time=60`)).result;
      const state1 = (await get(`/v1/analytics/match/${id}/state?time=60`)).result;
      expect(state).toMatchObject({
        match: v0,
        home_team: teamV0(type, state1.homeTeam),
        time_mins: 60,
        is_fulltime: false,
        home_goals: state1.homeGoals,
        away_goals: state1.awayGoals,
      });
      const segments = (await get(`/v0/analytics/match/${v0}/segment`)).result as Row[];
      expect((await call(api, `/v0/analytics/match/${v0}/segments`)).text).toBe(
        (await call(api, `/v0/analytics/match/${v0}/segment`)).text,
      );
      const segments1 = (await get(`/v1/analytics/match/${id}/segments`)).result as Row[];
      expect(segments).toHaveLength(segments1.length);
      segments.forEach((s, i) => {
        const on = segments1[i]!['homePlayersOn'] as string[] | null;
        expect(s['home_players_on']).toEqual(
          on && on.map((p) => v0Of('player', p)).sort((a, b) => a! - b!),
        );
        expect(s['duration']).toBe(segments1[i]!['duration']);
      });
      const tsr = (await get(`/v0/analytics/match/${v0}/tsr`)).result[0];
      const tsr1 = (await get(`/v1/analytics/match/${id}/tsr`)).result[0];
      expect(tsr).toMatchObject({
        match: v0,
        home_team_tsr: tsr1.homeTeamTsr,
        away_team_tsr: tsr1.awayTeamTsr,
        home_team_name: tsr1.homeTeamName,
      });
    }
  });

  it("statistics agree with v1's for every lineup of a match", async () => {
    const { id, v0_id: v0, match_type: type } = MATCHES.find((m) => m.match_type === 'clubs')!;
    const zero = await all(`/v0/stats/shots/totals?match=${v0}`);
    const one = await all(`/v1/${type}/stats/shots/totals?match=${id}`);
    expect(zero.length).toBeGreaterThan(20);
    expect(zero.map((r) => [r['playerName'], r['ontarget'], r['offtarget']])).toEqual(
      one.map((r) => [r['playerName'], r['ontarget'], r['offtarget']]),
    );
    expect(zero.map((r) => r['lineup'])).toEqual(one.map((r) => v0Of('lineup', r['lineup'])));
    // A player's records across matches come from the player's bucket.
    const player = zero[0]!['player'];
    const mine = await all(`/v0/stats/shots/totals?player=${player}`);
    expect(mine.length).toBe(
      rows(db, 'SELECT 1 FROM lineup l JOIN player p ON p.id = l.player WHERE p.v0_id = ?', player)
        .length,
    );
  });
});

describe('v0 errors', () => {
  it.each([
    ['/v0/matches/0123456789abcdef0123456789abcdef/info', 404],
    ['/v0/persons/0123456789abcdef0123456789abcdef', 404],
    ['/v0/matches/999999/lineups', 404],
    ['/v0/events/shootouts', 404],
    ['/v0/clubs/matches/info', 404],
    ['/v0/analytics/match/999999/state', 404],
    ['/v0/events/goals?phase=1', 400],
    ['/v0/matches/info?round_name=Final', 400],
    ['/v0/events/goals?match=abc', 400],
    ['/v0/stats/setpieces/keyplays?lineup=1', 400],
  ])('%s -> %i', async (target, status) => {
    expectError(await call(api, target), status, target);
  });
});

describe('link crawl from /v0/', () => {
  it('every link resolves and stays in v0', async () => {
    const { seen, broken } = await crawl(api, {
      root: '/v0/',
      sampled: { pattern: /^\/v0\/stats\//, perShape: 200 },
    });
    expect(broken).toEqual([]);
    expect([...seen].filter((u) => !u.startsWith('/v0/'))).toEqual([]);
    expect(seen.size).toBeGreaterThan(5_000);
    for (const kind of ['info', 'conditions', 'lineups'])
      expect(
        [...seen].some((u) => u.startsWith('/v0/matches/') && u.includes(`/${kind}`)),
        kind,
      ).toBe(true);
    for (const kind of ['goals', 'penalties', 'offenses', 'substitutions'])
      expect(
        [...seen].some((u) => u.startsWith(`/v0/events/${kind}/`)),
        kind,
      ).toBe(true);
    for (const name of ['state', 'segment', 'tsr']) {
      expect(
        [...seen].filter((u) => u.startsWith('/v0/analytics/match/') && u.endsWith(`/${name}`))
          .length,
        name,
      ).toBe(MATCHES.length);
    }
    const statsNames = new Set(
      [...seen]
        .filter((u) => u.startsWith('/v0/stats/'))
        .map((u) => u.split('?')[0]!.split('/').slice(3, 5).join('/')),
    );
    expect(statsNames.size).toBe(33);
  }, 600_000);
});
