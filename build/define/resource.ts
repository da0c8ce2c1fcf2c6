import type { FieldType, FilterMode, ImpliedFilter } from '../../contract/manifest.ts';
import type { Db } from '../../data/db.ts';
import type { Scalar } from '../../contract/keys.ts';
import type { TimelineState } from '../../contract/timeline.ts';

/**
 * The vocabulary of the resource registry: each resource of the API is one declarative entry saying
 * where its records come from (SQL), what fields and links they have, how they are filtered, paged
 * and sorted. The build, the router's manifest and the OPTIONS documentation are all derived from
 * it.
 */

/** What every field has, whatever its type and filter. */
interface FieldBase {
  /** snake_case name: the filter parameter and the documented name. */
  name: string;
  description: string;
  /** SQL expression giving the value, in the context of the resource's `from`. */
  sql: string;
  /** Response key when it is not the camelCase (or, for snake resources, the snake_case) name. */
  key?: string;
  /** Whether the field may be null (documentation; default true). */
  nullable?: boolean;
  /**
   * Leave the key out of a record where the value is null (phase-specific fields: `round` on a
   * league match).
   */
  omitNull?: boolean;
  /** The value is a list of values of `type` (a segment's player ids); documented as `<type>[]`. */
  list?: boolean;
  /**
   * Every value the field can take, where it is an id or a label of a fixed reference list
   * (`football/`): the OpenAPI document gives them as an enum.
   */
  values?: readonly (number | string)[];
}

/** An entry of a fixed reference list (`football/`): its id and label first. */
export type ListEntry = readonly [id: number, label: string, ...rest: unknown[]];

/** The ids of a fixed reference list, as a field's `values`. */
export const idsOf = (list: readonly ListEntry[]) => ({ values: list.map(([id]) => id) });

/** The labels of a fixed reference list, as a field's `values`. */
export const labelsOf = (list: readonly ListEntry[]) => ({
  values: list.map(([, label]) => label),
});

/**
 * One field of a resource. `filter` says how it is filtered (default `indexed`: a pre-rendered
 * collection per value; see `FilterMode`). Only id fields may be bucket filters (their values key
 * bucket files), which the second member enforces: `filter: 'bucket'` on a string is a type error.
 */
export type FieldDef =
  | (FieldBase & { type: FieldType; filter?: Exclude<FilterMode, 'bucket'> })
  | (FieldBase & { type: IdType; filter: 'bucket' });

/** The types of record ids, and of the fields that may be bucket filters. */
export type IdType = Extract<FieldType, 'uuid' | 'integer'>;

/** A link: a path template with `{field}` placeholders (or `{id}`), or a nested object of links. */
export type LinkTemplate = string | { [name: string]: LinkTemplate };

/** The records a document resource computes from one row of its SQL (one match). */
export interface DocumentRows {
  /**
   * The document's records, as values by field name merged over the row before rendering (so links
   * and `uri` templates see both); values may be lists (player ids).
   */
  rows: Record<string, unknown>[];
  /**
   * The state timeline of the match, for resources that answer `time` (see `contract/timeline.ts`).
   */
  timeline?: { end: [number, number]; states: TimelineState[] };
}

/**
 * The record a resource is also addressed under: `/<path>/<pid>/<name>`, where `<pid>` is the value
 * of the field `param` (a match's id: `path` is `v1/clubs/matches`, `param` is `match`).
 */
export interface ParentDef {
  path: string;
  name: string;
  param: string;
}

/**
 * Where a resource's rows come from: the SQL of its record ids and rows, and what that SQL reads and
 * selects besides the fields.
 */
export interface SqlDef {
  /** SQL expression of the record id. */
  id: string;
  /** `FROM ...` clause (with joins and a WHERE clause if needed). */
  from: string;
  /**
   * Extra SQL columns (name -> SQL) the order, the link and `uri` templates and a document's
   * derivation may use without them being fields: a tiebreak such as a micro-event's source
   * order, or an id a link needs only when its target exists.
   */
  hidden?: Record<string, string>;
  /** Derived tables its SQL reads, filled by the build before it (see `DerivedTable`). */
  temp?: DerivedTable[];
}

/** Where a resource's records are addressed, besides `/<path>/<id>`. */
export interface RoutingDef {
  /** Template of a record's `uri` (default `/<path>/{id}`). */
  uri?: string;
}

/** Where a collection's records are addressed, besides `/<path>/<id>`. */
export interface CollectionRoutingDef extends RoutingDef {
  /**
   * Other paths of the same collection and records (v0's `/v0/players` for
   * `/v0/personnel/players`).
   */
  aliases?: string[];
  /**
   * `/<path>/<id>` lists the records whose field of this name (a `bucket` filter) is `id`, and
   * falls back to the record `id` when none has it (`/events/actions/<action id>`,
   * docs/api.md#micro-events).
   */
  pathFilter?: string;
}

/**
 * The part of a version a resource belongs to, for its readers: the reference lists every record
 * points to, persons and their roles, matches with what happens in them (v0's macro-events too),
 * v1's micro-events, the per-match analytics, and the statistics. Each is a tag of the OpenAPI
 * document and a part of the API reference, which loads one at a time.
 */
export type ResourceGroup =
  'reference' | 'persons' | 'matches' | 'micro-events' | 'analytics' | 'statistics';

/** What every kind of resource has. */
interface ResourceBase {
  /** URL path without the leading slash, also the folder in dist/. */
  path: string;
  version: 'v1' | 'v0';
  group: ResourceGroup;
  title: string;
  description: string;
  idType: IdType;
  /**
   * The ids of every record, where the resource is a fixed reference list (`football/`): the
   * OpenAPI document gives them as an enum.
   */
  ids?: readonly number[];
  sql: SqlDef;
  fields: FieldDef[];
  links: Record<string, LinkTemplate>;
  /**
   * Attribution: `reference` resources carry an empty `source`; `data` resources name the providers
   * of their records, taken from the SQL expression `sourceSql`.
   */
  credit: { kind: 'reference' } | { kind: 'data'; sourceSql: string };
  /** Response key case (v0 lineups, macro-events and analytics keep snake_case). */
  keyCase?: 'camel' | 'snake';
  routing?: RoutingDef;
}

/**
 * How a collection's listing is answered: in pages (`size` records by default, 10 unless the
 * resource says otherwise; `totals` spells the pagination totals, snake_case for v0's
 * macro-events), or whole in one answer (`single`: small reference lists; docs/api.md#paging).
 */
export type PagingDef =
  { kind: 'pages'; size?: number; totals?: 'camel' | 'snake' } | { kind: 'single' };

/**
 * How an archive lays out a collection's records: those of one value of `field` together, which
 * its pages read in a block or two and which compress better than beside other values' (a default
 * page then reads a block for most of its records), and the values in the order of the hidden
 * column `order`, the same for every record of one value: a match's date, so that a new
 * matchday's records are stored after the others and leave the blocks before them as they were.
 * `field` is an `indexed` filter (the build refuses any other field).
 */
export interface StoredBy {
  field: string;
  order: string;
}

/** A collection's default order. Absent, records go by id. */
export interface OrderDef {
  /** Field names (or hidden columns), `-` prefix for descending; the id always breaks ties. */
  by: string[];
  /**
   * The order in words, when `by` uses hidden columns (OPTIONS documents it instead of their
   * names).
   */
  note?: string;
  /**
   * A hidden column ranking the records in this order, computed once per build (a derived
   * table's rank, where the same order serves many resources): the build sorts by it and then the
   * id instead of by `by`, which it must equal (a test compares them) and which still documents
   * the order.
   */
  rank?: string;
}

/** What the router does with a listing's parameters besides filtering by them. */
export interface CompositionDef {
  /** Filters the router adds when others are given (the phase rule, `PHASE_RULE`). */
  implied?: ImpliedFilter[];
  /** Parameters refused with a message of their own. */
  refused?: { names: string[]; message: string };
  /**
   * Filters on several fields at once (`team`: a match's home or away team), answered from the
   * query index; their type is their fields'.
   */
  anyOf?: AnyOfDef[];
}

/** A filter on several fields at once: a record matches when any of `fields` holds the value. */
export interface AnyOfDef {
  name: string;
  description: string;
  fields: string[];
}

/**
 * What every collection has (every kind but documents): a listing, paged, sorted and filtered. Each
 * concern but paging and storage is an optional group, declared by the resources that need it.
 */
interface CollectionBase extends ResourceBase {
  /**
   * How records are stored, stated by every collection: `one` = a file per record; `bucket` = files
   * keyed by an id prefix, for resources with millions of records (micro-events, statistics); the
   * router picks the record out of its bucket.
   */
  recordFiles: 'one' | 'bucket';
  /**
   * A field whose records an archive stores together (`StoredBy`), where the default order
   * scatters them: `match` for micro-events, whose default order is by time across every match,
   * and for a match's lineups and macro-events (`perMatch`), by team name or minute.
   */
  storedBy?: StoredBy;
  paging: PagingDef;
  order?: OrderDef;
  routing?: CollectionRoutingDef;
  composition?: CompositionDef;
}

/** A plain collection: `/<path>` and `/<path>/<id>` (countries, persons, micro-events). */
export interface CollectionDef extends CollectionBase {
  kind: 'collection';
}

/**
 * A collection also listed under a parent record: `/<parent path>/<pid>/<name>` is the collection
 * `?<param>=<pid>` and `/<parent path>/<pid>/<name>/<id>` one of its records, if it belongs to that
 * parent (a match's lineups, goals, conditions...).
 */
export interface NestedDef extends CollectionBase {
  kind: 'nested';
  parent: ParentDef;
}

/**
 * A collection whose record `<pid>` is also `/<parent path>/<pid>/<name>` (a match's info at
 * `/v1/clubs/matches/<id>/info`). Its records are the parents of the nested collections of the same
 * parent path, so the router answers 404 for the nested lists of a `<pid>` it does not have.
 */
export interface ParentRecordDef extends CollectionBase {
  kind: 'parent-record';
  parent: ParentDef;
}

/**
 * Per-match documents rather than a collection (the analytics): the build writes one file per row
 * of `from` (`R/<id>.json`, the id being the match's) and no listing, pages or filter collections;
 * the router answers `/<parent path>/<id>/<parent name>` (and its `aliases`) and `/<path>/<id>`
 * from it, without paging, sorting or filters.
 */
export interface DocumentDef extends ResourceBase {
  kind: 'document';
  /** Where the documents are addressed; `aliases` are other names of `name` (`segment`). */
  parent: ParentDef & { aliases?: string[] };
  /** `object`: `result` is the one record itself (the match state); `array`: a list of records. */
  result: 'object' | 'array';
  /**
   * Record ids number the records from 1 (a match's segments); absent, a record's id is the
   * match's.
   */
  numbered?: true;
  /**
   * Computes the records of one row (prepared once per build). Absent: the row is the one record.
   * Fields the computation fills have the placeholder SQL `NULL`.
   */
  compute?: (db: Db) => (row: Record<string, Scalar>) => DocumentRows;
  /**
   * Documents the `time` parameter: the build also writes the match's state timeline
   * (`timelineFile`), from which the router answers the state at any time.
   */
  time?: string;
  /**
   * A hidden column whose order (then the id's) an archive stores the documents in: a match's
   * date, so that a new matchday's documents are stored after the others (`StoredBy`).
   */
  storedOrder?: string;
}

/** One resource of the API: a definition of one of four kinds, told apart by `kind`. */
export type ResourceDef = CollectionDef | NestedDef | ParentRecordDef | DocumentDef;

/** The kinds that are collections: listed, paged, sorted and filtered. */
export type CollectionLike = CollectionDef | NestedDef | ParentRecordDef;

/** snake_case to camelCase: `birth_date` -> `birthDate`. */
export function camelCase(name: string): string {
  return name.replace(/_([a-z0-9])/g, (_, c: string) => c.toUpperCase());
}

/** The response key of a field. */
export function responseKey(resource: ResourceDef, field: FieldDef): string {
  return field.key ?? (resource.keyCase === 'snake' ? field.name : camelCase(field.name));
}

/** The options of `field()`: everything but the name, type, description and SQL. */
export type FieldOptions = Partial<Omit<FieldBase, 'name' | 'description' | 'sql'>>;

/**
 * A field definition in one line: `field('name', 'string', 'Name.', 'c.name')`. Only id types take
 * `filter: 'bucket'`; on any other type it matches no overload.
 */
export function field(
  name: string,
  type: IdType,
  description: string,
  sql: string,
  extra?: FieldOptions & { filter?: FilterMode },
): FieldDef;
export function field(
  name: string,
  type: FieldType,
  description: string,
  sql: string,
  extra?: FieldOptions & { filter?: Exclude<FilterMode, 'bucket'> },
): FieldDef;
export function field(
  name: string,
  type: FieldType,
  description: string,
  sql: string,
  extra: FieldOptions & { filter?: FilterMode } = {},
): FieldDef {
  // The overloads admit `bucket` only with an id type, which is the second member of `FieldDef`.
  return { name, type, description, sql, ...extra } as FieldDef;
}

/** Reference attribution (empty `source`). */
export const REFERENCE = { kind: 'reference' } as const;

/** Data attribution with providers read from a `source` column. */
export function dataCredit(sourceSql: string): ResourceDef['credit'] {
  return { kind: 'data', sourceSql };
}

/**
 * A derived table: one the build fills from the source database before the first resource that
 * reads it (per-lineup statistics from micro- and macro-events), without writing the source,
 * which the build only reads. It is filled once per build, by one worker, into a scratch database
 * that every worker's connection attaches as schema `derived` (`build/tasks.ts`), so the resources'
 * SQL reads it as `derived.<name>`.
 */
export interface DerivedTable {
  /** Table name in the `derived` schema. */
  name: string;
  /**
   * The other tables its fill creates beside `<name>`, where one pass over the source gives
   * both (the micro-events and their modifiers).
   */
  also?: readonly string[];
  /**
   * Creates and fills table `<name>` (and those of `also`) in `target` (the scratch database)
   * from `db` (the source, with the tables filled before attached as `derived`), reporting
   * progress as units done of a total.
   */
  fill: (db: Db, target: Db, progress: (done: number, total: number) => void) => void;
  /** Derived tables its fill reads (through `db`, as `derived.<name>`): filled before it. */
  reads?: readonly DerivedTable[];
}

/** The registry: every resource the build writes, the manifest lists and OPTIONS documents. */
export interface Registry {
  resources: ResourceDef[];
  /** Version roots (`/v1/`, `/v0/`): link trees. */
  roots: Record<string, Record<string, LinkTemplate>>;
}
