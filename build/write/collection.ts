import type { Db } from '../../data/db.ts';
import type { Provider } from '../../contract/envelope.ts';
import { faultPoint } from '../../data/faults.ts';
import { Assembler } from '../output/assemble.ts';
import { filterKey, WILDCARD_TYPES, type Scalar } from '../../contract/keys.ts';
import type { QueryIndexManifest } from '../../contract/query-index.ts';
import {
  Credits,
  Pager,
  pagingOf,
  type Paging,
  writeFieldBuckets,
  writeFilterCollections,
  writeRecordBuckets,
  writeRecordFile,
} from './layouts.ts';
import type { CollectionLike, FieldDef, StoredBy } from '../define/resource.ts';
import { columnIndex, recordRenderer, recordText, rowSource, type Values } from './render.ts';
import type { OutputSink } from '../output/sink.ts';
import { writeQueryIndex, type IndexPlan } from '../index/query-index.ts';
import { MEMORY_BUDGET, Spool } from './spool.ts';
import { isRecordValue } from '../output/record-spans.ts';
import { FieldColumns } from '../index/field-columns.ts';
import { SourceColumn } from '../index/source-column.ts';
import { defaultOrderQuery } from '../define/sql.ts';

/**
 * Progress of one resource: records rendered so far, of a total known in advance (documents) or
 * not (collections, whose records are counted as they come, `null`).
 */
export type Tick = (done: number, total: number | null) => void;

/** What writing a resource told the manifest. */
export interface Written {
  count: number;
  /** How records are stored: 0 = a file each, n = buckets keyed by n hex digits of the id. */
  buckets: number;
  /** Hex digits keying the bucket files of each `bucket` filter, by field name. */
  fieldBuckets: Record<string, number>;
  /** The first record written, for the OpenAPI document's examples; null when there is none. */
  example: Example | null;
  /** The query index of a paginated collection (`contract/query-index.ts`). */
  query: QueryIndexManifest | null;
}

/** A record as an example: its id (a document's: the match's) and its JSON. */
export interface Example {
  id: string;
  record: string;
}

/**
 * Most records per bucket file on average: small enough to read for one record (~150 KB of
 * micro-event records at most). Each more digit means 16 times the files, so the build takes the
 * fewest digits that stay under it, which puts the average between 16 and 256: the real
 * micro-events (3.25 M actions, ~5 M modifiers) get 65,536 files of ~50 and ~76 records, where a
 * target of 64 would give the modifiers a million files of five.
 */
const BUCKET_MAX = 256;

/** Hex digits of the id prefix that keys the buckets of a resource of `count` records. */
export function bucketDigits(count: number): number {
  let digits = 1;
  while (digits < 6 && count / 16 ** digits > BUCKET_MAX) digits++;
  return digits;
}

/**
 * The `digits` of the buckets of ids or values of a type (`bucketName`): uuids by prefix, as
 * `bucketDigits` says for their `count`; integers 256 consecutive ones to a file (`BUCKET_MAX`),
 * whatever the count, so it is not asked for.
 */
function digitsFor(type: string, count: () => number): number {
  return type === 'uuid' ? bucketDigits(count()) : 2;
}

/**
 * The grouping value a layout reads of a field (its `value` in a row): the filter key, or a bucket
 * filter's value.
 */
function groupValue(field: FieldDef, value: Scalar | undefined): Scalar {
  if (value === null || value === undefined) return null;
  if (field.filter === 'bucket') return value;
  return filterKey(field.type, value);
}

/**
 * The query index's plan of a paginated collection (none for a collection of one page): every
 * field, filtered by its filter key if it is an `indexed` or a `scan` filter (`bucket` filters
 * are served by their buckets, `none` is no filter).
 */
function indexPlan(def: CollectionLike): IndexPlan | null {
  if (def.paging.kind !== 'pages') return null;
  const fields = def.fields.map((f) => {
    const mode = f.filter ?? 'indexed';
    const filtered = mode === 'indexed' || mode === 'scan';
    return {
      name: f.name,
      filter: filtered ? (v: Scalar) => (v === null ? null : filterKey(f.type, v)) : null,
      keyed: WILDCARD_TYPES.includes(f.type),
    };
  });
  return { fields };
}

/** What writing a collection reads its rows with, and lays them out by. */
interface CollectionPlan {
  /** The columns of a row's id and of its source. */
  id: number;
  source: number;
  /** A row's record as JSON text. */
  render: (values: Values) => string;
  credits: Credits;
  /** The fields of filter collections, then those of field buckets: the spool's grouping keys. */
  indexed: FieldDef[];
  grouped: FieldDef[];
  layoutFields: { field: FieldDef; at: number }[];
  paging: Paging;
  index: IndexPlan | null;
  /** The column of each field, in the order of the fields: the query index's columns. */
  fieldsAt: number[];
  /**
   * Where the records are stored together (`StoredBy`): the place in `indexed` of the field, and
   * the spool's column (after the layout fields) of the hidden column that orders its values.
   */
  storedBy: { column: number; order: { column: number; at: number } } | null;
}

/** The plan of a collection whose query's columns are `names`. */
function collectionPlan(
  def: CollectionLike,
  names: readonly string[],
  providers: ReadonlyMap<string, Provider>,
): CollectionPlan {
  const at = columnIndex(names);
  const [id, source] = [at('id'), at('_source')];
  const object = recordRenderer(def, names);
  const render = recordText(def, names) ?? ((values) => JSON.stringify(object(values)));
  const credits = new Credits(providers, def.credit.kind === 'reference');
  const indexed = def.fields.filter((f) => (f.filter ?? 'indexed') === 'indexed');
  const grouped = def.fields.filter((f) => f.filter === 'bucket');
  const layoutFields = [...indexed, ...grouped].map((f) => ({ field: f, at: at(f.name) }));
  const paging = pagingOf(def.path, def.paging);
  const index = indexPlan(def);
  const fieldsAt = def.fields.map((f) => at(f.name));
  const stored = def.storedBy;
  const storedBy = stored ? storedPlan(def.path, stored, indexed, layoutFields.length, at) : null;
  return {
    id,
    source,
    render,
    credits,
    indexed,
    grouped,
    layoutFields,
    paging,
    index,
    fieldsAt,
    storedBy,
  };
}

/**
 * Where `StoredBy` puts its field and order among a collection's spooled columns: the order's
 * column is the spool's `free`, the one after its layout fields.
 */
function storedPlan(
  path: string,
  stored: StoredBy,
  indexed: readonly FieldDef[],
  free: number,
  at: (name: string) => number,
): NonNullable<CollectionPlan['storedBy']> {
  const column = indexed.findIndex((f) => f.name === stored.field);
  if (column < 0) throw new Error(`${path}: storedBy '${stored.field}' is not an indexed filter`);
  const order = at(stored.order);
  if (order < 0) throw new Error(`${path}: storedBy's order '${stored.order}' is not a column`);
  return { column, order: { column: free, at: order } };
}

/**
 * Writes a collection resource. Its SQL runs once, in the default order: each record is rendered
 * once and spooled with its grouping values. Every layout reads the spool: the record files and
 * the default pages in that order, once the total their links need is known (no counting query,
 * which cost a second pass of the joins), and the layouts in other orders (filter collections,
 * field buckets, record buckets). Memory holds the spool up to its budget, and one page or one
 * bucket file.
 */
export function writeCollection(
  db: Db,
  def: CollectionLike,
  sink: OutputSink,
  providers: ReadonlyMap<string, Provider>,
  tick: Tick,
  /** Bytes of records the spool keeps in memory before it moves them to disk. */
  spoolBytes = MEMORY_BUDGET,
): Written {
  const statement = db.prepare(defaultOrderQuery(def)).raw();
  const names = statement.columns().map((c) => c.name);
  const plan = collectionPlan(def, names, providers);
  const { id, source, render, layoutFields, fieldsAt, storedBy } = plan;
  const spool = new Spool(layoutFields.length + (storedBy ? 1 : 0), spoolBytes);
  const columns = plan.index && new FieldColumns(fieldsAt.length);
  // Each record's JSON is encoded into one buffer, reused: the layouts and the spool copy what
  // they keep.
  const encoded = new Assembler();
  let total = 0;
  // Whether every record is one for an archive (`isRecordValue`): a page that holds a smaller one
  // is stored from its bytes, so then every layout reads its records' bytes.
  let allRecords = true;
  try {
    let example: Example | null = null;
    for (const row of statement.iterate() as Iterable<Values>) {
      faultPoint('render');
      const text = render(row);
      example ??= { id: String(row[id]), record: text };
      encoded.clear();
      encoded.text(text);
      const json = encoded.view();
      allRecords &&= isRecordValue(json);
      const src = rowSource(row[source]);
      const keys = layoutFields.map((f) => groupValue(f.field, row[f.at]));
      if (storedBy) keys.push(row[storedBy.order.at] ?? null);
      spool.add({ ord: total, id: row[id] ?? null, src, json, keys });
      columns?.add(fieldsAt.map((c) => row[c] ?? null));
      if (++total % 1000 === 0) tick(total, null);
    }
    // On disk, the spool reads back no JSON of the records the sink holds.
    spool.seal(allRecords ? (ord) => sink.holds(ord) : undefined);
    columns?.seal();
    const { buckets, fieldBuckets, query } = writeLayouts(sink, def, plan, spool, columns, total);
    return { count: total, buckets, fieldBuckets, example, query };
  } finally {
    spool.close();
    columns?.close();
    tick(total, total);
  }
}

/**
 * Writes every layout of a collection from its sealed spool of `total` records: the record files
 * and the default pages, the filter collections, the field buckets, the record buckets and the
 * query index.
 */
function writeLayouts(
  sink: OutputSink,
  def: CollectionLike,
  plan: CollectionPlan,
  spool: Spool,
  columns: FieldColumns | null,
  total: number,
): Pick<Written, 'buckets' | 'fieldBuckets' | 'query'> {
  const { credits, paging, indexed, grouped, index, storedBy } = plan;
  const filters = (column: number, after?: number) =>
    writeFilterCollections(
      sink,
      paging,
      credits,
      indexed[column]!.name,
      spool.grouped(column, after),
      spool.counts(column, after),
    );
  // An archive stores each record where it is first written: the `storedBy` field's pages first
  // keep its records together, the record files and default pages then name them where they lie.
  if (storedBy) filters(storedBy.column, storedBy.order.column);
  const pager = new Pager(sink, paging, credits, def.path, total);
  const sources = index && new SourceColumn(total);
  const files = def.recordFiles !== 'bucket';
  for (const r of spool.inOrder()) {
    if (files) writeRecordFile(sink, credits, def.path, r.id, r.json, r.src, r.ord);
    pager.add(r.json, r.src, r.ord);
    sources?.add(r.src);
  }
  pager.finish();
  indexed.forEach((_, column) => {
    if (column !== storedBy?.column) filters(column);
  });
  const fieldBuckets: Record<string, number> = {};
  grouped.forEach((f, i) => {
    const column = indexed.length + i;
    const digits = digitsFor(f.type, () => spool.distinct(column));
    fieldBuckets[f.name] = digits;
    writeFieldBuckets(sink, credits, def.path, f.name, digits, spool.grouped(column));
  });
  const buckets = def.recordFiles === 'bucket' ? digitsFor(def.idType, () => total) : 0;
  if (buckets > 0) writeRecordBuckets(sink, credits, def.path, buckets, spool.grouped(-1));
  sink.recordsDone();
  const query =
    index &&
    columns &&
    sources &&
    writeQueryIndex(sink, def.path, columns, sources, spool.idOrder(), index);
  return { buckets, fieldBuckets, query };
}
