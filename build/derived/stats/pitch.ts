import type { Place } from '../match-model/facts.ts';

/**
 * Where on the pitch a micro-event happened, for the location statistics. Coordinates are the
 * model's (`event.x`, `event.y`, `event_action.x_end`, `event_action.y_end`): 0-100 along and
 * across the pitch, always seen by the acting team, which attacks towards x = 100; y runs from its
 * left touchline (0) to its right (100), as in Wyscout's data.
 *
 * The areas are Wyscout's grid of a normalised pitch (its penalty area is x >= 84, 19 <= y <= 81,
 * its goal area x >= 94, 37 <= y <= 63). They are a little wider than the markings of a real 105 x
 * 68 m pitch scaled to 0-100 (84.3, 20.4-79.6): a point on the painted line counts as inside, as
 * the data providers count it.
 */

/** The penalty area the acting team attacks. */
export const PENALTY_AREA = { fromX: 84, fromY: 19, toY: 81 } as const;
/** The goal area ("six-yard box") the acting team attacks. */
export const GOAL_AREA = { fromX: 94, fromY: 37, toY: 63 } as const;
/** The thirds of the pitch along x: defensive below 33.3, final from 66.7. */
export const THIRDS = [100 / 3, 200 / 3] as const;
/** The halfway line. */
export const HALFWAY = 50;

/**
 * Metres per unit along and across a normalised pitch of 105 x 68 m, to measure passes: a unit of x
 * is longer than a unit of y, so lengths and directions are taken in metres, not in raw units.
 */
export const METRES = { x: 1.05, y: 0.68 } as const;
/**
 * A pass this long or longer is long (about 35 yards, the usual line between short and long
 * passes).
 */
export const LONG_PASS_METRES = 32;

/** Inside the penalty area the acting team attacks; null when the place is unknown. */
export function inPenaltyArea(p: Place): boolean | null {
  return p === null
    ? null
    : p.x >= PENALTY_AREA.fromX && p.y >= PENALTY_AREA.fromY && p.y <= PENALTY_AREA.toY;
}

/** Inside the goal area the acting team attacks; null when the place is unknown. */
export function inGoalArea(p: Place): boolean | null {
  return p === null
    ? null
    : p.x >= GOAL_AREA.fromX && p.y >= GOAL_AREA.fromY && p.y <= GOAL_AREA.toY;
}

/** The third of the pitch (0 defensive, 1 middle, 2 final); null when the place is unknown. */
export function thirdOf(p: Place): 0 | 1 | 2 | null {
  return p === null ? null : p.x < THIRDS[0] ? 0 : p.x < THIRDS[1] ? 1 : 2;
}

/**
 * The same place seen by the other team (both axes turn round): an own goal seen by the scoring
 * side.
 */
export function turned(p: Place): Place {
  return p === null ? null : { x: 100 - p.x, y: 100 - p.y };
}

/** Length of a pass from `a` to `b` in metres; null when either end is unknown. */
export function lengthMetres(a: Place, b: Place): number | null {
  if (a === null || b === null) return null;
  return Math.hypot((b.x - a.x) * METRES.x, (b.y - a.y) * METRES.y);
}

/**
 * Direction of a pass, by the larger of its two components in metres; null when an end is unknown.
 */
export type Direction = 'forward' | 'backward' | 'left' | 'right' | 'none';

/**
 * The direction of a pass from `a` to `b`: forward or backward when it goes further along the pitch
 * than across it, otherwise towards the passer's left (y falling) or right touchline; `none` for a
 * pass that ends where it started.
 */
export function directionOf(a: Place, b: Place): Direction | null {
  if (a === null || b === null) return null;
  const along = (b.x - a.x) * METRES.x;
  const across = (b.y - a.y) * METRES.y;
  if (along === 0 && across === 0) return 'none';
  if (Math.abs(along) > Math.abs(across)) return along > 0 ? 'forward' : 'backward';
  return across < 0 ? 'left' : 'right';
}
