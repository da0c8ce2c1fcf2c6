/**
 * Match times as the analytics use them: a minute and the stoppage minutes played after it (`45+2`
 * is minute 45 and two minutes of first-half stoppage time). One module for the build, which orders
 * goals and changes of players, and for the router, which parses the `time` parameter, so the two
 * agree.
 *
 * Times order by minute, then by stoppage: 45+3 comes before 46, because the second half starts
 * after the first half's stoppage time, and 90+5 before 91 (extra time). Sources record stoppage
 * only at the end of a period, where this order is the order of play.
 */

/** A match time: `mins` (0 = kickoff) and `stoppage` minutes after it. */
export interface MatchTime {
  readonly mins: number;
  readonly stoppage: number;
}

/** Kickoff. */
export const KICKOFF: MatchTime = { mins: 0, stoppage: 0 };

/**
 * `<minutes>` or `<minutes><sep><stoppage minutes>` with sep one of `:`, `+`, `-` (DECISIONS). Up
 * to three digits of minutes and two of stoppage: enough for any match and any time past its end,
 * and no room for numbers that are not times.
 */
const TIME = /^(\d{1,3})(?:[:+-](\d{1,2}))?$/;

/**
 * Parses a `time` parameter; null when it is not a match time (`abc`, `-3`, `45:`, `45:2:1`, ``).
 */
export function parseMatchTime(raw: string): MatchTime | null {
  const m = TIME.exec(raw);
  return m ? { mins: Number(m[1]), stoppage: Number(m[2] ?? 0) } : null;
}

/** What `time` accepts, for error messages and the documentation. */
export const TIME_HINT =
  'a match time: minutes (30), or minutes, a separator (:, + or -) and stoppage minutes (45:2, 45+2, 45-2)';

/** Orders two times: negative when `a` comes first. */
export function compareTimes(a: MatchTime, b: MatchTime): number {
  return a.mins - b.mins || a.stoppage - b.stoppage;
}

/** The later of two times. */
export function laterOf(a: MatchTime, b: MatchTime): MatchTime {
  return compareTimes(a, b) >= 0 ? a : b;
}

/** The canonical spelling of a time, as record `uri`s carry it: `30`, `45:2`. */
export function formatTime(time: MatchTime): string {
  return time.stoppage === 0 ? String(time.mins) : `${time.mins}:${time.stoppage}`;
}
