import { OUTCOME } from '../../../football/codes.ts';
import { ACTION, MOD } from './codes.ts';
import { accuracy, footOf, ground, point, type Draft, type Step } from './drafts.ts';
import { contest } from './duels.ts';
import { flip, type Point } from './pitch.ts';
import { restartWait, type PlayContext } from './play-context.ts';
import { other, type Actor } from './players.ts';

/**
 * Clearances: a defender sends the ball away from his own end, upfield to be fought for, or out of
 * play for a corner or a throw-in.
 */

/** The clearance itself, ending at `end`; `accurate` when it stays in play for a contest. */
type Kick = (end: Point, accurate: boolean) => Draft;

/**
 * A clearance by `actor` from his own end: upfield to a contest, or out for a corner or a throw-in.
 */
export function clearance(
  ctx: PlayContext,
  actor: Actor,
  at: Point,
  header: boolean,
  gap: number,
): Step {
  const { rng } = ctx;
  const body = header ? MOD.headBody : footOf(rng, actor);
  const roll = rng.float(0, 1, 4);
  const kick: Kick = (end, accurate) => ({
    actor,
    at,
    action: ACTION.clearance,
    end: ground(end),
    outcome: accurate ? OUTCOME.accurate : OUTCOME.notAccurate,
    gap,
    modifiers: [body, accuracy(accurate)],
  });
  if (roll < 0.22) return outForCorner(ctx, actor, at, kick);
  if (roll < 0.45) return outForThrowIn(ctx, actor, at, kick);
  return upfield(ctx, actor, at, kick);
}

/** Over the goal line: a corner to the other team, on the side the ball went out. */
function outForCorner(ctx: PlayContext, actor: Actor, at: Point, kick: Kick): Step {
  const { rng } = ctx;
  const end = point(0, at.y < 50 ? rng.float(0, 30) : rng.float(70, 100));
  const corner = flip(end);
  return {
    drafts: [kick(end, false)],
    next: {
      kind: 'dead',
      side: other(actor.side),
      restart: 'corner',
      at: point(100, corner.y < 50 ? 0 : 100),
      wait: restartWait(rng, 'corner'),
    },
  };
}

/** Over the touchline a little way upfield: a throw-in to the other team. */
function outForThrowIn(ctx: PlayContext, actor: Actor, at: Point, kick: Kick): Step {
  const { rng } = ctx;
  const end = point(at.x + rng.float(5, 25), at.y < 50 ? 0 : 100);
  return {
    drafts: [kick(end, false)],
    next: {
      kind: 'dead',
      side: other(actor.side),
      restart: 'throwIn',
      at: flip(end),
      wait: restartWait(rng, 'throwIn'),
    },
  };
}

/** Upfield to around the halfway line, where either team may win the ball in the air. */
function upfield(ctx: PlayContext, actor: Actor, at: Point, kick: Kick): Step {
  const { rng } = ctx;
  const end = point(rng.float(32, 62), at.y + rng.float(-20, 20));
  const after = contest(ctx, actor.side, end, true, 0.45);
  return { drafts: [kick(end, true), ...after.drafts], next: after.next };
}
