import type { TimelineState } from '../../../contract/timeline.ts';
import type { MatchFacts } from '../match-model/facts.ts';

/**
 * The match state analytic: the final state of a match and its timeline (the states at kickoff and
 * at each distinct goal time), from which the router answers the state at any time.
 */

/** The computed fields of the final state, by field name (a type, so it is a record of values). */
export type FinalState = {
  time_mins: number;
  stoppage_mins: number;
  is_fulltime: true;
  home_goals: number | null;
  away_goals: number | null;
};

/**
 * The final state is at the end of the match with the score the source states; the timeline counts
 * the goals of each side whose goal list accounts for its score, and leaves the other side's goals
 * null before the end (they are unknown then, not zero).
 */
export function matchState(facts: MatchFacts): {
  final: FinalState;
  end: [number, number];
  states: TimelineState[];
} {
  const { goals, complete, end } = facts;
  const counts = [0, 0];
  const known = (side: 0 | 1) => (complete[side] ? counts[side]! : null);
  const states: TimelineState[] = [[0, 0, known(0), known(1)]];
  for (const goal of goals) {
    if (goal.side === null || !complete[goal.side]) continue;
    counts[goal.side]!++;
    const state: TimelineState = [goal.time.mins, goal.time.stoppage, known(0), known(1)];
    const last = states[states.length - 1]!;
    // Goals at the same time make one state: the score after all of them.
    if (last[0] === state[0] && last[1] === state[1]) states[states.length - 1] = state;
    else states.push(state);
  }
  return {
    final: {
      time_mins: end.mins,
      stoppage_mins: end.stoppage,
      is_fulltime: true,
      home_goals: facts.homeScore,
      away_goals: facts.awayScore,
    },
    end: [end.mins, end.stoppage],
    states,
  };
}
