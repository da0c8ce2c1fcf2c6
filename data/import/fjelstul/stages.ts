import { GROUP_ROUND, KNOCKOUT_ROUND, PHASE } from '../../../football/codes.ts';

/** The phase and round of a match, as the `match` columns want them. */
export interface PhaseRound {
  /** Group or knockout (`PHASE`). */
  readonly phase: number;
  readonly group_round: number | null;
  readonly knockout_round: number | null;
}

const group = (round: number): PhaseRound => ({
  phase: PHASE.group,
  group_round: round,
  knockout_round: null,
});
const knockout = (round: number): PhaseRound => ({
  phase: PHASE.knockout,
  group_round: null,
  knockout_round: round,
});

/**
 * Stage names of matches.csv -> phase (2 Group, 3 Knockout) and round (reference lists). The men's
 * and the women's files spell some knockout stages differently (quarter-finals / quarter-final).
 * The group play-off matches of 1954 and 1958 are listed in the source as group-stage matches of
 * their group, and stay so.
 */
const STAGES: Record<string, PhaseRound> = {
  'group stage': group(GROUP_ROUND.groupStage), // the first (or only) group stage
  'second group stage': group(GROUP_ROUND.secondRound), // 1974, 1978, 1982
  'final round': group(GROUP_ROUND.finalRound), // the final group of 1950
  // Also the first knockout round of 1934 and 1938.
  'round of 16': knockout(KNOCKOUT_ROUND.roundOf16),
  'quarter-finals': knockout(KNOCKOUT_ROUND.quarterfinal),
  'quarter-final': knockout(KNOCKOUT_ROUND.quarterfinal),
  'semi-finals': knockout(KNOCKOUT_ROUND.semifinal),
  'semi-final': knockout(KNOCKOUT_ROUND.semifinal),
  'third-place match': knockout(KNOCKOUT_ROUND.thirdPlace), // the project's added id
  final: knockout(KNOCKOUT_ROUND.final),
};

/** The phase and round of a stage name; throws for a stage this importer does not know. */
export function phaseRound(stage: string): PhaseRound {
  const found = STAGES[stage];
  if (!found) throw new Error(`unknown stage name "${stage}" in matches.csv`);
  return found;
}
