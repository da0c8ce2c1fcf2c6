import Database from 'better-sqlite3';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uuidFor } from '../../../data/ids.ts';
import { parseCoordinates } from '../../../data/import/openfootball/coordinates.ts';
import { goalTime } from '../../../data/import/openfootball/goals.ts';
import { kickoffTime } from '../../../data/import/openfootball/matches.ts';
import type { SourceMatch, SourceStadium } from '../../../data/import/openfootball/source.ts';
import { variantOf } from '../../../data/import/openfootball/squads.ts';
import { stageOf } from '../../../data/import/openfootball/stages.ts';
import { countryName } from '../../../data/import/openfootball/teams.ts';
import { zoneOffsetAt } from '../../../data/import/openfootball/timezones.ts';
import { stadiumOf } from '../../../data/import/openfootball/venues.ts';
import type { ImportReport } from '../../../data/import/report.ts';
import { importDataset } from '../../../data/import/run.ts';
import { TIMEZONES } from '../../../football/lists.ts';
import { expectReimportChangesNothing, queries } from '../../helpers/data/imports.ts';
import { describeReal, realDataDir } from '../../helpers/setup/real-data.ts';

/**
 * The openfootball World Cup JSON importer: its readers of the files' notations, then the real
 * files after a Fjelstul import (facts a fan can check, every 1930–2022 match merged, venues
 * gaining their coordinates and time zones, idempotency) and on their own.
 */

describe('openfootball notations', () => {
  it('reads coordinates as degrees-minutes-seconds or decimal degrees, south and west negative', () => {
    expect(parseCoordinates(`22°54'44"S 43°13'49"W`)).toEqual({
      latitude: -22.912222,
      longitude: -43.230278,
    });
    expect(parseCoordinates(`15°47'0.60"S 47°53'56.99"W`)).toEqual({
      latitude: -15.7835,
      longitude: -47.899164,
    });
    expect(parseCoordinates('37.403°N 121.970°W')).toEqual({
      latitude: 37.403,
      longitude: -121.97,
    });
    expect(parseCoordinates(`54°41'53"N 20°32'02"E`)).toEqual({
      latitude: 54.698056,
      longitude: 20.533889,
    });
    expect(parseCoordinates('')).toBeNull();
    expect(() => parseCoordinates('43°W 22°S')).toThrow(/latitude/);
    expect(() => parseCoordinates('somewhere')).toThrow();
  });

  it('reads minutes, kickoff times and stages', () => {
    expect(goalTime({ name: 'x', minute: '90+4' }, 'g')).toEqual({ time: 90, stoppage: 4 });
    expect(goalTime({ name: 'x', minute: 90, offset: 2 }, 'g')).toEqual({ time: 90, stoppage: 2 });
    expect(goalTime({ name: 'x', minute: '106' }, 'g')).toEqual({ time: 106, stoppage: 0 });
    expect(() => goalTime({ name: 'x', minute: "90'" }, 'g')).toThrow();
    expect(kickoffTime('13:00 UTC-6', 'm')).toBe('13:00:00');
    expect(kickoffTime('9:30', 'm')).toBe('09:30:00');
    expect(kickoffTime(undefined, 'm')).toBeNull();
    expect(stageOf('Matchday 3', 'Group A', false)).toEqual({
      phase: 2,
      group_round: 10,
      group_name: 'A',
      knockout_round: null,
    });
    expect(stageOf('Matchday 9', 'Group B', true)).toMatchObject({
      group_round: 12,
      group_name: 'B',
    });
    expect(stageOf('Group 2 Play-off', undefined, false)).toMatchObject({
      phase: 2,
      group_round: 10,
      group_name: '2',
    });
    expect(stageOf('Final Round', undefined, false)).toMatchObject({
      phase: 2,
      group_round: 15,
      group_name: null,
    });
    expect(stageOf('Quarter-finals, Replays', undefined, false)).toMatchObject({
      phase: 3,
      knockout_round: 27,
    });
    expect(stageOf('Round of 32', undefined, false).knockout_round).toBe(25);
    expect(stageOf('Match for third place', undefined, false).knockout_round).toBe(33);
    expect(() => stageOf('Playoff round', undefined, false)).toThrow(/unknown round/);
  });

  it('names teams as the other sources do, by date where a name changed meaning', () => {
    expect(countryName('USA', '2026-06-12')).toBe('United States');
    expect(countryName('Ireland', '1990-06-11')).toBe('Republic of Ireland');
    expect(countryName("Côte d'Ivoire", '2014-06-14')).toBe('Ivory Coast');
    expect(countryName('Germany', '1974-07-07')).toBe('West Germany');
    expect(countryName('Germany', '1938-06-04')).toBe('Germany');
    expect(countryName('Russia', '1982-06-14')).toBe('Soviet Union');
  });

  it("finds a match's stadium by name, name in parentheses, or the only stadium of its city", () => {
    const stadium = (name: string, city: string): SourceStadium => ({
      name,
      city,
      timezone: 'UTC+3',
      coords: '',
    });
    const moscow = [
      stadium('Luzhniki Stadium', 'Moscow (1)'),
      stadium('Otkritie Arena (Spartak Stadium)', 'Moscow (2)'),
      stadium('Central Stadium (Ekaterinburg Arena)', 'Yekaterinburg'),
      stadium('Arena Corinthians', 'São Paulo'),
    ];
    expect(stadiumOf(moscow, 'Spartak Stadium, Moscow')?.name).toBe(
      'Otkritie Arena (Spartak Stadium)',
    );
    expect(stadiumOf(moscow, 'Ekaterinburg Arena, Ekaterinburg')?.name).toBe(
      'Central Stadium (Ekaterinburg Arena)',
    );
    expect(stadiumOf(moscow, 'Arena de São Paulo, São Paulo')?.name).toBe('Arena Corinthians');
    expect(stadiumOf(moscow, 'Dynamo Stadium, Moscow')).toBeNull();
    expect(
      stadiumOf([stadium('Estadio Akron', 'Guadalajara (Zapopan)')], 'Guadalajara (Zapopan)')?.name,
    ).toBe('Estadio Akron');
  });

  it("takes a scorer's spelling as a squad name only when it is a close variant", () => {
    expect(variantOf('Baris Alper Yilmaz', 'Barış Alper Yılmaz')).toBe(true);
    expect(variantOf('Mousa Al-Tamari', 'Musa Al-Taamari')).toBe(true);
    expect(variantOf('Maxi Araújo', 'Maximiliano Araújo')).toBe(true);
    expect(variantOf('Maxi Araújo', 'Ronald Araújo')).toBe(false);
    expect(variantOf('Harry Kane', 'Harry Maguire')).toBe(false);
  });

  it('the time zones added for World Cup stadiums have the standard offset the list states', () => {
    for (const [id, name, , offset] of TIMEZONES.filter(([id]) => id > 50)) {
      // The standard offset is the smaller of midwinter's and midsummer's (daylight time adds to
      // it).
      const standard = Math.min(
        zoneOffsetAt(name, '2026-01-15T12:00:00Z'),
        zoneOffsetAt(name, '2026-07-15T12:00:00Z'),
      );
      expect({ id, name, offset: standard }).toEqual({ id, name, offset });
    }
    expect(TIMEZONES.map(([id]) => id)).toEqual(TIMEZONES.map((_, i) => i + 1));
  });
});

describeReal('openfootball-worldcup.json', (dir) => {
  let root = '';
  let file = '';
  let db: Database.Database;
  let report: ImportReport;
  /** Men's World Cup matches per year after the Fjelstul import, before openfootball's. */
  let fjelstulPerYear: Record<number, number> = {};
  const menPerYear = (database: Database.Database) =>
    Object.fromEntries(
      (
        database
          .prepare(
            `SELECT m.season, COUNT(*) AS n FROM match m JOIN competition c ON c.id = m.competition
      WHERE c.name = 'FIFA Men''s World Cup' GROUP BY m.season`,
          )
          .all() as { season: number; n: number }[]
      ).map((r) => [r.season, r.n]),
    );
  const worldcup = (year: number) =>
    JSON.parse(readFileSync(join(dir, String(year), 'worldcup.json'), 'utf8')) as {
      matches: SourceMatch[];
    };

  beforeAll(() => {
    root = mkdtempSync(join(tmpdir(), 'football-openfootball-'));
    file = join(root, 'national.sqlite');
    importDataset({ format: 'fjelstul', path: realDataDir('fjelstul-worldcup')!, db: file });
    const before = new Database(file, { readonly: true });
    fjelstulPerYear = menPerYear(before);
    before.close();
    report = importDataset({ format: 'openfootball', path: dir, db: file });
    db = new Database(file, { readonly: true, fileMustExist: true });
  });
  afterAll(() => {
    db?.close();
    if (root) rmSync(root, { recursive: true, force: true });
  });

  const { one, all } = queries(() => db);
  const country = (name: string) => uuidFor('world', 'country', name);

  /** The 2026 matches on a date between two countries (by name), with names, scores and venue. */
  const match2026 = (date: string, a: string, b: string) =>
    one<{
      id: string;
      home: string;
      away: string;
      home_score: number;
      away_score: number;
      kickoff_time: string;
      firstextra_length: number | null;
      knockout_round: number | null;
      venue: string;
      venue_source: string;
      home_shootout_score: number | null;
      away_shootout_score: number | null;
      winner: string | null;
      source: string;
    }>(
      `SELECT m.id, h.name AS home, a.name AS away, m.home_score, m.away_score, m.kickoff_time, m.firstextra_length,
        m.knockout_round, v.name AS venue, v.source AS venue_source, m.home_shootout_score, m.away_shootout_score,
        w.name AS winner, m.source
      FROM match m JOIN country h ON h.id = m.home_team JOIN country a ON a.id = m.away_team
      LEFT JOIN venue v ON v.id = m.venue LEFT JOIN country w ON w.id = m.shootout_winner
      WHERE m.match_date = ? AND ((h.name = ? AND a.name = ?) OR (h.name = ? AND a.name = ?))`,
      date,
      a,
      b,
      b,
      a,
    );

  /** Goals of a match: scorer, scorer's team, credited team, minute. */
  const goalsOf = (match: string) =>
    all<{
      scorer: string;
      player_team: string;
      team: string;
      time_mins: number;
      stoppage_mins: number;
    }>(
      `SELECT n.full_name AS scorer, pt.name AS player_team, t.name AS team, g.time_mins, g.stoppage_mins
      FROM goal g JOIN country t ON t.id = g.team JOIN country pt ON pt.id = g.player_team
      JOIN player pl ON pl.id = g.player JOIN person_name n ON n.id = pl.person
      WHERE g.match = ? ORDER BY g.time_mins, g.stoppage_mins`,
      match,
    );

  describe('facts a fan can check', () => {
    it("2026 final: Spain 1–0 Argentina after extra time (Ferran Torres, 106'), at MetLife Stadium", () => {
      const final = match2026('2026-07-19', 'Spain', 'Argentina');
      expect(final).toMatchObject({
        home: 'Spain',
        away: 'Argentina',
        home_score: 1,
        away_score: 0,
        kickoff_time: '15:00:00',
        firstextra_length: 15,
        knockout_round: 29,
        venue: 'MetLife Stadium',
        home_shootout_score: null,
        winner: null,
        source: 'openfootball',
      });
      expect(goalsOf(final.id)).toEqual([
        {
          scorer: 'Ferran Torres',
          player_team: 'Spain',
          team: 'Spain',
          time_mins: 106,
          stoppage_mins: 0,
        },
      ]);
    });

    it('2026: 104 matches of 48 teams; 72 group matches in groups A–L, then a round of 32', () => {
      expect(fjelstulPerYear[2026]).toBeUndefined();
      expect(menPerYear(db)[2026]).toBe(104);
      const teams = one<{
        n: number;
      }>(`SELECT COUNT(*) AS n FROM (SELECT home_team AS t FROM match WHERE season = 2026
        UNION SELECT away_team FROM match WHERE season = 2026)`);
      expect(teams.n).toBe(48);
      const groups = all<{ group_name: string; n: number }>(
        'SELECT group_name, COUNT(*) AS n FROM match WHERE season = 2026 AND phase = 2 AND group_round = 10 GROUP BY 1 ORDER BY 1',
      );
      expect(groups.map((g) => g.group_name).join('')).toBe('ABCDEFGHIJKL');
      expect(groups.every((g) => g.n === 6)).toBe(true);
      expect(
        one<{ n: number }>(
          'SELECT COUNT(*) AS n FROM match WHERE season = 2026 AND knockout_round = 25',
        ).n,
      ).toBe(16);
      expect(
        one<{ n: number }>(
          'SELECT COUNT(*) AS n FROM match WHERE season = 2026 AND matchday IS NOT NULL',
        ).n,
      ).toBe(0);
    });

    it('Kylian Mbappé scored 10 goals at the 2026 World Cup, and is one player with his 12 of 2018 and 2022', () => {
      const goals = all<{ season: number; n: number; source: string }>(
        `SELECT m.season, COUNT(*) AS n, m.source FROM goal g JOIN match m ON m.id = g.match
          JOIN player pl ON pl.id = COALESCE(g.player, (SELECT l.player FROM lineup l WHERE l.id = g.lineup))
          JOIN person_name n ON n.id = pl.person
          WHERE n.full_name = 'Kylian Mbappé' AND g.team = g.player_team GROUP BY 1, 3 ORDER BY 1`,
      );
      expect(goals).toEqual([
        { season: 2018, n: 4, source: 'fjelstul' },
        { season: 2022, n: 8, source: 'fjelstul' },
        { season: 2026, n: 10, source: 'openfootball' },
      ]);
      const persons = one<{
        n: number;
      }>(`SELECT COUNT(*) AS n FROM person p JOIN person_name n ON n.id = p.id
        WHERE n.full_name = 'Kylian Mbappé'`);
      expect(persons.n).toBe(1);
    });

    it('own goals count for the other side; stoppage time is kept apart; shootouts keep score and winner', () => {
      // USA 4–1 Paraguay: Bobadilla (Paraguay) put one into his own net for the United States.
      const usa = match2026('2026-06-12', 'United States', 'Paraguay');
      expect(goalsOf(usa.id)).toContainEqual({
        scorer: 'Damián Bobadilla',
        player_team: 'Paraguay',
        team: 'United States',
        time_mins: 7,
        stoppage_mins: 0,
      });
      const qatar = match2026('2026-06-13', 'Qatar', 'Switzerland');
      expect(goalsOf(qatar.id)).toContainEqual(
        expect.objectContaining({
          player_team: 'Switzerland',
          team: 'Qatar',
          time_mins: 90,
          stoppage_mins: 4,
        }),
      );
      // Australia 1–1 Egypt after extra time, Egypt won the shootout 4–2.
      expect(match2026('2026-07-03', 'Australia', 'Egypt')).toMatchObject({
        home_score: 1,
        away_score: 1,
        firstextra_length: 15,
        home_shootout_score: 2,
        away_shootout_score: 4,
        winner: 'Egypt',
      });
    });

    it("every 2026 match's goals agree with its score", () => {
      const bad = all<{ id: string }>(
        `SELECT m.id FROM match m WHERE m.season = 2026 AND (
          m.home_score <> (SELECT COUNT(*) FROM goal g WHERE g.match = m.id AND g.team = m.home_team)
          OR m.away_score <> (SELECT COUNT(*) FROM goal g WHERE g.match = m.id AND g.team = m.away_team))`,
      );
      expect(bad).toEqual([]);
      expect(
        one<{ n: number }>(
          'SELECT COUNT(*) AS n FROM goal g JOIN match m ON m.id = g.match WHERE m.season = 2026',
        ).n,
      ).toBe(308);
    });
  });

  describe('merged with Fjelstul', () => {
    it("every 1930–2022 match is merged: the match count of each World Cup is Fjelstul's", () => {
      const after = menPerYear(db);
      for (let year = 1930; year <= 2022; year += 4) {
        if (year === 1942 || year === 1946) continue;
        expect({ year, n: after[year] }).toEqual({ year, n: fjelstulPerYear[year] });
      }
      expect(report.of('match')).toEqual({ new: 104, updated: 0, present: 964, deleted: 0 });
      expect(report.notes).toContain(
        "match: 964 matches are already held by fjelstul (same date and teams): merged, that source's record and events kept",
      );
      expect(
        one<{ n: number }>(
          "SELECT COUNT(*) AS n FROM match WHERE source = 'openfootball' AND season < 2026",
        ).n,
      ).toBe(0);
      // Merged matches keep Fjelstul's goals: no openfootball goal before 2026.
      expect(
        one<{ n: number }>(
          "SELECT COUNT(*) AS n FROM goal g JOIN match m ON m.id = g.match WHERE m.season < 2026 AND m.source = 'openfootball'",
        ).n,
      ).toBe(0);
    });

    it('2014–2022 venues gained coordinates and time zones (the Maracanã, Kaliningrad, Lusail)', () => {
      const venue = (name: string) =>
        one<{
          latitude: number | null;
          longitude: number | null;
          zone: string | null;
          capacity: number;
          source: string;
        }>(
          `SELECT v.latitude, v.longitude, z.name AS zone, v.capacity, v.source FROM venue v LEFT JOIN timezone z ON z.id = v.timezone
          WHERE v.name = ?`,
          name,
        );
      const maracana = venue('Estádio do Maracanã');
      expect(maracana.latitude).toBeCloseTo(-22.91, 2);
      expect(maracana.longitude).toBeCloseTo(-43.23, 2);
      // Still Fjelstul's row, with Fjelstul's capacity (the stadium file's fills only a NULL
      // capacity).
      expect(maracana).toMatchObject({
        zone: 'America/Sao_Paulo',
        capacity: 200000,
        source: 'fjelstul',
      });
      expect(venue('Kaliningrad Stadium').zone).toBe('Europe/Kaliningrad');
      expect(venue('Arena da Amazônia').zone).toBe('America/Manaus');
      expect(venue('Lusail Stadium').latitude).toBeCloseTo(25.42, 2);
      // The file puts South Korea–Portugal at Lusail; Fjelstul (rightly) at Education City, which
      // keeps its own place.
      expect(venue('Education City Stadium').latitude).toBeCloseTo(25.31, 2);
      expect(
        report.notes.some((n) =>
          n.includes('2022-12-02 South Korea–Portugal (file: Lusail Stadium)'),
        ),
      ).toBe(true);

      const venues = all<{
        name: string;
        latitude: number | null;
        longitude: number | null;
        timezone: number | null;
      }>(
        `SELECT DISTINCT v.name, v.latitude, v.longitude, v.timezone FROM match m JOIN venue v ON v.id = m.venue
          JOIN competition c ON c.id = m.competition WHERE c.name = 'FIFA Men''s World Cup' AND m.season IN (2014, 2018, 2022)`,
      );
      expect(venues).toHaveLength(32);
      for (const v of venues) {
        expect(v.timezone, v.name).not.toBeNull();
        // Arena Pantanal (Cuiabá): the stadium file has no coordinates for it.
        if (v.name === 'Arena Pantanal') continue;
        expect(v.latitude, v.name).toBeGreaterThanOrEqual(-35);
        expect(v.latitude, v.name).toBeLessThanOrEqual(60);
        expect(Math.abs(v.longitude!), v.name).toBeLessThanOrEqual(180);
      }
      expect(venues.find((v) => v.name === 'Arena Pantanal')).toMatchObject({
        latitude: null,
        longitude: null,
      });
    });

    it('2026 matches use the existing venue of a stadium another source has (Estadio Azteca), else a new one', () => {
      expect(match2026('2026-06-11', 'Mexico', 'South Africa')).toMatchObject({
        venue: 'Estadio Azteca',
        venue_source: 'fjelstul',
      });
      expect(match2026('2026-06-11', 'South Korea', 'Czech Republic')).toMatchObject({
        venue: 'Estadio Akron',
        venue_source: 'openfootball',
      });
      const akron = one<{
        city: string;
        country: string;
        zone: string;
        latitude: number;
        capacity: number;
      }>(
        `SELECT v.city, c.name AS country, z.name AS zone, v.latitude, v.capacity FROM venue v JOIN country c ON c.id = v.country
          JOIN timezone z ON z.id = v.timezone WHERE v.name = 'Estadio Akron'`,
      );
      expect(akron).toMatchObject({
        city: 'Guadalajara (Zapopan)',
        country: 'Mexico',
        zone: 'America/Mexico_City',
        capacity: 48000,
      });
      expect(akron.latitude).toBeCloseTo(20.68, 2);
      const zones = all<{
        zone: string;
      }>(`SELECT DISTINCT z.name AS zone FROM match m JOIN venue v ON v.id = m.venue
        JOIN timezone z ON z.id = v.timezone WHERE m.season = 2026 ORDER BY 1`).map((r) => r.zone);
      expect(zones).toEqual([
        'America/Chicago',
        'America/Los_Angeles',
        'America/Mexico_City',
        'America/New_York',
        'America/Toronto',
        'America/Vancouver',
      ]);
      expect(
        one<{ n: number }>('SELECT COUNT(*) AS n FROM match WHERE season = 2026 AND venue IS NULL')
          .n,
      ).toBe(0);
    });

    it("teams: openfootball's spellings are the other sources' countries; new teams get their confederation", () => {
      expect(match2026('2026-06-12', 'United States', 'Paraguay').home).toBe('United States');
      const newcomers = all<{ name: string; confederation: number }>(
        "SELECT name, confederation FROM country WHERE source = 'openfootball' ORDER BY name",
      );
      expect(newcomers).toEqual([
        { name: 'Cape Verde', confederation: 11 },
        { name: 'Curaçao', confederation: 12 },
        { name: 'DR Congo', confederation: 11 },
        { name: 'Jordan', confederation: 10 },
      ]);
      const alias = (name: string) =>
        one<{ country: string } | undefined>(
          'SELECT country FROM country_alias WHERE alias = ?',
          name,
        )?.country;
      expect(alias('USA')).toBe(country('United States'));
      expect(alias('Korea Republic')).toBe(country('South Korea'));
      expect(alias('Ireland')).toBeUndefined();
    });

    it('2026 squads: 1,248 players, positions from the squad, a Fjelstul player reused by name and birth date', () => {
      const messi = all<{ source: string; birth_date: string; position: number }>(
        `SELECT p.source, p.birth_date, pl.position FROM person p JOIN person_name n ON n.id = p.id JOIN player pl ON pl.person = p.id
          WHERE n.full_name = 'Lionel Messi'`,
      );
      expect(messi).toEqual([{ source: 'fjelstul', birth_date: '1987-06-24', position: 25 }]);
      const created = one<{ n: number; dated: number }>(
        "SELECT COUNT(*) AS n, COUNT(birth_date) AS dated FROM person WHERE source = 'openfootball'",
      );
      expect(created.n).toBe(report.of('person').new);
      expect(created.dated).toBe(created.n);
      expect(report.of('person').new).toBeGreaterThan(800);
      expect(report.of('person').new).toBeLessThan(1248);
    });

    it('the summary reports what was not imported and what the files lack', () => {
      const text = report.summary();
      expect(text).toMatch(/2025\/clubworldcup\.json/);
      expect(text).toMatch(/matchday NULL/);
      expect(report.skipped.find((s) => s.table === 'match')?.count).toBe(1);
      expect(report.skipped.find((s) => s.table === 'penalty')?.count).toBeGreaterThan(0);
    });

    it('importing twice changes nothing (row counts and the content of every table)', () => {
      expectReimportChangesNothing(db, { format: 'openfootball', path: dir, db: file });
    });
  });

  describe('on its own', () => {
    let alone: Database.Database;
    let aloneReport: ImportReport;
    beforeAll(() => {
      const aloneFile = join(root, 'openfootball.sqlite');
      aloneReport = importDataset({ format: 'openfootball', path: dir, db: aloneFile });
      alone = new Database(aloneFile, { readonly: true, fileMustExist: true });
    });
    afterAll(() => alone?.close());

    it('creates every played match of 1930–2026, with the stages Fjelstul gives them', () => {
      const perYear = menPerYear(alone);
      for (const year of Object.keys(fjelstulPerYear).map(Number)) {
        const played = worldcup(year).matches.filter((m) => m.score !== undefined).length;
        expect({ year, n: perYear[year] }).toEqual({ year, n: played });
        expect(played).toBe(fjelstulPerYear[year]);
      }
      expect(perYear[2026]).toBe(104);
      expect(aloneReport.of('match').new).toBe(964 + 104);
      const stages = (database: Database.Database) =>
        database
          .prepare(
            `SELECT m.season, m.phase, m.group_round, m.knockout_round, COUNT(*) AS n FROM match m JOIN competition c ON c.id = m.competition
          WHERE c.name = 'FIFA Men''s World Cup' AND m.season < 2026 GROUP BY 1, 2, 3, 4 ORDER BY 1, 2, 3, 4`,
          )
          .all();
      expect(stages(alone)).toEqual(stages(db));
    });

    it('goals agree with the score wherever the files list them; 2014 venues have coordinates', () => {
      const bad = alone
        .prepare(
          `SELECT m.id FROM match m WHERE EXISTS (SELECT 1 FROM goal g WHERE g.match = m.id) AND (
          m.home_score <> (SELECT COUNT(*) FROM goal g WHERE g.match = m.id AND g.team = m.home_team)
          OR m.away_score <> (SELECT COUNT(*) FROM goal g WHERE g.match = m.id AND g.team = m.away_team))`,
        )
        .all();
      expect(bad).toEqual([]);
      const maracana = alone
        .prepare(
          "SELECT COUNT(*) AS n, MIN(latitude) AS latitude FROM venue WHERE name = 'Estádio do Maracanã'",
        )
        .get() as { n: number; latitude: number };
      // One venue for 1950 and 2014 (same name and city), described by the 2014 stadium file.
      expect(maracana.n).toBe(1);
      expect(maracana.latitude).toBeCloseTo(-22.91, 2);
    });
  });
});
