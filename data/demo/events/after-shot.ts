import { OUTCOME } from '../../../football/codes.ts';
import { ACTION, MOD } from './codes.ts';
import { ground, inField, point, type Draft, type ShotEnd, type Step } from './drafts.ts';
import { clearance } from './clearance.ts';
import { contest } from './duels.ts';
import { flip, type Point } from './pitch.ts';
import { restartWait, type PlayContext } from './play-context.ts';
import { other } from './players.ts';

/**
 * Shots that do not score, and what providers record after each: the goal kick, the blocker's
 * touch or clearance, the loose ball off the woodwork, the goalkeeper's save.
 */

/**
 * What follows a shot that did not score: a corner, a goal kick, the goalkeeper's save (and his
 * catch, punch or parry), or a loose ball in the box.
 */
export function afterShot(ctx: PlayContext, shot: Draft, how: Exclude<ShotEnd, 'goal'>): Step {
  const { rng } = ctx;
  const side = shot.actor.side;
  switch (how) {
    case 'offTarget':
      return {
        drafts: [],
        next: {
          kind: 'dead',
          side: other(side),
          restart: 'goalKick',
          at: point(5.2, rng.float(38, 62)),
          wait: restartWait(rng, 'goalKick'),
        },
      };
    case 'blocked':
      return blocked(ctx, shot);
    case 'woodwork':
      return contest(ctx, side, point(rng.float(86, 95), rng.float(35, 65)), rng.chance(0.4), 0.45);
    case 'saved':
      return saved(ctx, shot);
    default:
      return how satisfies never;
  }
}

/**
 * A blocked shot: the blocker's touch or clearance comes next, as providers record a block; after a
 * touch the ball is loose near him.
 */
function blocked(ctx: PlayContext, shot: Draft): Step {
  const { rng, squads } = ctx;
  const spot = flip(shot.end!);
  const blocker = squads.near(rng, other(shot.actor.side), spot, { outfield: true });
  if (rng.chance(0.5)) return clearance(ctx, blocker, spot, false, 0.3);
  const after = contest(
    ctx,
    blocker.side,
    inField(spot.x + rng.float(1, 6), spot.y + rng.float(-6, 6)),
    false,
    0.55,
  );
  return {
    drafts: [
      {
        actor: blocker,
        at: spot,
        action: ACTION.touch,
        end: ground(spot),
        outcome: null,
        gap: 0.3,
        modifiers: [],
      },
      ...after.drafts,
    ],
    next: after.next,
  };
}

/**
 * A save: reflexes to a shot from close in, otherwise a save attempt. The goalkeeper catches the
 * ball, or punches or parries it out for a corner or loose in his box.
 */
function saved(ctx: PlayContext, shot: Draft): Step {
  const { rng, squads } = ctx;
  const end = shot.end!;
  const keeper = squads.keeper(other(shot.actor.side));
  const at = flip(point(Math.min(end.x, 99), end.y));
  const action = shot.at.x > 90 ? ACTION.reflexes : ACTION.saveAttempt;
  const roll = rng.float(0, 1, 4);
  const how = roll < 0.55 ? MOD.catch : roll < 0.8 ? MOD.punch : MOD.dive;
  const save = (ballEnd: Point, modifier: number): Draft => ({
    actor: keeper,
    at,
    action,
    end: ground(ballEnd),
    outcome: OUTCOME.accurate,
    gap: 0.5,
    modifiers: [MOD.accurate, modifier],
  });
  if (how === MOD.catch) {
    return {
      drafts: [save(point(at.x + 1, at.y), MOD.catch)],
      next: { kind: 'play', side: keeper.side, holder: keeper, at: point(at.x + 3, at.y) },
    };
  }
  if (rng.chance(0.55)) {
    const out = point(0, at.y < 50 ? rng.float(20, 40) : rng.float(60, 80));
    return {
      drafts: [save(out, how)],
      next: {
        kind: 'dead',
        side: shot.actor.side,
        restart: 'corner',
        at: point(100, out.y < 50 ? 100 : 0),
        wait: restartWait(rng, 'corner'),
      },
    };
  }
  const loose = point(rng.float(6, 16), at.y + rng.float(-15, 15));
  const after = contest(ctx, keeper.side, loose, false, 0.55);
  return { drafts: [save(loose, how), ...after.drafts], next: after.next };
}
