import { SHOTS } from '../../../football/event-families.ts';
import { MICRO_EVENTS } from '../micro-events.ts';
import { sideOf, type MatchFacts } from '../match-model/facts.ts';
import { perMatchTable } from '../match-model/per-match-table.ts';

/**
 * The total shot ratio of a match (docs/api.md#analytics): each team's shots divided by the shots
 * of both teams, from the match's micro facts. A shot is an event with a shot action (`SHOTS`:
 * shot, free kick shot, penalty), counted once however many of its actions are shots.
 */

/** The home and the away team's share of the shots; both null when the match has no shots. */
export function shotRatios(m: MatchFacts): [number | null, number | null] {
  const shots = [new Set<string>(), new Set<string>()] as const;
  for (const action of SHOTS)
    for (const a of m.micro.byAction.get(action) ?? []) {
      const side = sideOf(m, a.team);
      if (side !== null) shots[side].add(a.event);
    }
  const [home, away] = [shots[0].size, shots[1].size];
  return home + away > 0 ? [home / (home + away), away / (home + away)] : [null, null];
}

/**
 * `derived.shot_ratio`: the total shot ratio of every match with micro-events (`home`, `away`);
 * a match without has no row, its ratios being null.
 */
export const SHOT_RATIOS = perMatchTable({
  name: 'shot_ratio',
  columns: ['match TEXT NOT NULL', 'home REAL', 'away REAL'],
  key: ['match'],
  matches: 'SELECT DISTINCT match FROM derived.micro_event ORDER BY match',
  rows: (m) => [[m.id, ...shotRatios(m)]],
  reads: [MICRO_EVENTS],
});
