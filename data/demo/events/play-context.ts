import type { Rng } from '../random.ts';
import type { BallState } from './drafts.ts';
import type { Squads } from './players.ts';

/**
 * What every stretch of play is played with (the random stream, the players on the pitch, the pace
 * of the match) and how long play takes: the seconds between events, and before a restart.
 */

/** What every step needs: the random stream, the players, and the pace of the match. */
export interface PlayContext {
  readonly rng: Rng;
  readonly squads: Squads;
  /** Multiplies the seconds between events in play (1 = the usual pace). */
  readonly tempo: number;
}

/** Seconds between two events in play. */
export function playGap(ctx: PlayContext): number {
  // Slower than the real game's two or three seconds: the demo keeps about half the events a
  // provider records (no carries between passes), so a match has hundreds of events, not thousands.
  return ctx.rng.float(4.5, 11) * ctx.tempo;
}

/** Seconds before a restart is taken. */
export function restartWait(
  rng: Rng,
  restart: Extract<BallState, { kind: 'dead' }>['restart'],
): number {
  switch (restart) {
    case 'throwIn':
      return rng.float(10, 24);
    case 'goalKick':
      return rng.float(18, 34);
    case 'corner':
      return rng.float(22, 40);
    case 'kickoff':
      return rng.float(40, 75);
    default:
      return rng.float(20, 45);
  }
}
