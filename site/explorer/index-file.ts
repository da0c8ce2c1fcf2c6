/**
 * `/explorer/competitions.json`: what the build tells the explorer that the API cannot say in one
 * request: each competition with its seasons and how many matches each has.
 */

/** Where the build writes the index in its output; the page reads it at `/` + this. */
export const EXPLORER_INDEX = 'explorer/competitions.json';

/** Which collection of `/v1/{match_type}/...` a match lives in. */
export type MatchType = 'clubs' | 'national';

/** One competition of one match type, with its seasons newest first. */
export interface Competition {
  id: string;
  name: string;
  matchType: MatchType;
  seasons: Season[];
}

/** One season of a competition. */
export interface Season {
  id: number;
  name: string;
  matches: number;
  /** Matches with on-ball micro-events, which the match page draws on a pitch. */
  withEvents: number;
  /** Dates of the first and last match, `YYYY-MM-DD`. */
  first: string;
  last: string;
}
