import { rmSync } from 'node:fs';
import { openDatabase, type Db } from '../db.ts';
import { rowInserter } from '../rows.ts';
import {
  COMPETITIONS,
  insertCompetitions,
  insertSeasons,
  NATIONS_CUP,
  SEASONS,
  type DemoCompetition,
} from './competitions.ts';
import { DEMO_SOURCE, createContext, type DemoContext } from './context.ts';
import { DEMO_SEED, DEMO_SIZES, type DemoSize } from './sizes.ts';
import { COUNTRIES, insertCountries, timezoneId } from './countries.ts';
import { FEATURED_MANAGERS, FEATURED_PLAYERS, FEATURED_REFEREES } from './featured.ts';
import { reserveNames } from './people.ts';
import { insertPlayers, type DemoPlayer } from './squads.ts';
import { insertEvents, type DemoEventMatch } from './events/insert.ts';
import { insertMatches } from './matches/matches.ts';
import type { DemoMatchHandle, DemoSquadEntry } from './matches/match-handles.ts';
import { insertStaff, type DemoStaff } from './staff.ts';
import { insertTeams, type DemoClub } from './teams.ts';
import { insertVenues, type DemoVenues } from './venues.ts';

export type { DemoMatchHandle, DemoSquadEntry } from './matches/match-handles.ts';
export type { DemoEventMatch } from './events/insert.ts';

export { DEMO_SEED, DEMO_SIZES, isDemoSize, type DemoSize } from './sizes.ts';

/** The `provider` row every demo row points at. */
export const DEMO_PROVIDER = {
  key: DEMO_SOURCE,
  name: 'Demo data (fictional)',
  url: '/',
  html: '<a href="/">Demo data (fictional)</a>',
  logo: '/logo.svg',
  license: 'CC0 1.0',
} as const;

/**
 * The seasons the match generator should fill: clubs play the split season, nations the calendar
 * year.
 */
const CLUB_SEASON = 20232024;
const NATIONS_SEASON = 2024;

/** A competition handle with the season the match generator should fill. */
export interface DemoCompetitionHandle {
  /** Competition id. */
  readonly competition: string;
  /** Suggested season id. */
  readonly season: number;
}

/** A demo club, for lookups by the match generator. */
export interface DemoClubHandle {
  readonly id: string;
  readonly key: string;
  readonly name: string;
  /** Country id. */
  readonly country: string;
}

/**
 * Ids the next generation step (matches, lineups, events) needs; everything in fixed, generated
 * order.
 */
export interface DemoHandles {
  readonly seed: number;
  /** Country id by country name. */
  readonly countries: Record<string, string>;
  /** `timezone` id by country id (the region a match in that country is played in). */
  readonly timezoneByCountry: Record<string, number>;
  /** Season ids: calendar years and split seasons. */
  readonly seasons: { readonly calendar: number[]; readonly split: number[] };
  /** Every competition by key (competitions.ts). */
  readonly competitions: Record<string, DemoCompetition>;
  /** The clubs in insertion order. */
  readonly clubs: DemoClubHandle[];
  /** Club (team) ids of each level-1 league, by competition id. */
  readonly clubsByLeague: Record<string, string[]>;
  /** The level-1 leagues (double round robin of 10 clubs). */
  readonly leagues: (DemoCompetitionHandle & {
    readonly country: string;
    readonly clubs: string[];
  })[];
  /** The domestic cup (knockout among the clubs of its country). */
  readonly domesticCup: DemoCompetitionHandle & {
    readonly country: string;
    readonly clubs: string[];
  };
  /** The continental club cup: 16 entrants, meant for four groups of four and knockouts. */
  readonly clubCup: DemoCompetitionHandle & { readonly entrants: string[] };
  /** The national-team tournament: entrants are country ids (a national team is its country). */
  readonly nationalTournament: DemoCompetitionHandle & {
    readonly host: string;
    readonly entrants: string[];
    /** Venue ids in the host country. */
    readonly venues: string[];
  };
  /** Every player with club, nationality, position and shirt number. */
  readonly players: DemoPlayer[];
  /** Player ids of each club squad in shirt-number order, by team id. */
  readonly playersByClub: Record<string, string[]>;
  /** Player ids by nationality (country id), in generation order. */
  readonly playersByCountry: Record<string, string[]>;
  /** Manager id by team id (clubs) or country id (national teams). */
  readonly managersByTeam: Record<string, string>;
  /** Referee ids. */
  readonly referees: string[];
  /** Home venue id by team id. */
  readonly venuesByTeam: Record<string, string>;
  /** Venues without a resident club, by country id. */
  readonly sharedVenuesByCountry: Record<string, string[]>;
  /**
   * Every match in date order (the order of their v0 ids): league, club cup and national
   * tournament.
   */
  readonly matches: DemoMatchHandle[];
  /** The national tournament's 23-man squads (player id and squad number), by country id. */
  readonly nationalSquads: Record<string, DemoSquadEntry[]>;
  /** The few matches with micro-events (events/selection.ts), in the order of their roles. */
  readonly eventMatches: DemoEventMatch[];
}

/** What a demo generation wrote. */
export interface DemoSummary {
  /** Row count of every table, by table name (alphabetical). */
  readonly counts: Record<string, number>;
  readonly handles: DemoHandles;
}

/** Row counts of every table of the database, by name in alphabetical order. */
export function countRows(db: Db): Record<string, number> {
  const tables = db
    .prepare<[], { name: string }>(
      "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name",
    )
    .all();
  const counts: Record<string, number> = {};
  for (const { name } of tables) {
    counts[name] = db.prepare<[], { n: number }>(`SELECT COUNT(*) AS n FROM "${name}"`).get()!.n;
  }
  return counts;
}

/** The handles of everything written before the matches. */
type BaseHandles = Omit<DemoHandles, 'matches' | 'nationalSquads' | 'eventMatches'>;

/** What the steps before the matches wrote. */
interface BaseRows {
  readonly countries: Record<string, string>;
  readonly competitions: Record<string, DemoCompetition>;
  readonly clubs: readonly DemoClub[];
  readonly venues: DemoVenues;
  readonly players: DemoPlayer[];
  readonly staff: DemoStaff;
}

/**
 * Fills an empty database (opened with `openDatabase`) with the fictional demo dataset, in one
 * transaction. The same seed always gives the same rows: every random draw comes from streams
 * derived from the seed, and everything is generated in the fixed order of the spec lists.
 */
export function generateDemo(
  db: Db,
  options: { seed?: number; size?: DemoSize } = {},
): DemoSummary {
  const seed = options.seed ?? DEMO_SEED;
  const { leagueMatchdays } = DEMO_SIZES[options.size ?? 'full'];
  if (!Number.isSafeInteger(seed)) throw new Error(`demo seed must be an integer, got ${seed}`);
  const existing = db
    .prepare<[], { n: number }>(
      'SELECT (SELECT COUNT(*) FROM country) + (SELECT COUNT(*) FROM person) AS n',
    )
    .get()!.n;
  if (existing > 0) throw new Error('generateDemo needs an empty database');

  const handles = db.transaction((): DemoHandles => {
    const ctx = createContext(db, seed);
    const base = baseHandles(seed, insertBaseRows(ctx));
    // Matches, then their micro-events, come last and draw from streams of their own, so the rows
    // above do not depend on them.
    const played = insertMatches(ctx, base, leagueMatchdays);
    return { ...base, ...played, eventMatches: insertEvents(ctx, played.matches) };
  })();

  return { counts: countRows(db), handles };
}

/** Writes everything the matches need, step by step in a fixed order. */
function insertBaseRows(ctx: DemoContext): BaseRows {
  ctx.insert('provider', { ...DEMO_PROVIDER });
  insertSeasons(ctx);
  // Random names avoid the hand-written ones, so the featured namesakes stay the only namesakes.
  reserveNames(ctx, [
    ...FEATURED_PLAYERS,
    ...Object.values(FEATURED_MANAGERS),
    ...Object.values(FEATURED_REFEREES),
  ]);
  const countries = insertCountries(ctx);
  const competitions = insertCompetitions(ctx);
  const clubs = insertTeams(ctx);
  const venues = insertVenues(ctx, clubs);
  const players = insertPlayers(ctx, clubs);
  const staff = insertStaff(ctx, clubs);
  return { countries, competitions, clubs, venues, players, staff };
}

/** The handles of the rows written before the matches, for the match step and the tests. */
function baseHandles(seed: number, rows: BaseRows): BaseHandles {
  const { countries, competitions, clubs, venues, players, staff } = rows;
  const timezoneByCountry: Record<string, number> = {};
  for (const country of COUNTRIES)
    timezoneByCountry[countries[country.name]!] = timezoneId(country.timezone);
  return {
    seed,
    countries,
    timezoneByCountry,
    seasons: {
      calendar: SEASONS.filter((season) => season.id < 10000).map((season) => season.id),
      split: SEASONS.filter((season) => season.id >= 10000).map((season) => season.id),
    },
    competitions,
    clubs: clubs.map((club) => ({
      id: club.id,
      key: club.spec.key,
      name: club.spec.name,
      country: club.country,
    })),
    ...competitionHandles(rows),
    players,
    ...playerIndexes(players),
    managersByTeam: staff.managersByTeam,
    referees: staff.referees,
    venuesByTeam: venues.byTeam,
    sharedVenuesByCountry: venues.sharedByCountry,
  };
}

/** The competitions the match step fills, each with its season and teams. */
function competitionHandles({
  countries,
  competitions,
  clubs,
  venues,
}: BaseRows): Pick<
  BaseHandles,
  'clubsByLeague' | 'leagues' | 'domesticCup' | 'clubCup' | 'nationalTournament'
> {
  const competition = (key: string): DemoCompetition => {
    const found = competitions[key];
    if (!found) throw new Error(`no demo competition ${key}`);
    return found;
  };
  const leagueSpecs = COMPETITIONS.filter((spec) => spec.role === 'league');
  const clubsByLeague: Record<string, string[]> = {};
  for (const spec of leagueSpecs) {
    clubsByLeague[competition(spec.key).id] = clubs
      .filter((club) => club.spec.league === spec.key)
      .map((club) => club.id);
  }
  const cup = competition(COMPETITIONS.find((spec) => spec.role === 'domesticCup')!.key);
  const clubCup = competition(COMPETITIONS.find((spec) => spec.role === 'clubCup')!.key);
  return {
    clubsByLeague,
    leagues: leagueSpecs.map((spec) => {
      const league = competition(spec.key);
      return {
        competition: league.id,
        season: CLUB_SEASON,
        country: league.country!,
        clubs: clubsByLeague[league.id]!,
      };
    }),
    domesticCup: {
      competition: cup.id,
      season: CLUB_SEASON,
      country: cup.country!,
      clubs: clubs.filter((club) => club.country === cup.country).map((club) => club.id),
    },
    clubCup: {
      competition: clubCup.id,
      season: CLUB_SEASON,
      entrants: clubs.filter((club) => club.spec.continental).map((club) => club.id),
    },
    nationalTournament: {
      competition: competition(NATIONS_CUP.key).id,
      season: NATIONS_SEASON,
      host: countries[NATIONS_CUP.host]!,
      entrants: NATIONS_CUP.entrants.map((name) => countries[name]!),
      venues: venues.tournament,
    },
  };
}

/** Player ids by club and by nationality, each in generation order. */
function playerIndexes(
  players: readonly DemoPlayer[],
): Pick<BaseHandles, 'playersByClub' | 'playersByCountry'> {
  const playersByClub: Record<string, string[]> = {};
  const playersByCountry: Record<string, string[]> = {};
  for (const player of players) {
    (playersByClub[player.club] ??= []).push(player.id);
    (playersByCountry[player.country] ??= []).push(player.id);
  }
  return { playersByClub, playersByCountry };
}

/**
 * Builds the demo database file from scratch: removes any existing file (and its -wal/-shm),
 * creates the schema, generates the data, records `meta` (`generator` = 'demo', `seed`, `size`)
 * and closes the file.
 */
export function buildDemoDatabase(
  file: string,
  seed: number = DEMO_SEED,
  size: DemoSize = 'full',
): DemoSummary {
  for (const path of [file, `${file}-wal`, `${file}-shm`]) rmSync(path, { force: true });
  const db = openDatabase(file);
  try {
    const { handles } = generateDemo(db, { seed, size });
    const meta = rowInserter(db, 'meta');
    db.transaction(() => {
      meta({ key: 'generator', value: 'demo' });
      meta({ key: 'seed', value: String(seed) });
      meta({ key: 'size', value: size });
    })();
    return { counts: countRows(db), handles };
  } finally {
    db.close();
  }
}
