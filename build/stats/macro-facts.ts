import { FJELSTUL_SOURCE } from '../../data/import/fjelstul/provider.ts';
import type { GoalFacts, LineupFacts, MatchData } from './match-data.ts';
import type { Tri } from './tri.ts';

/**
 * What the macro-events (goal, penalty and offense rows) and the score say about a lineup, for the
 * statistics that do not need micro-events. Reference ids are `/v1/shotevents`, `/v1/bodyparts`,
 * `/v1/penalty_outcomes` and `/v1/cards`.
 */

/**
 * The goals a lineup scored for its own team (own goals are the other team's goals, not the
 * player's).
 */
export function goalsOf(l: LineupFacts, m: MatchData): GoalFacts[] {
  return m.goals.filter((g) => g.lineup === l.id && !g.own);
}

/** How a goal came about (goals/totals), as the goal's shot event tells it. */
export type Situation = 'freekick' | 'corners' | 'throwins' | 'openplay' | 'other' | 'penalty';

/**
 * Shot events (`/v1/shotevents`) by situation: set pieces by the restart that began the move (a
 * cross, a flick-on or a direct shot from a free kick, a corner, a throw-in); build-up play as open
 * play; the goals of broken play (scrambles, re-directions, deflections, rebounds, giveaways) as
 * `other`. 10 (Unknown) is not here: such a goal's situation is unknown.
 */
export const SITUATION_OF_SHOT_EVENT: Readonly<Record<number, Situation>> = {
  11: 'freekick',
  16: 'freekick',
  18: 'freekick',
  12: 'corners',
  15: 'corners',
  17: 'corners',
  13: 'throwins',
  19: 'throwins',
  14: 'openplay',
  20: 'openplay',
  24: 'openplay',
  25: 'openplay',
  26: 'openplay',
  29: 'openplay',
  21: 'other',
  22: 'other',
  23: 'other',
  27: 'other',
  28: 'other',
};

/**
 * A goal's situation: a converted penalty, else by its shot event; null when the source does not
 * say.
 */
export function situationOf(g: GoalFacts): Situation | null {
  if (g.penalty) return 'penalty';
  return g.shotEvent === null ? null : (SITUATION_OF_SHOT_EVENT[g.shotEvent] ?? null);
}

/**
 * Whether a goal was of situation `s`; null when its situation is unknown. A penalty is known
 * either way: the penalty rows list every converted kick.
 */
export function isSituation(g: GoalFacts, s: Situation): Tri {
  if (s === 'penalty' || g.penalty) return g.penalty && s === 'penalty';
  const own = situationOf(g);
  return own === null ? null : own === s;
}

/**
 * Whether a goal was scored from inside the penalty area, where the goal row tells: a penalty kick
 * and a shot inside the goal area (24) were, a shot outside the penalty area (26) and a goal direct
 * from a corner (15) were not; every other shot event leaves it open (a "shot outside goal area"
 * may be inside the penalty area or not).
 */
export function goalInBox(g: GoalFacts): Tri {
  if (g.penalty || g.shotEvent === 24) return true;
  if (g.shotEvent === 26 || g.shotEvent === 15) return false;
  return null;
}

/**
 * Whether a goal was scored with `part` (`/v1/bodyparts`: 3 left foot, 4 right foot, 5 head):
 * Unknown (1) or no body part leaves every part open, Foot (2) leaves the foot open but is not a
 * header.
 */
export function scoredWith(g: GoalFacts, part: 'head' | 'left' | 'right'): Tri {
  const b = g.bodypart;
  if (b === null || b === 1) return null;
  if (part === 'head') return b === 5;
  if (b === 2) return null;
  return b === (part === 'left' ? 3 : 4);
}

/**
 * The match's first goal, credited to its scorer unless an own goal; null before the goals are
 * known.
 */
export function isFirstGoal(l: LineupFacts, m: MatchData): Tri {
  if (!m.goalsComplete) return null;
  const first = m.goals[0];
  return first !== undefined && !first.own && first.lineup === l.id;
}

/**
 * The winning goal: the winner's goal that took it one past the loser's final score (3-1: the
 * winner's second goal). None in a draw (a shootout decides no goal). Null before the goals are
 * known.
 */
export function isWinningGoal(l: LineupFacts, m: MatchData): Tri {
  if (!m.goalsComplete) return null;
  const home = m.homeScore!;
  const away = m.awayScore!;
  if (home === away) return false;
  const [winner, loserScore] = home > away ? [m.homeTeam, away] : [m.awayTeam, home];
  const goal = m.goals.filter((g) => g.team === winner)[loserScore];
  return goal !== undefined && !goal.own && goal.lineup === l.id;
}

/**
 * Sources whose penalty rows are the converted kicks only (Fjelstul records goals, not missed
 * penalties): for their matches the kicks taken, saved and missed are unknown.
 */
export const CONVERTED_PENALTIES_ONLY: readonly string[] = [FJELSTUL_SOURCE];

/**
 * A lineup's penalty kicks in play whose outcome is one of `outcomes`; null where misses are not
 * recorded.
 */
export function penaltiesWith(
  l: LineupFacts,
  m: MatchData,
  outcomes: readonly number[] | null,
): number | null {
  if (CONVERTED_PENALTIES_ONLY.includes(m.source)) return null;
  return m.penalties.filter(
    (p) => p.lineup === l.id && (outcomes === null || outcomes.includes(p.outcome)),
  ).length;
}

/**
 * Yellow cards shown: a dismissal for a second yellow (card 2) means two yellows, whether or not
 * the source also has a row for the first (the demo has one, Fjelstul mostly not); otherwise the
 * yellows (card 1).
 */
export function yellowCards(l: LineupFacts, m: MatchData): number {
  const cards = m.offenses.filter((o) => o.lineup === l.id).map((o) => o.card);
  return cards.includes(2) ? 2 : cards.filter((c) => c === 1).length;
}

/** Sendings-off: a second yellow (card 2) or a straight red (card 3). */
export function redCards(l: LineupFacts, m: MatchData): number {
  return m.offenses.filter((o) => o.lineup === l.id && (o.card === 2 || o.card === 3)).length;
}

/**
 * Whether the player's team conceded no goal in the match (final score); null when the score is
 * unknown.
 */
export function keptCleanSheet(l: LineupFacts, m: MatchData): Tri {
  const conceded = l.team === m.homeTeam ? m.awayScore : m.homeScore;
  return conceded === null ? null : conceded === 0;
}
