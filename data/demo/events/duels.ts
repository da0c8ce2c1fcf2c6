import { OUTCOME } from '../../../football/codes.ts';
import { ACTION, MOD } from './codes.ts';
import { ground, type BallState, type Draft, type Step } from './drafts.ts';
import { flip, type Point } from './pitch.ts';
import { playGap, type PlayContext } from './play-context.ts';
import { other, type Actor, type Side } from './players.ts';

/**
 * Duels: two players' events at the same moment, won by one and lost by the other (as providers
 * record them), the duel a foul ends, and a loose ball either team may win.
 */

/** A duel: both players' events at the same moment, the winner's first. */
export function duel(
  action: number,
  winner: Actor,
  winnerAt: Point,
  loser: Actor,
  loserAction: number,
  gap: number,
  winnerExtra: readonly number[] = [],
  loserExtra: readonly number[] = [],
): Draft[] {
  return [
    {
      actor: winner,
      at: winnerAt,
      action,
      end: null,
      outcome: OUTCOME.accurate,
      gap,
      modifiers: [MOD.won, MOD.accurate, ...winnerExtra],
    },
    {
      actor: loser,
      at: flip(winnerAt),
      action: loserAction,
      end: null,
      outcome: OUTCOME.notAccurate,
      gap: 0,
      modifiers: [MOD.lost, MOD.notAccurate, ...loserExtra],
    },
  ];
}

/**
 * The duel a foul ends, just before it: the player fouled wins it, the fouler loses it (so the
 * statistics can tell who was fouled, as in Wyscout's data).
 */
export function challenge(victim: Actor, victimAt: Point, fouler: Actor, gap: number): Draft[] {
  return duel(
    ACTION.groundAttackingDuel,
    victim,
    victimAt,
    fouler,
    ACTION.groundDefendingDuel,
    gap,
  );
}

/**
 * A loose ball at `at` (in `side`'s view) that either team may win, in the air or on the ground.
 */
export function contest(
  ctx: PlayContext,
  side: Side,
  at: Point,
  aerial: boolean,
  sideOdds = 0.5,
): Step {
  const { rng, squads } = ctx;
  const winnerSide = rng.chance(sideOdds) ? side : other(side);
  const winnerAt = winnerSide === side ? at : flip(at);
  const winner = squads.near(rng, winnerSide, winnerAt, { outfield: true });
  const loser = squads.near(rng, other(winnerSide), flip(winnerAt), { outfield: true });
  const next: BallState = { kind: 'play', side: winnerSide, holder: winner, at: winnerAt, aerial };
  // Often no one challenges: the winner just gathers the ball.
  if (rng.chance(0.5)) {
    return {
      drafts: [
        {
          actor: winner,
          at: winnerAt,
          action: ACTION.touch,
          end: ground(winnerAt),
          outcome: OUTCOME.accurate,
          gap: playGap(ctx),
          modifiers: [],
        },
      ],
      next,
    };
  }
  const action = aerial ? ACTION.airDuel : ACTION.looseBallDuel;
  return { drafts: duel(action, winner, winnerAt, loser, action, playGap(ctx)), next };
}
