import { CONTENTS_PART, tagPart } from '../../site/docs/parts.ts';
import type { Json } from './schemas.ts';

/**
 * The parts of `/openapi.json` the API reference loads (`site/docs/parts.ts`, and why in
 * `site/docs/reference.ts`): for each tag, the document with that tag's paths and only the
 * components they use; and the contents, the document with no paths. Each part keeps the
 * document's information and its whole list of tags. `/openapi.json` itself stays the one
 * document clients read; the parts are views of it for the page.
 */

/** A part: its path in the build and its text. */
export interface OpenApiPart {
  path: string;
  content: string;
}

type Components = Record<string, Record<string, unknown>>;

/** The parts of an OpenAPI document (`openApiDocument`). */
export function openApiParts(doc: Json): OpenApiPart[] {
  const tags = (doc['tags'] as { name: string }[]).map((t) => t.name);
  const byTag = new Map(tags.map((tag) => [tag, {} as Record<string, unknown>]));
  for (const [path, item] of Object.entries(doc['paths'] as Record<string, Json>)) {
    for (const tag of tagsOf(item)) {
      const paths = byTag.get(tag);
      if (!paths) throw new Error(`${path} is tagged ${tag}, which the document does not list`);
      paths[path] = item;
    }
  }
  const components = doc['components'] as Components;
  const part = (path: string, value: Json) => ({ path, content: JSON.stringify(value) });
  return [
    part(CONTENTS_PART, { ...doc, paths: {}, components: undefined }),
    ...[...byTag].map(([tag, paths]) =>
      part(tagPart(tag), { ...doc, paths, components: usedComponents(components, paths) }),
    ),
  ];
}

/** The tags of a path's operations. */
function tagsOf(item: Json): Set<string> {
  return new Set(Object.values(item).flatMap((op) => (op as { tags?: string[] }).tags ?? []));
}

/** `#/components/<kind>/<name>`, as its kind and name. */
function componentOf(ref: string): [string, string] {
  const match = /^#\/components\/([^/]+)\/([^/]+)$/.exec(ref);
  if (!match) throw new Error(`${ref} is not a reference to a component of the document`);
  const unescape = (token: string) => token.replaceAll('~1', '/').replaceAll('~0', '~');
  return [unescape(match[1]!), unescape(match[2]!)];
}

/**
 * The components `value` refers to, and those they refer to in turn, in the document's order: a
 * part reads like the document, less what it does not use.
 */
function usedComponents(components: Components, value: unknown): Components {
  const used = new Map<string, Set<string>>();
  const visit = (node: unknown): void => {
    if (Array.isArray(node)) return node.forEach(visit);
    if (node === null || typeof node !== 'object') return;
    for (const [key, child] of Object.entries(node)) {
      if (key !== '$ref' || typeof child !== 'string') {
        visit(child);
        continue;
      }
      const [kind, name] = componentOf(child);
      const names = used.get(kind) ?? used.set(kind, new Set()).get(kind)!;
      if (names.has(name)) continue;
      const target = components[kind]?.[name];
      if (target === undefined) throw new Error(`${child} names no component of the document`);
      names.add(name);
      visit(target);
    }
  };
  visit(value);
  return Object.fromEntries(
    Object.entries(components).flatMap(([kind, all]) => {
      const names = used.get(kind);
      if (!names) return [];
      return [[kind, Object.fromEntries(Object.entries(all).filter(([n]) => names.has(n)))]];
    }),
  );
}
