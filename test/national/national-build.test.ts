import { existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { parse } from 'csv-parse/sync';
import { main as buildMain } from '../../cli/build.ts';
import { estimate, rowsOf } from '../../build/estimate.ts';
import { OPENAPI_FILE } from '../../build/openapi/openapi.ts';
import { openReadOnly } from '../../data/db.ts';
import { openLocalArchive } from '../../contract/node/archive-file.ts';
import { archiveHandlerFor, call } from '../helpers/http/api.ts';
import { OpenApiCheck, type OpenApi } from '../helpers/http/openapi-check.ts';
import { querySet } from '../helpers/http/query-set.ts';
import { crawl } from '../helpers/http/crawl.ts';
import { describeNational } from '../helpers/setup/national.ts';
import { FJELSTUL_STANDINGS_STAGES } from '../helpers/setup/real-data.ts';

/**
 * The real national build the tests share (`helpers/national-setup.ts`), as `npm run national`
 * makes it (Fjelstul, openfootball and martj42 imported in that order into one database), with
 * Wyscout's World Cup and Euro merged in on top (micro-events on those matches, as the bench's
 * "national" set), crawled from /v1/. The crawl follows up to PER_SHAPE links of every link shape (ids and query
 * values blanked), so every kind of link of every resource is requested on real records in a few
 * minutes; following all of the ~1 M links would take a quarter of an hour.
 */

/** Items by key, in their order (Node 20 has no `Map.groupBy`). */
function groupBy<T>(items: readonly T[], key: (item: T) => string): Map<string, T[]> {
  const out = new Map<string, T[]>();
  for (const item of items) out.set(key(item), [...(out.get(key(item)) ?? []), item]);
  return out;
}

/** Links of one shape the crawl follows. */
const PER_SHAPE = 300;

describeNational('the national build', (national) => {
  const fjelstul = national.sources['fjelstul-worldcup']!;
  const martj42 = national.sources['martj42-international-results']!;
  const { archive } = national;
  let api: Awaited<ReturnType<typeof archiveHandlerFor>>['handler'];
  let close = async () => {};

  beforeAll(async () => {
    ({ handler: api, close } = await archiveHandlerFor(archive));
  });
  afterAll(() => close());

  it('is refused as a tree unasked, with sizes within 15% of the archive built and its files', async () => {
    const said: string[] = [];
    const io = { out: (t: string) => void said.push(t), err: (t: string) => void said.push(t) };
    const dist = existsSync('dist');
    expect(await buildMain(['--db', national.db], io)).toBe(1);
    expect(said.join('\n')).toMatch(
      /about 1\.\d million files in dist\/.*--archive FILE.*--out DIR/s,
    );
    expect(existsSync('dist')).toBe(dist);
    const source = openReadOnly(national.db);
    const size = estimate(rowsOf(source));
    source.close();
    const { reader, close: done } = await openLocalArchive(archive);
    const files = reader.header.files;
    await done();
    expect(Math.abs(size.files / files - 1), `${size.files} of ${files} files`).toBeLessThan(0.15);
    const bytes = statSync(archive).size;
    expect(
      Math.abs(size.archiveBytes / bytes - 1),
      `${size.archiveBytes} of ${bytes}`,
    ).toBeLessThan(0.15);
  });

  it('the crawl from /v1/ finds no broken link', async () => {
    const { seen, broken } = await crawl(api, { perShape: PER_SHAPE, cap: 1_000_000 });
    expect(broken).toEqual([]);
    expect(seen.size).toBeGreaterThan(50_000);
    for (const kind of [
      'info',
      'lineups',
      'goals',
      'penalties',
      'offenses',
      'substitutions',
      'shootouts',
    ]) {
      expect(
        [...seen].some((u) => u.startsWith('/v1/national/matches/') && u.includes(`/${kind}`)),
        kind,
      ).toBe(true);
    }
    // Statistics of lineups and the analytics of matches were reached too.
    for (const prefix of ['/v1/national/stats/', '/v1/analytics/match/']) {
      expect(
        [...seen].some((u) => u.startsWith(prefix)),
        prefix,
      ).toBe(true);
    }
  }, 900_000);

  it('the crawl from /v0/ finds no broken link, and stays in v0', async () => {
    const { seen, broken } = await crawl(api, {
      root: '/v0/',
      perShape: PER_SHAPE,
      cap: 1_000_000,
    });
    expect(broken).toEqual([]);
    expect([...seen].filter((u) => !u.startsWith('/v0/'))).toEqual([]);
    expect(seen.size).toBeGreaterThan(30_000);
    for (const prefix of [
      '/v0/matches/',
      '/v0/events/goals/',
      '/v0/events/substitutions/',
      '/v0/events/offenses/',
      '/v0/stats/',
      '/v0/analytics/match/',
      '/v0/personnel/players/',
    ]) {
      expect(
        [...seen].some((u) => u.startsWith(prefix)),
        prefix,
      ).toBe(true);
    }
  }, 900_000);

  it.each([
    ['1872-11-30', 'Scotland'],
    ['2016-07-10', 'Portugal'],
    ['2018-07-15', 'Croatia'],
  ])(
    'the match of %s with %s: v0 and v1 agree on teams, date, scorers and minutes; ids and keys differ as documented',
    async (date, team) => {
      type Row = Record<string, unknown>;
      const find = async (path: string) => {
        const day = await call(api, `${path}?match_date=${date}&records=100`);
        expect(day.status).toBe(200);
        const found = (day.json.result as Row[]).filter(
          (m) => m['homeTeamName'] === team || m['awayTeamName'] === team,
        );
        expect(found).toHaveLength(1);
        return found[0]!;
      };
      const one = await find('/v1/national/matches/info');
      const zero = await find('/v0/matches/info');
      for (const key of [
        'homeTeamName',
        'awayTeamName',
        'matchDate',
        'kickoffTime',
        'competitionName',
        'seasonName',
        'venueName',
        'refereeName',
        'attendance',
        'homeScore',
        'awayScore',
      ]) {
        expect(zero[key], key).toEqual(one[key]);
      }
      expect(one['id']).toMatch(/^[0-9a-f]{32}$/);
      expect(Number.isInteger(zero['id'])).toBe(true);
      expect(Number.isInteger(zero['homeTeam'])).toBe(true);
      expect(zero).not.toHaveProperty('phase');
      // Scorers and minutes: v1's camelCase goals under the match, v0's snake_case ones under
      // /v0/events.
      const goals1 = (await call(api, `/v1/national/matches/${one['id']}/goals?records=100`)).json
        .result as Row[];
      const goals0 = (await call(api, `/v0/events/goals?match=${zero['id']}&records=100`)).json
        .result as Row[];
      expect(goals1.length).toBe(Number(one['homeScore']) + Number(one['awayScore']));
      const facts = (g: Row, k: (name: string) => string) =>
        JSON.stringify([
          g[k('time_mins')],
          g[k('stoppage_mins')],
          g[k('player_name')],
          g[k('scoring_team_name')],
        ]);
      const camel = (name: string) => name.replace(/_([a-z])/g, (_, c: string) => c.toUpperCase());
      expect(goals0.map((g) => facts(g, (n) => n)).sort()).toEqual(
        goals1.map((g) => facts(g, camel)).sort(),
      );
      for (const g of goals0) {
        expect(g).toHaveProperty('time_mins');
        expect(g).not.toHaveProperty('timeMins');
        expect(Number.isInteger(g['player'] ?? 0)).toBe(true);
      }
      const lineups = async (path: string) => (await call(api, path)).json.meta.totalRecords;
      expect(await lineups(`/v0/matches/${zero['id']}/lineups`)).toBe(
        await lineups(`/v1/national/matches/${one['id']}/lineups`),
      );
      const state = (await call(api, `/v0/analytics/match/${zero['id']}/state`)).json.result;
      expect(state).toMatchObject({
        match: zero['id'],
        home_goals: one['homeScore'],
        away_goals: one['awayScore'],
        is_fulltime: true,
      });
    },
  );

  it("every World Cup group table equals Fjelstul's published group standings, names included", async () => {
    type Row = Record<string, string | number | null>;
    const ours: Row[] = [];
    for (let page = 1; ; page++) {
      const answer = await call(api, `/v1/national/standings?records=100&page=${page}`);
      expect(answer.status).toBe(200);
      ours.push(...(answer.json.result as Row[]));
      if (page >= answer.json.meta.totalPages) break;
    }
    // A table is named by its edition, its stage and its group: the 1982 second stage's groups
    // are A to D, as Fjelstul's groups and standings name them (its matches say 1 to 4).
    const stages = FJELSTUL_STANDINGS_STAGES;
    const tableKey = (competition: string, year: string, round: string, group: string) =>
      [competition, year, round, group].join('|');
    const line = (r: (string | number | null)[]) => r.map(String).join(',');
    const expected = new Map<string, string[]>();
    const published = parse(readFileSync(join(fjelstul, 'data-csv', 'group_standings.csv')), {
      columns: true,
    }) as Record<string, string>[];
    expect(published).toHaveLength(626);
    const byTable = groupBy(
      published,
      (r) => `${r['tournament_id']}|${r['stage_name']}|${r['group_name']}`,
    );
    for (const rows of byTable.values()) {
      const { tournament_name: name, stage_name: stage, group_name: group } = rows[0]!;
      const competition = name!.includes('Women')
        ? "FIFA Women's World Cup"
        : "FIFA Men's World Cup";
      const key = tableKey(
        competition,
        name!.slice(0, 4),
        stages[stage!]!,
        group!.replace(/^Group /, ''),
      );
      expect(expected.has(key), key).toBe(false);
      expected.set(
        key,
        rows.map((r) =>
          line(
            [
              'position',
              'team_name',
              'played',
              'wins',
              'draws',
              'losses',
              'goals_for',
              'goals_against',
              'points',
            ].map((k) => r[k]!),
          ),
        ),
      );
    }
    const found = new Map<string, string[]>();
    const worldCups = ours.filter((r) => String(r['competitionName']).startsWith('FIFA'));
    const ourTables = groupBy(
      worldCups,
      (r) => `${r['competition']}|${r['season']}|${r['round']}|${r['group']}`,
    );
    for (const rows of ourTables.values()) {
      const { competitionName, seasonName, roundName, group } = rows[0]!;
      found.set(
        tableKey(String(competitionName), String(seasonName), String(roundName), String(group)),
        rows.map((r) =>
          line(
            [
              'position',
              'teamName',
              'played',
              'won',
              'drawn',
              'lost',
              'goalsFor',
              'goalsAgainst',
              'points',
            ].map((k) => r[k]!),
          ),
        ),
      );
    }
    // Every published row, in its table, its place and its group: all 626.
    let rows = 0;
    for (const [key, lines] of expected) {
      expect(found.get(key), key).toEqual(lines);
      rows += lines.length;
    }
    expect(rows).toBe(626);
    // Ours has the 2026 groups too, which Fjelstul's data (to 2022) does not.
    const extra = [...found.keys()].filter((k) => !expected.has(k));
    expect(
      extra.every((k) => k.includes('|2026|')),
      extra.join('\n'),
    ).toBe(true);
    // Ties no result decided say what did.
    const decided = worldCups.filter((r) => r['decidedBy'] !== null);
    expect(new Set(decided.map((r) => r['decidedBy']))).toEqual(
      new Set(['play-off', 'lots', 'fair play']),
    );
  }, 300_000);

  it("a country's record against an opponent and its top scorers equal the international results'", async () => {
    type Csv = Record<string, string>;
    const read = (file: string) =>
      parse(readFileSync(join(martj42, file)), { columns: true }) as Csv[];
    const idOf = async (name: string) =>
      (await call(api, `/v1/countries?name=${encodeURIComponent(name)}`)).json.result[0].id;
    const results = read('results.csv').filter((r) => r['home_score'] !== 'NA');
    // Pairs whose names the results use in every era (no West Germany or Soviet Union).
    for (const [a, b] of [
      ['England', 'Scotland'],
      ['Argentina', 'Brazil'],
      ['Argentina', 'Uruguay'],
      ['Spain', 'Portugal'],
    ] as const) {
      const scores = results.flatMap((r) => {
        const [home, away] = [Number(r['home_score']), Number(r['away_score'])];
        if (r['home_team'] === a && r['away_team'] === b) return [[home, away]];
        if (r['home_team'] === b && r['away_team'] === a) return [[away, home]];
        return [];
      });
      const sum = (f: (s: number[]) => number) => scores.reduce((n, s) => n + f(s), 0);
      const path = `/v1/national/head_to_head?team=${await idOf(a)}&opponent=${await idOf(b)}&gender=men`;
      const [record] = (await call(api, path)).json.result;
      expect(record, `${a} v ${b}`).toMatchObject({
        played: scores.length,
        won: sum(([x, y]) => Number(x! > y!)),
        drawn: sum(([x, y]) => Number(x === y)),
        lost: sum(([x, y]) => Number(x! < y!)),
        goalsFor: sum(([x]) => x!),
        goalsAgainst: sum(([, y]) => y!),
      });
    }
    // England's men's top scorers: the goals the results list, own goals aside.
    const goals = new Map<string, number>();
    for (const g of read('goalscorers.csv'))
      if (g['team'] === 'England' && g['own_goal'] === 'FALSE')
        goals.set(g['scorer']!, (goals.get(g['scorer']!) ?? 0) + 1);
    const top = (
      await call(api, `/v1/national/scorers?team=${await idOf('England')}&gender=men&records=8`)
    ).json.result;
    expect(top.map((s: Record<string, unknown>) => [s['playerName'], s['goals']])).toEqual(
      // Ties go by name, as the API orders them.
      [...goals].sort((x, y) => y[1] - x[1] || (x[0] < y[0] ? -1 : 1)).slice(0, 8),
    );
  });

  it('answers every query of the query set with a documented 200: no refusal', async () => {
    const { reader, close: done } = await openLocalArchive(archive);
    const doc = JSON.parse(new TextDecoder().decode((await reader.read(OPENAPI_FILE))!));
    await done();
    const check = new OpenApiCheck(doc as OpenApi);
    const problems: string[] = [];
    let answered = 0;
    for (const [kind, urls] of Object.entries(await querySet(archive))) {
      for (const url of urls) {
        const reply = await call(api, url);
        if (reply.status === 200) answered++;
        else problems.push(`${kind} ${url}: ${reply.status} ${reply.text.slice(0, 100)}`);
        for (const p of check.answerProblems('GET', url, reply))
          problems.push(`${kind} ${url}: ${p}`);
      }
    }
    expect(problems.slice(0, 20)).toEqual([]);
    expect(answered).toBeGreaterThan(3000);
  }, 900_000);

  it('serves the first international, with the results list credited (CC0)', async () => {
    const reply = await call(api, '/v1/national/matches/info?match_date=1872-11-30');
    expect(reply.status).toBe(200);
    expect(reply.json.result).toHaveLength(1);
    expect(reply.json.result[0]).toMatchObject({
      homeTeamName: 'Scotland',
      awayTeamName: 'England',
      homeScore: 0,
      awayScore: 0,
      competitionName: 'Friendly',
    });
    expect(reply.json.attribution.source).toMatchObject({ license: 'CC0 1.0' });
  });

  it('a page of matches from several sources credits each, with its licence', async () => {
    const reply = await call(api, '/v1/national/matches/info?match_date=2018-07-15');
    expect(reply.status).toBe(200);
    const names = reply.json.result.map(
      (m: { homeTeamName: string; awayTeamName: string }) => `${m.homeTeamName}-${m.awayTeamName}`,
    );
    // The 2018 final is one record (Fjelstul's), though all three sources have it.
    expect(names.filter((n: string) => n.includes('France') && n.includes('Croatia'))).toHaveLength(
      1,
    );
    // The day of the 2022 third-place match: it (Fjelstul's) and a friendly only the results
    // list has.
    const day = await call(api, '/v1/national/matches/info?match_date=2022-12-17');
    expect(
      new Set(day.json.result.map((m: { competitionName: string }) => m.competitionName)).size,
    ).toBe(2);
    const license = day.json.attribution.source.license as string;
    expect(license).toContain('CC-BY-SA 4.0');
    expect(license).toContain('CC0 1.0');
  });

  it('a composed answer credits exactly the providers of the records it returns', async () => {
    type Source = { name?: string; providers?: { name: string }[] };
    const names = (source: Source) =>
      (source.providers ? source.providers.map((p) => p.name) : source.name ? [source.name] : [])
        .slice()
        .sort();
    const day = await call(api, '/v1/national/matches/info?match_date=2022-12-17');
    expect(names(day.json.attribution.source)).toHaveLength(2);
    const cup = day.json.result.find((m: { competitionName: string }) =>
      /World Cup/.test(m.competitionName),
    ).id as string;
    const targets = [
      ['v1/national/matches/info', '?match_date=2022-12-17&records=1&page=1'],
      ['v1/national/matches/info', '?match_date=2022-12-17&records=1&page=2'],
      ['v1/national/matches/info', '?match_date=2022-12-17&sort=-home_team_name'],
      ['v1/national/matches/info', '?competition_name=*World*&sort=-match_date&records=7'],
      ['v1/national/matches/info', '?sort=-match_date&records=20'],
      ['v1/national/matches/lineups', `?match=${cup}&records=3&page=2`],
      ['v1/national/matches/goals', '?sort=-match_date&records=25'],
      ['v1/national/events/all', '?sort=-match_seconds&records=15&page=3'],
    ];
    let narrower = 0;
    for (const [path, query] of targets) {
      const reply = await call(api, `/${path}${query}`);
      expect(reply.status, query).toBe(200);
      const own = new Set<string>();
      for (const { id } of reply.json.result as { id: string }[]) {
        const record = await call(api, `/${path}/${id}`);
        for (const name of names(record.json.attribution.source)) own.add(name);
      }
      const credited = names(reply.json.attribution.source);
      expect(credited, `${path}${query}`).toEqual([...own].sort());
      if (credited.length === 1) narrower++;
    }
    expect(narrower).toBeGreaterThan(1);
  });

  it("the 2018 final's micro-events credit Wyscout; its statistics credit Fjelstul and Wyscout", async () => {
    const day = await call(api, '/v1/national/matches/info?match_date=2018-07-15');
    const final = day.json.result.find(
      (m: { homeTeamName: string }) => m.homeTeamName === 'France',
    );
    const events = await call(api, `/v1/national/events/all?match=${final.id}`);
    expect(events.status).toBe(200);
    expect(events.json.meta.totalRecords).toBeGreaterThan(1000);
    expect(events.json.attribution.source).toMatchObject({ license: 'CC BY 4.0' });
    const stats = await call(api, `/v1/national/stats/passes/totals?match=${final.id}&records=100`);
    expect(stats.json.result).toHaveLength(27);
    // Counted from Wyscout's events on Fjelstul's lineups. One pass of Mandžukić's has no
    // accuracy tag (one of two in the whole dataset), so his successful passes are unknown:
    // null, not a guess.
    const unknown = stats.json.result.filter((r: { totalS: number | null }) => r.totalS === null);
    expect(unknown.map((r: { playerName: string }) => r.playerName)).toEqual(['Mario Mandžukić']);
    expect(
      stats.json.result.find((r: { playerName: string }) => r.playerName === 'Luka Modrić').totalS,
    ).toBeGreaterThan(50);
    const names = stats.json.attribution.source.providers.map(
      (p: { license: string }) => p.license,
    );
    expect(names.sort()).toEqual(['CC BY 4.0', 'CC-BY-SA 4.0']);
  });
});
