import { OUTCOME } from '../../../football/codes.ts';
import { afterShot } from './after-shot.ts';
import { ACTION, MOD } from './codes.ts';
import { footOf, ground, inField, point, shotDraft, type BallState, type Step } from './drafts.ts';
import { contest } from './duels.ts';
import { pass } from './passes.ts';
import { inPenaltyArea } from './pitch.ts';
import type { PlayContext } from './play-context.ts';

/**
 * Restarts: kick-offs, throw-ins, goal kicks, corners and free kicks (a direct free kick near the
 * box is sometimes shot, one out wide crossed). Each is the first event after a stoppage, `wait`
 * seconds after the last one.
 */

type Dead = Extract<BallState, { kind: 'dead' }>;

/** The restart due, taken by the player who would take it, and what comes of it. */
export function restart(
  ctx: PlayContext,
  state: Dead,
  options: { forceAccurate?: boolean } = {},
): Step {
  const forceAccurate = options.forceAccurate ?? false;
  switch (state.restart) {
    case 'kickoff':
      return kickoff(ctx, state);
    case 'throwIn':
      return throwIn(ctx, state, forceAccurate);
    case 'goalKick':
      return goalKick(ctx, state, forceAccurate);
    case 'corner':
      return corner(ctx, state, forceAccurate);
    case 'freeKick':
    case 'indirectFreeKick':
      return freeKick(ctx, state, forceAccurate);
    default:
      return state.restart satisfies never;
  }
}

/** A kick-off: a forward or midfielder plays the ball back into his own half. */
function kickoff(ctx: PlayContext, { side, wait }: Dead): Step {
  const { rng, squads } = ctx;
  const taker = squads.fromLines(rng, side, ['fwd', 'mid']);
  return pass(ctx, taker, point(50, 50), ACTION.simplePass, wait, {
    target: inField(rng.float(38, 47), rng.float(35, 65)),
    forceAccurate: true,
  });
}

/** A throw-in by the nearest outfield player, down the same touchline. */
function throwIn(ctx: PlayContext, { side, at, wait }: Dead, forceAccurate: boolean): Step {
  const { rng, squads } = ctx;
  const taker = squads.near(rng, side, at, { outfield: true });
  const target = inField(
    at.x + rng.float(-6, 14),
    at.y < 50 ? rng.float(6, 22) : rng.float(78, 94),
  );
  return pass(ctx, taker, at, ACTION.throwIn, wait, { target, forceAccurate, success: 0.86 });
}

/** A goal kick: played short to a defender, or launched upfield to be fought for. */
function goalKick(ctx: PlayContext, { side, at, wait }: Dead, forceAccurate: boolean): Step {
  const { rng, squads } = ctx;
  const keeper = squads.keeper(side);
  if (forceAccurate || rng.chance(0.4)) {
    return pass(ctx, keeper, at, ACTION.goalKick, wait, {
      target: inField(rng.float(12, 26), rng.float(10, 90)),
      forceAccurate: true,
    });
  }
  const landing = inField(rng.float(45, 68), rng.float(20, 80));
  const after = contest(ctx, side, landing, true, 0.5);
  const won = after.next.kind === 'play' && after.next.side === side;
  return {
    drafts: [
      {
        actor: keeper,
        at,
        action: ACTION.goalKick,
        end: ground(landing),
        outcome: won ? OUTCOME.accurate : OUTCOME.notAccurate,
        gap: wait,
        modifiers: [won ? MOD.accurate : MOD.notAccurate],
      },
      ...after.drafts,
    ],
    next: after.next,
  };
}

/** A corner: now and then played short, otherwise crossed into the box. */
function corner(ctx: PlayContext, { side, at, wait }: Dead, forceAccurate: boolean): Step {
  const { rng, squads } = ctx;
  const taker = squads.fromLines(rng, side, ['mid', 'fwd']);
  const spot = point(99.5, at.y < 50 ? 0.5 : 99.5);
  if (rng.chance(0.15)) {
    return pass(ctx, taker, spot, ACTION.corner, wait, {
      target: inField(rng.float(86, 95), at.y < 50 ? rng.float(8, 22) : rng.float(78, 92)),
      forceAccurate: true,
    });
  }
  return pass(ctx, taker, spot, ACTION.corner, wait, {
    target: inField(rng.float(88, 97), rng.float(36, 64)),
    forceAccurate,
    success: 0.33,
  });
}

/**
 * A free kick: a direct one near the box, in front of goal, is sometimes shot; one out wide in the
 * other half is crossed; any other is passed on.
 */
function freeKick(ctx: PlayContext, state: Dead, forceAccurate: boolean): Step {
  const { rng, squads } = ctx;
  const { side, at, wait } = state;
  const direct = state.restart === 'freeKick';
  const kind = direct ? MOD.direct : MOD.indirect;
  const taker = squads.near(rng, side, at, { outfield: at.x > 20 });
  if (
    !forceAccurate &&
    direct &&
    at.x > 70 &&
    Math.abs(at.y - 50) < 22 &&
    !inPenaltyArea(at) &&
    rng.chance(0.3)
  ) {
    const how = rng.weighted([
      ['blocked', 3],
      ['offTarget', 4],
      ['saved', 3],
      ['woodwork', 0.3],
    ] as const);
    const shot = shotDraft(rng, taker, at, ACTION.freeKickShot, how, footOf(rng, taker), wait, [
      kind,
    ]);
    const after = afterShot(ctx, shot, how);
    return { drafts: [shot, ...after.drafts], next: after.next };
  }
  if (at.x > 64 && Math.abs(at.y - 50) >= 22) {
    return pass(ctx, taker, at, ACTION.freeKickCross, wait, {
      target: inField(rng.float(86, 96), rng.float(34, 66)),
      forceAccurate,
      success: 0.35,
      extra: [kind],
    });
  }
  return pass(ctx, taker, at, ACTION.freeKick, wait, {
    target: inField(at.x + rng.float(-5, 25), at.y + rng.float(-25, 25)),
    forceAccurate,
    extra: [kind],
  });
}
