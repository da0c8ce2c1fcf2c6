import {
  ACTION,
  GOAL_REGION,
  HANDLING,
  MOD,
  SET_PIECES,
  SHOTS,
  DUELS,
  FOULS_COMMITTED,
  TOUCHES,
} from '../../../football/event-families.ts';
import { hasAny, type Act, type MatchFacts, type Place } from '../match-model/facts.ts';
import { OUTCOME, POSITION } from '../../../football/codes.ts';
import { inPenaltyArea, turned } from './pitch.ts';
import type { Tri } from './tri.ts';

/**
 * What a micro-event action says, as the statistics rules ask it: each reader answers true, false,
 * or null where the source does not say (see `tri.ts`), and the credit functions name the lineup an
 * action is credited to when it is not the actor (the player who blocked a shot, the player
 * fouled).
 *
 * The conventions are Wyscout's, whose codes the model keeps: a pass or a set piece is accurate
 * (1801) when it reached a team-mate, a shot when it was on target; duels are won (703), lost (701)
 * or neutral (702); a goalkeeper's save attempt follows every shot on target and carries the goal
 * modifier (101) when the shot went in.
 */

const inRange = (a: Act, [from, to]: readonly [number, number]) => {
  for (const m of a.mods) if (m >= from && m <= to) return true;
  return false;
};

/**
 * Accurate: modifier 1801 (accurate) or 1802 (not accurate); where neither is there, the source's
 * own outcome code (1 accurate, 0 not); null when nothing says.
 */
export function accurate(a: Act): Tri {
  if (a.mods.has(MOD.accurate)) return true;
  if (a.mods.has(MOD.notAccurate)) return false;
  return a.outcome === OUTCOME.accurate ? true : a.outcome === OUTCOME.notAccurate ? false : null;
}

/**
 * A shot on target: a goal, a save (3701) or an end in the goal mouth (1201-1209) is; a blocked
 * shot (2101), one off target (3702), on the woodwork (3703) or wide or high (1210-1223) is not;
 * otherwise the accurate / not accurate modifiers say (Wyscout tags a shot on target accurate).
 */
export function onTarget(a: Act): Tri {
  if (a.mods.has(MOD.goal) || a.mods.has(MOD.saved) || inRange(a, GOAL_REGION.inGoal)) return true;
  if (a.mods.has(MOD.blocked) || a.mods.has(MOD.offTarget) || a.mods.has(MOD.woodwork))
    return false;
  if (inRange(a, GOAL_REGION.out) || inRange(a, GOAL_REGION.post)) return false;
  return accurate(a);
}

/**
 * The body part of a shot or a clearance: head/body (403), left foot (401), right foot (402); null
 * when not given.
 */
export function bodyPart(a: Act): 'head' | 'left' | 'right' | null {
  return a.mods.has(MOD.headBody)
    ? 'head'
    : a.mods.has(MOD.leftFoot)
      ? 'left'
      : a.mods.has(MOD.rightFoot)
        ? 'right'
        : null;
}

/** Whether the body part is `part`; null when the source names none. */
export function usedPart(a: Act, part: 'head' | 'left' | 'right'): Tri {
  const p = bodyPart(a);
  return p === null ? null : p === part;
}

/** A duel won (703); lost (701) and neutral (702) ones are not; null without an outcome. */
export function duelWon(a: Act): Tri {
  return a.mods.has(MOD.won)
    ? true
    : a.mods.has(MOD.lost) || a.mods.has(MOD.neutral)
      ? false
      : null;
}

/** A duel lost (701); won and neutral ones are not; null without an outcome. */
export function duelLost(a: Act): Tri {
  return a.mods.has(MOD.lost)
    ? true
    : a.mods.has(MOD.won) || a.mods.has(MOD.neutral)
      ? false
      : null;
}

/** A take-on: a ground duel tagged with the side the attacker went past on (503, 504). */
export function takeOn(a: Act): boolean {
  return a.mods.has(MOD.takeOnLeft) || a.mods.has(MOD.takeOnRight);
}

/**
 * A ball in the air: modifier high (801). Wyscout tags the high balls and leaves low ones untagged.
 */
export function high(a: Act): boolean {
  return a.mods.has(MOD.high);
}

/** A corner played into the penalty area (its end there); null when its end is unknown. */
export function cornerIntoBox(a: Act): Tri {
  return inPenaltyArea(a.end);
}

/** A cross: an open-play or free-kick cross, or a corner played into the penalty area. */
export function isCross(a: Act): Tri {
  return a.action === ACTION.corner ? cornerIntoBox(a) : true;
}

/** Played from the left half of the pitch (y < 50, seen by the team); null without a place. */
export function fromLeft(a: Act): Tri {
  return a.at === null ? null : a.at.y < 50;
}

/** Where a shot was taken, in the penalty area; null without a place. */
export function shotInBox(a: Act): Tri {
  return inPenaltyArea(a.at);
}

/** Whether the lineup is a goalkeeper (position 10); null when its position is unknown. */
export function isKeeper(lineup: string | null, m: MatchFacts): Tri {
  const position = lineup === null ? null : (m.lineups.get(lineup)?.position ?? null);
  return position === null ? null : position === POSITION.goalkeeper;
}

/**
 * Whether a goalkeeper action's handling is `mod` (catch, punch, drop); null when no handling
 * modifier is given.
 */
export function handled(a: Act, mod: number): Tri {
  return hasAny(a, HANDLING) ? a.mods.has(mod) : null;
}

/**
 * Whether a pass kept the ball: its accuracy where given; a goal kick, which Wyscout leaves
 * untagged, succeeded when the next touch of the ball is by the kicking team.
 */
export function passKept(a: Act, m: MatchFacts): Tri {
  const given = accurate(a);
  if (given !== null || a.action !== ACTION.goalKick) return given;
  const next = m.micro.nextTouch(a);
  return next === null || next.team === null || a.team === null ? null : next.team === a.team;
}

/**
 * The shot a goalkeeper's save attempt faced: the action just before it, when that is a shot by the
 * other team (Wyscout records the save attempt right after the shot), or an own goal by the
 * keeper's own team, whose place is then turned round to the scoring side's view. Null when
 * neither.
 */
export function shotFaced(a: Act, m: MatchFacts): { shot: Act; at: Place } | null {
  const before = a.i > 0 ? m.micro.acts[a.i - 1]! : null;
  if (!before || before.period !== a.period || before.team === null || a.team === null) return null;
  if (before.team !== a.team && SHOTS.includes(before.action))
    return { shot: before, at: before.at };
  if (before.team === a.team && before.mods.has(MOD.ownGoal))
    return { shot: before, at: turned(before.at) };
  return null;
}

/** Where the shot a save attempt faced was taken from, in the penalty area; null when unknown. */
export function facedInBox(a: Act, m: MatchFacts): Tri {
  const faced = shotFaced(a, m);
  return faced === null ? null : inPenaltyArea(faced.at);
}

/** Whether the shot a save attempt faced was a penalty kick; null when the shot is unknown. */
export function facedPenalty(a: Act, m: MatchFacts): Tri {
  const faced = shotFaced(a, m);
  return faced === null ? null : faced.shot.action === ACTION.penalty;
}

/** A save: a save attempt without the goal modifier, accurate (Wyscout) or saved (3701). */
export function saved(a: Act): Tri {
  if (a.mods.has(MOD.goal)) return false;
  if (a.mods.has(MOD.saved)) return true;
  return accurate(a);
}

/**
 * The player who blocked a shot: the other team's player whose action directly follows the blocked
 * shot (Wyscout records the block as that player's touch or clearance). Null when the next action
 * is the shooting team's own: the blocker is then unknown and the block is credited to no one.
 */
export function blocker(a: Act, m: MatchFacts): string | null {
  const next = m.micro.acts[a.i + 1];
  if (
    !next ||
    next.period !== a.period ||
    next.team === null ||
    a.team === null ||
    next.team === a.team
  )
    return null;
  return next.lineup;
}

/** How far back, in seconds, the duel a foul ends may lie. */
const FOUL_DUEL_SECONDS = 3;

/**
 * The player fouled: Wyscout records a foul after the duel it ends, one duel action per side; the
 * victim is the other team's player whose duel action comes within three seconds before the foul.
 * Null when there is none (a foul off the ball): the victim is unknown and no one is credited.
 */
export function victim(a: Act, m: MatchFacts): string | null {
  for (let j = a.i - 1; j >= 0 && j >= a.i - 4; j--) {
    const b = m.micro.acts[j]!;
    if (b.period !== a.period || a.seconds - b.seconds > FOUL_DUEL_SECONDS) break;
    if (DUELS.includes(b.action) && b.team !== null && a.team !== null && b.team !== a.team)
      return b.lineup;
  }
  return null;
}

/** The next set piece after `a` in its period; null when the period ends first. */
function nextSetPiece(a: Act, m: MatchFacts): Act | null {
  for (let j = a.i + 1; j < m.micro.acts.length; j++) {
    const b = m.micro.acts[j]!;
    if (b.period !== a.period) return null;
    if (SET_PIECES.includes(b.action)) return b;
  }
  return null;
}

/** A foul that gave the fouled side a penalty kick: the next set piece is that side's penalty. */
export function gavePenalty(a: Act, m: MatchFacts): Tri {
  const next = nextSetPiece(a, m);
  return next !== null && next.action === ACTION.penalty && next.team !== a.team;
}

/**
 * The player who conceded a corner: the other team's player who touched the ball last before it.
 */
export function cornerConcededBy(a: Act, m: MatchFacts): string | null {
  const last = m.micro.prevTouch(a);
  return last === null || last.team === null || a.team === null || last.team === a.team
    ? null
    : last.lineup;
}

/**
 * The player who conceded a penalty kick: the other team's player whose foul is the last before the
 * kick, with no other set piece in between.
 */
export function penaltyConcededBy(a: Act, m: MatchFacts): string | null {
  for (let j = a.i - 1; j >= 0; j--) {
    const b = m.micro.acts[j]!;
    if (b.period !== a.period || SET_PIECES.includes(b.action)) return null;
    if (FOULS_COMMITTED.includes(b.action) && b.team !== null && b.team !== a.team) return b.lineup;
  }
  return null;
}

/** The kinds of play a shot comes from (shots/plays). */
export type Play = 'openplay' | 'setplay' | 'freekick' | 'corners' | 'throwins' | 'other';

/**
 * The play a shot came from: a direct free kick is `freekick`, a penalty `other`; any other shot
 * belongs to the last set piece its team took while keeping the ball (looking back until the other
 * team's last touch): a corner, a throw-in, or an indirect free kick (`setplay`); without one (or
 * after a goal kick) it is open play.
 */
export function playOf(a: Act, m: MatchFacts): Play | null {
  if (a.action === ACTION.freeKickShot) return 'freekick';
  if (a.action === ACTION.penalty) return 'other';
  if (a.team === null) return null;
  for (let j = a.i - 1; j >= 0; j--) {
    const b = m.micro.acts[j]!;
    if (b.period !== a.period) break;
    if (b.team !== a.team) {
      if (TOUCHES.has(b.action)) break;
      continue;
    }
    if (b.action === ACTION.corner) return 'corners';
    if (b.action === ACTION.throwIn) return 'throwins';
    if (b.action === ACTION.freeKick || b.action === ACTION.freeKickCross) return 'setplay';
    if (b.action === ACTION.goalKick) break;
  }
  return 'openplay';
}

/**
 * What a dangerous loss of the ball (modifier 2001) led to: the other team's shots before the
 * player's team touched the ball again — `shot` when there was one, `goal` when one went in.
 */
export function errorLedTo(a: Act, m: MatchFacts): { shot: boolean; goal: boolean } {
  let shot = false;
  let goal = false;
  for (let j = a.i + 1; j < m.micro.acts.length; j++) {
    const b = m.micro.acts[j]!;
    if (b.period !== a.period) break;
    if (b.team === a.team && TOUCHES.has(b.action)) break;
    if (b.team !== null && b.team !== a.team && SHOTS.includes(b.action)) {
      shot = true;
      if (b.mods.has(MOD.goal)) goal = true;
    }
  }
  return { shot, goal };
}

/**
 * Possession won: the player's touch comes right after a touch by the other team (the ball changed
 * sides to this player). False at a period's start; null when a team is unknown.
 */
export function wonPossession(a: Act, m: MatchFacts): Tri {
  const before = m.micro.prevTouch(a);
  if (before === null) return false;
  return before.team === null || a.team === null ? null : before.team !== a.team;
}

/**
 * Possession lost: the next touch of the ball in the period is by the other team (the ball changed
 * sides after this player's touch). False when the period ends first; null when a team is unknown.
 */
export function lostPossession(a: Act, m: MatchFacts): Tri {
  const after = m.micro.nextTouch(a);
  if (after === null) return false;
  return after.team === null || a.team === null ? null : after.team !== a.team;
}
