/**
 * Position codes of the source -> position ids (reference list). squads.csv has the four generic
 * codes; player_appearances.csv has detailed codes for recent tournaments. A code maps to the list
 * entry that means the same; detailed codes with no exact entry (defensive, attacking, left and
 * right midfielders) map to the generic Midfielder, and second strikers to the generic forward,
 * rather than to a guess.
 */
const POSITION: Record<string, number> = {
  GK: 10, // Goalkeeper
  DF: 11, // Defender
  CB: 12, // Central Defender
  SW: 13, // Libero (sweeper)
  LB: 15, // Left Full-back
  RB: 16, // Right Full-back
  LWB: 18, // Left Wing-back
  RWB: 19, // Right Wing-back
  MF: 20, // Midfielder
  DM: 20,
  AM: 20,
  LM: 20,
  RM: 20,
  CM: 21, // Central Midfielder
  LW: 22, // Left Winger
  RW: 23, // Right Winger
  LF: 24, // Left Forward
  FW: 25, // forward -> Central Forward (the list has no generic forward)
  CF: 25, // Central Forward
  SS: 25, // second striker
  RF: 26, // Right Forward
};

/** The position id of an appearance's position code; throws for an unknown code. */
export function appearancePosition(code: string): number {
  const id = POSITION[code];
  if (id === undefined) throw new Error(`unknown position code "${code}"`);
  return id;
}

/** The position id of a squad's generic position code (GK, DF, MF, FW); NULL for anything else. */
export function squadPosition(code: string): number | null {
  return ['GK', 'DF', 'MF', 'FW'].includes(code) ? POSITION[code]! : null;
}
