import { OUTCOME } from '../../../football/codes.ts';
import type { Rng } from '../random.ts';
import { ACTION, MOD } from './codes.ts';
import { accuracy, ground, inField, point, type Draft, type Step } from './drafts.ts';
import { clearance } from './clearance.ts';
import { duel } from './duels.ts';
import { flip, inOwnPenaltyArea, inPenaltyArea, type Point } from './pitch.ts';
import { restartWait, type PlayContext } from './play-context.ts';
import { other, type Actor } from './players.ts';

/**
 * Passes, and every restart played like one: where each kind goes, how often it reaches a
 * team-mate, and what becomes of it when it does not (out of play, lost in the air, cut out).
 */

/** Where a pass of each kind goes from `at`. */
function passTarget(rng: Rng, at: Point, action: number): Point {
  switch (action) {
    case ACTION.cross:
      return inField(rng.float(86, 97), rng.float(32, 68));
    case ACTION.highPass:
      return inField(at.x + rng.float(12, 38), at.y + rng.float(-35, 35));
    case ACTION.launch:
      return inField(at.x + rng.float(30, 55), rng.float(15, 85));
    case ACTION.smartPass:
      return inField(Math.max(at.x + 10, rng.float(72, 94)), at.y + rng.float(-25, 25));
    case ACTION.headPass:
      return inField(at.x + rng.float(-10, 15), at.y + rng.float(-15, 15));
    case ACTION.handPass:
      return inField(rng.float(12, 30), rng.float(10, 90));
    default:
      return inField(at.x + rng.float(-9, 16), at.y + rng.float(-20, 20));
  }
}

/** How often each kind of pass reaches a team-mate. */
function passSuccess(action: number, at: Point): number {
  switch (action) {
    case ACTION.cross:
      return 0.3;
    case ACTION.highPass:
      return 0.58;
    case ACTION.launch:
      return 0.42;
    case ACTION.smartPass:
      return 0.45;
    case ACTION.headPass:
      return 0.55;
    case ACTION.handPass:
      return 0.97;
    default:
      return at.x > 70 ? 0.76 : 0.88;
  }
}

/** Balls played in the air: corners only when they are played into the box. */
const AERIAL = new Set<number>([
  ACTION.cross,
  ACTION.highPass,
  ACTION.launch,
  ACTION.freeKickCross,
  ACTION.corner,
]);

/** What `pass` may be told: where the ball goes and to whom, and whether it must arrive. */
export interface PassOptions {
  target?: Point;
  receiver?: Actor;
  /** The pass reaches the receiver, never caught offside or challenged (scripts use it). */
  forceAccurate?: boolean;
  /** Modifiers added to the pass (a free kick's direct or indirect, ...). */
  extra?: readonly number[];
  /** The chance it reaches a team-mate, instead of the usual one for its kind. */
  success?: number;
}

/** A pass being played: who plays it where, to whom, and the pass event ending at a point. */
interface PassPlay {
  readonly ctx: PlayContext;
  readonly holder: Actor;
  readonly at: Point;
  readonly action: number;
  readonly target: Point;
  readonly receiver: Actor;
  readonly aerial: boolean;
  /** The pass event, accurate or not, ending at `end`, with any further modifiers. */
  readonly made: (accurate: boolean, end: Point, more?: readonly number[]) => Draft;
}

/**
 * A pass (or any restart played like one) from the holder: to a team-mate, caught offside, cut out,
 * lost in the air or out of play. `forceAccurate` makes it reach a team-mate (scripts use it).
 */
export function pass(
  ctx: PlayContext,
  holder: Actor,
  at: Point,
  action: number,
  gap: number,
  options: PassOptions = {},
): Step {
  const { rng, squads } = ctx;
  const target = options.target ?? passTarget(rng, at, action);
  const receiver =
    options.receiver ??
    squads.near(rng, holder.side, target, { exclude: holder, outfield: target.x > 25 });
  const aerial = AERIAL.has(action) && (action !== ACTION.corner || inPenaltyArea(target));
  const extra = [
    ...(action === ACTION.headPass ? [MOD.headBody] : []),
    ...(aerial ? [MOD.high] : []),
    ...(options.extra ?? []),
  ];
  const ok = options.forceAccurate || rng.chance(options.success ?? passSuccess(action, at));
  const p: PassPlay = {
    ctx,
    holder,
    at,
    action,
    target,
    receiver,
    aerial,
    made: (accurate, end, more = []) => ({
      actor: holder,
      at,
      action,
      end: ground(end),
      outcome: accurate ? OUTCOME.accurate : OUTCOME.notAccurate,
      gap,
      modifiers: [...extra, accuracy(accurate), ...more],
    }),
  };
  return ok ? arrives(p, options.forceAccurate ?? false) : goesAstray(p);
}

/**
 * A pass that reaches its man: now and then a ball in behind finds him offside, and a ball in the
 * air is often contested as it arrives.
 */
function arrives(p: PassPlay, forced: boolean): Step {
  const { ctx, action, target, receiver, aerial } = p;
  const { rng, squads } = ctx;
  const side = p.holder.side;
  if (
    !forced &&
    (action === ACTION.smartPass || action === ACTION.highPass) &&
    target.x > 75 &&
    rng.chance(0.1)
  )
    return offside(p);
  const drafts = [p.made(true, target, action === ACTION.smartPass ? [MOD.through] : [])];
  if (aerial && !forced && rng.chance(0.4)) {
    const defender = squads.near(rng, other(side), flip(target), { outfield: true });
    drafts.push(...duel(ACTION.airDuel, receiver, target, defender, ACTION.airDuel, 0.6));
  }
  return { drafts, next: { kind: 'play', side, holder: receiver, at: target, aerial } };
}

/** The receiver is caught offside: an indirect free kick to the other team where he stood. */
function offside(p: PassPlay): Step {
  const { ctx, target, receiver } = p;
  return {
    drafts: [
      p.made(false, target),
      {
        actor: receiver,
        at: target,
        action: ACTION.offside,
        end: null,
        outcome: null,
        gap: 0.4,
        modifiers: [],
      },
    ],
    next: {
      kind: 'dead',
      side: other(p.holder.side),
      restart: 'indirectFreeKick',
      at: flip(target),
      wait: restartWait(ctx.rng, 'indirectFreeKick'),
    },
  };
}

/**
 * A pass that misses its man. Long balls near a line often go out; the rest are won by the other
 * team, in the air or cut out.
 */
function goesAstray(p: PassPlay): Step {
  const { ctx, action, target, aerial } = p;
  const { rng } = ctx;
  if (
    ((target.y < 12 || target.y > 88) && rng.chance(0.6)) ||
    (action === ACTION.launch && rng.chance(0.15))
  )
    return outForThrowIn(p);
  if (aerial && target.x > 97 - (action === ACTION.cross ? 0 : 6) && rng.chance(0.3))
    return outForGoalKick(p);
  if (aerial) return lostInTheAir(p);
  return cutOut(p);
}

/** Over the touchline: a throw-in to the other team. */
function outForThrowIn(p: PassPlay): Step {
  const end = point(p.target.x, p.target.y < 50 ? 0 : 100);
  return {
    drafts: [p.made(false, end)],
    next: {
      kind: 'dead',
      side: other(p.holder.side),
      restart: 'throwIn',
      at: flip(end),
      wait: restartWait(p.ctx.rng, 'throwIn'),
    },
  };
}

/** Over the goal line: a goal kick to the other team. */
function outForGoalKick(p: PassPlay): Step {
  const { rng } = p.ctx;
  const end = point(100, p.target.y);
  return {
    drafts: [p.made(false, end)],
    next: {
      kind: 'dead',
      side: other(p.holder.side),
      restart: 'goalKick',
      at: point(5.2, rng.float(38, 62)),
      wait: restartWait(rng, 'goalKick'),
    },
  };
}

/** A defender wins the ball in the air, and heads it clear when it is in his own box. */
function lostInTheAir(p: PassPlay): Step {
  const { ctx, target, receiver } = p;
  const { rng, squads } = ctx;
  const side = p.holder.side;
  const defender = squads.near(rng, other(side), flip(target), { outfield: true });
  const drafts = [
    p.made(false, target),
    ...duel(ACTION.airDuel, defender, flip(target), receiver, ACTION.airDuel, 0.6),
  ];
  if (inOwnPenaltyArea(flip(target))) {
    const cleared = clearance(ctx, defender, flip(target), true, 0.5);
    return { drafts: [...drafts, ...cleared.drafts], next: cleared.next };
  }
  return {
    drafts,
    next: { kind: 'play', side: other(side), holder: defender, at: flip(target), aerial: true },
  };
}

/** A ground pass intercepted on its way by a defender, who brings the ball under control. */
function cutOut(p: PassPlay): Step {
  const { ctx, at, target } = p;
  const { rng, squads } = ctx;
  const cut = point(
    at.x + (target.x - at.x) * rng.float(0.3, 0.9),
    at.y + (target.y - at.y) * rng.float(0.3, 0.9),
  );
  const spot = flip(cut);
  const defender = squads.near(rng, other(p.holder.side), spot);
  const control = inField(spot.x + rng.float(-2, 4), spot.y + rng.float(-3, 3));
  return {
    drafts: [
      p.made(false, cut),
      {
        actor: defender,
        at: spot,
        action: ACTION.touch,
        end: ground(control),
        outcome: OUTCOME.accurate,
        gap: 0.8,
        modifiers: [MOD.interception],
      },
    ],
    next: { kind: 'play', side: other(p.holder.side), holder: defender, at: control },
  };
}
