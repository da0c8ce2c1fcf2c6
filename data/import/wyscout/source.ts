import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { readGzipJson, readRecords, requireKeys } from '../source-file.ts';

/**
 * Reading the Wyscout public dataset (Pappalardo et al. 2019) as its files lay it out:
 * `matches/matches_<Competition>.json`, `players.json`, `teams.json` and
 * `events/<Competition>/<match wyId>.json.gz` (gzip of `{events, teams, players}`).
 */

/** A country-like area of the source (a team's or a player's). */
export interface WyArea {
  readonly name: string;
  readonly alpha3code: string;
}

export interface WyTeam {
  readonly wyId: number;
  readonly name: string;
  readonly officialName: string;
  readonly city: string;
  readonly type: 'club' | 'national';
  readonly area: WyArea;
}

export interface WyPlayer {
  readonly wyId: number;
  readonly firstName: string;
  readonly middleName: string;
  readonly lastName: string;
  readonly shortName: string;
  readonly birthDate: string | null;
  readonly role: { readonly code2: string };
  readonly passportArea: WyArea;
  readonly birthArea: WyArea;
  /** The wyId of the player's national team, or the text "null". */
  readonly currentNationalTeamId: number | string | null;
}

/** A player's line in a team's formation (starters and bench). */
export interface WyFormationPlayer {
  readonly playerId: number;
}

export interface WySubstitution {
  readonly playerIn: number;
  readonly playerOut: number;
  readonly minute: number;
}

export interface WyTeamData {
  readonly teamId: number;
  readonly side: 'home' | 'away';
  /** The score after 90 minutes. */
  readonly score: number;
  /** The score after extra time (0 when there was none). */
  readonly scoreET: number;
  readonly scoreP: number;
  readonly formation: {
    readonly lineup: readonly WyFormationPlayer[];
    readonly bench: readonly WyFormationPlayer[];
    /** The text "null" when the team made none. */
    readonly substitutions: readonly WySubstitution[] | string;
  };
}

export interface WyMatch {
  readonly wyId: number;
  readonly competitionId: number;
  readonly seasonId: number;
  readonly roundId: number;
  readonly gameweek: number;
  readonly groupName?: string;
  readonly duration: 'Regular' | 'ExtraTime' | 'Penalties';
  readonly winner: number;
  readonly venue: string;
  /** Kick-off in UTC: "2018-07-15 15:00:00". */
  readonly dateutc: string;
  readonly label: string;
  readonly teamsData: Readonly<Record<string, WyTeamData>>;
}

export interface WyEvent {
  readonly id: number;
  readonly eventId: number;
  /** The sub-event code; empty text for offsides (they have none). */
  readonly subEventId: number | '';
  readonly tags: readonly { readonly id: number }[];
  /** 0 when no player is involved (ball out of the field, whistle). */
  readonly playerId: number;
  readonly teamId: number;
  readonly positions: readonly { readonly x: number; readonly y: number }[];
  readonly matchPeriod: '1H' | '2H' | 'E1' | 'E2' | 'P';
  readonly eventSec: number;
}

/**
 * The competitions of the dataset, by the name its files use: the competition's name (league names
 * are not in the public files: competitions.json is not part of them), the country that organises a
 * league or hosts a tournament, the confederation organising a tournament (null for a domestic
 * league), and the time zone of its venues where there is one.
 */
export const COMPETITIONS = {
  England: { name: 'Premier League', country: 'England', organiser: null, zone: 'Europe/London' },
  France: { name: 'Ligue 1', country: 'France', organiser: null, zone: 'Europe/Paris' },
  Germany: { name: 'Bundesliga', country: 'Germany', organiser: null, zone: 'Europe/Berlin' },
  Italy: { name: 'Serie A', country: 'Italy', organiser: null, zone: 'Europe/Rome' },
  Spain: { name: 'La Liga', country: 'Spain', organiser: null, zone: 'Europe/Madrid' },
  // Russia spans several time zones and the files do not say which venue is where: no local time.
  World_Cup: { name: "FIFA Men's World Cup", country: 'Russia', organiser: 'FIFA', zone: null },
  European_Championship: {
    name: 'UEFA Euro',
    country: 'France',
    organiser: 'UEFA',
    zone: 'Europe/Paris',
  },
} as const;

/** A competition's file name (`England`, `World_Cup`, ...). */
export type CompetitionFile = keyof typeof COMPETITIONS;

export const COMPETITION_FILES = Object.keys(COMPETITIONS) as CompetitionFile[];

/** The files `check` requires. */
export const REQUIRED = [
  'players.json',
  'teams.json',
  ...COMPETITION_FILES.map((c) => join('matches', `matches_${c}.json`)),
];

/**
 * Undoes the literal `\uXXXX` escape text about 700 names carry ("Deportivo Alav\u00e9s" as written
 * in the file, backslash and all).
 */
export function unescape(text: string): string {
  return text.replace(/\\u([0-9a-fA-F]{4})/g, (_, hex: string) =>
    String.fromCharCode(parseInt(hex, 16)),
  );
}

export const readTeams = (dir: string): WyTeam[] =>
  readRecords<WyTeam>(join(dir, 'teams.json'), ['wyId', 'name', 'officialName', 'type', 'area']);
export const readPlayers = (dir: string): WyPlayer[] =>
  readRecords<WyPlayer>(join(dir, 'players.json'), [
    'wyId',
    'firstName',
    'lastName',
    'shortName',
    'birthDate',
    'role',
    'passportArea',
    'birthArea',
    'currentNationalTeamId',
  ]);
export const readMatches = (dir: string, competition: CompetitionFile): WyMatch[] =>
  readRecords<WyMatch>(join(dir, 'matches', `matches_${competition}.json`), [
    'wyId',
    'competitionId',
    'seasonId',
    'roundId',
    'gameweek',
    'duration',
    'winner',
    'venue',
    'dateutc',
    'label',
    'teamsData',
  ]);

/** The events of one match, or null when the dataset has no event file for it. */
export function readEvents(
  dir: string,
  competition: CompetitionFile,
  match: number,
): WyEvent[] | null {
  const file = join(dir, 'events', competition, `${match}.json.gz`);
  if (!existsSync(file)) return null;
  return requireKeys<WyEvent>(file, readGzipJson<{ events?: unknown }>(file).events, [
    'id',
    'eventId',
    'subEventId',
    'tags',
    'playerId',
    'teamId',
    'positions',
    'matchPeriod',
    'eventSec',
  ]);
}

/** The substitutions of a team's formation (the file writes "null" for none). */
export function substitutionsOf(team: WyTeamData): readonly WySubstitution[] {
  return Array.isArray(team.formation.substitutions) ? team.formation.substitutions : [];
}

/**
 * The local date and kick-off time of a match, as the model keeps them (local to the venue, like
 * every other source). The file's `date` text is in Central European time whatever the venue, so
 * the local time is computed from `dateutc` and the venue's time zone; with no zone known the time
 * is null and the date the UTC one (the same day for every match of the dataset without a zone).
 */
export function localKickoff(
  dateutc: string,
  zone: string | null,
): { date: string; time: string | null } {
  const m = /^(\d{4}-\d{2}-\d{2}) (\d{2}:\d{2}:\d{2})$/.exec(dateutc);
  if (!m) throw new Error(`unreadable match date "${dateutc}"`);
  if (zone === null) return { date: m[1]!, time: null };
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-CA', {
      timeZone: zone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
    })
      .formatToParts(new Date(`${m[1]}T${m[2]}Z`))
      .map((p) => [p.type, p.value]),
  );
  return {
    date: `${parts.year}-${parts.month}-${parts.day}`,
    time: `${parts.hour}:${parts.minute}:${parts.second}`,
  };
}
