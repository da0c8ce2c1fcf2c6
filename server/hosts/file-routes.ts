import {
  unknownKind,
  type FieldManifest,
  type Manifest,
  type ResourceManifest,
} from '../../contract/manifest.ts';

/**
 * The requests a built file answers byte for byte as the router would, described for a host's
 * own rules (nginx's `map`, Netlify's `_redirects`): a version's root, a collection's default
 * page, `?page=N`, a single filter on a field whose key is its raw value (with or without a page),
 * and one record per file. Every other request needs the router, which alone knows the canonical
 * forms of the rest (text folded, values spelt otherwise, several filters, sorts).
 */

/** What a slot of a request holds: the pattern a host may check it against. */
export type SlotValue = 'integer' | 'uuid' | 'page';

/**
 * A query parameter of a route: one whose value fills the slot of the same name in the file, or
 * one with a fixed value (`page=1`, the first page, which is the default page's file).
 */
export type QuerySlot =
  | { kind: 'slot'; param: string; slot: 'value' | 'page'; value: SlotValue }
  | { kind: 'fixed'; param: string; value: string };

/**
 * One request shape and its file. `file` names the slots as `{value}`, `{page}`, `{id}`, which
 * each host writes in its own syntax.
 */
export type FileRoute =
  /** `/v1/`: the version's root. */
  | { kind: 'root'; path: string; file: string }
  /** `/v1/persons`, with the query parameters given in this order and no others. */
  | { kind: 'collection'; path: string; query: readonly QuerySlot[]; file: string }
  /** `/v1/persons/{id}`, or under a parent: `/v1/matches/{id}/info` (`suffix` `/info`). */
  | { kind: 'record'; path: string; id: 'integer' | 'uuid'; suffix: string; file: string };

/** The slot of a field whose key is its raw value, if it has one. */
function canonicalValue(field: FieldManifest): 'integer' | 'uuid' | null {
  switch (field.type) {
    case 'integer':
    case 'uuid':
      return field.type;
    // Text, dates, times, floats and booleans have other spellings that the router folds.
    case 'string':
    case 'date':
    case 'time':
    case 'float':
    case 'boolean':
      return null;
    default:
      return field.type satisfies never;
  }
}

const PAGE: QuerySlot = { kind: 'slot', param: 'page', slot: 'page', value: 'page' };
/** `?page=1`, which the API's own `first` and `prev` links name. */
const FIRST_PAGE: QuerySlot = { kind: 'fixed', param: 'page', value: '1' };

/**
 * The routes of one resource, those with more parameters first, at its path and at each of its
 * aliases (v0's `/v0/players` is `/v0/personnel/players`), whose files are the path's.
 */
function resourceRoutes(resource: ResourceManifest): FileRoute[] {
  const files = `/${resource.path}`;
  const paths = [resource.path, ...(resource.aliases ?? [])];
  const routes: FileRoute[] = [];
  if (resource.kind !== 'document') {
    const collection = (query: QuerySlot[], file: string) => {
      for (const path of paths)
        routes.push({ kind: 'collection', path: `/${path}`, query, file: `${files}/${file}` });
    };
    // A filter whose presence implies another is composed (`?matchday=3` means the league phase).
    const implied = new Set(resource.implied.flatMap((rule) => rule.whenAny));
    for (const field of resource.fields) {
      const value = canonicalValue(field);
      if (field.filter !== 'indexed' || value === null || implied.has(field.name)) continue;
      const filter: QuerySlot = { kind: 'slot', param: field.name, slot: 'value', value };
      const dir = `_by/${field.name}/{value}`;
      if (resource.paginated) {
        collection([filter, FIRST_PAGE], `${dir}/index.json`);
        collection([filter, PAGE], `${dir}/_page/{page}.json`);
      }
      collection([filter], `${dir}/index.json`);
    }
    if (resource.paginated) {
      collection([FIRST_PAGE], 'index.json');
      collection([PAGE], '_page/{page}.json');
    }
    collection([], 'index.json');
  }
  routes.push(...recordRoutes(resource, paths));
  return routes;
}

/**
 * The paths of a resource's records, each one file: `/<path>/<id>` (and at its aliases), and the
 * same file under its parent (`/<parent>/<id>/<name>`, a match's info or analytics); none when
 * records live in buckets or the path's id is first a filter.
 */
function recordRoutes(resource: ResourceManifest, paths: readonly string[]): FileRoute[] {
  const file = `/${resource.path}/{id}.json`;
  const at = (path: string, id: 'integer' | 'uuid', suffix = ''): FileRoute => {
    return { kind: 'record', path: `/${path}`, id, suffix, file };
  };
  switch (resource.kind) {
    case 'collection':
    case 'nested':
    case 'parent-record': {
      const id = resource.idType;
      if (id === null || resource.buckets > 0 || resource.pathFilter) return [];
      const parent = resource.kind === 'parent-record' ? [resource.parent] : [];
      return [
        ...paths.map((path) => at(path, id)),
        ...parent.map((p) => at(p.path, id, `/${p.name}`)),
      ];
    }
    case 'document': {
      const id = resource.idType ?? 'uuid';
      const { path, name, aliases = [] } = resource.parent;
      return [
        ...paths.map((p) => at(p, id)),
        ...[name, ...aliases].map((n) => at(path, id, `/${n}`)),
      ];
    }
    default:
      return unknownKind(resource);
  }
}

/**
 * Every file route of a build: the roots, then each resource's collections (most parameters
 * first), then the records, so that a host that takes the first rule matching a path and the
 * parameters it names finds the most specific one.
 */
export function fileRoutes(manifest: Manifest): FileRoute[] {
  const routes = manifest.resources.flatMap(resourceRoutes);
  return [
    ...manifest.roots.map(({ version }): FileRoute => {
      return { kind: 'root', path: `/${version}/`, file: `/${version}/index.json` };
    }),
    ...routes.filter((route) => route.kind !== 'record'),
    ...routes.filter((route) => route.kind === 'record'),
  ];
}
