import {
  SCORED,
  type Goal,
  type Offense,
  type Penalty,
  type Segment,
  type Substitution,
} from './records.ts';

/** Which team an event belongs to. */
export type Side = 'home' | 'away';

/** One line of a match's timeline, by kind. */
export type Moment = { side: Side; timeMins: number; stoppageMins: number | null } & (
  | { kind: 'goal'; goal: Goal; penalty: boolean; own: boolean }
  | { kind: 'card'; offense: Offense }
  | { kind: 'penalty'; penalty: Penalty }
  | { kind: 'substitution'; substitution: Substitution }
);

/** The events of a match the timeline is made of. */
export interface MatchEvents {
  goals: Goal[];
  offenses: Offense[];
  penalties: Penalty[];
  substitutions: Substitution[];
}

const when = (e: { player: string | null; timeMins: number; stoppageMins: number | null }) =>
  `${e.player} ${e.timeMins} ${e.stoppageMins ?? 0}`;

/**
 * The goals, cards, penalties and substitutions of a match in match-time order. A scored
 * penalty that is also in the goals is shown once, as a goal marked as a penalty; any other
 * penalty (missed, or scored but missing from the goals) is shown as a penalty. An own goal
 * counts for the other side; a goal whose scorer the source does not name is not called an own
 * goal.
 */
export function timeline(homeTeam: string, events: MatchEvents): Moment[] {
  const side = (team: string | null): Side => (team === homeTeam ? 'home' : 'away');
  const goalKeys = new Set(events.goals.map(when));
  const scored = new Set(events.penalties.filter((p) => p.outcome === SCORED).map(when));
  const moments: Moment[] = [
    ...events.goals.map((goal): Moment => ({
      kind: 'goal',
      goal,
      side: side(goal.scoringTeam),
      own: goal.playerTeam !== null && goal.scoringTeam !== goal.playerTeam,
      penalty: scored.has(when(goal)),
      timeMins: goal.timeMins,
      stoppageMins: goal.stoppageMins,
    })),
    ...events.offenses.map((offense): Moment => ({
      kind: 'card',
      offense,
      side: side(offense.playerTeam),
      timeMins: offense.timeMins,
      stoppageMins: offense.stoppageMins,
    })),
    ...events.penalties
      .filter((p) => !(p.outcome === SCORED && goalKeys.has(when(p))))
      .map((penalty): Moment => ({
        kind: 'penalty',
        penalty,
        side: side(penalty.playerTeam),
        timeMins: penalty.timeMins,
        stoppageMins: penalty.stoppageMins,
      })),
    ...events.substitutions.map((substitution): Moment => ({
      kind: 'substitution',
      substitution,
      side: side(substitution.team),
      timeMins: substitution.timeMins,
      stoppageMins: substitution.stoppageMins,
    })),
  ];
  // A stable sort keeps the kinds in the order above within one minute.
  return moments.sort(
    (a, b) => a.timeMins - b.timeMins || (a.stoppageMins ?? 0) - (b.stoppageMins ?? 0),
  );
}

/**
 * The score after each segment of a match, or null from the first segment whose goals the
 * source cannot give (the explorer does not guess a score).
 */
export function runningScore(segments: Segment[]): ({ home: number; away: number } | null)[] {
  let score: { home: number; away: number } | null = { home: 0, away: 0 };
  return segments.map((segment) => {
    score =
      score === null || segment.homeGoals === null || segment.awayGoals === null
        ? null
        : { home: score.home + segment.homeGoals, away: score.away + segment.awayGoals };
    return score;
  });
}
