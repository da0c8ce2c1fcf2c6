import { JSON_TYPE, type ParamError } from '../../contract/envelope.ts';
import {
  TYPE_HINT,
  WILDCARD_TYPES,
  filterKey,
  isWildcard,
  parseValue,
  type Scalar,
} from '../../contract/keys.ts';
import {
  unknownKind,
  type AnyOfFilter,
  type ChildManifest,
  type CollectionLikeManifest,
  type DocumentManifest,
  type FieldManifest,
  type Manifest,
  type NestedManifest,
  type ResourceManifest,
} from '../../contract/manifest.ts';
import { TIME_HINT, parseMatchTime, type MatchTime } from '../../contract/match-time.ts';
import {
  bucketFile,
  collectionDir,
  optionsFile,
  pageFile,
  recordFile,
  rootFile,
  timelineFile,
} from '../../contract/paths.ts';
import { isHealthPath } from './health.ts';
import { parseTarget } from './query.ts';

/**
 * `route()`: the pure heart of the router. It turns a method and a request target into a plan: a
 * file to send, a composition of several pre-rendered files, or an error. It touches no disk and no
 * network, so every rule of the address space is tested here, table-driven, without a server.
 */

/**
 * Parameters every path accepts and ignores: the original service's credentials
 * (docs/api.md#methods).
 */
const IGNORED = new Set(['app_id', 'app_key']);
/** Parameters reserved on every collection besides its filters (docs/api.md#paging). */
const PAGING = ['records', 'page'] as const;

/** A filter of a composed request, with what the router needs to apply it to records. */
export interface FilterPlan {
  /**
   * The parameter: a field of the records, or for a filter on several fields (`AnyOfFilter`) a
   * description of the parameter, which is no field and has no pre-rendered collection.
   */
  field: FieldManifest;
  /** The fields of the records it compares: the field itself, or any of several. */
  matches: readonly FieldManifest[];
  /** Implied by other filters rather than given: left out of pagination links. */
  implicit?: boolean;
  /** The value as the request gave it (canonical for non-text types); used in links. */
  raw: string;
  /** Filter key to compare with (`filterKey`), or a wildcard pattern. */
  key: string;
  wildcard: boolean;
}

/** One field of a `sort` parameter. */
export interface SortPlan {
  field: FieldManifest;
  descending: boolean;
}

/** What a missing file means for a file plan. */
export type Missing =
  | { kind: 'not-found'; message: string }
  | { kind: 'empty'; path: string; params: [string, string][]; records: number };

/** What to do with a request. */
export type Plan =
  | SimplePlan
  /**
   * Answer `plan` only if the file `file` exists (a match's lineups need the match); otherwise 404.
   */
  | { kind: 'within'; file: string; message: string; plan: SimplePlan };

/** A plan that needs no other file to exist first. */
export type SimplePlan =
  | {
      kind: 'error';
      status: 400 | 404 | 405;
      message: string;
      errors: ParamError[];
      allow?: string;
    }
  | {
      kind: 'file';
      file: string;
      resource: ResourceManifest | null;
      contentType: string;
      missing: Missing;
      /** The record must have this value under this key (a lineup addressed under its match). */
      check?: { key: string; value: string };
    }
  /** One record inside a bucket file of a bucketed resource. */
  | {
      kind: 'bucket';
      file: string;
      id: string;
      resource: ResourceManifest;
      missing: string;
    }
  /**
   * The state of a match at `time`, from the match's timeline file (analytics state with `time`).
   */
  | {
      kind: 'timeline';
      file: string;
      time: MatchTime;
      resource: ResourceManifest;
      missing: string;
    }
  | {
      kind: 'compose';
      resource: ResourceManifest;
      /** Indexed equality filters: each names a pre-rendered collection the answer lies within. */
      bases: FilterPlan[];
      filters: FilterPlan[];
      sort: SortPlan[] | null;
      page: number;
      records: number;
      /** Canonical filters and sort for pagination links. */
      params: [string, string][];
      path: string;
      /**
       * The answer when no record matches (a path id that is a record id, not a `pathFilter`
       * value).
       */
      fallback?: FinalPlan;
    }
  /** The health check (`health.ts`): the build read again, answered uncached. */
  | { kind: 'health' };

/** A plan that needs no composition: a file, a bucket entry or an error. */
export type FinalPlan = Exclude<SimplePlan, { kind: 'compose' }>;

/** The manifest, indexed for routing. */
export interface RouteTable {
  manifest: Manifest;
  resources: Map<string, ResourceManifest>;
  /** Resources addressed under a parent, by `<parent path>/<name>`. */
  nested: Map<string, ChildManifest>;
  /** The versions with a root document. */
  roots: Set<string>;
  /** The build's own files, by the path they are asked for: `index.html` files by their folder. */
  assets: Map<string, { type: string; file: string }>;
}

/** Indexes a manifest for `route()`; done once per manifest. */
export function routeTable(manifest: Manifest): RouteTable {
  return {
    manifest,
    resources: new Map(
      manifest.resources.flatMap((r) =>
        [r.path, ...(r.aliases ?? [])].map((path) => [path, r] as const),
      ),
    ),
    nested: new Map(manifest.resources.flatMap(underParents)),
    roots: new Set(manifest.roots.map((r) => r.version)),
    assets: new Map(
      manifest.assets.map((a) => [assetPath(a.path), { type: a.type, file: a.path }]),
    ),
  };
}

/** Where a file of the build is asked for: a folder's `index.html` at the folder, as hosts do. */
function assetPath(file: string): string {
  return file === 'index.html' ? '' : file.replace(/\/index\.html$/, '');
}

/** The entries of a resource in `RouteTable.nested`: by `<parent path>/<name>`, by its kind. */
function underParents(r: ResourceManifest): [string, ChildManifest][] {
  switch (r.kind) {
    case 'collection':
      return [];
    case 'nested':
    case 'parent-record':
      return [[`${r.parent.path}/${r.parent.name}`, r]];
    case 'document':
      return [r.parent.name, ...(r.parent.aliases ?? [])].map((name) => [
        `${r.parent.path}/${name}`,
        r,
      ]);
    default:
      return unknownKind(r);
  }
}

const READ = 'GET, HEAD';
const COLLECTION = 'GET, HEAD, OPTIONS';

function error(
  status: 400 | 404 | 405,
  message: string,
  errors: ParamError[] = [],
  allow?: string,
): FinalPlan {
  return allow
    ? { kind: 'error', status, message, errors, allow }
    : { kind: 'error', status, message, errors };
}

const notFound = (
  what = 'No resource lives at this path. Start from /v1/ or /v0/ and follow the links.',
) => error(404, what);

/**
 * Plans the answer to one request. `target` is the path and query as received; `method` is upper
 * case. CORS preflights are answered by the handler before this is called.
 */
export function route(method: string, target: string, table: RouteTable): Plan {
  const { segments, params, repeated } = parseTarget(target);
  if (segments === null) return notFound();
  if (params === null)
    return error(400, 'The query string has a malformed percent-encoding; encode each value once.');
  const at = addressed(segments, table);
  if (at === null) return notFound();
  const refused =
    refusedMethod(method, isCollection(at, segments, table)) ?? refusedRepeat(repeated);
  if (refused) return refused;
  const given = params.filter(([name]) => !IGNORED.has(name));
  return planAt(at, method, given, table);
}

/** What a path names, in the order the router looks for it. */
type Addressed =
  | { kind: 'health' }
  /** A file of the build's own (`RouteTable.assets`). */
  | { kind: 'asset'; type: string; file: string }
  /** A version's root document. */
  | { kind: 'root'; path: string }
  | { kind: 'resource'; resource: ResourceManifest }
  /** `/<resource>/<id>`: one record of a resource. */
  | { kind: 'record'; parent: ResourceManifest; id: string }
  | { kind: 'nested'; nested: NestedTarget };

/** What the path `segments` names, or null when nothing of the build lives there. */
function addressed(segments: string[], table: RouteTable): Addressed | null {
  const path = segments.join('/');
  // The health check comes first: no file of a build can take its path.
  if (isHealthPath(segments)) return { kind: 'health' };
  const asset = table.assets.get(path);
  if (asset) return { kind: 'asset', ...asset };
  if (segments.length === 1 && table.roots.has(path)) return { kind: 'root', path };
  const resource = table.resources.get(path);
  if (resource) return { kind: 'resource', resource };
  const parent =
    segments.length > 1 ? table.resources.get(segments.slice(0, -1).join('/')) : undefined;
  if (parent) return { kind: 'record', parent, id: segments[segments.length - 1]! };
  const nested = nestedTarget(segments, table);
  return nested && { kind: 'nested', nested };
}

/**
 * Whether a path is a collection's, which OPTIONS documents: a resource's, or a nested collection
 * under its parent (`listed`). A path the build names otherwise counts when a resource lives at it
 * too.
 */
function isCollection(at: Addressed, segments: string[], table: RouteTable): boolean {
  switch (at.kind) {
    case 'resource':
      return true;
    case 'nested':
      return at.nested.id === null && listed(at.nested.resource);
    case 'record':
      return false;
    case 'health':
    case 'asset':
    case 'root':
      return table.resources.has(segments.join('/'));
    default:
      return at satisfies never;
  }
}

/** The 405 of a method the path does not take, or null when it takes it. */
function refusedMethod(method: string, isCollection: boolean): FinalPlan | null {
  if (method === 'OPTIONS' && !isCollection)
    return error(405, 'OPTIONS documents collections only; use GET.', [], READ);
  if (method !== 'GET' && method !== 'HEAD' && method !== 'OPTIONS') {
    return error(
      405,
      `The API is read-only: use ${isCollection ? COLLECTION : READ}.`,
      [],
      isCollection ? COLLECTION : READ,
    );
  }
  return null;
}

/** The 400 of parameters given more than once, or null when each is given once. */
function refusedRepeat(repeated: string[]): FinalPlan | null {
  const twice = repeated.filter((name) => !IGNORED.has(name));
  if (twice.length === 0) return null;
  return error(
    400,
    `Give each parameter once: ${twice.join(', ')} was repeated.`,
    twice.map((p) => ({ parameter: p, message: 'Repeated parameter.' })),
  );
}

/** The plan for what a path names, with the parameters `given` (the ignored ones left out). */
function planAt(at: Addressed, method: string, given: [string, string][], table: RouteTable): Plan {
  switch (at.kind) {
    case 'health':
      return noParams(given) ?? { kind: 'health' };
    case 'asset':
      return noParams(given) ?? file(at.file, at.type);
    case 'root':
      return noParams(given) ?? file(rootFile(at.path), JSON_TYPE);
    case 'resource':
      return resourcePlan(at.resource, method, given);
    case 'record':
      return recordOf(at.parent, at.id, method, given);
    case 'nested':
      return underParent(at.nested, method, given, table);
    default:
      return at satisfies never;
  }
}

/** `/<resource>`: its listing, or what OPTIONS says of it. */
function resourcePlan(resource: ResourceManifest, method: string, given: [string, string][]): Plan {
  if (method === 'OPTIONS')
    return noParams(given) ?? file(optionsFile(resource.path), JSON_TYPE, resource);
  switch (resource.kind) {
    case 'collection':
    case 'nested':
    case 'parent-record':
      return collection(resource, given);
    case 'document':
      return notFound(
        `/${resource.path} has no listing: ask for one match, /${resource.parent.path}/<matchID>/${resource.parent.name}.`,
      );
    default:
      return unknownKind(resource);
  }
}

/** `/<resource>/<id>`: a record of a collection, or a match's document. */
function recordOf(
  parent: ResourceManifest,
  id: string,
  method: string,
  given: [string, string][],
): Plan {
  switch (parent.kind) {
    case 'collection':
    case 'nested':
    case 'parent-record':
      return record(parent, id, given);
    case 'document':
      return documentPlan(parent, id, method, given);
    default:
      return unknownKind(parent);
  }
}

/**
 * Whether `/<parent path>/<pid>/<name>` is a collection (which OPTIONS documents): the nested
 * collection filtered by its parent, and a match's analytics document, the whole of its resource
 * there; not a parent's record.
 */
function listed(resource: ChildManifest): boolean {
  switch (resource.kind) {
    case 'nested':
    case 'document':
      return true;
    case 'parent-record':
      return false;
    default:
      return unknownKind(resource);
  }
}

/** A path under a parent record: `/<parent>/<pid>/<name>` or `/<parent>/<pid>/<name>/<id>`. */
interface NestedTarget {
  resource: ChildManifest;
  pid: string;
  id: string | null;
}

function nestedTarget(segments: string[], table: RouteTable): NestedTarget | null {
  for (const tail of [2, 3]) {
    if (segments.length <= tail) continue;
    const at = segments.length - tail;
    const resource = table.nested.get(`${segments.slice(0, at).join('/')}/${segments[at + 1]}`);
    if (resource)
      return { resource, pid: segments[at]!, id: tail === 3 ? segments[at + 2]! : null };
  }
  return null;
}

function underParent(
  { resource, pid, id }: NestedTarget,
  method: string,
  given: [string, string][],
  table: RouteTable,
): Plan {
  switch (resource.kind) {
    case 'nested':
      return underCollection(resource, pid, id, method, given, table);
    case 'parent-record':
      return id === null ? record(resource, pid, given) : notFound();
    case 'document':
      return id === null ? documentPlan(resource, pid, method, given) : notFound();
    default:
      return unknownKind(resource);
  }
}

/**
 * A nested collection under its parent: `/<parent>/<pid>/<name>` is the collection filtered by the
 * parent, `/<parent>/<pid>/<name>/<id>` one of its records if it belongs to that parent.
 */
function underCollection(
  resource: NestedManifest,
  pid: string,
  id: string | null,
  method: string,
  given: [string, string][],
  table: RouteTable,
): Plan {
  const { parent } = resource;
  const param = resource.fields.find((f) => f.name === parent.param)!;
  const parentId = parseValue(param.type, pid);
  if (parentId === undefined || parentId === null)
    return notFound(`'${pid}' is not a valid id of /${parent.path}.`);
  if (id === null) {
    if (method === 'OPTIONS')
      return noParams(given) ?? file(optionsFile(resource.path), JSON_TYPE, resource);
    if (given.some(([name]) => name === parent.param)) {
      return error(
        400,
        `The path already selects the ${parent.param}; remove the '${parent.param}' parameter.`,
        [{ parameter: parent.param, message: 'Given in the path and in the query.' }],
      );
    }
    const plan = collection(resource, [[parent.param, String(parentId)], ...given]);
    // The parent is named in the path, so an unknown parent is a 404, not an empty list.
    const owner = table.manifest.resources.find(
      (r) => (r.kind === 'parent-record' || r.kind === 'document') && r.parent.path === parent.path,
    );
    if (!owner || plan.kind === 'error') return plan;
    return {
      kind: 'within',
      file: recordFile(owner.path, String(parentId)),
      message: `/${parent.path} has no record with id ${parentId}.`,
      plan,
    };
  }
  const plan = record(resource, id, given);
  return plan.kind === 'file'
    ? { ...plan, check: { key: param.key, value: String(parentId) } }
    : plan;
}

/**
 * One match's document of a document resource (analytics): its pre-rendered file, or with `time`
 * (on the resource that takes it) the state at that time, computed from the match's timeline file.
 * Not paginated and never filtered: any other parameter is a 400.
 */
function documentPlan(
  resource: DocumentManifest,
  rawId: string,
  method: string,
  given: [string, string][],
): Plan {
  if (method === 'OPTIONS')
    return noParams(given) ?? file(optionsFile(resource.path), JSON_TYPE, resource);
  const { parent } = resource;
  const id = parseValue(resource.idType ?? 'uuid', rawId);
  if (id === undefined || id === null)
    return notFound(
      `'${rawId}' is not a valid ${parent.param} id: ids are ${TYPE_HINT[resource.idType ?? 'uuid']}.`,
    );
  const takesTime = resource.document.time;
  let time: MatchTime | null = null;
  const errors: ParamError[] = [];
  for (const [name, value] of given) {
    if (name === 'time' && takesTime) {
      time = parseMatchTime(value);
      if (time === null)
        errors.push({
          parameter: name,
          message: `time takes ${TIME_HINT}; '${value}' is not one.`,
        });
    } else if (name === 'records' || name === 'page') {
      errors.push({
        parameter: name,
        message: `/${resource.path} is not paginated: each match has one document.`,
      });
    } else {
      errors.push({
        parameter: name,
        message: takesTime
          ? 'Unknown parameter. Allowed: time.'
          : 'This path takes no query parameters.',
      });
    }
  }
  const first = errors[0];
  if (first) return error(400, `Bad parameter '${first.parameter}': ${first.message}`, errors);
  const message = `No ${parent.param} has id ${id}: /${parent.path}/${id}/${parent.name} does not exist.`;
  if (time) {
    const timeline = timelineFile(resource.path, String(id));
    return {
      kind: 'timeline',
      file: timeline,
      time,
      resource,
      missing: message,
    };
  }
  return file(recordFile(resource.path, String(id)), JSON_TYPE, resource, {
    kind: 'not-found',
    message,
  });
}

function noParams(given: [string, string][]): Plan | null {
  if (given.length === 0) return null;
  return error(
    400,
    `This path takes no query parameters; remove ${given.map(([n]) => n).join(', ')}.`,
    given.map(([parameter]) => ({ parameter, message: 'Not a parameter of this path.' })),
  );
}

/** A plan to send one file. */
function file(
  path: string,
  contentType: string,
  resource: ResourceManifest | null = null,
  missing: Missing = { kind: 'not-found', message: 'No resource lives at this path.' },
): FinalPlan {
  return { kind: 'file', file: path, resource, contentType, missing };
}

function record(resource: CollectionLikeManifest, rawId: string, given: [string, string][]): Plan {
  if (resource.idType === null) return notFound();
  const id = parseValue(resource.idType, rawId);
  if (id === undefined || id === null || (resource.idType === 'integer' && Number(id) < 0)) {
    return notFound(
      `'${rawId}' is not a valid id for /${resource.path}: ids there are ${TYPE_HINT[resource.idType]}.`,
    );
  }
  if (resource.pathFilter) return byPathFilter(resource, String(id), given);
  const refused = noParams(given);
  if (refused) return refused;
  return recordPlan(resource, String(id), `/${resource.path} has no record with id ${id}.`);
}

/** The file (or bucket entry) of one record. */
function recordPlan(resource: CollectionLikeManifest, id: string, message: string): FinalPlan {
  if (resource.buckets > 0) {
    const bucket = bucketFile(resource.path, id, resource.buckets);
    return {
      kind: 'bucket',
      file: bucket,
      id,
      resource,
      missing: message,
    };
  }
  return file(recordFile(resource.path, id), JSON_TYPE, resource, {
    kind: 'not-found',
    message,
  });
}

/**
 * `/<path>/<id>` on a resource with a `pathFilter`: the collection `?<field>=<id>`
 * (docs/api.md#micro-events: requesting an action id under `/events/actions` returns every modifier
 * of that action, and the pagination links filter with `action=<id>`). When no record has that
 * value the id is taken as a record's own id, so each record's `uri` resolves too; with query
 * parameters it must be a value of the field.
 */
function byPathFilter(
  resource: CollectionLikeManifest,
  id: string,
  given: [string, string][],
): Plan {
  const name = resource.pathFilter!;
  if (given.some(([n]) => n === name)) {
    return error(400, `The path already gives the ${name}; remove the '${name}' parameter.`, [
      { parameter: name, message: 'Given in the path and in the query.' },
    ]);
  }
  const plan = collection(resource, [[name, id], ...given]);
  if (plan.kind !== 'compose') return plan;
  const message = `/${resource.path} has no ${name} and no record with id ${id}.`;
  return {
    ...plan,
    fallback: given.length === 0 ? recordPlan(resource, id, message) : notFound(message),
  };
}

/** A collection's parameters by name: the fields it filters on, and its filters on several. */
interface CollectionParams {
  resource: CollectionLikeManifest;
  fields: Map<string, FieldManifest>;
  anyOf: Map<string, AnyOfFilter>;
  /** Every parameter it takes, as the error of an unknown one lists them. */
  allowed: string[];
}

/** What a collection's query asks for, read parameter by parameter. */
interface CollectionAsk {
  filters: FilterPlan[];
  sort: SortPlan[] | null;
  page: number;
  records: number;
}

/** One parameter of a collection, read: what it asks for, or why it is refused. */
type ParamReading =
  | { kind: 'filter'; filter: FilterPlan }
  | { kind: 'sort'; sort: SortPlan[] }
  | { kind: 'page'; page: number }
  | { kind: 'records'; records: number }
  | { kind: 'refused'; message: string };

const refusal = (message: string): ParamReading => ({ kind: 'refused', message });

/** A collection's listing with the parameters `given`: every bad one named, or the plan. */
function collection(resource: CollectionLikeManifest, given: [string, string][]): SimplePlan {
  const known = collectionParams(resource);
  const errors: ParamError[] = [];
  const ask: CollectionAsk = {
    filters: [],
    sort: null,
    page: 1,
    records: resource.records.default,
  };
  for (const [name, value] of given) {
    const read = readParam(known, name, value);
    switch (read.kind) {
      case 'filter':
        ask.filters.push(read.filter);
        break;
      case 'sort':
        ask.sort = read.sort;
        break;
      case 'page':
        ask.page = read.page;
        break;
      case 'records':
        ask.records = read.records;
        break;
      case 'refused':
        errors.push({ parameter: name, message: read.message });
        break;
      default:
        read satisfies never;
    }
  }
  const first = errors[0];
  if (first) return error(400, `Bad parameter '${first.parameter}': ${first.message}`, errors);
  return collectionPlan(known, ask);
}

/** The parameters a collection takes. */
function collectionParams(resource: CollectionLikeManifest): CollectionParams {
  const fields = new Map(
    resource.fields.filter((f) => f.filter !== 'none').map((f) => [f.name, f]),
  );
  const anyOf = new Map((resource.anyOf ?? []).map((filter) => [filter.name, filter]));
  const allowed = [
    ...fields.keys(),
    ...anyOf.keys(),
    ...(resource.paginated ? PAGING : []),
    'sort',
  ];
  return { resource, fields, anyOf, allowed };
}

/** Reads one parameter of a collection's query. */
function readParam(known: CollectionParams, name: string, value: string): ParamReading {
  const { resource } = known;
  const field = known.fields.get(name);
  const several = known.anyOf.get(name);
  if (resource.refused?.names.includes(name)) return refusal(resource.refused.message);
  if (field || several) {
    const parsed = field
      ? parseFilter(field, [field], value)
      : anyOfFilter(resource, several!, value);
    return typeof parsed === 'string' ? refusal(parsed) : { kind: 'filter', filter: parsed };
  }
  if (name === 'records' || name === 'page') return readPaging(resource, name, value);
  if (name === 'sort') {
    const parsed = parseSort(resource, value);
    return typeof parsed === 'string' ? refusal(parsed) : { kind: 'sort', sort: parsed };
  }
  return refusal(`Unknown parameter. Allowed: ${known.allowed.join(', ')}.`);
}

/** Reads `records` (the page size) or `page`, which only a paginated collection takes. */
function readPaging(
  resource: CollectionLikeManifest,
  name: 'records' | 'page',
  value: string,
): ParamReading {
  if (!resource.paginated)
    return refusal(`/${resource.path} is not paginated: it always returns the whole collection.`);
  const n = /^\d+$/.test(value) ? Number(value) : NaN;
  if (name === 'records')
    return n >= 1 && n <= resource.records.max
      ? { kind: 'records', records: n }
      : refusal(`records must be an integer from 1 to ${resource.records.max}.`);
  return n >= 1 ? { kind: 'page', page: n } : refusal('page must be an integer of 1 or more.');
}

/**
 * The plan of a collection's good query: a single pre-rendered file in the common cases, else a
 * composition of the files its indexed filters name.
 */
function collectionPlan({ resource, anyOf }: CollectionParams, ask: CollectionAsk): SimplePlan {
  const { filters, sort, page, records } = ask;
  filters.push(...impliedFilter(resource, filters));
  // One order of the parameters in links: the fields', then the filters on several fields.
  const rank = ({ field }: FilterPlan) => {
    const at = resource.fields.indexOf(field);
    return at >= 0 ? at : resource.fields.length + [...anyOf.keys()].indexOf(field.name);
  };
  filters.sort((a, b) => rank(a) - rank(b));
  const params: [string, string][] = filters
    .filter((f) => !f.implicit)
    .map((f) => [f.field.name, f.raw]);
  const defaultPaging = records === resource.records.default;
  const bases = filters.filter((f) => f.field.filter === 'indexed' && !f.wildcard);

  // The common cases are single files: the collection or one single-field filter collection, at the
  // default page size and order.
  if (sort === null && defaultPaging && filters.length <= 1 && bases.length === filters.length)
    return pageOf(resource, bases[0], page, params, records);
  if (sort)
    params.push(['sort', sort.map((s) => (s.descending ? '-' : '') + s.field.name).join(',')]);
  return {
    kind: 'compose',
    resource,
    bases,
    filters,
    sort,
    page,
    records,
    params,
    path: `/${resource.path}`,
  };
}

/**
 * A pre-rendered page: of the collection, or of the collection of one value of a field (`only`).
 * Page 1 of a filter's collection that does not exist is the empty page; a page past the last, a
 * 404.
 */
function pageOf(
  resource: CollectionLikeManifest,
  only: FilterPlan | undefined,
  page: number,
  params: [string, string][],
  records: number,
): FinalPlan {
  const dir = collectionDir(resource.path, only && { field: only.field.name, key: only.key });
  const missing: Missing =
    page === 1 && only
      ? { kind: 'empty', path: `/${resource.path}`, params, records }
      : { kind: 'not-found', message: `Page ${page} is past the last page of this collection.` };
  return file(pageFile(dir, page), JSON_TYPE, resource, missing);
}

/**
 * The filter the resource's rules imply from those given (`ImpliedFilter`, declared in the
 * registry): the first rule that applies, if any. It is left out of pagination links.
 */
function impliedFilter(resource: ResourceManifest, filters: FilterPlan[]): FilterPlan[] {
  const given = new Set(filters.map((f) => f.field.name));
  const rule = resource.implied.find(
    (r) =>
      !given.has(r.field) &&
      r.whenAny.some((name) => given.has(name)) &&
      !r.unless.some((name) => given.has(name)),
  );
  const field = rule && resource.fields.find((f) => f.name === rule.field);
  if (!rule || !field) return [];
  return [
    { field, matches: [field], raw: rule.value, key: rule.value, wildcard: false, implicit: true },
  ];
}

/**
 * A filter of the parameter `field` on the record fields `matches` (the field itself, or those of
 * a filter on several fields).
 */
function parseFilter(
  field: FieldManifest,
  matches: readonly FieldManifest[],
  value: string,
): FilterPlan | string {
  // Links carry the filter key (text case-folded, numbers canonical): one spelling per filter, the
  // same in pre-rendered and composed answers.
  if (isWildcard(value)) {
    if (!WILDCARD_TYPES.includes(field.type))
      return `'*' wildcards work on text, date and time fields; ${field.name} takes ${TYPE_HINT[field.type]}.`;
    const pattern = filterKey('string', value);
    return { field, matches, raw: pattern, key: pattern, wildcard: true };
  }
  const parsed: Scalar | undefined = parseValue(field.type, value);
  if (parsed === undefined || parsed === null)
    return `${field.name} takes ${TYPE_HINT[field.type]}; '${value}' is not.`;
  const key = filterKey(field.type, parsed);
  return { field, matches, raw: key, key, wildcard: false };
}

/**
 * A filter on several fields (`team`: the home or the away team): the parameter described as a
 * field that has no collections of its own, comparing each of its fields.
 */
function anyOfFilter(
  resource: CollectionLikeManifest,
  filter: AnyOfFilter,
  value: string,
): FilterPlan | string {
  const matches = filter.fields.map((name) => resource.fields.find((f) => f.name === name)!);
  const field: FieldManifest = {
    name: filter.name,
    key: filter.name,
    type: filter.type,
    nullable: false,
    filter: 'scan',
    description: filter.description,
  };
  return parseFilter(field, matches, value);
}

/** The record id as a sortable field. */
function idField(resource: ResourceManifest): FieldManifest {
  return {
    name: 'id',
    key: 'id',
    type: resource.idType === 'integer' ? 'integer' : 'uuid',
    nullable: false,
    filter: 'none',
    description: 'Record id.',
  };
}

function parseSort(resource: ResourceManifest, value: string): SortPlan[] | string {
  const out: SortPlan[] = [];
  for (const part of value.split(',')) {
    const descending = part.startsWith('-');
    const name = descending ? part.slice(1) : part;
    const field = name === 'id' ? idField(resource) : resource.fields.find((f) => f.name === name);
    if (!field || !resource.sort.fields.includes(name)) {
      return `Cannot sort by '${name}'. Sortable fields: ${resource.sort.fields.join(', ')}; prefix one with - to sort descending.`;
    }
    if (out.some((s) => s.field.name === name)) return `'${name}' appears twice in sort.`;
    out.push({ field, descending });
  }
  return out;
}
