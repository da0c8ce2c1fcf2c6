import { OUTCOME } from '../../../football/codes.ts';
import type { Rng } from '../random.ts';
import { MOD } from './codes.ts';
import { clamp, CROSSBAR, goalRegion, inPenaltyArea, POSTS, type Point } from './pitch.ts';
import type { Actor, Side } from './players.ts';

/**
 * A micro-event before it has a time: who acts, where (in the actor's team's view), the action,
 * where the ball ends (touches only), whether it came off, its modifiers, and how long after the
 * previous event it happens. The field sector modifiers are added when it is written.
 */
export interface Draft {
  readonly actor: Actor;
  readonly at: Point;
  readonly action: number;
  /**
   * The ball's end position: on touches, null otherwise; `z` only where the height means something.
   */
  readonly end: (Point & { readonly z: number | null }) | null;
  /**
   * 1 the action came off (accurate pass, duel won, save made), 0 it did not, null when neither
   * applies.
   */
  readonly outcome: (typeof OUTCOME)[keyof typeof OUTCOME] | null;
  readonly modifiers: readonly number[];
  /** Seconds after the previous event (0: at the same moment, the other half of a duel). */
  readonly gap: number;
}

/** What happens next: a player has the ball, or play waits for a restart. */
export type BallState =
  | {
      readonly kind: 'play';
      readonly side: Side;
      readonly holder: Actor;
      readonly at: Point;
      readonly aerial?: boolean;
    }
  | {
      readonly kind: 'dead';
      readonly side: Side;
      readonly restart: Restart;
      readonly at: Point;
      readonly wait: number;
    };

/** The ways play restarts. */
type Restart = 'kickoff' | 'throwIn' | 'goalKick' | 'corner' | 'freeKick' | 'indirectFreeKick';

/** A stretch of play: its events in order and the state it leaves. */
export interface Step {
  readonly drafts: readonly Draft[];
  readonly next: BallState;
}

/** A point on the pitch (clamped). */
export function point(x: number, y: number): Point {
  return { x: clamp(x), y: clamp(y) };
}

/** Where play towards the goal line starts to slow down, and the x it never reaches. */
const SLOWING = 88;
const REACH = 98.5;

/**
 * A point where the ball is still in play: off the lines, so carries and passes stop short of them.
 * Towards the goal line an x past SLOWING comes ever closer to REACH without reaching it: a plain
 * clamp would put every carry and pass that runs on too far on one x next to the line, and the
 * shots taken from there with them.
 */
export function inField(x: number, y: number): Point {
  const depth = REACH - SLOWING;
  const upfield = x <= SLOWING ? x : SLOWING + depth * (1 - Math.exp((SLOWING - x) / depth));
  return point(Math.max(1, upfield), Math.min(99, Math.max(1, y)));
}

/** A touch ending on the ground at a point. */
export function ground(end: Point): Draft['end'] {
  return { x: clamp(end.x), y: clamp(end.y), z: null };
}

/** The accurate / not accurate modifier of an outcome. */
export function accuracy(ok: boolean): number {
  return ok ? MOD.accurate : MOD.notAccurate;
}

/**
 * The body part modifier of a kick with a player's stronger foot, or his other one now and then.
 */
export function footOf(rng: Rng, actor: Actor): number {
  const strong = actor.foot === 'left' ? MOD.leftFoot : MOD.rightFoot;
  const weak = actor.foot === 'left' ? MOD.rightFoot : MOD.leftFoot;
  return rng.chance(0.8) ? strong : weak;
}

/** How a shot ends. */
export type ShotEnd = 'goal' | 'saved' | 'offTarget' | 'woodwork' | 'blocked';

/** Where a shot crosses the goal line (y, z) for each way it can end. */
function goalLine(
  rng: Rng,
  end: Exclude<ShotEnd, 'blocked'>,
  header: boolean,
): { y: number; z: number } {
  const top = header ? CROSSBAR * 0.8 : CROSSBAR - 1.5;
  switch (end) {
    case 'goal':
    case 'saved':
      return { y: rng.float(POSTS[0] + 0.3, POSTS[1] - 0.3), z: rng.float(0.5, top) };
    case 'woodwork':
      return rng.chance(0.25)
        ? { y: rng.float(POSTS[0] + 0.5, POSTS[1] - 0.5), z: CROSSBAR }
        : { y: rng.chance(0.5) ? POSTS[0] : POSTS[1], z: rng.float(1, CROSSBAR - 2) };
    case 'offTarget': {
      if (rng.chance(0.45))
        return { y: rng.float(POSTS[0] - 3, POSTS[1] + 3), z: rng.float(CROSSBAR + 1, 75) };
      const y = rng.chance(0.5)
        ? rng.float(POSTS[0] - 12, POSTS[0] - 0.3)
        : rng.float(POSTS[1] + 0.3, POSTS[1] + 12);
      return { y, z: rng.float(0.5, CROSSBAR + 8) };
    }
  }
}

/**
 * A shot-like action (shot, free kick shot, penalty) by `actor` from `at`, ending as told (on the
 * goal line at `line` when given): its end position, outcome and modifiers (body part, accuracy =
 * on target, goal region, shot outcome, distance).
 */
export function shotDraft(
  rng: Rng,
  actor: Actor,
  at: Point,
  action: number,
  how: ShotEnd,
  bodyPart: number,
  gap: number,
  extra: readonly number[] = [],
  line?: { readonly y: number; readonly z: number },
): Draft {
  const header = bodyPart === MOD.headBody;
  const distance = inPenaltyArea(at) ? MOD.insideBox : MOD.outsideBox;
  if (how === 'blocked') {
    const end = point(at.x + rng.float(1, 4), at.y + rng.float(-3, 3));
    return {
      actor,
      at,
      action,
      end: ground(end),
      outcome: OUTCOME.notAccurate,
      gap,
      modifiers: [bodyPart, MOD.notAccurate, MOD.blocked, distance, ...extra],
    };
  }
  const { y, z: height } = line ?? goalLine(rng, how, header);
  const target = how === 'goal' || how === 'saved';
  const outcomeModifier =
    how === 'goal'
      ? MOD.goal
      : how === 'saved'
        ? MOD.saved
        : how === 'woodwork'
          ? MOD.woodwork
          : MOD.offTarget;
  const z = Math.round(height * 100) / 100;
  return {
    actor,
    at,
    action,
    end: { x: 100, y: clamp(y), z },
    outcome: target ? OUTCOME.accurate : OUTCOME.notAccurate,
    gap,
    modifiers: [
      bodyPart,
      accuracy(target),
      outcomeModifier,
      goalRegion(y, z, how === 'woodwork'),
      distance,
      ...extra,
    ],
  };
}
