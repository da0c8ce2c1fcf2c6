import { SCORED, type Goal, type Offense, type Penalty, type Substitution } from './records.ts';

/** Which team an event belongs to. */
export type Side = 'home' | 'away';

/** One line of a match's timeline, by kind. */
export type Moment = { side: Side; timeMins: number; stoppageMins: number | null } & (
  | { kind: 'goal'; goal: Goal; penalty: boolean; own: boolean }
  | { kind: 'card'; offense: Offense }
  | { kind: 'missed-penalty'; penalty: Penalty }
  | { kind: 'substitution'; substitution: Substitution }
);

/**
 * The goals, cards, penalties and substitutions of a match in match-time order. A scored penalty
 * is also a goal, so it is shown once, as a goal marked as a penalty; an own goal counts for the
 * other side.
 */
export function timeline(
  homeTeam: string,
  events: {
    goals: Goal[];
    offenses: Offense[];
    penalties: Penalty[];
    substitutions: Substitution[];
  },
): Moment[] {
  const side = (team: string): Side => (team === homeTeam ? 'home' : 'away');
  const scored = new Set(
    events.penalties
      .filter((p) => p.outcome === SCORED)
      .map((p) => `${p.player} ${p.timeMins} ${p.stoppageMins ?? 0}`),
  );
  const moments: Moment[] = [
    ...events.goals.map((goal): Moment => ({
      kind: 'goal',
      goal,
      side: side(goal.scoringTeam),
      own: goal.scoringTeam !== goal.playerTeam,
      penalty: scored.has(`${goal.player} ${goal.timeMins} ${goal.stoppageMins ?? 0}`),
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
      .filter((p) => p.outcome !== SCORED)
      .map((penalty): Moment => ({
        kind: 'missed-penalty',
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
