import Database from 'better-sqlite3';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MENS_WORLD_CUP } from '../../../data/import/competitions.ts';
import type { ImportReport } from '../../../data/import/report.ts';
import { importDataset } from '../../../data/import/run.ts';
import { expectReimportChangesNothing, queries } from '../../helpers/data/imports.ts';
import { describeReal, realDataDir } from '../../helpers/setup/real-data.ts';

/**
 * The martj42 importer on the real files, after the Fjelstul World Cup import it reconciles with:
 * facts a fan can check, counts against the source files, merging (one real match = one record, one
 * scorer = one person across sources), renamed teams, idempotency.
 */
describeReal('martj42-international-results', (dir) => {
  let root = '';
  let file = '';
  let db: Database.Database;
  let fjelstul: ImportReport;
  let report: ImportReport;
  const results = () =>
    parse<Record<string, string>>(readFileSync(join(dir, 'results.csv')), { columns: true });

  beforeAll(() => {
    root = mkdtempSync(join(tmpdir(), 'football-martj42-'));
    file = join(root, 'national.sqlite');
    fjelstul = importDataset({
      format: 'fjelstul',
      path: realDataDir('fjelstul-worldcup')!,
      db: file,
    });
    report = importDataset({ format: 'martj42', path: dir, db: file });
    db = new Database(file, { readonly: true, fileMustExist: true });
  });
  afterAll(() => {
    db?.close();
    if (root) rmSync(root, { recursive: true, force: true });
  });

  const { one, all } = queries(() => db);

  /** The national matches on a date between two countries (by name), with names and scores. */
  const matchesOn = (date: string, a: string, b: string) =>
    all<{
      id: string;
      home: string;
      away: string;
      home_score: number;
      away_score: number;
      competition: string;
      source: string;
      phase: number;
      winner: string | null;
    }>(
      `SELECT m.id, h.name AS home, a.name AS away, m.home_score, m.away_score, c.name AS competition, m.source, m.phase,
        w.name AS winner
      FROM match m JOIN country h ON h.id = m.home_team JOIN country a ON a.id = m.away_team
      JOIN competition c ON c.id = m.competition LEFT JOIN country w ON w.id = m.shootout_winner
      WHERE m.match_date = ? AND ((h.name = ? AND a.name = ?) OR (h.name = ? AND a.name = ?))`,
      date,
      a,
      b,
      b,
      a,
    );

  /** Goals of a match: scorer, scorer's team, credited team, minute. */
  const goalsOf = (match: string) =>
    all<{ scorer: string | null; player_team: string; team: string; time_mins: number }>(
      `SELECT n.full_name AS scorer, pt.name AS player_team, t.name AS team, g.time_mins
      FROM goal g JOIN country t ON t.id = g.team JOIN country pt ON pt.id = g.player_team
      LEFT JOIN player pl ON pl.id = g.player LEFT JOIN person_name n ON n.id = pl.person
      WHERE g.match = ? ORDER BY g.time_mins`,
      match,
    );

  describe('facts a fan can check', () => {
    it('the first international: Scotland 0–0 England, 30 November 1872, a friendly', () => {
      const [m] = matchesOn('1872-11-30', 'Scotland', 'England');
      expect(m).toMatchObject({
        home: 'Scotland',
        away: 'England',
        home_score: 0,
        away_score: 0,
        competition: 'Friendly',
        phase: 1,
      });
      expect(one<{ season: number }>('SELECT season FROM match WHERE id = ?', m!.id).season).toBe(
        1872,
      );
    });

    it('Euro 2016 final: France 0–1 Portugal, Eder in the 109th minute', () => {
      const [m] = matchesOn('2016-07-10', 'France', 'Portugal');
      expect(m).toMatchObject({
        home: 'France',
        away: 'Portugal',
        home_score: 0,
        away_score: 1,
        competition: 'UEFA Euro',
      });
      expect(goalsOf(m!.id)).toEqual([
        { scorer: 'Eder', player_team: 'Portugal', team: 'Portugal', time_mins: 109 },
      ]);
    });

    it('Euro 1960 final: the Soviet Union beat Yugoslavia 2–1 (the file says "Russia"; Fjelstul\'s Soviet Union)', () => {
      const [m] = matchesOn('1960-07-10', 'Soviet Union', 'Yugoslavia');
      expect(m).toMatchObject({ home: 'Soviet Union', home_score: 2, away_score: 1 });
      expect(goalsOf(m!.id).map((g) => [g.scorer, g.time_mins])).toEqual([
        ['Milan Galić', 43],
        ['Slava Metreveli', 49],
        ['Viktor Ponedelnik', 113],
      ]);
      expect(matchesOn('1960-07-10', 'Russia', 'Yugoslavia')).toEqual([]);
    });

    it('Copa América 2016 final: Argentina 0–0 Chile, Chile won the shootout', () => {
      const [m] = matchesOn('2016-06-26', 'Argentina', 'Chile');
      expect(m).toMatchObject({
        home_score: 0,
        away_score: 0,
        competition: 'Copa América',
        winner: 'Chile',
      });
    });

    it("Messi's goals outside the World Cup and his World Cup goals are one player's (one person across sources)", () => {
      const ids = all<{ player: string; n: number }>(
        `SELECT g.player, COUNT(*) AS n FROM goal g JOIN player pl ON pl.id = g.player JOIN person_name n ON n.id = pl.person
          WHERE n.full_name = 'Lionel Messi' GROUP BY g.player`,
      );
      expect(ids).toHaveLength(1);
      expect(
        one<{ source: string }>('SELECT source FROM player WHERE id = ?', ids[0]!.player).source,
      ).toBe('fjelstul');
      // The file's count of his goals (71 rows) equals ours: its World Cup goals are Fjelstul's
      // (same count).
      expect(ids[0]!.n).toBe(71);
    });

    it('a renamed team is one country: Dahomey is an alias of Benin, and Zaire matches stay Zaire', () => {
      const benin = one<{ id: string }>("SELECT id FROM country WHERE name = 'Benin'").id;
      expect(
        one<{ country: string }>("SELECT country FROM country_alias WHERE alias = 'Dahomey'")
          .country,
      ).toBe(benin);
      expect(
        one<{ n: number }>("SELECT COUNT(*) AS n FROM country WHERE name IN ('Dahomey', 'Zaïre')")
          .n,
      ).toBe(0);
      // 1974 World Cup: Zaire in Fjelstul; the file's other Zaire-era matches (as "DR Congo") join
      // it.
      const zaire = one<{
        n: number;
      }>(`SELECT COUNT(*) AS n FROM match m JOIN country c ON c.id IN (m.home_team, m.away_team)
        WHERE c.name = 'Zaire' AND m.source = 'martj42'`).n;
      expect(zaire).toBeGreaterThan(20);
    });

    it('teams outside every confederation have none; a confederation change follows the latest tournaments', () => {
      expect(
        one<{ c: number | null }>(
          "SELECT confederation AS c FROM country WHERE name = 'Basque Country'",
        ).c,
      ).toBeNull();
      expect(
        one<{ c: number }>("SELECT confederation AS c FROM country WHERE name = 'Kazakhstan'").c,
      ).toBe(15); // UEFA
    });
  });

  describe('counts that match the source', () => {
    it('every result is one match: the World Cup matches Fjelstul holds are merged, the rest are new', () => {
      const rows = results();
      const fjelstulMen = one<{ n: number }>(
        `SELECT COUNT(*) AS n FROM match m JOIN competition c ON c.id = m.competition
        WHERE m.source = 'fjelstul' AND c.name = ?`,
        MENS_WORLD_CUP,
      ).n;
      expect(fjelstulMen).toBe(964);
      expect(report.of('match')).toEqual({
        new: rows.length - fjelstulMen,
        updated: 0,
        present: fjelstulMen,
        deleted: 0,
      });
      expect(one<{ n: number }>("SELECT COUNT(*) AS n FROM match WHERE source = 'martj42'").n).toBe(
        rows.length - fjelstulMen,
      );
      // The file's World Cup rows up to 2022 are exactly the merged ones.
      expect(
        rows.filter((r) => r['tournament'] === 'FIFA World Cup' && r['date']! < '2023').length,
      ).toBe(fjelstulMen);
      expect(fjelstul.of('match').new).toBe(1248);
    });

    it("goals: every goalscorer row with a minute, of a match that is the file's own", () => {
      const rows = parse<Record<string, string>>(readFileSync(join(dir, 'goalscorers.csv')), {
        columns: true,
      });
      const skipped = report.skipped
        .filter((s) => s.table === 'goal')
        .reduce((n, s) => n + s.count, 0);
      expect(report.of('goal').new + skipped).toBe(rows.length);
      expect(report.of('goal').new).toBe(
        one<{ n: number }>(
          "SELECT COUNT(*) AS n FROM goal g JOIN match m ON m.id = g.match WHERE m.source = 'martj42'",
        ).n,
      );
    });

    it("shootout winners: one per row of shootouts.csv whose match is the file's own", () => {
      const rows = parse<Record<string, string>>(readFileSync(join(dir, 'shootouts.csv')), {
        columns: true,
      });
      const skipped = report.skipped
        .filter((s) => s.table === 'shootout')
        .reduce((n, s) => n + s.count, 0);
      expect(
        one<{ n: number }>(
          "SELECT COUNT(*) AS n FROM match WHERE source = 'martj42' AND shootout_winner IS NOT NULL",
        ).n,
      ).toBe(rows.length - skipped);
    });
  });

  describe('round trips', () => {
    it("every goal is credited to a team of its match; an own goal's scorer played for the other team", () => {
      const bad = all(`SELECT g.id FROM goal g JOIN match m ON m.id = g.match
        WHERE g.team NOT IN (m.home_team, m.away_team) OR g.player_team NOT IN (m.home_team, m.away_team)`);
      expect(bad).toEqual([]);
    });

    it('a shootout winner played in the match (a second leg may end with a winner on the day: aggregate draws)', () => {
      const bad = all(
        'SELECT id FROM match WHERE shootout_winner IS NOT NULL AND shootout_winner NOT IN (home_team, away_team)',
      );
      expect(bad).toEqual([]);
    });

    it('importing twice changes nothing (row counts and the content of every table)', () => {
      expectReimportChangesNothing(db, { format: 'martj42', path: dir, db: file });
    });
  });
});
