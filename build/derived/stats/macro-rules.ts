import { BODY_PART, CARD, SENDINGS_OFF, SHOT_EVENT } from '../../../football/codes.ts';
import type { GoalFacts, LineupFacts, MatchFacts } from '../match-model/facts.ts';
import type { Tri } from './tri.ts';

/**
 * The statistics rules' questions to the macro facts of a match (goals, penalties, offenses and the
 * score, `build/derived/match-model/`) about one lineup, for the statistics that do not need micro-events.
 * Reference ids are `/v1/shotevents`, `/v1/bodyparts`, `/v1/penalty_outcomes` and `/v1/cards`.
 */

/**
 * The goals a lineup scored for its own team (own goals are the other team's goals, not the
 * player's).
 */
export function goalsOf(l: LineupFacts, m: MatchFacts): GoalFacts[] {
  return m.goals.filter((g) => g.lineup === l.id && !g.own);
}

/** Whether the goal rows account for both final scores and name every scorer. */
export function goalsKnown(m: MatchFacts): boolean {
  return m.complete[0] && m.complete[1] && m.goals.every((g) => g.named);
}

/** How a goal came about (goals/totals), as the goal's shot event tells it. */
export type Situation = 'freekick' | 'corners' | 'throwins' | 'openplay' | 'other' | 'penalty';

/**
 * Shot events (`/v1/shotevents`) by situation: set pieces by the restart that began the move (a
 * cross, a flick-on or a direct shot from a free kick, a corner, a throw-in); build-up play as open
 * play; the goals of broken play (scrambles, re-directions, deflections, rebounds, giveaways) as
 * `other`. Unknown is not here: such a goal's situation is unknown.
 */
export const SITUATION_OF_SHOT_EVENT: Readonly<Record<number, Situation>> = {
  [SHOT_EVENT.crossFromFreeKick]: 'freekick',
  [SHOT_EVENT.directFromFreeKick]: 'freekick',
  [SHOT_EVENT.flickOnFromFreeKick]: 'freekick',
  [SHOT_EVENT.crossFromCorner]: 'corners',
  [SHOT_EVENT.directFromCorner]: 'corners',
  [SHOT_EVENT.flickOnFromCorner]: 'corners',
  [SHOT_EVENT.crossFromThrowIn]: 'throwins',
  [SHOT_EVENT.flickOnFromThrowIn]: 'throwins',
  [SHOT_EVENT.crossFromOpenPlay]: 'openplay',
  [SHOT_EVENT.throughPass]: 'openplay',
  [SHOT_EVENT.insideGoalArea]: 'openplay',
  [SHOT_EVENT.outsideGoalArea]: 'openplay',
  [SHOT_EVENT.outsidePenaltyArea]: 'openplay',
  [SHOT_EVENT.roundKeeper]: 'openplay',
  [SHOT_EVENT.scramble]: 'other',
  [SHOT_EVENT.redirection]: 'other',
  [SHOT_EVENT.deflected]: 'other',
  [SHOT_EVENT.rebound]: 'other',
  [SHOT_EVENT.giveaway]: 'other',
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
 * and a shot inside the goal area were, a shot outside the penalty area and a goal direct from a
 * corner were not; every other shot event leaves it open (a "shot outside goal area" may be inside
 * the penalty area or not).
 */
export function goalInBox(g: GoalFacts): Tri {
  if (g.penalty || g.shotEvent === SHOT_EVENT.insideGoalArea) return true;
  if (g.shotEvent === SHOT_EVENT.outsidePenaltyArea || g.shotEvent === SHOT_EVENT.directFromCorner)
    return false;
  return null;
}

/**
 * Whether a goal was scored with `part` (`/v1/bodyparts`: left foot, right foot, head): Unknown or
 * no body part leaves every part open, Foot leaves the foot open but is not a header.
 */
export function scoredWith(g: GoalFacts, part: 'head' | 'left' | 'right'): Tri {
  const b = g.bodypart;
  if (b === null || b === BODY_PART.unknown) return null;
  if (part === 'head') return b === BODY_PART.head;
  if (b === BODY_PART.foot) return null;
  return b === (part === 'left' ? BODY_PART.leftFoot : BODY_PART.rightFoot);
}

/**
 * The match's first goal, credited to its scorer unless an own goal; null before the goals are
 * known.
 */
export function isFirstGoal(l: LineupFacts, m: MatchFacts): Tri {
  if (!goalsKnown(m)) return null;
  const first = m.goals[0];
  return first !== undefined && !first.own && first.lineup === l.id;
}

/**
 * The winning goal: the winner's goal that took it one past the loser's final score (3-1: the
 * winner's second goal). None in a draw (a shootout decides no goal). Null before the goals are
 * known.
 */
export function isWinningGoal(l: LineupFacts, m: MatchFacts): Tri {
  if (!goalsKnown(m)) return null;
  const home = m.homeScore!;
  const away = m.awayScore!;
  if (home === away) return false;
  const [winner, loserScore] = home > away ? [m.homeTeam, away] : [m.awayTeam, home];
  const goal = m.goals.filter((g) => g.team === winner)[loserScore];
  return goal !== undefined && !goal.own && goal.lineup === l.id;
}

/**
 * A lineup's penalty kicks in play whose outcome is one of `outcomes`; null where misses are not
 * recorded (`MatchFacts.penaltyMissesKnown`).
 */
export function penaltiesWith(
  l: LineupFacts,
  m: MatchFacts,
  outcomes: readonly number[] | null,
): number | null {
  if (!m.penaltyMissesKnown) return null;
  return m.penalties.filter(
    (p) => p.lineup === l.id && (outcomes === null || outcomes.includes(p.outcome)),
  ).length;
}

/**
 * Yellow cards shown: a dismissal for a second yellow means two yellows, whether or not the source
 * also has a row for the first (the demo has one, Fjelstul mostly not); otherwise the yellows.
 */
export function yellowCards(l: LineupFacts, m: MatchFacts): number {
  const cards = m.offenses.filter((o) => o.lineup === l.id).map((o) => o.card);
  return cards.includes(CARD.secondYellow) ? 2 : cards.filter((c) => c === CARD.yellow).length;
}

/** Sendings-off (`SENDINGS_OFF`): a second yellow or a straight red. */
export function redCards(l: LineupFacts, m: MatchFacts): number {
  return m.offenses.filter((o) => o.lineup === l.id && SENDINGS_OFF.includes(o.card)).length;
}

/**
 * Whether the player's team conceded no goal in the match (final score); null when the score is
 * unknown.
 */
export function keptCleanSheet(l: LineupFacts, m: MatchFacts): Tri {
  const conceded = l.team === m.homeTeam ? m.awayScore : m.homeScore;
  return conceded === null ? null : conceded === 0;
}
