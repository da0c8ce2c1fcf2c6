/**
 * `/explorer/competitions.json`: what the build tells the explorer that the API cannot say in one
 * request: each competition with its seasons and how many matches each has.
 */

/** Where the build writes the index in its output; the page reads it at `/` + this. */
export const EXPLORER_INDEX = 'explorer/competitions.json';

/** Which collection of `/v1/{match_type}/...` a match lives in. */
export type MatchType = 'clubs' | 'national';

/**
 * Who organises a competition, as the data says: a confederation or a world body (an
 * international competition), a country's association (a domestic one), or neither (a friendly,
 * an invitational or regional cup).
 */
export type Organiser =
  { kind: 'confederation'; name: string } | { kind: 'country'; name: string } | { kind: 'none' };

/** One competition of one match type, with its seasons newest first. */
export interface Competition {
  id: string;
  name: string;
  matchType: MatchType;
  organiser: Organiser;
  seasons: Season[];
}

/** One season of a competition. */
export interface Season {
  id: number;
  name: string;
  matches: number;
  /** Matches with on-ball micro-events, which the match page draws on a pitch. */
  withEvents: number;
  /**
   * The ids of the matches with on-ball events when some of the season's matches have them and
   * others do not; empty when none or all do (`hasEvents`), which keeps the index small.
   */
  eventMatches: string[];
  /** Dates of the first and last match, `YYYY-MM-DD`. */
  first: string;
  last: string;
}

/** Whether a match of a season has on-ball events (a pitch map on its page). */
export const hasEvents = (season: Season, match: string): boolean =>
  season.withEvents === season.matches || season.eventMatches.includes(match);
