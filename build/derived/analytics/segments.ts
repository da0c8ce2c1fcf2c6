import { KICKOFF, compareTimes, type MatchTime } from '../../../contract/match-time.ts';
import type { MatchFacts, Period, Side } from '../match-model/facts.ts';
import { changesOf, startersOf, type Change } from './changes.ts';

/**
 * The segments analytic: periods of play in which the players on the pitch are unchanged, separated
 * by the substitutions and expulsions the source records, for adjusted plus/minus models.
 *
 * Choices, documented in docs/api.md#analytics:
 * - Changes at the same time start one segment. A change at kickoff changes the starting players.
 * - A goal at the time of a change counts in the segment that the change ends: play stops for a
 *   substitution, so a goal and a change in the same minute most often came in that order.
 * - Durations count stoppage time as far as the events show it: a period's stoppage is the latest
 *   stoppage minute recorded at its end. A change in the last recorded minute starts a segment of 0
 *   minutes.
 * - A side without a lineup in the source has null player lists; a side whose goal list does not
 *   account for its score has null goals (see `MatchFacts.complete`).
 * - Goals credited to a team that plays neither side (a source slip) count for no one.
 */

/** One segment's fields, by field name (a type, so it is a record of values). */
export type Segment = {
  id: number;
  start_time_mins: number;
  start_stoppage_mins: number;
  duration: number;
  home_goals: number | null;
  away_goals: number | null;
  home_players_on: string[] | null;
  away_players_on: string[] | null;
  home_players_expelled: string[] | null;
  away_players_expelled: string[] | null;
};

/** Minutes played from kickoff to `time`, with the stoppage time of the periods already over. */
function played(time: MatchTime, periods: readonly Period[]): number {
  let minutes = time.mins + time.stoppage;
  for (const p of periods) if (p.end < time.mins) minutes += p.stoppage;
  return minutes;
}

/**
 * The boundaries of segments: the distinct times of changes after kickoff, each with its changes.
 * A change at kickoff changes the starting players: it is applied at once (`atKickoff`).
 */
function boundariesOf(
  changes: readonly Change[],
  atKickoff: (change: Change) => void,
): { time: MatchTime; changes: Change[] }[] {
  const boundaries: { time: MatchTime; changes: Change[] }[] = [];
  for (const change of changes) {
    if (compareTimes(change.time, KICKOFF) <= 0) {
      atKickoff(change);
      continue;
    }
    const last = boundaries[boundaries.length - 1];
    if (last && compareTimes(last.time, change.time) === 0) last.changes.push(change);
    else boundaries.push({ time: change.time, changes: [change] });
  }
  return boundaries;
}

/** The segments of one match, in time order, numbered from 1. */
export function matchSegments(facts: MatchFacts): Segment[] {
  const { periods, end, complete } = facts;
  const starters = startersOf(facts);
  const goals = facts.goals.filter((g): g is typeof g & { side: Side } => g.side !== null);
  const on = starters.map((s) => (s ? new Set(s) : null));
  const expelled = starters.map((s) => (s ? ([] as string[]) : null));
  const apply = (change: Change) => {
    const players = on[change.side];
    if (!players) return;
    if (change.kind === 'substitution') {
      players.delete(change.off);
      if (change.on !== null) players.add(change.on);
    } else {
      players.delete(change.player);
      expelled[change.side]!.push(change.player);
    }
  };

  const boundaries = boundariesOf(changesOf(facts, starters), apply);

  const segments: Segment[] = [];
  let goal = 0;
  let start = KICKOFF;
  const close = (until: MatchTime | null) => {
    const scored = [0, 0];
    // Goals up to and including the next boundary (all the rest in the last segment).
    while (goal < goals.length && (until === null || compareTimes(goals[goal]!.time, until) <= 0))
      scored[goals[goal++]!.side]!++;
    const stop = until ?? end;
    const copy = (list: Iterable<string> | null) => (list ? [...list].sort() : null);
    segments.push({
      id: segments.length + 1,
      start_time_mins: start.mins,
      start_stoppage_mins: start.stoppage,
      duration: Math.max(0, played(stop, periods) - played(start, periods)),
      home_goals: complete[0] ? scored[0]! : null,
      away_goals: complete[1] ? scored[1]! : null,
      home_players_on: copy(on[0] ?? null),
      away_players_on: copy(on[1] ?? null),
      home_players_expelled: expelled[0] ? [...expelled[0]] : null,
      away_players_expelled: expelled[1] ? [...expelled[1]] : null,
    });
  };
  for (const boundary of boundaries) {
    close(boundary.time);
    for (const change of boundary.changes) apply(change);
    start = boundary.time;
  }
  close(null);
  return segments;
}
