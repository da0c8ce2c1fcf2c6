/**
 * The two ways the model tells time in a match, and the conversion between them.
 *
 * Macro-events (goals, penalties, offenses, substitutions) carry a minute as the scoreboard shows
 * it:
 * `time_mins` 1-90 (91-120 in extra time) and `stoppage_mins` after the last minute of a period
 * (45+2 is `mins` 45, `stoppage` 2). Micro-events carry a period (1, 2; 3, 4 in extra time) and
 * `match_seconds`, the seconds elapsed since that period's kick-off.
 *
 * The convention: minute m of a period is the m-th minute of play, the seconds [(m-1)*60, m*60) of
 * the match clock. Minute 1 is 0:00-0:59; minute 45 is 44:00-44:59; 45+1 is 45:00-45:59 and 45+2 is
 * 46:00-46:59 of the first half. Each period starts its clock again: the second half at 45:00
 * (minute 46 is its seconds [0, 60)), the first extra-time period at 90:00, the second at 105:00.
 * Periods last 45, 45, 15 and 15 minutes plus stoppage time; only the minute after the end of a
 * period carries stoppage minutes.
 *
 * Times order by minute, then by stoppage: 45+3 comes before 46, because the second half starts
 * after the first half's stoppage time, and 90+5 before 91 (extra time). Sources record stoppage
 * only at the end of a period, where this order is the order of play. One module for the importers,
 * the demo, the build (which orders goals and changes of players) and the router (which parses the
 * `time` parameter), so they agree.
 */

/**
 * A scoreboard minute: `mins` 1-120, and stoppage minutes after 45, 90, 105 or 120. The analytics
 * also use `mins` 0 with no stoppage for the kickoff (`KICKOFF`).
 */
export interface MatchTime {
  readonly mins: number;
  readonly stoppage: number;
}

/**
 * A stretch of one period's clock: seconds since the period's kick-off, `from` included, `to` not.
 */
export interface PeriodWindow {
  /** 1, 2 (regulation), 3, 4 (extra time). */
  readonly period: number;
  readonly from: number;
  readonly to: number;
}

/** The minute each period's clock starts at, and its length in minutes (before stoppage time). */
const PERIODS: readonly { readonly start: number; readonly length: number }[] = [
  { start: 0, length: 45 },
  { start: 45, length: 45 },
  { start: 90, length: 15 },
  { start: 105, length: 15 },
];

/** The period a scoreboard minute (without its stoppage) belongs to. */
export function periodOf(mins: number): number {
  if (!Number.isInteger(mins) || mins < 1 || mins > 120)
    throw new RangeError(`match minute out of range: ${mins}`);
  return PERIODS.findIndex((p) => mins <= p.start + p.length) + 1;
}

/**
 * The period and the seconds of its clock a scoreboard minute covers: 45+2 is period 1, [2760,
 * 2820); 46 is period 2, [0, 60).
 */
export function periodWindow(time: MatchTime): PeriodWindow {
  const period = periodOf(time.mins);
  const { start, length } = PERIODS[period - 1]!;
  if (!Number.isInteger(time.stoppage) || time.stoppage < 0)
    throw new RangeError(`stoppage minutes out of range: ${time.stoppage}`);
  if (time.stoppage > 0 && time.mins !== start + length) {
    throw new RangeError(
      `stoppage time only follows the last minute of a period, not minute ${time.mins}`,
    );
  }
  const from = (time.mins - start - 1 + time.stoppage) * 60;
  return { period, from, to: from + 60 };
}

/**
 * The scoreboard minute of an instant of a period's clock (seconds since the period's kick-off, 0
 * or more): past the period's length it is stoppage time, so 46:30 of the first half is 45+2.
 */
export function matchTimeAt(period: number, seconds: number): MatchTime {
  const bounds = PERIODS[period - 1];
  if (!bounds || !Number.isInteger(period)) throw new RangeError(`period out of range: ${period}`);
  if (!(seconds >= 0) || !Number.isFinite(seconds))
    throw new RangeError(`period seconds out of range: ${seconds}`);
  const minute = Math.floor(seconds / 60) + 1;
  return minute <= bounds.length
    ? { mins: bounds.start + minute, stoppage: 0 }
    : { mins: bounds.start + bounds.length, stoppage: minute - bounds.length };
}

/** A sortable key of a scoreboard minute: 45+2 sorts after 45 and before 46. */
export function minuteKey(time: MatchTime): number {
  return time.mins * 100 + time.stoppage;
}

/** Kickoff. */
export const KICKOFF: MatchTime = { mins: 0, stoppage: 0 };

/**
 * `<minutes>` or `<minutes><sep><stoppage minutes>` with sep one of `:`, `+`, `-`
 * (docs/api.md#analytics). Up to three digits of minutes and two of stoppage: enough for any match
 * and any time past its end, and no room for numbers that are not times. The source is exported so
 * that the OpenAPI document gives `time` the very pattern the router parses with.
 */
export const MATCH_TIME_PATTERN = '^(\\d{1,3})(?:[:+-](\\d{1,2}))?$';
const TIME = new RegExp(MATCH_TIME_PATTERN);

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
