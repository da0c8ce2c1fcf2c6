import type { Attribution } from './envelope.ts';
import type { FieldManifest } from './manifest.ts';
import { compareTimes, formatTime, type MatchTime } from './match-time.ts';

/**
 * The state timeline of one match: what the build writes next to the final match state so the
 * router can answer the state at any `time` by reading one small file. The score changes only when
 * a goal is scored, so the timeline lists the states at kickoff and at each distinct goal time; the
 * state at a time is the last of them at or before it (a goal at t counts in the state at t,
 * docs/api.md#analytics).
 */

/**
 * `[time_mins, stoppage_mins, home goals, away goals]`; a side's goals are null where the source
 * cannot tell.
 */
export type TimelineState = [
  mins: number,
  stoppage: number,
  home: number | null,
  away: number | null,
];

/** The file `timelineFile(resource, match)`. */
export interface Timeline {
  /** `attribution.source` of the match's provider. */
  source: Attribution['source'];
  /** The final state record, as `GET .../state` without `time` serves it. */
  final: Record<string, unknown>;
  /** The end of the match: from this time on, the state is the final state. */
  end: [mins: number, stoppage: number];
  /** States in time order, the first at kickoff (0). */
  states: TimelineState[];
}

/**
 * The state record at `time`: the final record with the requested time, the goals up to and
 * including it, and `is_fulltime` true from the end of the match on (a time past the end is the
 * final state).
 * `fields` give the response keys of the resource's fields.
 */
export function stateAt(
  timeline: Timeline,
  time: MatchTime,
  fields: readonly FieldManifest[],
): Record<string, unknown> {
  const key = (name: string) => fields.find((f) => f.name === name)?.key ?? name;
  const { final, end, states } = timeline;
  const ended = compareTimes(time, { mins: end[0], stoppage: end[1] }) >= 0;
  let home = final[key('home_goals')] ?? null;
  let away = final[key('away_goals')] ?? null;
  if (!ended) {
    let at = states[0]!;
    for (const state of states) {
      if (compareTimes({ mins: state[0], stoppage: state[1] }, time) > 0) break;
      at = state;
    }
    [, , home, away] = at;
  }
  return {
    ...final,
    [key('time_mins')]: time.mins,
    [key('stoppage_mins')]: time.stoppage,
    [key('is_fulltime')]: ended,
    [key('home_goals')]: home,
    [key('away_goals')]: away,
    uri: `${String(final['uri'])}?time=${formatTime(time)}`,
  };
}
