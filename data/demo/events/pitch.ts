import { GOAL_REGION_MOD as R } from '../../../football/codes.ts';
import { MOD } from './codes.ts';

/**
 * The 0-100 pitch of micro-events, always seen by the acting team: it attacks towards x = 100, and
 * y runs from its left touchline (0) to its right (100). The markings are those of a 105 x 68 m
 * pitch scaled to it. Ball heights (z) follow the goal-mouth convention of the big data providers:
 * 0 is the ground, the crossbar is at 38 (so 100 is about 6.4 m).
 */

const PENALTY_AREA_X = 84.29;
export const PENALTY_AREA_Y: readonly [number, number] = [20.35, 79.65];
const GOAL_AREA_X = 94.76;
export const GOAL_AREA_Y: readonly [number, number] = [36.53, 63.47];
export const PENALTY_SPOT: readonly [number, number] = [89.52, 50];
/** The posts, and the height of the crossbar. */
export const POSTS: readonly [number, number] = [44.62, 55.38];
export const CROSSBAR = 38;

/** A point of the pitch. */
export interface Point {
  readonly x: number;
  readonly y: number;
}

/** Keeps a coordinate on the pitch, rounded to two decimals like the providers' data. */
export function clamp(value: number): number {
  return Math.round(Math.min(100, Math.max(0, value)) * 100) / 100;
}

/** The same place seen by the other team (both axes turn round). */
export function flip(point: Point): Point {
  return { x: clamp(100 - point.x), y: clamp(100 - point.y) };
}

/** Whether a point is in the penalty area the team attacks. */
export function inPenaltyArea(point: Point): boolean {
  return point.x >= PENALTY_AREA_X && point.y >= PENALTY_AREA_Y[0] && point.y <= PENALTY_AREA_Y[1];
}

/** Whether a point is in the team's own penalty area. */
export function inOwnPenaltyArea(point: Point): boolean {
  return inPenaltyArea(flip(point));
}

function inGoalArea(point: Point): boolean {
  return point.x >= GOAL_AREA_X && point.y >= GOAL_AREA_Y[0] && point.y <= GOAL_AREA_Y[1];
}

/**
 * The field sector modifiers of a place: always its third (3201-3203); in the penalty area the team
 * attacks also 3204, and in its goal area 3205 as well, so "touches in the box" is one modifier.
 */
export function sectorModifiers(point: Point): number[] {
  const third =
    point.x < 100 / 3 ? MOD.defensiveThird : point.x < 200 / 3 ? MOD.middleThird : MOD.finalThird;
  if (!inPenaltyArea(point)) return [third];
  return inGoalArea(point) ? [third, MOD.penaltyArea, MOD.goalArea] : [third, MOD.penaltyArea];
}

/** Whether a shot's end on the goal line (y, z) is inside the goal mouth. */
export function onTarget(y: number, z: number): boolean {
  return y > POSTS[0] && y < POSTS[1] && z < CROSSBAR;
}

/**
 * The goal region modifier (1201-1223) of a shot's end on the goal line, seen by the shooter:
 * inside the mouth by thirds of its width and height, outside it by side and height, on the frame
 * where it hits (`woodwork`).
 */
export function goalRegion(y: number, z: number, woodwork = false): number {
  const third = (POSTS[1] - POSTS[0]) / 3;
  const side = y < POSTS[0] + third ? 'left' : y > POSTS[1] - third ? 'right' : 'center';
  const height = z < CROSSBAR / 3 ? 'low' : z < (2 * CROSSBAR) / 3 ? 'center' : 'high';
  if (woodwork) {
    if (z >= CROSSBAR - 1)
      return side === 'left'
        ? R.postHighLeft
        : side === 'right'
          ? R.postHighRight
          : R.postHighCenter;
    const low = height === 'low';
    return y < 50
      ? low
        ? R.postLowLeft
        : R.postCenterLeft
      : low
        ? R.postLowRight
        : R.postCenterRight;
  }
  if (onTarget(y, z)) {
    const regions = {
      low: { left: R.goalLowLeft, center: R.goalLowCenter, right: R.goalLowRight },
      center: { left: R.goalCenterLeft, center: R.goalCenter, right: R.goalCenterRight },
      high: { left: R.goalHighLeft, center: R.goalHighCenter, right: R.goalHighRight },
    } as const;
    return regions[height][side];
  }
  if (z >= CROSSBAR)
    return y < POSTS[0] ? R.outHighLeft : y > POSTS[1] ? R.outHighRight : R.outHighCenter;
  const low = z < CROSSBAR / 3;
  return y < 50 ? (low ? R.outLowLeft : R.outCenterLeft) : low ? R.outLowRight : R.outCenterRight;
}
