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

/** One resource (a collection and its records). */
export interface ResourceManifest {
  /** URL path without the leading slash, also the folder in dist/: `v1/persons`. */
  path: string;
  version: string;
  title: string;
  description: string;
  /** Type of record ids in `/<path>/<id>`; null when records cannot be addressed one by one. */
  idType: 'uuid' | 'integer' | null;
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
   * Also addressed under a parent collection, as SPEC's match paths are: `mode: 'record'` maps
   * `/<path>/<pid>/<name>` to record `pid` (a match's info); `mode: 'collection'` maps it to the
   * collection filtered by `param` = pid, and `/<path>/<pid>/<name>/<id>` to a record of that
   * parent.
   * `aliases` are other names of the same path (`/v1/analytics/match/<id>/segment`).
   */
  parent: {
    path: string;
    name: string;
    param: string;
    mode: 'record' | 'collection';
    aliases?: string[];
  } | null;
  /**
   * Other paths of this collection (v0's `/v0/players` is `/v0/personnel/players`): the router
   * answers them from this resource's files, whose links and uris name `path`.
   */
  aliases?: string[];
  /**
   * SPEC's phase rule: matchday alone = league, round_name with group = group, round_name alone =
   * knockout.
   */
  phaseRule: boolean;
  /** Parameters refused with a message of their own (phase filters on conditions). */
  refused: { names: string[]; message: string } | null;
  /**
   * `/<path>/<id>` first lists the records whose field `pathFilter` is `id` (SPEC's
   * `/events/actions/<action id>`: every modifier of that action) and only when there are none
   * looks
   * `id` up as a record id. Absent: the id is a record id.
   */
  pathFilter?: string;
  /**
   * The most records the router reads to compose one answer here; absent: the build's `scanLimit`.
   */
  scanLimit?: number;
  /**
   * Per-match documents rather than a collection (analytics): `/<parent path>/<id>/<parent name>`
   * and
   * `/<path>/<id>` serve the file `R/<id>.json`, whose `result` is one `object` or an `array`; the
   * collection path itself has no listing. With `time`, the router answers the `time` parameter
   * from the match's timeline file. Absent: an ordinary collection.
   */
  document?: { result: 'object' | 'array'; time: boolean };
  /** Number of records. */
  count: number;
  /** Content hash over every file of the resource: the basis of its ETags. */
  hash: string;
}

/** The whole manifest. */
export interface Manifest {
  format: 1;
  /** Content hash of the whole build. */
  build: string;
  /** The largest number of records the router reads to answer one request by composition. */
  scanLimit: number;
  /** Precompressed variants written next to every JSON file (`.br`, `.gz`). */
  encodings: ('br' | 'gzip')[];
  /** Versions with a root document (`/v1/`). */
  roots: { version: string; hash: string }[];
  resources: ResourceManifest[];
  /** Static files served as they are (the logo). */
  assets: { path: string; type: string; hash: string }[];
}

/** File name of the manifest inside dist/. */
export const MANIFEST_FILE = '_manifest.json';
