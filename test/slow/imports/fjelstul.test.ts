import Database from 'better-sqlite3';
import { parse } from 'csv-parse/sync';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build } from '../../../build/build.ts';
import { REGISTRY } from '../../../build/registry/index.ts';
import { uuidFor } from '../../../data/ids.ts';
import { openingSide } from '../../../data/import/fjelstul/shootouts.ts';
import type { ImportReport } from '../../../data/import/report.ts';
import { importDataset } from '../../../data/import/run.ts';
import { call, handlerFor } from '../../helpers/http/api.ts';
import { expectReimportChangesNothing, queries } from '../../helpers/data/imports.ts';
import { describeReal, FJELSTUL_STANDINGS_STAGES } from '../../helpers/setup/real-data.ts';

/**
 * The Fjelstul World Cup importer on the real dataset (`fjelstul-worldcup`, found by
 * `helpers/real-data.ts`): facts a fan can check, counts that match the source, round trips,
 * idempotency, and the API built from the import.
 */

/** Fjelstul's ids of well-known matches. */
const FINAL_2022 = 'M-2022-64';
const FINAL_1966 = 'M-1966-32';
const FINAL_2014 = 'M-2014-64';

const matchId = (sourceId: string) => uuidFor('fjelstul', 'match', sourceId);

describeReal('fjelstul-worldcup', (dir) => {
  let root = '';
  let file = '';
  let db: Database.Database;
  let report: ImportReport;

  beforeAll(() => {
    root = mkdtempSync(join(tmpdir(), 'football-fjelstul-'));
    file = join(root, 'worldcup.sqlite');
    report = importDataset({ format: 'fjelstul', path: dir, db: file });
    db = new Database(file, { readonly: true, fileMustExist: true });
  });
  afterAll(() => {
    db?.close();
    if (root) rmSync(root, { recursive: true, force: true });
  });

  const { one, all } = queries(() => db);

  /** A match with its team names. */
  const matchRow = (sourceId: string) =>
    one<{
      home: string;
      away: string;
      home_score: number;
      away_score: number;
      firstextra_length: number | null;
      secondextra_length: number | null;
      knockout_round: number | null;
      match_date: string;
      kickoff_time: string | null;
    }>(
      `SELECT h.name AS home, a.name AS away, m.home_score, m.away_score, m.firstextra_length, m.secondextra_length,
        m.knockout_round, m.match_date, m.kickoff_time
      FROM match m JOIN country h ON h.id = m.home_team JOIN country a ON a.id = m.away_team WHERE m.id = ?`,
      matchId(sourceId),
    );

  /** Goals of a match: scorer, scoring team, minute, penalty or not. */
  const goalsOf = (sourceId: string) =>
    all<{ scorer: string | null; team: string; time_mins: number; penalty: number }>(
      `SELECT n.full_name AS scorer, c.name AS team, g.time_mins,
        EXISTS (SELECT 1 FROM penalty p WHERE p.lineup = g.lineup AND p.time_mins = g.time_mins
          AND p.stoppage_mins = g.stoppage_mins) AS penalty
      FROM goal g JOIN country c ON c.id = g.team LEFT JOIN lineup l ON l.id = g.lineup
      LEFT JOIN player pl ON pl.id = l.player LEFT JOIN person_name n ON n.id = pl.person
      WHERE g.match = ? ORDER BY g.time_mins, g.stoppage_mins`,
      matchId(sourceId),
    );

  describe('facts a fan can check', () => {
    it('2022 final: Argentina 3–3 France after extra time, at Lusail', () => {
      const m = matchRow(FINAL_2022);
      expect(m).toMatchObject({
        home: 'Argentina',
        away: 'France',
        home_score: 3,
        away_score: 3,
        knockout_round: 29,
      });
      expect([m.firstextra_length, m.secondextra_length]).toEqual([15, 15]);
      expect(m.match_date).toBe('2022-12-18');
      expect(m.kickoff_time).toBe('18:00:00');
      const venue = one<{ name: string; country: string }>(
        'SELECT v.name, c.name AS country FROM match m JOIN venue v ON v.id = m.venue JOIN country c ON c.id = v.country WHERE m.id = ?',
        matchId(FINAL_2022),
      );
      expect(venue).toEqual({ name: 'Lusail Stadium', country: 'Qatar' });
      const referee = one<{ full_name: string }>(
        'SELECT n.full_name FROM match m JOIN referee r ON r.id = m.referee JOIN person_name n ON n.id = r.person WHERE m.id = ?',
        matchId(FINAL_2022),
      );
      expect(referee.full_name).toBe('Szymon Marciniak');
    });

    it('2022 final scorers: Messi 2 (one penalty), Di María, Mbappé 3 (two penalties)', () => {
      const goals = goalsOf(FINAL_2022);
      expect(goals.map((g) => [g.scorer, g.team, g.time_mins, g.penalty])).toEqual([
        ['Lionel Messi', 'Argentina', 23, 1],
        ['Ángel Di María', 'Argentina', 36, 0],
        ['Kylian Mbappé', 'France', 80, 1],
        ['Kylian Mbappé', 'France', 81, 0],
        ['Lionel Messi', 'Argentina', 108, 0],
        ['Kylian Mbappé', 'France', 118, 1],
      ]);
    });

    it('2022 final shootout: France kicked first, Argentina won 4–2, kicks in order', () => {
      const kicks = all<{
        kicker: string;
        team: string;
        round: number;
        outcome: number;
        opener: string;
      }>(
        `SELECT n.full_name AS kicker, c.name AS team, s.round, s.outcome, o.name AS opener
          FROM shootout s JOIN lineup l ON l.id = s.lineup JOIN player pl ON pl.id = l.player
          JOIN person_name n ON n.id = pl.person JOIN country c ON c.id = l.team JOIN country o ON o.id = s.opening_team
          WHERE s.match = ? ORDER BY s.round, (l.team <> s.opening_team)`,
        matchId(FINAL_2022),
      );
      expect(new Set(kicks.map((k) => k.opener))).toEqual(new Set(['France']));
      expect(kicks.map((k) => [k.round, k.kicker, k.outcome === 1 ? 'scored' : 'missed'])).toEqual([
        [1, 'Kylian Mbappé', 'scored'],
        [1, 'Lionel Messi', 'scored'],
        [2, 'Kingsley Coman', 'missed'],
        [2, 'Paulo Dybala', 'scored'],
        [3, 'Aurélien Tchouaméni', 'missed'],
        [3, 'Leandro Paredes', 'scored'],
        [4, 'Randal Kolo Muani', 'scored'],
        [4, 'Gonzalo Montiel', 'scored'],
      ]);
      const score = (team: string) =>
        kicks.filter((k) => k.team === team && k.outcome === 1).length;
      expect([score('Argentina'), score('France')]).toEqual([4, 2]);
    });

    it('1966 final: England 4–2 West Germany after extra time', () => {
      const m = matchRow(FINAL_1966);
      expect(m).toMatchObject({
        home: 'England',
        away: 'West Germany',
        home_score: 4,
        away_score: 2,
        firstextra_length: 15,
      });
      // No lineups before 1970: the goals are there, credited to the teams, without a scorer's
      // lineup.
      const goals = goalsOf(FINAL_1966);
      expect(goals.filter((g) => g.team === 'England')).toHaveLength(4);
      expect(goals.every((g) => g.scorer === null)).toBe(true);
    });

    it('Miroslav Klose scored 16 World Cup goals', () => {
      const { n } = one<{ n: number }>(
        `SELECT COUNT(*) AS n FROM goal g JOIN lineup l ON l.id = g.lineup JOIN player pl ON pl.id = l.player
          JOIN person p ON p.id = pl.person WHERE p.first_name = 'Miroslav' AND p.last_name = 'Klose' AND g.team = l.team`,
      );
      expect(n).toBe(16);
    });

    it('Zidane was sent off (straight red) in the 2006 final, in extra time', () => {
      const cards = all<{ card: number; time_mins: number }>(
        `SELECT o.card, o.time_mins FROM offense o JOIN lineup l ON l.id = o.lineup JOIN player pl ON pl.id = l.player
          JOIN person p ON p.id = pl.person WHERE o.match = ? AND p.last_name = 'Zidane'`,
        matchId('M-2006-64'),
      );
      expect(cards).toEqual([{ card: 3, time_mins: 110 }]);
    });

    it('2014 final: Götze came on for Klose in the 88th minute', () => {
      const subs = all<{ off: string; on: string; time_mins: number; team: string }>(
        `SELECT no.full_name AS off, ni.full_name AS "on", s.time_mins, c.name AS team FROM substitution s
          JOIN lineup lo ON lo.id = s.lineup_out JOIN player po ON po.id = lo.player JOIN person_name no ON no.id = po.person
          JOIN lineup li ON li.id = s.lineup_in JOIN player pi ON pi.id = li.player JOIN person_name ni ON ni.id = pi.person
          JOIN country c ON c.id = s.team WHERE s.match = ? ORDER BY s.time_mins`,
        matchId(FINAL_2014),
      );
      expect(subs).toHaveLength(6);
      expect(subs).toContainEqual({
        off: 'Miroslav Klose',
        on: 'Mario Götze',
        time_mins: 88,
        team: 'Germany',
      });
    });

    it("captains: Messi captained Argentina in the 2022 final; women's matches have no captain data", () => {
      const captains = all<{ name: string; team: string }>(
        `SELECT n.full_name AS name, c.name AS team FROM lineup l JOIN player pl ON pl.id = l.player
          JOIN person_name n ON n.id = pl.person JOIN country c ON c.id = l.team WHERE l.match = ? AND l.is_captain = 1 ORDER BY team`,
        matchId(FINAL_2022),
      );
      expect(captains).toEqual([
        { name: 'Lionel Messi', team: 'Argentina' },
        { name: 'Hugo Lloris', team: 'France' },
      ]);
      const women = one<{ n: number; known: number }>(
        `SELECT COUNT(*) AS n, COUNT(l.is_captain) AS known FROM lineup l JOIN match m ON m.id = l.match
          JOIN competition c ON c.id = m.competition WHERE c.name = 'FIFA Women''s World Cup'`,
      );
      expect(women.n).toBeGreaterThan(5000);
      expect(women.known).toBe(0);
    });

    it('a player who became a manager is one person with both roles (Beckenbauer)', () => {
      const rows = all<{ player: number; manager: number; birth_date: string }>(
        `SELECT (SELECT COUNT(*) FROM player WHERE person = p.id) AS player, (SELECT COUNT(*) FROM manager WHERE person = p.id) AS manager,
          p.birth_date FROM person p WHERE p.first_name = 'Franz' AND p.last_name = 'Beckenbauer'`,
      );
      expect(rows).toEqual([{ player: 1, manager: 1, birth_date: '1945-09-11' }]);
    });
  });

  describe('counts that match the source', () => {
    const perTournament = (table: string, year: number, competition = "FIFA Men's World Cup") =>
      one<{ n: number }>(
        `SELECT COUNT(*) AS n FROM ${table === 'match' ? 'match m' : `${table} t JOIN match m ON m.id = t.match`}
        JOIN competition c ON c.id = m.competition WHERE m.season = ? AND c.name = ?`,
        year,
        competition,
      ).n;

    it('matches per tournament', () => {
      expect(perTournament('match', 1930)).toBe(18);
      expect(perTournament('match', 2014)).toBe(64);
      expect(perTournament('match', 2022)).toBe(64);
      expect(perTournament('match', 2019, "FIFA Women's World Cup")).toBe(52);
      expect(one<{ n: number }>('SELECT COUNT(*) AS n FROM match').n).toBe(1248);
      expect(
        one<{ n: number }>("SELECT COUNT(*) AS n FROM match WHERE match_type = 'national'").n,
      ).toBe(1248);
    });

    it('goals per tournament and in all', () => {
      expect(perTournament('goal', 2014)).toBe(171);
      expect(perTournament('goal', 2022)).toBe(172);
      expect(perTournament('goal', 1930)).toBe(70);
      expect(one<{ n: number }>('SELECT COUNT(*) AS n FROM goal').n).toBe(3637);
    });

    it('rows of the other files', () => {
      const count = (table: string) => one<{ n: number }>(`SELECT COUNT(*) AS n FROM ${table}`).n;
      expect(count('lineup')).toBe(27432);
      expect(count('player')).toBe(10401);
      expect(count('manager')).toBe(475);
      expect(count('referee')).toBe(493);
      expect(count('venue')).toBe(240);
      // 3,178 bookings: 9 of players not in the lineup skipped, 16 yellow-and-red rows give two
      // offenses.
      expect(count('offense')).toBe(3178 - 9 + 16);
      // 5,111 pairs of rows: 5 pairs at different minutes and 9 with a player missing from the
      // lineups skipped.
      expect(count('substitution')).toBe(5111 - 5 - 9);
      expect(report.of('match').new).toBe(1248);
      expect(report.skipped.find((s) => s.table === 'offense')?.count).toBe(9);
    });

    it('the summary explains what the source lacks', () => {
      const reasons = report.skipped.map((s) => `${s.table}: ${s.reason}`).join('\n');
      expect(reasons).toMatch(/lineup: matches before 1970 without lineups/);
      expect(report.skipped.find((s) => s.reason.startsWith('matches before 1970'))?.count).toBe(
        200,
      );
      expect(report.summary()).toContain('Skipped:');
    });
  });

  describe('group names as the group standings name them', () => {
    /** The group matches of the database: tournament, stage, group and the two teams. */
    const groupMatches = () =>
      all<{
        competition: string;
        season: number;
        stage: string;
        group_name: string | null;
        home: string;
        away: string;
      }>(
        `SELECT c.name AS competition, m.season, gr.name AS stage, m.group_name,
          h.name AS home, a.name AS away
        FROM match m JOIN competition c ON c.id = m.competition
        JOIN groupround gr ON gr.id = m.group_round
        JOIN country h ON h.id = m.home_team JOIN country a ON a.id = m.away_team`,
      );

    it('1982 second round: groups A to D with their teams, as the record has them', () => {
      const teams = new Map<string | null, Set<string>>();
      for (const m of groupMatches()) {
        if (m.season !== 1982 || m.stage !== 'Second Round') continue;
        const group = teams.get(m.group_name) ?? new Set<string>();
        teams.set(m.group_name, group.add(m.home).add(m.away));
      }
      expect(Object.fromEntries([...teams].map(([g, t]) => [g, [...t].sort()]))).toEqual({
        A: ['Belgium', 'Poland', 'Soviet Union'],
        B: ['England', 'Spain', 'West Germany'],
        C: ['Argentina', 'Brazil', 'Italy'],
        D: ['Austria', 'France', 'Northern Ireland'],
      });
    });

    it("every group match's tournament, stage, group and teams agree with group_standings.csv", () => {
      const stages = FJELSTUL_STANDINGS_STAGES;
      const standings = parse(readFileSync(join(dir, 'data-csv', 'group_standings.csv')), {
        columns: true,
      }) as Record<string, string>[];
      const published = new Set(
        standings.map((r) =>
          [r['tournament_name'], stages[r['stage_name']!], r['group_name'], r['team_name']].join(
            '|',
          ),
        ),
      );
      const matches = groupMatches();
      const source = parse(readFileSync(join(dir, 'data-csv', 'matches.csv')), {
        columns: true,
      }) as Record<string, string>[];
      expect(matches).toHaveLength(source.filter((r) => r['group_stage'] === '1').length);
      const tournament = (m: { season: number; competition: string }) =>
        `${m.season} ${m.competition}`;
      const disagreeing = matches.flatMap((m) =>
        [m.home, m.away]
          .map((team) => [tournament(m), m.stage, `Group ${m.group_name}`, team].join('|'))
          .filter((key) => !published.has(key)),
      );
      expect(disagreeing).toEqual([]);
    });

    it('the summary says how many matches took their group name from the standings', () => {
      // The 12 of the 1982 second round and the 6 of the 1950 final round, which matches.csv
      // leaves without a group ("Group 1" in the standings).
      expect(report.notes).toContainEqual(
        expect.stringMatching(
          /^match: 18 group matches take their group name from group_standings/,
        ),
      );
      expect(report.notes.join('\n')).not.toMatch(/keep matches\.csv's group name/);
    });
  });

  describe('round trips', () => {
    it("every goal's scorer (where the match has lineups) is in that match's lineup, on the right team", () => {
      const bad = all<{ id: string }>(
        `SELECT g.id FROM goal g JOIN lineup l ON l.id = g.lineup WHERE l.match <> g.match`,
      );
      expect(bad).toEqual([]);
      const unlinked = one<{ n: number }>(
        `SELECT COUNT(*) AS n FROM goal g WHERE g.lineup IS NULL AND EXISTS (SELECT 1 FROM lineup l WHERE l.match = g.match)`,
      );
      expect(unlinked.n).toBe(0);
      // An own goal is a goal whose scorer's team is not the team credited; there are 79 in the
      // source.
      const own = one<{ n: number }>(
        'SELECT COUNT(*) AS n FROM goal g JOIN lineup l ON l.id = g.lineup WHERE l.team <> g.team',
      );
      expect(own.n).toBeGreaterThan(50);
      expect(own.n).toBeLessThanOrEqual(79);
    });

    it("every match's goals agree with its score", () => {
      const bad = all<{ id: string }>(
        `SELECT m.id FROM match m WHERE m.home_score <> (SELECT COUNT(*) FROM goal g WHERE g.match = m.id AND g.team = m.home_team)
          OR m.away_score <> (SELECT COUNT(*) FROM goal g WHERE g.match = m.id AND g.team = m.away_team)`,
      );
      expect(bad).toEqual([]);
    });

    it('every event points at a lineup of its own match, and a shootout alternates by round', () => {
      for (const [table, column] of [
        ['offense', 'lineup'],
        ['penalty', 'lineup'],
        ['shootout', 'lineup'],
        ['substitution', 'lineup_in'],
        ['substitution', 'lineup_out'],
      ] as const) {
        const bad = one<{ n: number }>(
          `SELECT COUNT(*) AS n FROM ${table} t JOIN lineup l ON l.id = t.${column} WHERE l.match <> t.match`,
        );
        expect(bad.n, `${table}.${column}`).toBe(0);
      }
      const rounds = all<{ match: string; team: string; round: number; n: number }>(
        `SELECT s.match, l.team, s.round, COUNT(*) AS n FROM shootout s JOIN lineup l ON l.id = s.lineup GROUP BY 1, 2, 3 HAVING n > 1`,
      );
      expect(rounds).toEqual([]);
    });

    it('the opening team of a shootout is deduced only when the kicks decide it', () => {
      // 2022 final as listed by the source (Argentina's kicks, then France's).
      expect(openingSide([true, true, true, true], [true, false, false, true])).toBe('away');
      // Both orders possible: 5–4 in five rounds each, the last kick missed.
      expect(
        openingSide([true, true, true, true, true], [true, true, true, true, false]),
      ).toBeNull();
    });

    it('importing twice changes nothing (row counts and the content of every table)', () => {
      expectReimportChangesNothing(db, { format: 'fjelstul', path: dir, db: file });
    });
  });

  describe('the API built from the import', () => {
    let dist = '';
    beforeAll(async () => {
      dist = join(root, 'dist');
      // Only the national-team match resources: the full build of the World Cup data takes ~60 s
      // (more under load) and writes ~1.3 GB in 200,000 files, too much for a unit test;
      // `npm run build -- --db <file>` builds it all.
      const resources = REGISTRY.resources.filter((r) => r.path.startsWith('v1/national/matches/'));
      expect(resources.length).toBeGreaterThan(5);
      await build({ db: file, out: dist, registry: { ...REGISTRY, resources } });
    });

    it('serves the 2022 final: info with the right teams, and its 6 goals (shootout excluded)', async () => {
      const api = handlerFor(dist);
      const id = matchId(FINAL_2022);
      const info = await call(api, `/v1/national/matches/${id}/info`);
      expect(info.status).toBe(200);
      const [match] = info.json.result as Record<string, unknown>[];
      expect(match).toMatchObject({
        id,
        homeTeamName: 'Argentina',
        awayTeamName: 'France',
        homeScore: 3,
        awayScore: 3,
        homeTeam: uuidFor('world', 'country', 'Argentina'),
        awayTeam: uuidFor('world', 'country', 'France'),
        competitionName: "FIFA Men's World Cup",
        seasonName: '2022',
        roundName: 'Final',
      });
      expect(info.json.attribution.source.name).toBe('Fjelstul World Cup Database');
      expect(info.json.attribution.source.license).toBe('CC-BY-SA 4.0');

      const goals = await call(api, `/v1/national/matches/${id}/goals`);
      expect(goals.status).toBe(200);
      const records = goals.json.result as Record<string, unknown>[];
      expect(records).toHaveLength(6);
      const by = (team: string) => records.filter((g) => g['scoringTeamName'] === team).length;
      expect([by('Argentina'), by('France')]).toEqual([3, 3]);
      expect(records.filter((g) => g['playerName'] === 'Kylian Mbappé')).toHaveLength(3);
    });
  });
});
