/** The statistics groups and names of v1 (docs/api.md#statistics). */
const V1_GROUPS: Readonly<Record<string, readonly string[]>> = {
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

/**
 * The statistics groups and names of each version: v0 adds `setpieces/keyplays`.
 */
export const STATS_GROUPS: Readonly<
  Record<'v1' | 'v0', Readonly<Record<string, readonly string[]>>>
> = {
  v1: V1_GROUPS,
  v0: { ...V1_GROUPS, setpieces: [...V1_GROUPS['setpieces']!, 'keyplays'] },
};

/**
 * A link object `{group: {name: path}}` with `path(group, name)` for every statistic of a version.
 */
export function statsLinks(
  version: 'v1' | 'v0',
  path: (group: string, name: string) => string,
): Record<string, Record<string, string>> {
  return Object.fromEntries(
    Object.entries(STATS_GROUPS[version]).map(([group, names]) => [
      group,
      Object.fromEntries(names.map((n) => [n, path(group, n)])),
    ]),
  );
}
