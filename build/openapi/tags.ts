import type { ResourceDef, ResourceGroup } from '../define/resource.ts';
import type { Registry } from '../define/resource.ts';

/**
 * The tags of `/openapi.json`: one per group of resources of a version (`v1 persons`, `v0
 * statistics`), so that a reader, the reference page's filter or a generated client finds an
 * operation by what it is about, and the API reference loads one tag at a time.
 */

/**
 * What each group is about, the start of its tag's description. The rest lists the resources of
 * the group that the version has (`resourceName`), so a description names only what its
 * operations serve.
 */
const GROUP_LEAD: Record<ResourceGroup, string> = {
  reference: 'The version root, and the lists every record points to',
  persons: 'Persons and their roles',
  matches: 'Matches and their records',
  'micro-events': 'Every on-ball event of a match',
  analytics: 'A document per match',
  statistics: 'A record per lineup entry of a match, in groups',
};

/**
 * How a tag's description names a resource: a statistics resource by its kind, the folder after
 * `stats/` in its path (`stats/passes/lengths` is passes); any other by its title, less the scope
 * it ends with (`Goals (clubs)` is goals).
 */
function resourceName(def: ResourceDef): string {
  if (def.group === 'statistics') {
    const kind = /(?:^|\/)stats\/([^/]+)\//.exec(def.path)?.[1];
    if (kind === undefined) throw new Error(`${def.path}: a statistics resource not under stats/`);
    return kind;
  }
  const title = def.title.replace(/ \([^)]*\)$/, '');
  return title.charAt(0).toLowerCase() + title.slice(1);
}

/** `a`, `a and b`, `a, b and c`. */
function listed(names: readonly string[]): string {
  return names.length <= 1
    ? (names[0] ?? '')
    : `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}`;
}

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
    // Each group's resource names, once each (clubs and national share theirs), in order.
    const names = new Map<ResourceGroup, Set<string>>([['reference', new Set()]]);
    for (const def of registry.resources) {
      if (def.version !== version) continue;
      names.set(def.group, (names.get(def.group) ?? new Set<string>()).add(resourceName(def)));
    }
    return [...names].map(([group, own]) => {
      const text = `${GROUP_LEAD[group]}${own.size > 0 ? `: ${listed([...own])}` : ''}.`;
      return {
        name: groupTag(version, group),
        description: group === 'reference' ? `${text} ${VERSION_TEXT[version] ?? ''}`.trim() : text,
      };
    });
  });
}
