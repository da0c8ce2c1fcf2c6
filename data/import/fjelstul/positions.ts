import { POSITION } from '../../../football/codes.ts';

/**
 * Position codes of the source -> position ids (reference list). squads.csv has the four generic
 * codes; player_appearances.csv has detailed codes for recent tournaments. A code maps to the list
 * entry that means the same; detailed codes with no exact entry (defensive, attacking, left and
 * right midfielders) map to the generic Midfielder, and second strikers to the generic forward,
 * rather than to a guess.
 */
const POSITION_OF_CODE: Record<string, number> = {
  GK: POSITION.goalkeeper,
  DF: POSITION.defender,
  CB: POSITION.centralDefender,
  SW: POSITION.libero, // sweeper
  LB: POSITION.leftFullBack,
  RB: POSITION.rightFullBack,
  LWB: POSITION.leftWingBack,
  RWB: POSITION.rightWingBack,
  MF: POSITION.midfielder,
  DM: POSITION.midfielder,
  AM: POSITION.midfielder,
  LM: POSITION.midfielder,
  RM: POSITION.midfielder,
  CM: POSITION.centralMidfielder,
  LW: POSITION.leftWinger,
  RW: POSITION.rightWinger,
  LF: POSITION.leftForward,
  FW: POSITION.centralForward, // forward: the list has no generic forward
  CF: POSITION.centralForward,
  SS: POSITION.centralForward, // second striker
  RF: POSITION.rightForward,
};

/** The position id of an appearance's position code; throws for an unknown code. */
export function appearancePosition(code: string): number {
  const id = POSITION_OF_CODE[code];
  if (id === undefined) throw new Error(`unknown position code "${code}"`);
  return id;
}

/** The position id of a squad's generic position code (GK, DF, MF, FW); NULL for anything else. */
export function squadPosition(code: string): number | null {
  return ['GK', 'DF', 'MF', 'FW'].includes(code) ? POSITION_OF_CODE[code]! : null;
}
