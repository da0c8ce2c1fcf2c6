import Database from 'better-sqlite3';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build } from '../../../build/build.ts';
import type { ImportReport } from '../../../data/import/report.ts';
import { importDataset } from '../../../data/import/run.ts';
import {
  readEvents,
  readMatches,
  readPlayers,
  type CompetitionFile,
  type WyEvent,
} from '../../../data/import/wyscout/source.ts';
import { archiveHandlerFor, call } from '../../helpers/http/api.ts';
import { crawl } from '../../helpers/http/crawl.ts';
import { expectReimportChangesNothing, queries } from '../../helpers/data/imports.ts';
import { describeReal, realDataDir } from '../../helpers/setup/real-data.ts';

/**
 * The Wyscout importer on the real files: a club season imported on its own (facts a fan can check,
 * event counts per match against the files), the 2018 World Cup and Euro 2016 merged into the
 * national sources, and the World Cup built and served (a crawl, statistics and analytics checked
 * against counts taken from the raw event files here).
 */

/** Imports and builds of real data take minutes on a busy 2-core machine. */
const SLOW = 900_000;

/**
 * Wyscout's pass family and passed set pieces (sub-event codes), shots (shot, free-kick shot,
 * penalty).
 */
const PASS_CODES = new Set([80, 81, 82, 83, 84, 85, 86, 30, 31, 32]);
const SHOT_CODES = new Set([100, 33, 35]);

const tagsOf = (e: WyEvent) => new Set(e.tags.map((t) => t.id));

describeReal('wyscout-pappalardo2019', (dir) => {
  let root = '';
  beforeAll(() => {
    root = mkdtempSync(join(tmpdir(), 'football-wyscout-'));
  });
  afterAll(() => {
    if (root) rmSync(root, { recursive: true, force: true });
  }, SLOW);

  /** Events of periods 1-4 in a match's file (the shootout, period P, becomes shootout rows). */
  const playedEvents = (file: CompetitionFile, wyId: number) =>
    readEvents(dir, file, wyId)!.filter((e) => e.matchPeriod !== 'P');

  describe('a club season on its own: the 2017/18 Premier League', () => {
    let file = '';
    let db: Database.Database;
    let report: ImportReport;
    const { one, all } = queries(() => db);

    beforeAll(() => {
      file = join(root, 'england.sqlite');
      report = importDataset({ format: 'wyscout', path: dir, db: file, competitions: ['England'] });
      db = new Database(file, { readonly: true, fileMustExist: true });
    }, SLOW);
    afterAll(() => db?.close());

    const matchOf = (home: string, away: string) =>
      one<{
        id: string;
        home_score: number;
        away_score: number;
        match_date: string;
        matchday: number;
      }>(
        `SELECT m.id, m.home_score, m.away_score, m.match_date, m.matchday FROM match m
        JOIN team h ON h.id = m.home_team JOIN team a ON a.id = m.away_team WHERE h.name = ? AND a.name = ?`,
        home,
        away,
      );

    it('380 club matches of the Premier League, season 2017-2018, matchdays 1 to 38', () => {
      expect(
        one(
          'SELECT count(*) AS n, min(matchday) AS lo, max(matchday) AS hi, count(DISTINCT home_team) AS teams FROM match',
        ),
      ).toEqual({ n: 380, lo: 1, hi: 38, teams: 20 });
      expect(
        all(
          'SELECT DISTINCT c.name, s.name AS season, m.match_type FROM match m JOIN competition c ON c.id = m.competition JOIN season s ON s.id = m.season',
        ),
      ).toEqual([{ name: 'Premier League', season: '2017-2018', match_type: 'clubs' }]);
      expect(report.of('match').new).toBe(380);
    });

    it("Manchester City 5–0 Liverpool (9 September 2017): scorers and minutes, and Mané's red card", () => {
      const m = matchOf('Manchester City', 'Liverpool');
      expect(m).toMatchObject({
        home_score: 5,
        away_score: 0,
        match_date: '2017-09-09',
        matchday: 4,
      });
      const goals = all<{ scorer: string; team: string; time_mins: number; stoppage_mins: number }>(
        `SELECT n.full_name AS scorer, t.name AS team, g.time_mins, g.stoppage_mins FROM goal g JOIN team t ON t.id = g.team
          JOIN player pl ON pl.id = g.player JOIN person_name n ON n.id = pl.person WHERE g.match = ? ORDER BY g.time_mins, g.stoppage_mins`,
        m.id,
      );
      expect(goals.map((g) => g.team)).toEqual(Array(5).fill('Manchester City'));
      expect(goals.map((g) => g.scorer)).toEqual([
        'Sergio Leonel Agüero del Castillo',
        'Gabriel Jesus',
        'Gabriel Jesus',
        'Leroy Sané',
        'Leroy Sané',
      ]);
      // Jesus's first goal came in first-half stoppage time (officially 45+1; the event's clock,
      // 50:10 into the half after Ederson's long injury stop, makes it 45+6) and Sané's second at
      // 90+1.
      expect(goals[1]).toMatchObject({ scorer: 'Gabriel Jesus', time_mins: 45 });
      expect(goals[1]!.stoppage_mins).toBeGreaterThan(0);
      expect(goals[4]).toMatchObject({ scorer: 'Leroy Sané', time_mins: 90, stoppage_mins: 1 });
      const red = one<{ name: string; card: number; time_mins: number }>(
        `SELECT n.full_name AS name, o.card, o.time_mins FROM offense o JOIN lineup l ON l.id = o.lineup JOIN player pl ON pl.id = l.player
          JOIN person_name n ON n.id = pl.person WHERE o.match = ? AND o.card = 3`,
        m.id,
      );
      expect(red).toEqual({ name: 'Sadio Mané', card: 3, time_mins: 37 });
    });

    it("Mohamed Salah: 32 league goals, the season's record", () => {
      const salah = all<{ goals: number; team: string }>(
        `SELECT count(*) AS goals, t.name AS team FROM goal g JOIN player pl ON pl.id = g.player JOIN person p ON p.id = pl.person
          JOIN team t ON t.id = g.team WHERE p.first_name = 'Mohamed' AND p.last_name = 'Salah Ghaly' GROUP BY t.name`,
      );
      expect(salah).toEqual([{ goals: 32, team: 'Liverpool' }]);
    });

    it(
      'every match has as many micro-events as its file has in periods 1-4, each with its action and tags',
      () => {
        const stored = new Map(
          all<{ supplier_id: number; events: number; modifiers: number }>(
            `SELECT m.supplier_id, count(DISTINCT e.id) AS events, count(em.id) AS modifiers FROM match m JOIN event e ON e.match = m.id
          JOIN event_action ea ON ea.event = e.id LEFT JOIN event_modifier em ON em.action = ea.id GROUP BY m.id`,
          ).map((r) => [r.supplier_id, r]),
        );
        for (const match of readMatches(dir, 'England')) {
          const events = playedEvents('England', match.wyId);
          const tags = events.reduce((n, e) => n + tagsOf(e).size, 0);
          expect(stored.get(match.wyId), match.label).toEqual({
            supplier_id: match.wyId,
            events: events.length,
            modifiers: tags,
          });
        }
      },
      SLOW,
    );

    it("event times are the file's seconds to the microsecond, without its float noise", () => {
      // The file writes 1.6562140000000003 for 1.656214: its clock is kept to the microsecond.
      const noisy = (seconds: number) => /\.\d{7,}/.test(String(seconds));
      const stored = db.prepare('SELECT match_seconds FROM event').pluck().all() as number[];
      expect(stored.length).toBeGreaterThan(600_000);
      expect(stored.filter(noisy)).toEqual([]);
      const match = readMatches(dir, 'England')[0]!;
      const events = playedEvents('England', match.wyId);
      expect(events.filter((e) => noisy(e.eventSec)).length).toBeGreaterThan(100);
      const seconds = db
        .prepare(
          `SELECT e.match_seconds FROM event e JOIN match m ON m.id = e.match
          WHERE m.supplier_id = ? ORDER BY e.seq`,
        )
        .pluck()
        .all(match.wyId) as number[];
      expect(seconds).toEqual(events.map((e) => Math.max(0, Number(e.eventSec.toFixed(6)))));
    });

    it('coordinates stay on the 0-100 pitch; names are unescaped', () => {
      expect(
        one('SELECT count(*) AS n FROM event WHERE x < 0 OR x > 100 OR y < 0 OR y > 100'),
      ).toEqual({ n: 0 });
      expect(
        one(
          'SELECT count(*) AS n FROM event_action WHERE x_end < 0 OR x_end > 100 OR y_end < 0 OR y_end > 100',
        ),
      ).toEqual({ n: 0 });
      expect(
        one<{ n: number }>('SELECT count(*) AS n FROM event WHERE x IS NOT NULL').n,
      ).toBeGreaterThan(600_000);
      expect(
        one<{ n: number }>(
          `SELECT count(*) AS n FROM person WHERE first_name LIKE '%\\u%' OR last_name LIKE '%\\u%' OR nickname LIKE '%\\u%'`,
        ).n,
      ).toBe(0);
      expect(all("SELECT name FROM team WHERE name LIKE '%Brighton%'")).toEqual([
        { name: 'Brighton & Hove Albion' },
      ]);
      expect(
        one(
          "SELECT count(*) AS n FROM person WHERE first_name = 'Sergio Leonel' AND last_name = 'Agüero del Castillo'",
        ),
      ).toEqual({ n: 1 });
    });

    it(
      'importing it again changes nothing',
      () => {
        expectReimportChangesNothing(db, {
          format: 'wyscout',
          path: dir,
          db: file,
          competitions: ['England'],
        });
      },
      SLOW,
    );
  });

  describe('the 2018 World Cup and Euro 2016, merged into the national sources', () => {
    let file = '';
    let db: Database.Database;
    let report: ImportReport;
    const { one, all } = queries(() => db);

    /** Every row's v0 id, by table and v1 id. */
    let v0Before = new Map<string, number>();
    const v0IdsOf = (path: string) => {
      const read = new Database(path, { readonly: true });
      const ids = new Map<string, number>();
      for (const table of ['match', 'person', 'player', 'country', 'lineup', 'goal']) {
        for (const r of read.prepare(`SELECT id, v0_id FROM ${table}`).all() as {
          id: string;
          v0_id: number;
        }[])
          ids.set(`${table}:${r.id}`, r.v0_id);
      }
      read.close();
      return ids;
    };

    beforeAll(() => {
      file = join(root, 'national.sqlite');
      importDataset({ format: 'fjelstul', path: realDataDir('fjelstul-worldcup')!, db: file });
      importDataset({
        format: 'martj42',
        path: realDataDir('martj42-international-results')!,
        db: file,
      });
      v0Before = v0IdsOf(file);
      report = importDataset({
        format: 'wyscout',
        path: dir,
        db: file,
        competitions: ['World_Cup', 'European_Championship'],
      });
      db = new Database(file, { readonly: true, fileMustExist: true });
    }, SLOW);

    it('keeps every v0 id the earlier imports gave: v0 ids survive later imports', () => {
      const after = v0IdsOf(file);
      expect(v0Before.size).toBeGreaterThan(100_000);
      const changed = [...v0Before].filter(([key, id]) => after.get(key) !== id);
      expect(changed).toEqual([]);
      expect(after.size).toBeGreaterThan(v0Before.size);
    });
    afterAll(() => db?.close());

    const matchOn = (date: string, a: string, b: string) =>
      all<{ id: string; source: string }>(
        `SELECT m.id, m.source FROM match m JOIN country h ON h.id = m.home_team JOIN country x ON x.id = m.away_team
        WHERE m.match_date = ? AND ((h.name = ? AND x.name = ?) OR (h.name = ? AND x.name = ?))`,
        date,
        a,
        b,
        b,
        a,
      );

    it('all 115 matches merge into the existing records: none is new', () => {
      expect(report.of('match')).toEqual({ new: 0, updated: 0, present: 115, deleted: 0 });
      expect(one("SELECT count(*) AS n FROM match WHERE source = 'wyscout'")).toEqual({ n: 0 });
      expect(matchOn('2018-07-15', 'France', 'Croatia')).toEqual([
        { id: expect.any(String), source: 'fjelstul' },
      ]);
      expect(matchOn('2016-07-10', 'France', 'Portugal')).toEqual([
        { id: expect.any(String), source: 'martj42' },
      ]);
    });

    it("the World Cup final gains its micro-events, on Fjelstul's lineups", () => {
      const [final] = matchOn('2018-07-15', 'France', 'Croatia');
      const wyFinal = readMatches(dir, 'World_Cup').find((m) =>
        m.label.startsWith('France - Croatia'),
      )!;
      expect(
        one("SELECT count(*) AS n FROM event WHERE match = ? AND source = 'wyscout'", final!.id),
      ).toEqual({ n: playedEvents('World_Cup', wyFinal.wyId).length });
      // Every event with a player points at one of Fjelstul's lineup rows of the match.
      expect(
        one(
          `SELECT count(*) AS n FROM event e JOIN event_action ea ON ea.event = e.id
        WHERE e.match = ? AND ea.action NOT IN (50, 51) AND e.lineup IS NULL`,
          final!.id,
        ),
      ).toEqual({ n: 0 });
      expect(
        one(
          'SELECT count(*) AS n, sum(is_starting) AS starting FROM lineup WHERE match = ?',
          final!.id,
        ),
      ).toEqual({ n: 27, starting: 22 });
      // Fjelstul's goals stand: 4–2, Mandžukić's own goal first.
      expect(one('SELECT count(*) AS n FROM goal WHERE match = ?', final!.id)).toEqual({ n: 6 });
    });

    it('a player of two sources is one person: Antoine Griezmann', () => {
      expect(
        all(
          `SELECT p.source FROM person p JOIN person_name n ON n.id = p.id WHERE n.full_name = 'Antoine Griezmann'`,
        ),
      ).toEqual([{ source: 'fjelstul' }]);
    });

    it("Euro 2016 final: the results list's record gains Wyscout's lineups, substitutions and cards; Eder's goal stays", () => {
      const [final] = matchOn('2016-07-10', 'France', 'Portugal');
      const lineups = all<{ name: string; is_starting: number }>(
        `SELECT n.full_name AS name, l.is_starting FROM lineup l JOIN player pl ON pl.id = l.player JOIN person_name n ON n.id = pl.person
          WHERE l.match = ?`,
        final!.id,
      );
      expect(lineups.filter((l) => l.is_starting === 1)).toHaveLength(22);
      expect(lineups.map((l) => l.name)).toEqual(
        expect.arrayContaining(['Cristiano Ronaldo', 'Antoine Griezmann']),
      );
      expect(lineups.find((l) => l.name.includes('Eder'))).toMatchObject({ is_starting: 0 });
      expect(one('SELECT count(*) AS n FROM substitution WHERE match = ?', final!.id)).toEqual({
        n: 6,
      });
      expect(
        one<{ n: number }>(
          'SELECT count(*) AS n FROM offense WHERE match = ? AND card = 1',
          final!.id,
        ).n,
      ).toBeGreaterThan(5);
      expect(
        all(
          'SELECT time_mins, source FROM goal g JOIN match m ON m.id = g.match WHERE g.match = ?',
          final!.id,
        ),
      ).toEqual([{ time_mins: 109, source: 'martj42' }]);
    });

    it(
      'importing it again changes nothing',
      () => {
        expectReimportChangesNothing(db, {
          format: 'wyscout',
          path: dir,
          db: file,
          competitions: ['World_Cup', 'European_Championship'],
        });
      },
      SLOW,
    );
  });

  describe('the 2018 World Cup from Wyscout alone, built and served', () => {
    let api: Awaited<ReturnType<typeof archiveHandlerFor>>['handler'];
    let close = async () => {};
    const wyFinal = () =>
      readMatches(dir, 'World_Cup').find((m) => m.label.startsWith('France - Croatia'))!;
    let finalId = '';

    beforeAll(async () => {
      const file = join(root, 'world-cup.sqlite');
      importDataset({ format: 'wyscout', path: dir, db: file, competitions: ['World_Cup'] });
      const db = new Database(file, { readonly: true });
      finalId = (
        db.prepare('SELECT id FROM match WHERE supplier_id = ?').get(wyFinal().wyId) as {
          id: string;
        }
      ).id;
      db.close();
      // An archive, not a tree: one file to write and to delete, a fraction of a tree's disk blocks.
      const archive = join(root, 'world-cup.archive');
      await build({ db: file, archive });
      ({ handler: api, close } = await archiveHandlerFor(archive));
    }, SLOW);
    afterAll(() => close());

    it(
      'the crawl from /v1/ finds no broken link, through micro-events, statistics and analytics',
      async () => {
        const { seen, broken } = await crawl(api, {
          sampled: { pattern: /^\/v1\/(clubs|national)\/(events|stats)\//, perShape: 300 },
        });
        expect(broken).toEqual([]);
        for (const prefix of [
          '/v1/national/events/all',
          '/v1/national/events/actions/',
          '/v1/national/stats/',
          '/v1/analytics/match/',
        ]) {
          expect(
            [...seen].some((u) => u.startsWith(prefix)),
            prefix,
          ).toBe(true);
        }
      },
      SLOW,
    );

    it("the final's micro-events are served page by page, credited to Wyscout (CC BY 4.0)", async () => {
      const reply = await call(api, `/v1/national/events/all?match=${finalId}`);
      expect(reply.status).toBe(200);
      expect(reply.json.meta.totalRecords).toBe(playedEvents('World_Cup', wyFinal().wyId).length);
      expect(reply.json.result).toHaveLength(30);
      expect(reply.json.attribution.source).toMatchObject({ license: 'CC BY 4.0' });
      const first = playedEvents('World_Cup', wyFinal().wyId)[0]!;
      expect(reply.json.result[0]).toMatchObject({
        period: 1,
        actionType: first.subEventId,
        x: first.positions[0]!.x,
        y: first.positions[0]!.y,
      });
    });

    it("the final's micro-event times are served to the microsecond, as the file means them", async () => {
      const reply = await call(api, `/v1/national/events/all?match=${finalId}`);
      expect(reply.status).toBe(200);
      // The file's first event is at 1.8923389999999927 s.
      expect(playedEvents('World_Cup', wyFinal().wyId)[0]!.eventSec).toBe(1.8923389999999927);
      expect(reply.json.result[0]).toMatchObject({ period: 1, matchSeconds: 1.892339 });
      expect(reply.text).toMatch(/"matchSeconds":\d+\.\d+/);
      expect(reply.text).not.toMatch(/"matchSeconds":\d+\.\d{7,}/);
    });

    it("each team's shots in the final, from the statistics, equal the shots in the event file", async () => {
      const events = playedEvents('World_Cup', wyFinal().wyId);
      const reply = await call(api, `/v1/national/stats/shots/totals?match=${finalId}&records=100`);
      expect(reply.status).toBe(200);
      const byTeam = new Map<string, number>();
      for (const r of reply.json.result as {
        playerTeamName: string;
        ontarget: number;
        offtarget: number;
      }[]) {
        byTeam.set(
          r.playerTeamName,
          (byTeam.get(r.playerTeamName) ?? 0) + r.ontarget + r.offtarget,
        );
      }
      const teamName = (teamId: number) => (teamId === 4418 ? 'France' : 'Croatia');
      const expected = new Map<string, number>();
      for (const e of events)
        if (typeof e.subEventId === 'number' && SHOT_CODES.has(e.subEventId)) {
          expected.set(teamName(e.teamId), (expected.get(teamName(e.teamId)) ?? 0) + 1);
        }
      expect(Object.fromEntries(byTeam)).toEqual(Object.fromEntries(expected));
      // The TSR agrees: France (at home) had this share of the shots.
      const tsr = await call(api, `/v1/analytics/match/${finalId}/tsr`);
      const [france, croatia] = [expected.get('France')!, expected.get('Croatia')!];
      expect(tsr.json.result[0].homeTeamName).toBe('France');
      expect(tsr.json.result[0].homeTeamTsr).toBeCloseTo(france / (france + croatia), 6);
      expect(tsr.json.result[0].awayTeamTsr).toBeCloseTo(croatia / (france + croatia), 6);
    });

    it("Luka Modrić's passes in the final, from the statistics, equal his passes in the event file", async () => {
      const events = playedEvents('World_Cup', wyFinal().wyId);
      const modric = readPlayers(dir).find((p) => p.lastName.startsWith('Modri'))!.wyId;
      const passes = events.filter(
        (e) =>
          e.playerId === modric && typeof e.subEventId === 'number' && PASS_CODES.has(e.subEventId),
      );
      const reply = await call(
        api,
        `/v1/national/stats/passes/totals?match=${finalId}&records=100`,
      );
      const row = (
        reply.json.result as { playerName: string; totalS: number; totalF: number }[]
      ).find((r) => r.playerName.includes('Modri'))!;
      expect(row.totalS + row.totalF).toBe(passes.length);
      expect(row.totalS).toBe(passes.filter((e) => tagsOf(e).has(1801)).length);
    });

    it(
      "v0 serves the same World Cup: no broken link from /v0/, Wyscout's ids as supplier ids",
      async () => {
        const { seen, broken } = await crawl(api, {
          root: '/v0/',
          sampled: { pattern: /^\/v0\/stats\//, perShape: 300 },
        });
        expect(broken).toEqual([]);
        expect([...seen].some((u) => u.startsWith('/v0/stats/setpieces/keyplays'))).toBe(true);
        const modric = readPlayers(dir).find((p) => p.lastName.startsWith('Modri'))!;
        const player = await call(api, `/v0/players?supplier_id=${modric.wyId}`);
        expect(player.json.result).toHaveLength(1);
        expect(player.json.result[0].fullName).toContain('Modri');
        const final = (await call(api, '/v0/matches/info?match_date=2018-07-15')).json.result[0];
        expect(final).toMatchObject({
          homeTeamName: 'France',
          awayTeamName: 'Croatia',
          homeScore: 4,
          awayScore: 2,
        });
        const stats = await call(
          api,
          `/v0/stats/passes/totals?match=${final.id}&player=${player.json.result[0].id}`,
        );
        const v1 = await call(
          api,
          `/v1/national/stats/passes/totals?match=${finalId}&player_name=${encodeURIComponent(player.json.result[0].fullName)}`,
        );
        expect(stats.json.result[0]).toMatchObject({
          totalS: v1.json.result[0].totalS,
          totalF: v1.json.result[0].totalF,
        });
      },
      SLOW,
    );

    it('the state at the final whistle is the score of the file: 4–2', async () => {
      const reply = await call(api, `/v1/analytics/match/${finalId}/state`);
      expect(reply.status).toBe(200);
      expect(reply.json.result).toMatchObject({
        homeGoals: 4,
        awayGoals: 2,
        isFulltime: true,
        timeMins: 90,
      });
    });
  });
});
