import type { ResourceDef, ResourceGroup } from './registry/define.ts';
import type { Registry } from './registry/index.ts';

/**
 * The tags of `/openapi.json`: one per group of resources of a version (`v1 persons`, `v0
 * statistics`), so that a reader, the reference page's filter or a generated client finds an
 * operation by what it is about, and the API reference loads one tag at a time.
 */

/** What the resources of each group are, for their tag's description. */
const GROUP_TEXT: Record<ResourceGroup, string> = {
  reference:
    'The version root, and the lists every record points to: confederations, countries, ' +
    'competitions, seasons, teams, venues, and the fixed lists of positions, fouls, cards and ' +
    'the like.',
  persons: 'Persons, and their roles: players, managers and referees.',
  matches:
    'Matches, and what happens in them: conditions, lineups, goals, penalty kicks, bookable ' +
    'offenses, substitutions and shootouts; the standings of leagues and groups; squads, scorers ' +
    'and head-to-head records.',
  'micro-events': 'Every on-ball event of a match: the events, their touches, and their modifiers.',
  analytics:
    'A document per match: the state at a match time, the segments between changes of the ' +
    'players on the pitch, and the total shot ratio.',
  statistics:
    'A record per lineup entry of a match: crosses, defense, fouls, goalkeeping, goals, passes, ' +
    'set pieces, shots and touches.',
};

/** What sets each version apart, said on its first tag. */
const VERSION_TEXT: Record<string, string> = {
  v1: 'v1 is the current API: uuid ids, camelCase keys.',
  v0: 'v0 is the earlier API: integer ids, every match in one place.',
};

/** An OpenAPI tag. */
export interface Tag {
  name: string;
  description: string;
}

/** The tag of the server's own operations: its health check. */
export const SERVICE_TAG: Tag = {
  name: 'service',
  description: 'The server itself: its health check.',
};

/** The tag of a group of a version: `v1 micro-events`. */
export const groupTag = (version: string, group: ResourceGroup): string => `${version} ${group}`;

/** The tag of a resource's operations. */
export const tagOf = (def: ResourceDef): string => groupTag(def.version, def.group);

/**
 * The tags of a registry's document, in its order: each version's reference first (its root is
 * tagged so), then its groups as the registry lists them.
 */
export function documentTags(registry: Registry): Tag[] {
  return Object.keys(registry.roots).flatMap((version) => {
    const groups = new Set<ResourceGroup>(['reference']);
    for (const def of registry.resources) if (def.version === version) groups.add(def.group);
    return [...groups].map((group) => ({
      name: groupTag(version, group),
      description:
        group === 'reference'
          ? `${GROUP_TEXT[group]} ${VERSION_TEXT[version] ?? ''}`.trim()
          : GROUP_TEXT[group],
    }));
  });
}
