import { ACTIONS } from '../../data/reference/events.ts';

/**
 * Readable names for the action and modifier ids (`data/reference/events.ts`) the statistics rules
 * read, so a rule says `ACTION.cross` rather than `80`. Actions are Wyscout sub-event codes, modifiers
 * Wyscout tag codes (the project's own modifiers from 3000), so the meanings are Wyscout's: see
 * `mappings/eventid2name.csv` and `mappings/tags2name.csv` of the Wyscout dataset.
 */

/** Action ids. */
export const ACTION = {
  airDuel: 10, groundAttackingDuel: 11, groundDefendingDuel: 12, looseBallDuel: 13,
  foul: 20, handFoul: 21, lateCardFoul: 22, outOfGameFoul: 23, protest: 24, simulation: 25, timeLostFoul: 26, violentFoul: 27,
  corner: 30, freeKick: 31, freeKickCross: 32, freeKickShot: 33, goalKick: 34, penalty: 35, throwIn: 36,
  keeperLeavingLine: 40,
  acceleration: 70, clearance: 71, touch: 72,
  cross: 80, handPass: 81, headPass: 82, highPass: 83, launch: 84, simplePass: 85, smartPass: 86,
  reflexes: 90, saveAttempt: 91,
  shot: 100,
} as const;

/** Modifier ids. */
export const MOD = {
  goal: 101, ownGoal: 102, opportunity: 201, assist: 301, keyPass: 302,
  leftFoot: 401, rightFoot: 402, headBody: 403,
  takeOnLeft: 503, takeOnRight: 504,
  lost: 701, neutral: 702, won: 703,
  high: 801, low: 802, through: 901,
  missedBall: 1302, interception: 1401,
  accurate: 1801, notAccurate: 1802,
  dangerousBallLost: 2001, blocked: 2101,
  // The project's modifiers for what Wyscout tags do not say (other sources, the demo).
  catch: 3601, punch: 3602, drop: 3603, dive: 3604,
  saved: 3701, offTarget: 3702, woodwork: 3703,
} as const;

/** Goal-region modifiers of a shot's end: in the goal mouth, wide or high of it, on the frame. */
export const GOAL_REGION = { inGoal: [1201, 1209], out: [1210, 1216], post: [1217, 1223] } as const;

/** Shots: open-play shots, direct free-kick shots and penalty kicks. */
export const SHOTS: readonly number[] = [ACTION.shot, ACTION.freeKickShot, ACTION.penalty];

/**
 * Passes: Wyscout's pass family (crosses included) and the set pieces that are passed (corners, free
 * kicks, free-kick crosses). Goal kicks are goalkeeper distribution and throw-ins a statistic of their
 * own, as in the usual pass counts.
 */
export const PASSES: readonly number[] = [
  ACTION.cross, ACTION.handPass, ACTION.headPass, ACTION.highPass, ACTION.launch, ACTION.simplePass, ACTION.smartPass,
  ACTION.corner, ACTION.freeKick, ACTION.freeKickCross,
];

/** Crosses: open-play crosses, free-kick crosses, and corners (a corner counts when it is played into the box). */
export const CROSSES: readonly number[] = [ACTION.cross, ACTION.freeKickCross, ACTION.corner];

/** Set pieces (restarts): corners, free kicks of every kind, goal kicks, penalties, throw-ins. */
export const SET_PIECES: readonly number[] = [30, 31, 32, 33, 34, 35, 36];

/** Duels: aerial, and the three ground duels. */
export const DUELS: readonly number[] = [ACTION.airDuel, ACTION.groundAttackingDuel, ACTION.groundDefendingDuel, ACTION.looseBallDuel];

/**
 * Fouls that give the other side a free kick: the foul family without protests and time wasting, which
 * are misconduct rather than fouls.
 */
export const FOULS_COMMITTED: readonly number[] = [
  ACTION.foul, ACTION.handFoul, ACTION.lateCardFoul, ACTION.outOfGameFoul, ACTION.simulation, ACTION.violentFoul,
];

/** Fouls committed on an opponent (a handball or a simulation has no victim). */
export const FOULS_ON_A_PLAYER: readonly number[] = [ACTION.foul, ACTION.lateCardFoul, ACTION.outOfGameFoul, ACTION.violentFoul];

/** A goalkeeper's save attempts (Wyscout records one for every shot on target the keeper faces). */
export const SAVES: readonly number[] = [ACTION.reflexes, ACTION.saveAttempt];

/** The goalkeeper's handling of the ball, where the source says it. */
export const HANDLING: readonly number[] = [MOD.catch, MOD.punch, MOD.drop, MOD.dive];

/** Actions that are a player's touch of the ball (`action.is_touch`, as `events/touches` lists them). */
export const TOUCHES: ReadonlySet<number> = new Set(ACTIONS.filter(([, , touch]) => touch).map(([id]) => id));
