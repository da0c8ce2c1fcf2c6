import { compareTimes, type MatchTime } from '../../../contract/match-time.ts';
import { SENDINGS_OFF } from '../../../football/codes.ts';
import { sideOf, type MatchFacts, type Side } from '../match-model/facts.ts';

/**
 * Who is on the pitch, as the segments read it from a match's facts: the starting players of each
 * side, and the changes to them (substitutions and sendings-off) in time order.
 */

/** A change of the players on the pitch. */
export type Change =
  /** `on` is null when a player left and no one could come on. */
  | { kind: 'substitution'; side: Side; time: MatchTime; off: string; on: string | null }
  /** A sending-off (`SENDINGS_OFF`: a second yellow or a straight red). */
  | { kind: 'expulsion'; side: Side; time: MatchTime; player: string };

/**
 * The starting players of each side (ids, sorted); null when the source has no lineup for the
 * side.
 */
export function startersOf(m: MatchFacts): [string[] | null, string[] | null] {
  const lists: [string[], string[]] = [[], []];
  for (const l of m.lineups.values()) {
    const side = sideOf(m, l.team);
    if (l.isStarting && side !== null) lists[side].push(l.player);
  }
  return lists.map((l) => (l.length > 0 ? l.sort() : null)) as [string[] | null, string[] | null];
}

/**
 * Substitutions and sendings-off of the sides that have a starting lineup, in time order; at one
 * time, substitutions first. Changes of a side without a lineup cannot be applied to anyone.
 */
export function changesOf(m: MatchFacts, starters: readonly (string[] | null)[]): Change[] {
  const changes: Change[] = [];
  for (const { side, off, on, time } of m.substitutions)
    if (side !== null && off !== null && starters[side])
      changes.push({ kind: 'substitution', side, time, off, on });
  for (const { side, player, card, time } of m.offenses)
    if (side !== null && player !== null && starters[side] && SENDINGS_OFF.includes(card))
      changes.push({ kind: 'expulsion', side, time, player });
  // Stable: substitutions (listed first) stay ahead of expulsions at the same time, so a player
  // who comes on and is sent off in the same minute is on the pitch before being sent off.
  return changes.sort((a, b) => compareTimes(a.time, b.time));
}
