import { ACTION, MOD } from '../../reference/event-codes.ts';

/**
 * How the demo's macro facts (cards, fouls) become actions and modifiers, by the readable names of
 * `data/reference/event-codes.ts` (re-exported for the generator).
 */
export { ACTION, MOD };

/** The card modifier of a `card` reference id (1 yellow, 2 second yellow, 3 straight red). */
export const CARD_MODIFIER: Readonly<Record<number, number>> = {
  1: MOD.yellowCard,
  2: MOD.secondYellow,
  3: MOD.redCard,
};

/**
 * The action and foul-type modifier of an offense's `foul` reference id: the foul family action
 * that fits it (a handball is a hand foul, dissent a protest, ...) and the foul type where one
 * applies.
 */
export function foulAction(foul: number | null): { action: number; type: number | null } {
  switch (foul) {
    case 11:
    case 12:
    case 29:
      return { action: ACTION.handFoul, type: MOD.handball };
    case 13:
      return { action: ACTION.foul, type: MOD.holding };
    case 15:
      return { action: ACTION.foul, type: MOD.dangerousPlay };
    case 16:
    case 28:
      return { action: ACTION.foul, type: MOD.tripping };
    case 24:
    case 25:
      return { action: ACTION.violentFoul, type: MOD.dangerousPlay };
    case 18:
      return { action: ACTION.simulation, type: null };
    case 19:
    case 26:
      return { action: ACTION.protest, type: null };
    case 21:
      return { action: ACTION.timeLostFoul, type: null };
    case 14:
    case 17:
    case 22:
    case 23:
    case 27:
      return { action: ACTION.outOfGameFoul, type: null };
    default:
      return { action: ACTION.foul, type: null };
  }
}

/**
 * Whether a foul-family action is a challenge on an opponent in play (the others stop play
 * otherwise).
 */
export function isContactFoul(action: number): boolean {
  return action === ACTION.foul || action === ACTION.handFoul || action === ACTION.violentFoul;
}
