import { GROUP_ROUND, KNOCKOUT_ROUND, PHASE } from '../../../football/codes.ts';

/** The phase, round and group of a match, as the `match` columns want them. */
export interface Stage {
  /** Group or knockout (`PHASE`). */
  readonly phase: number;
  readonly group_round: number | null;
  readonly group_name: string | null;
  readonly knockout_round: number | null;
}

const { groupStage: GROUP_STAGE, secondRound: SECOND_ROUND, finalRound: FINAL_ROUND } = GROUP_ROUND;

/**
 * Knockout rounds by the file's round name (lower case, ", Replays" dropped: a replay is a match of
 * its round, as in Fjelstul). The files spell rounds differently from year to year. The first
 * knockout round of 1934 ("Preliminary round") and of 1938 ("First round", no group) had 16 teams:
 * Round of 16, as Fjelstul has them.
 */
const KNOCKOUT: Readonly<Record<string, number>> = {
  'round of 32': KNOCKOUT_ROUND.roundOf32,
  'round of 16': KNOCKOUT_ROUND.roundOf16,
  'preliminary round': KNOCKOUT_ROUND.roundOf16,
  'first round': KNOCKOUT_ROUND.roundOf16,
  'quarter-finals': KNOCKOUT_ROUND.quarterfinal,
  quarterfinals: KNOCKOUT_ROUND.quarterfinal,
  'quarter-final': KNOCKOUT_ROUND.quarterfinal,
  'semi-finals': KNOCKOUT_ROUND.semifinal,
  semifinals: KNOCKOUT_ROUND.semifinal,
  'semi-final': KNOCKOUT_ROUND.semifinal,
  // Third Place Play-off (the project's added id).
  'third-place match': KNOCKOUT_ROUND.thirdPlace,
  'third place match': KNOCKOUT_ROUND.thirdPlace,
  'match for third place': KNOCKOUT_ROUND.thirdPlace,
  'third place play-off': KNOCKOUT_ROUND.thirdPlace,
  'third-place play-off': KNOCKOUT_ROUND.thirdPlace,
  final: KNOCKOUT_ROUND.final,
};

/**
 * The stage of a match from its `round` and `group`:
 *
 * - A match with a group ("Group A", "Group 1") is a group match (phase 2); its group is the letter
 *   or number ("A"). In a tournament with numbered first-round groups and lettered later groups
 *   (1974, 1978, 1982), a lettered group is the second group stage (Second Round); otherwise Group
 *   Stage. The 1950 "First round" groups are the Group Stage.
 * - "Group 2 Play-off" (1954, 1958) is a play-off within group 2: a group match of that group, as
 *   in Fjelstul.
 * - "Final Round" (1950, the final group of four without a name) is a group match of the Final
 *   Round, group name NULL.
 * - Everything else is a knockout round (above). "Matchday N" is never a round: it is the day of
 *   the tournament (matchday stays NULL).
 *
 * `lettersAreSecondStage`: whether the match's tournament also has numbered groups.
 */
export function stageOf(
  round: string,
  group: string | undefined,
  lettersAreSecondStage: boolean,
): Stage {
  const named =
    group !== undefined ? /^Group (\w+)$/.exec(group) : /^Group (\w+) Play-off$/.exec(round);
  if (named) {
    const name = named[1]!.toUpperCase();
    const lettered = /^[A-Z]$/.test(name);
    return {
      phase: PHASE.group,
      group_round: lettered && lettersAreSecondStage ? SECOND_ROUND : GROUP_STAGE,
      group_name: name,
      knockout_round: null,
    };
  }
  if (group !== undefined) throw new Error(`unknown group "${group}"`);
  if (round === 'Final Round')
    return { phase: PHASE.group, group_round: FINAL_ROUND, group_name: null, knockout_round: null };
  const knockout = KNOCKOUT[round.replace(/, Replays$/, '').toLowerCase()];
  if (knockout === undefined) throw new Error(`unknown round "${round}"`);
  return { phase: PHASE.knockout, group_round: null, group_name: null, knockout_round: knockout };
}

/**
 * Whether a tournament's matches include numbered groups ("Group 1"), so lettered ones are a later
 * stage.
 */
export function hasNumberedGroups(groups: Iterable<string | undefined>): boolean {
  for (const group of groups) if (group !== undefined && /^Group \d+$/.test(group)) return true;
  return false;
}
