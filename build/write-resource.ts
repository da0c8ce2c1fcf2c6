import type { Db } from '../data/db.ts';
import {
  attribution,
  envelope,
  pageMeta,
  type Attribution,
  type Provider,
} from '../server/envelope.ts';
import { filterKey } from '../server/keys.ts';
import {
  bucketFile,
  bucketName,
  collectionDir,
  groupBucketFile,
  pageFile,
  recordFile,
} from '../server/paths.ts';
import type { CollectionLike } from './registry/define.ts';
import { recordRenderer, type ApiRecord, type Row } from './render.ts';
import {
  bucketedQuery,
  countQuery,
  defaultOrderQuery,
  distinctCountQuery,
  groupCountQuery,
  groupedQuery,
  selectRows,
} from './sql.ts';
import type { TreeWriter } from './tree-writer.ts';

/**
 * Writes one resource, streaming rows from SQLite: every record, the default pages of the
 * collection, the default pages of every single-field filter collection of its indexed fields, and
 * the bucket files of its bucket filters. Only one page (or one bucket file) of records is held in
 * memory at a time.
 */

/** Progress of the build: rows processed so far of a resource. */
export type Progress = (resource: string, done: number, total: number) => void;

/** The default page size of paginated collections (SPEC), and the largest any request may ask. */
export const DEFAULT_PAGE_SIZE = 10;
export const MAX_PAGE_SIZE = 100;

/**
 * The providers a row credits: its `_source` column holds one provider key, or several separated by
 * commas when a record's data comes from more than one source (a Fjelstul match with Wyscout
 * events).
 */
export function rowProviders(row: Row, providers: ReadonlyMap<string, Provider>): Provider[] {
  const keys = row['_source'];
  if (keys === null || keys === undefined) return [];
  return String(keys)
    .split(',')
    .flatMap((key) => providers.get(key) ?? []);
}

/** Pages one collection as its records arrive in order. */
class Pager {
  private records: ApiRecord[] = [];
  private providers = new Map<string, Provider>();
  private page = 1;

  constructor(
    private readonly out: TreeWriter,
    private readonly def: CollectionLike,
    private readonly dir: string,
    private readonly total: number,
    private readonly params: [string, string][],
    private readonly credit: (keys: Iterable<Provider>) => Attribution,
  ) {}

  private get size(): number {
    return this.def.paginated ? (this.def.pageSize ?? DEFAULT_PAGE_SIZE) : Infinity;
  }

  add(record: ApiRecord, providers: readonly Provider[]): void {
    this.records.push(record);
    for (const provider of providers) this.providers.set(provider.name, provider);
    if (this.records.length >= this.size) this.flush();
  }

  /** Writes what is left; an empty collection still gets its (empty) first page. */
  finish(): void {
    if (this.records.length > 0 || this.page === 1) this.flush();
  }

  private flush(): void {
    const meta = this.def.paginated
      ? pageMeta({
          path: `/${this.def.path}`,
          params: this.params,
          page: this.page,
          records: this.size,
          total: this.total,
          totals: this.def.totals ?? 'camel',
        })
      : {};
    this.out.write(
      pageFile(this.dir, this.page),
      envelope({ attribution: this.credit(this.providers.values()), meta, result: this.records }),
    );
    this.records = [];
    this.providers = new Map();
    this.page++;
  }
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

/** What `writeResource` wrote, for the manifest. */
export interface Written {
  count: number;
  /** How records are stored: 0 = a file each, n = buckets keyed by n hex digits of the id. */
  buckets: number;
  /** Hex digits keying the bucket files of each `bucket` filter, by field name. */
  fieldBuckets: Record<string, number>;
}

/**
 * Writes a resource; returns its record count and how its records and bucket filters are stored.
 */
export function writeResource(
  db: Db,
  def: CollectionLike,
  out: TreeWriter,
  providers: Map<string, Provider>,
  progress: Progress,
): Written {
  const render = recordRenderer(def);
  const credit =
    def.credit.kind === 'reference'
      ? () => attribution(null)
      : (list: Iterable<Provider>) => attribution([...list]);
  const providerOf = (row: Row) => rowProviders(row, providers);
  const total = (db.prepare(countQuery(def)).get() as { n: number }).n;
  const indexed = def.fields.filter((f) => (f.filter ?? 'indexed') === 'indexed');
  const grouped = def.fields.filter((f) => f.filter === 'bucket');
  const buckets = def.recordFiles === 'bucket' ? digitsFor(def.idType, () => total) : 0;
  for (const f of grouped)
    if (f.type !== 'uuid' && f.type !== 'integer')
      throw new Error(`${def.path}: bucket filter ${f.name} must be an id field`);
  const work = total * (1 + indexed.length + grouped.length + (buckets > 0 ? 1 : 0));
  let done = 0;
  const tick = () => {
    if (++done % 2000 === 0) progress(def.path, done, work);
  };

  // Pass 1: records and the collection's default pages.
  const pager = new Pager(out, def, def.path, total, [], credit);
  for (const row of db.prepare(defaultOrderQuery(def)).iterate() as Iterable<Row>) {
    const record = render(row);
    const credited = providerOf(row);
    if (buckets === 0) {
      out.write(
        recordFile(def.path, String(row['id'])),
        envelope({ attribution: credit(credited), meta: {}, result: [record] }),
      );
    }
    pager.add(record, credited);
    tick();
  }
  pager.finish();

  // One pass per indexed field: rows grouped by filter key, group sizes read in lockstep.
  for (const field of indexed) {
    const counts = (
      db.prepare(groupCountQuery(def, field.name)).iterate() as Iterable<{ k: string; n: number }>
    )[Symbol.iterator]();
    let current: { key: string; pager: Pager } | null = null;
    for (const row of db.prepare(groupedQuery(def, field.name)).iterate() as Iterable<Row>) {
      const record = render(row);
      const k = filterKey(field.type, row[field.name] ?? null);
      if (!current || current.key !== k) {
        current?.pager.finish();
        const group = counts.next().value as { k: string; n: number } | undefined;
        if (!group || group.k !== k)
          throw new Error(`${def.path}: filter groups of ${field.name} out of step at '${k}'`);
        const dir = collectionDir(def.path, { field: field.name, key: k });
        current = { key: k, pager: new Pager(out, def, dir, group.n, [[field.name, k]], credit) };
      }
      current.pager.add(record, providerOf(row));
      tick();
    }
    current?.pager.finish();
    const leftover = counts.next();
    counts.return?.();
    if (!leftover.done)
      throw new Error(`${def.path}: more filter groups of ${field.name} than rows`);
  }
  // Bucket filters: rows grouped by value (a uuid), each group in the default order; one file per
  // value prefix holds the groups of up to ~256 values, each with the attribution of its records.
  const fieldBuckets: Record<string, number> = {};
  for (const field of grouped) {
    const digits = digitsFor(
      field.type,
      () => (db.prepare(distinctCountQuery(def, field.name)).get() as { n: number }).n,
    );
    fieldBuckets[field.name] = digits;
    type Group = { value: string; result: ApiRecord[]; providers: Map<string, Provider> };
    // The bucket being filled: its name and the first value in it, which names its file.
    const file = {
      prefix: '',
      first: '',
      groups: {} as Record<string, { source: Attribution['source']; result: ApiRecord[] }>,
    };
    const close = (group: Group) => {
      file.groups[group.value] = {
        source: credit(group.providers.values()).source,
        result: group.result,
      };
    };
    const flush = () => {
      if (file.first)
        out.write(
          groupBucketFile(def.path, field.name, file.first, digits),
          JSON.stringify(file.groups),
        );
      file.groups = {};
    };
    let group: Group | null = null;
    for (const row of db.prepare(bucketedQuery(def, field.name)).iterate() as Iterable<Row>) {
      const value = String(row[field.name]);
      if (group === null || group.value !== value) {
        if (group) close(group);
        if (bucketName(value, digits) !== file.prefix) {
          flush();
          file.prefix = bucketName(value, digits);
          file.first = value;
        }
        group = { value, result: [], providers: new Map() };
      }
      group.result.push(render(row));
      for (const provider of providerOf(row)) group.providers.set(provider.name, provider);
      tick();
    }
    if (group) close(group);
    flush();
  }
  // Bucketed records: rows in id order, one file per id prefix.
  if (buckets > 0) {
    let prefix = '';
    let first = '';
    let bucket: Record<string, { record: ApiRecord; source: Attribution['source'] }> = {};
    const flush = () => {
      if (first) out.write(bucketFile(def.path, first, buckets), JSON.stringify(bucket));
      bucket = {};
    };
    for (const row of db
      .prepare(`SELECT * FROM (${selectRows(def)}) ORDER BY id`)
      .iterate() as Iterable<Row>) {
      const id = String(row['id']);
      if (bucketName(id, buckets) !== prefix) {
        flush();
        prefix = bucketName(id, buckets);
        first = id;
      }
      bucket[id] = { record: render(row), source: credit(providerOf(row)).source };
      tick();
    }
    flush();
  }
  progress(def.path, work, work);
  return { count: total, buckets, fieldBuckets };
}
