import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { archiveHandlerFor, call } from '../helpers/http/api.ts';
import { describeNational } from '../helpers/setup/national.ts';

/**
 * The questions people ask of the national data, each in one request, with answers checked
 * against the source files: a player's goals in one competition with their minutes, a team's
 * matches home or away, a player's lineups in date order, a season's goals.
 */

type Row = Record<string, string>;
const csv = (dir: string, file: string) =>
  parse(readFileSync(join(dir, file)), { columns: true }) as Row[];

describeNational('one request for common questions on the national build', (national) => {
  const fjelstul = join(national.sources['fjelstul-worldcup']!, 'data-csv');
  const martj42 = national.sources['martj42-international-results']!;
  let api: Awaited<ReturnType<typeof archiveHandlerFor>>['handler'];
  let close = async () => {};
  /** Every record of a listing, page after page. */
  const records = async (path: string) => {
    const out: Row[] = [];
    for (let page = 1; ; page++) {
      const reply = await call(
        api,
        `${path}${path.includes('?') ? '&' : '?'}records=100&page=${page}`,
      );
      expect(reply.status, path).toBe(200);
      out.push(...reply.json.result);
      if (page >= reply.json.meta.totalPages) return out;
    }
  };
  const one = async (path: string) => {
    const reply = await call(api, path);
    expect(reply.status, path).toBe(200);
    expect(reply.json.result, path).toHaveLength(1);
    return reply.json.result[0] as Row;
  };

  beforeAll(async () => {
    ({ handler: api, close } = await archiveHandlerFor(national.archive));
  });
  afterAll(() => close());

  it("Messi's World Cup goals with their minutes, as Fjelstul lists them", async () => {
    const messi = await one('/v1/personnel/players?full_name=Lionel%20Messi');
    const cup = await one(`/v1/competitions?name=${encodeURIComponent("FIFA Men's World Cup")}`);
    const goals = await records(
      `/v1/national/matches/goals?player=${messi['id']}&competition=${cup['id']}&sort=match_date`,
    );
    // Fjelstul's database ends with 2022; the 2026 World Cup comes from the other sources.
    const published = csv(fjelstul, 'goals.csv').filter(
      (g) => g['given_name'] === 'Lionel' && g['family_name'] === 'Messi' && g['own_goal'] === '0',
    );
    expect(published).toHaveLength(13);
    const upTo2022 = goals.filter((g) => g['matchDate']! < '2023');
    const minutes = (list: [string, string][]) =>
      list.map(([date, minute]) => `${date} ${minute}`).sort();
    expect(minutes(upTo2022.map((g) => [g['matchDate']!, String(g['timeMins'])]))).toEqual(
      minutes(published.map((g) => [g['match_date']!, g['minute_regulation']!])),
    );
    const later = csv(martj42, 'goalscorers.csv').filter(
      (g) => g['scorer'] === 'Lionel Messi' && g['date']! >= '2023' && g['own_goal'] === 'FALSE',
    );
    const cups = new Set(
      csv(martj42, 'results.csv')
        .filter((r) => r['tournament'] === 'FIFA World Cup' && r['date']! >= '2023')
        .map((r) => `${r['date']}|${r['home_team']}`),
    );
    expect(goals.length - upTo2022.length).toBe(
      later.filter((g) => cups.has(`${g['date']}|${g['home_team']}`)).length,
    );
    // In date order, each with its competition and season.
    const dates = goals.map((g) => g['matchDate']!);
    expect(dates).toEqual([...dates].sort());
    expect(new Set(goals.map((g) => g['competitionName']))).toEqual(
      new Set(["FIFA Men's World Cup"]),
    );
  });

  it("all of Brazil's matches in one request: the international results' and the Women's World Cups'", async () => {
    const brazil = await one('/v1/countries?name=Brazil');
    const all = await records(`/v1/national/matches/info?team=${brazil['id']}&sort=-match_date`);
    const dates = all.map((m) => m['matchDate']!);
    expect(dates).toEqual([...dates].sort().reverse());
    expect(all.every((m) => m['homeTeam'] === brazil['id'] || m['awayTeam'] === brazil['id'])).toBe(
      true,
    );
    // Every match of Brazil's the database holds, men's and women's.
    const db = new Database(national.db, { readonly: true });
    const held = db
      .prepare(
        `SELECT COUNT(*) AS n FROM match
          WHERE match_type = 'national' AND (home_team = ? OR away_team = ?)`,
      )
      .get(brazil['id'], brazil['id']) as { n: number };
    db.close();
    expect(all.length).toBe(held.n);
    // The men's include every result the international results list.
    const men = csv(martj42, 'results.csv').filter(
      (r) => r['home_team'] === 'Brazil' || r['away_team'] === 'Brazil',
    );
    expect(all.length).toBeGreaterThan(men.length);
    // As many as the two requests it replaces.
    const side = async (name: string) =>
      (await call(api, `/v1/national/matches/info?${name}=${brazil['id']}&records=1`)).json.meta
        .totalRecords;
    expect(all.length).toBe((await side('home_team')) + (await side('away_team')));
  });

  it("Messi's lineups in date order, every World Cup match he played, across pages", async () => {
    const messi = await one('/v1/personnel/players?full_name=Lionel%20Messi');
    const lineups = [];
    for (let page = 1; ; page++) {
      const reply = await call(
        api,
        `/v1/national/matches/lineups?player=${messi['id']}&sort=match_date&records=10&page=${page}`,
      );
      lineups.push(...reply.json.result);
      if (!reply.json.meta.next) break;
    }
    expect(lineups).toHaveLength(26);
    const dates = lineups.map((l) => l.matchDate as string);
    expect(dates).toEqual([...dates].sort());
    expect([dates[0], dates.at(-1)]).toEqual(['2006-06-16', '2022-12-18']);
    expect(new Set(lineups.map((l) => l.match)).size).toBe(26);
  });

  it('the goals of one World Cup, by competition and season, as Fjelstul counts them', async () => {
    const cup = await one(`/v1/competitions?name=${encodeURIComponent("FIFA Men's World Cup")}`);
    const reply = await call(
      api,
      `/v1/national/matches/goals?competition=${cup['id']}&season=2022&records=1`,
    );
    const published = csv(fjelstul, 'goals.csv').filter((g) => g['tournament_id'] === 'WC-2022');
    expect(reply.json.meta.totalRecords).toBe(published.length);
    // A team's goals and its opponents' in that World Cup: its matches, home or away.
    const argentina = await one('/v1/countries?name=Argentina');
    const theirs = await records(
      `/v1/national/matches/goals?competition=${cup['id']}&season=2022&team=${argentina['id']}`,
    );
    const matches = new Set(
      csv(fjelstul, 'matches.csv')
        .filter(
          (m) =>
            m['tournament_id'] === 'WC-2022' &&
            (m['home_team_name'] === 'Argentina' || m['away_team_name'] === 'Argentina'),
        )
        .map((m) => m['match_id']),
    );
    expect(theirs.length).toBe(published.filter((g) => matches.has(g['match_id'])).length);
  });
});
