import { ACTION, MOD } from './event-codes.ts';
import { ACTIONS } from './events.ts';

/**
 * The action and modifier families the statistics rules read, by the readable names of
 * `football/event-codes.ts` (re-exported for the rules).
 */
export { ACTION, MOD };

/** Goal-region modifiers of a shot's end: in the goal mouth, wide or high of it, on the frame. */
export const GOAL_REGION = { inGoal: [1201, 1209], out: [1210, 1216], post: [1217, 1223] } as const;

/** Shots: open-play shots, direct free-kick shots and penalty kicks. */
export const SHOTS: readonly number[] = [ACTION.shot, ACTION.freeKickShot, ACTION.penalty];

/**
 * Passes: Wyscout's pass family (crosses included) and the set pieces that are passed (corners,
 * free kicks, free-kick crosses). Goal kicks are goalkeeper distribution and throw-ins a statistic
 * of their own, as in the usual pass counts.
 */
export const PASSES: readonly number[] = [
  ACTION.cross,
  ACTION.handPass,
  ACTION.headPass,
  ACTION.highPass,
  ACTION.launch,
  ACTION.simplePass,
  ACTION.smartPass,
  ACTION.corner,
  ACTION.freeKick,
  ACTION.freeKickCross,
];

/**
 * Crosses: open-play crosses, free-kick crosses, and corners (a corner counts when it is played
 * into the box).
 */
export const CROSSES: readonly number[] = [ACTION.cross, ACTION.freeKickCross, ACTION.corner];

/** Set pieces (restarts): corners, free kicks of every kind, goal kicks, penalties, throw-ins. */
export const SET_PIECES: readonly number[] = [30, 31, 32, 33, 34, 35, 36];

/** Duels: aerial, and the three ground duels. */
export const DUELS: readonly number[] = [
  ACTION.airDuel,
  ACTION.groundAttackingDuel,
  ACTION.groundDefendingDuel,
  ACTION.looseBallDuel,
];

/**
 * Fouls that give the other side a free kick: the foul family without protests and time wasting,
 * which are misconduct rather than fouls.
 */
export const FOULS_COMMITTED: readonly number[] = [
  ACTION.foul,
  ACTION.handFoul,
  ACTION.lateCardFoul,
  ACTION.outOfGameFoul,
  ACTION.simulation,
  ACTION.violentFoul,
];

/** Fouls committed on an opponent (a handball or a simulation has no victim). */
export const FOULS_ON_A_PLAYER: readonly number[] = [
  ACTION.foul,
  ACTION.lateCardFoul,
  ACTION.outOfGameFoul,
  ACTION.violentFoul,
];

/** A goalkeeper's save attempts (Wyscout records one for every shot on target the keeper faces). */
export const SAVES: readonly number[] = [ACTION.reflexes, ACTION.saveAttempt];

/** The goalkeeper's handling of the ball, where the source says it. */
export const HANDLING: readonly number[] = [MOD.catch, MOD.punch, MOD.drop, MOD.dive];

/**
 * Actions that are a player's touch of the ball (`action.is_touch`, as `events/touches` lists
 * them).
 */
export const TOUCHES: ReadonlySet<number> = new Set(
  ACTIONS.filter(([, , touch]) => touch).map(([id]) => id),
);
