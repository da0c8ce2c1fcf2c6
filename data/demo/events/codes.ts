/**
 * Readable names for the action and modifier ids of `data/reference/events.ts` that the demo's
 * micro-events use (a test checks every one exists there), so the generator reads `ACTION.cross`
 * rather than `80`.
 */

/** Action ids (Wyscout sub-event codes). */
export const ACTION = {
  airDuel: 10, groundAttackingDuel: 11, groundDefendingDuel: 12, looseBallDuel: 13,
  foul: 20, handFoul: 21, outOfGameFoul: 23, protest: 24, simulation: 25, timeLostFoul: 26, violentFoul: 27,
  corner: 30, freeKick: 31, freeKickCross: 32, freeKickShot: 33, goalKick: 34, penalty: 35, throwIn: 36,
  goalkeeperLeavingLine: 40,
  offside: 60,
  acceleration: 70, clearance: 71, touch: 72,
  cross: 80, handPass: 81, headPass: 82, highPass: 83, launch: 84, simplePass: 85, smartPass: 86,
  reflexes: 90, saveAttempt: 91,
  shot: 100,
} as const;

/** Modifier ids (Wyscout tags, then the project's 3000+ modifiers). */
export const MOD = {
  goal: 101, ownGoal: 102, opportunity: 201, assist: 301, keyPass: 302,
  leftFoot: 401, rightFoot: 402, headBody: 403,
  takeOnLeft: 503, takeOnRight: 504,
  lost: 701, won: 703, high: 801, through: 901,
  direct: 1101, indirect: 1102,
  interception: 1401, slidingTackle: 1601,
  redCard: 1701, yellowCard: 1702, secondYellow: 1703,
  accurate: 1801, notAccurate: 1802,
  dangerousBallLost: 2001, blocked: 2101,
  defensiveThird: 3201, middleThird: 3202, finalThird: 3203, penaltyArea: 3204, goalArea: 3205,
  holding: 3401, tripping: 3402, handball: 3403, dangerousPlay: 3404,
  insideBox: 3501, outsideBox: 3502,
  catch: 3601, punch: 3602, dive: 3604,
  saved: 3701, offTarget: 3702, woodwork: 3703,
} as const;

/** The card modifier of a `card` reference id (1 yellow, 2 second yellow, 3 straight red). */
export const CARD_MODIFIER: Readonly<Record<number, number>> = { 1: MOD.yellowCard, 2: MOD.secondYellow, 3: MOD.redCard };

/**
 * The action and foul-type modifier of an offense's `foul` reference id: the foul family action that
 * fits it (a handball is a hand foul, dissent a protest, ...) and the foul type where one applies.
 */
export function foulAction(foul: number | null): { action: number; type: number | null } {
  switch (foul) {
    case 11: case 12: case 29: return { action: ACTION.handFoul, type: MOD.handball };
    case 13: return { action: ACTION.foul, type: MOD.holding };
    case 15: return { action: ACTION.foul, type: MOD.dangerousPlay };
    case 16: case 28: return { action: ACTION.foul, type: MOD.tripping };
    case 24: case 25: return { action: ACTION.violentFoul, type: MOD.dangerousPlay };
    case 18: return { action: ACTION.simulation, type: null };
    case 19: case 26: return { action: ACTION.protest, type: null };
    case 21: return { action: ACTION.timeLostFoul, type: null };
    case 14: case 17: case 22: case 23: case 27: return { action: ACTION.outOfGameFoul, type: null };
    default: return { action: ACTION.foul, type: null };
  }
}

/** Whether a foul-family action is a challenge on an opponent in play (the others stop play otherwise). */
export function isContactFoul(action: number): boolean {
  return action === ACTION.foul || action === ACTION.handFoul || action === ACTION.violentFoul;
}
