import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { readRecords } from '../source-file.ts';

/**
 * The openfootball World Cup JSON files (https://github.com/openfootball/worldcup.json, CC0) and
 * the fields this importer reads. One folder per year: `<year>/worldcup.json` (the matches), and
 * for 2014–2026 `<year>/worldcup.stadiums.json`; 2026 also has `worldcup.squads.json` and
 * `worldcup.teams.json`. Teams are named, not numbered.
 */

/**
 * A goal as the file lists it under `goals1` (credited to team1) or `goals2` (credited to team2).
 */
export interface SourceGoal {
  readonly name: string;
  /** An integer (1930–2022) or a string: "67", "90+4" (2026). */
  readonly minute: number | string;
  /** Stoppage minutes (1930–2022 files: minute 90, offset 2 = 90+2). */
  readonly offset?: number;
  readonly penalty?: boolean;
  /**
   * The scorer played for the other team (the goal is still listed under the team it counts for).
   */
  readonly owngoal?: boolean;
}

/** A score pair [team1, team2] of each period the file records. */
export interface SourceScore {
  readonly ft: readonly [number, number];
  readonly ht?: readonly [number, number];
  /** After extra time (extra time included). */
  readonly et?: readonly [number, number];
  /** The penalty shootout (kicks converted). */
  readonly p?: readonly [number, number];
}

/** A match of `<year>/worldcup.json`. */
export interface SourceMatch {
  /** "Matchday 3", "Round of 16", "Quarter-finals, Replays", "Group 2 Play-off", ... */
  readonly round: string;
  /** The match number (2026 knockout matches only). */
  readonly num?: number;
  readonly date: string;
  /** Local kickoff "13:00" or "13:00 UTC-6" (2010 on). */
  readonly time?: string;
  readonly team1: string;
  readonly team2: string;
  /** Absent for a match that was not played (`status`). */
  readonly score?: SourceScore;
  readonly status?: string;
  /** Absent where the file has no goals for the match (most years before 2014). */
  readonly goals1?: readonly SourceGoal[];
  readonly goals2?: readonly SourceGoal[];
  /** "Group A", "Group 1"; absent outside group play. */
  readonly group?: string;
  /** "Stadium, City" (to 2022) or the city name of the stadium file (2026). */
  readonly ground: string;
}

/** A stadium of `<year>/worldcup.stadiums.json`. */
export interface SourceStadium {
  /** "Rio de Janeiro", "Moscow (1)", "Guadalajara (Zapopan)". */
  readonly city: string;
  /** The UTC offset during the tournament: "UTC-3" (summer time where the country has it). */
  readonly timezone: string;
  readonly name: string;
  readonly capacity?: number;
  /** `22°54'44"S 43°13'49"W`, `37.403°N 121.970°W`, or "" (unknown). */
  readonly coords: string;
  /** Lower-case ISO country code (2026 only: the tournament has three hosts). */
  readonly cc?: string;
}

/** A player of `2026/worldcup.squads.json`. */
export interface SourceSquadPlayer {
  readonly number: number;
  readonly pos: string;
  readonly name: string;
  readonly date_of_birth?: string;
}

/** A team of `2026/worldcup.squads.json`. */
export interface SourceSquad {
  readonly name: string;
  readonly fifa_code: string;
  readonly players: readonly SourceSquadPlayer[];
}

/** A team of `2026/worldcup.teams.json`. */
export interface SourceTeam {
  readonly name: string;
  /** FIFA's spelling where it differs ("Korea Republic", "Czechia"). */
  readonly name_normalised?: string;
  readonly fifa_code: string;
  /** The team's confederation (AFC, CAF, CONCACAF, CONMEBOL, OFC, UEFA). */
  readonly confed: string;
}

/** One World Cup (men's) of the dataset. */
export interface SourceYear {
  readonly year: number;
  readonly matches: readonly SourceMatch[];
  /** Empty where the year has no stadium file (before 2014). */
  readonly stadiums: readonly SourceStadium[];
}

/** The first day of the 2026 World Cup: the date the 2026 squads' and teams' names are read at. */
export const DAY_ONE_2026 = '2026-06-11';

/** The file of a year's matches; a folder with `2026/` and this file for it is the dataset. */
export const MATCHES_FILE = 'worldcup.json';
const STADIUMS_FILE = 'worldcup.stadiums.json';

/** Files of the dataset this importer does not read, and why (reported in the summary). */
export const NOT_IMPORTED: Readonly<Record<string, string>> = {
  '2025/clubworldcup.json': 'the 2025 Club World Cup (club matches, out of scope of this importer)',
  '2026/worldcup.quali_playoffs.json':
    'the 2026 qualifying play-offs (qualification, not the World Cup; martj42 has them)',
};

/** The years with a men's World Cup file, in order. */
export function worldCupYears(dir: string): number[] {
  return readdirSync(dir, { withFileTypes: true })
    .filter(
      (e) =>
        e.isDirectory() && /^\d{4}$/.test(e.name) && existsSync(join(dir, e.name, MATCHES_FILE)),
    )
    .map((e) => Number(e.name))
    .sort((a, b) => a - b);
}

/** Reads one year's matches and stadiums. */
export function readYear(dir: string, year: number): SourceYear {
  const file = join(dir, String(year), MATCHES_FILE);
  const matches = readRecords<SourceMatch>(
    file,
    ['round', 'date', 'team1', 'team2', 'ground'],
    (json) => (json as { matches?: unknown }).matches,
  );
  const stadiumsFile = join(dir, String(year), STADIUMS_FILE);
  const stadiums = existsSync(stadiumsFile)
    ? readRecords<SourceStadium>(
        stadiumsFile,
        ['city', 'timezone', 'name', 'coords'],
        (json) => (json as { stadiums?: unknown }).stadiums,
      )
    : [];
  return { year, matches, stadiums };
}

/** The 2026 squads (empty when the file is absent). */
export function readSquads(dir: string): SourceSquad[] {
  const file = join(dir, '2026', 'worldcup.squads.json');
  return existsSync(file) ? readRecords<SourceSquad>(file, ['name', 'fifa_code', 'players']) : [];
}

/** The 2026 teams with their confederations (empty when the file is absent). */
export function readTeams(dir: string): SourceTeam[] {
  const file = join(dir, '2026', 'worldcup.teams.json');
  return existsSync(file) ? readRecords<SourceTeam>(file, ['name', 'fifa_code', 'confed']) : [];
}

/** The files of `NOT_IMPORTED` present in `dir`. */
export function presentButNotImported(dir: string): [file: string, why: string][] {
  return Object.entries(NOT_IMPORTED).filter(([file]) => existsSync(join(dir, file)));
}
