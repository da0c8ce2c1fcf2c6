import type { Provider } from './envelope.ts';
import type { QueryIndexManifest } from './query-index.ts';

/**
 * The manifest: what the build tells the router about `dist/`. It is small (one entry per resource,
 * no per-file data), written as `dist/_manifest.json`, and is all the router needs; the router
 * never imports the build.
 */

/** Value types of fields and query parameters. */
export type FieldType = 'integer' | 'float' | 'string' | 'boolean' | 'date' | 'time' | 'uuid';

/**
 * How a filter is answered: `indexed` filters have a pre-rendered collection per value; `bucket`
 * filters too, but grouped into files by the value's id prefix (uuid fields with millions of values
 * and a handful of records each, such as the modifiers of one micro-event action); `scan` filters
 * are applied by the router to a bounded set of records; `none` fields cannot be filtered.
 */
export type FilterMode = 'indexed' | 'bucket' | 'scan' | 'none';

/** One field of a resource, as documented and as filtered. */
export interface FieldManifest {
  /** snake_case name: the filter parameter and the documented field name. */
  name: string;
  /** The key the field has in response records (camelCase in v1). */
  key: string;
  type: FieldType;
  nullable: boolean;
  filter: FilterMode;
  description: string;
  /** For `bucket` filters: the hex digits of the value that key its bucket files. */
  buckets?: number;
}

/** What every manifest entry has, whatever its kind. */
interface ManifestBase {
  /** URL path without the leading slash, also the folder in dist/: `v1/persons`. */
  path: string;
  version: string;
  title: string;
  description: string;
  /** Type of record ids in `/<path>/<id>`; null when records cannot be addressed one by one. */
  idType: 'uuid' | 'integer' | null;
  /**
   * Paging, sorting and totals of the listing. A document resource has no listing; its entry still
   * says `paginated: false`, the default page size and the id order, as collections do.
   */
  paginated: boolean;
  records: { default: number; max: number };
  sort: { default: string[]; fields: string[] };
  /** Spelling of the pagination totals in `meta`. */
  totals: 'camel' | 'snake';
  fields: FieldManifest[];
  /**
   * How records are stored: 0 = one file per record; n > 0 = in bucket files keyed by the first n
   * hex digits of the id (for resources with millions of records, such as micro-events).
   */
  buckets: number;
  /**
   * Other paths of this collection (v0's `/v0/players` is `/v0/personnel/players`): the router
   * answers them from this resource's files, whose links and uris name `path`.
   */
  aliases?: string[];
  /**
   * Filters the router adds when others are given: the first rule that applies adds its filter
   * (the phase rule: `matchday` alone means the league phase). Declared in the registry.
   */
  implied: ImpliedFilter[];
  /** Parameters refused with a message of their own (phase filters on conditions). */
  refused: { names: string[]; message: string } | null;
  /**
   * `/<path>/<id>` first lists the records whose field `pathFilter` is `id`
   * (`/events/actions/<action id>`: every modifier of that action) and only when there are none
   * looks `id` up as a record id. Absent: the id is a record id.
   */
  pathFilter?: string;
  /**
   * Where the query index of a paginated collection is (`contract/query-index.ts`): the router
   * answers every filter and sort the build did not pre-render from it. Absent: the collection is
   * one page, or a document resource.
   */
  query?: QueryIndexManifest;
  /** Number of records. */
  count: number;
  /** Content hash over every file of the resource; the build's `build` hash combines them. */
  hash: string;
}

/**
 * The record a resource is also addressed under, as the match paths are:
 * `/<path>/<pid>/<name>`, `pid` being a value of the resource's field `param`.
 */
/**
 * A filter implied by others: `field` = `value` is added when one of `whenAny` is given and none
 * of `unless` is (nor `field` itself).
 */
export interface ImpliedFilter {
  field: string;
  value: string;
  whenAny: string[];
  unless: string[];
}

export interface ParentManifest {
  path: string;
  name: string;
  param: string;
}

/**
 * A filter on several fields at once: a record matches when any of `fields` holds the value (`team`
 * on a match's records: its home team or its away team). No collection is pre-rendered for it: the
 * router answers it from the query index, as the union of each field's posting list.
 */
export interface AnyOfFilter {
  /** The query parameter, never the name of a field of the resource. */
  name: string;
  /** The type of every one of `fields`. */
  type: FieldType;
  description: string;
  /** The fields compared, each filterable. */
  fields: string[];
}

/** What every collection has besides the entry of every kind. */
interface CollectionBaseManifest extends ManifestBase {
  /** Filters on several fields at once; absent in builds made before there were any. */
  anyOf?: AnyOfFilter[];
}

/** A plain collection: `/<path>` and `/<path>/<id>`. */
export interface CollectionManifest extends CollectionBaseManifest {
  kind: 'collection';
}

/**
 * A collection also under a parent: `/<parent path>/<pid>/<name>` is the collection filtered by
 * `param` = pid, and `/<parent path>/<pid>/<name>/<id>` a record of it that belongs to that parent.
 */
export interface NestedManifest extends CollectionBaseManifest {
  kind: 'nested';
  parent: ParentManifest;
}

/**
 * A collection whose record `pid` is also `/<parent path>/<pid>/<name>` (a match's info); its
 * record files tell the router which parents exist.
 */
export interface ParentRecordManifest extends CollectionBaseManifest {
  kind: 'parent-record';
  parent: ParentManifest;
}

/**
 * Per-match documents rather than a collection (analytics): `/<parent path>/<id>/<parent name>`
 * (and its `aliases`, other names of `name`: `/v1/analytics/match/<id>/segment`) and
 * `/<path>/<id>` serve the file `R/<id>.json`, whose `result` is one `object` or an `array`; the
 * path itself has no listing. With `time`, the router answers the `time` parameter from the
 * match's timeline file.
 */
export interface DocumentManifest extends ManifestBase {
  kind: 'document';
  parent: ParentManifest & { aliases?: string[] };
  document: { result: 'object' | 'array'; time: boolean };
}

/** One resource, of one of four kinds told apart by `kind`. */
export type ResourceManifest =
  CollectionManifest | NestedManifest | ParentRecordManifest | DocumentManifest;

/** The kinds that are collections: listed, paged, sorted and filtered. */
export type CollectionLikeManifest = CollectionManifest | NestedManifest | ParentRecordManifest;

/** The kinds addressed under a parent record. */
export type ChildManifest = NestedManifest | ParentRecordManifest | DocumentManifest;

/**
 * The end of an exhaustive `switch` on a kind (of a manifest entry or a registry definition):
 * `value` is `never` when every kind is handled, so a new kind is a compile error at every switch
 * that forgets it.
 */
export function unknownKind(value: never): never {
  throw new Error(`unknown resource kind: ${JSON.stringify(value)}`);
}

/**
 * The manifest's format, raised whenever the router reads it differently (2: implied filters
 * replace the phase-rule flag; 3: collections have a query index; 4: the providers, and each
 * collection's sets of them, so that composed answers credit exactly). A router refuses a build
 * of another format.
 */
export const MANIFEST_FORMAT = 4;

/** The whole manifest. */
export interface Manifest {
  format: typeof MANIFEST_FORMAT;
  /** Content hash of the whole build. */
  build: string;
  /** Precompressed variants written next to every JSON file (`.br`, `.gz`). */
  encodings: ('br' | 'gzip')[];
  /** Versions with a root document (`/v1/`). */
  roots: { version: string; hash: string }[];
  resources: ResourceManifest[];
  /** Static files served as they are (the logo). */
  assets: { path: string; type: string; hash: string }[];
  /** The data providers, by key: what a record's provider keys (`query.sources`) credit. */
  providers: Record<string, Provider>;
  /**
   * What the build was made from, when the builder can say (the embedded demo: its seed and a hash
   * of the code): a later build from the same inputs may reuse this one instead.
   */
  inputs?: string;
}

/** File name of the manifest inside dist/. */
export const MANIFEST_FILE = '_manifest.json';
