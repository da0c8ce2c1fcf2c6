import { CARD, FOUL } from '../../../football/codes.ts';
import { ACTION, MOD } from '../../../football/event-codes.ts';

/**
 * How the demo's macro facts (cards, fouls) become actions and modifiers, by the readable names of
 * `football/event-codes.ts` (re-exported for the generator).
 */
export { ACTION, MOD };

/** The card modifier of a `card` reference id (1 yellow, 2 second yellow, 3 straight red). */
export const CARD_MODIFIER: Readonly<Record<number, number>> = {
  [CARD.yellow]: MOD.yellowCard,
  [CARD.secondYellow]: MOD.secondYellow,
  [CARD.red]: MOD.redCard,
};

/**
 * The action and foul-type modifier of an offense's `foul` reference id: the foul family action
 * that fits it (a handball is a hand foul, dissent a protest, ...) and the foul type where one
 * applies.
 */
export function foulAction(foul: number | null): { action: number; type: number | null } {
  switch (foul) {
    case FOUL.handball:
    case FOUL.intentionalHandball:
    case FOUL.handballDenyingChance:
      return { action: ACTION.handFoul, type: MOD.handball };
    case FOUL.holding:
      return { action: ACTION.foul, type: MOD.holding };
    case FOUL.dangerousPlay:
      return { action: ACTION.foul, type: MOD.dangerousPlay };
    case FOUL.recklessChallenge:
    case FOUL.professionalFoul:
      return { action: ACTION.foul, type: MOD.tripping };
    case FOUL.seriousFoulPlay:
    case FOUL.violentConduct:
      return { action: ACTION.violentFoul, type: MOD.dangerousPlay };
    case FOUL.simulation:
      return { action: ACTION.simulation, type: null };
    case FOUL.dissent:
    case FOUL.abusiveLanguage:
      return { action: ACTION.protest, type: null };
    case FOUL.delayingRestart:
      return { action: ACTION.timeLostFoul, type: null };
    case FOUL.offTheBall:
    case FOUL.celebration:
    case FOUL.encroachment:
    case FOUL.unauthorizedEntry:
    case FOUL.spitting:
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
