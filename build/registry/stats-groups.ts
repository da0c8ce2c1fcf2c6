/** The statistics groups and names of SPEC (v0 adds `setpieces/keyplays`). */
export const STATS_GROUPS: Readonly<Record<string, readonly string[]>> = {
  crosses: ['corners', 'totals'],
  defense: ['actions', 'blocks', 'clearances', 'goalline', 'tackles'],
  fouls: ['cards', 'wins'],
  goalkeeper: ['actions', 'goals', 'saves', 'shots'],
  goals: ['assists', 'bodyparts', 'locations', 'penalties', 'totals'],
  passes: ['directions', 'lengths', 'locations', 'totals'],
  setpieces: ['corners', 'freekicks', 'throwins'],
  shots: ['bodyparts', 'locations', 'plays', 'totals'],
  touches: ['duels', 'locations', 'totals'],
};

/** A link object `{group: {name: path}}` with `path(group, name)` for every statistic. */
export function statsLinks(path: (group: string, name: string) => string): Record<string, Record<string, string>> {
  return Object.fromEntries(
    Object.entries(STATS_GROUPS).map(([group, names]) => [group, Object.fromEntries(names.map((n) => [n, path(group, n)]))]),
  );
}
