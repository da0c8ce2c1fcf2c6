import {
  attribution,
  collectionQuery,
  sourceKeys,
  type PageCollection,
  type Provider,
} from '../../contract/envelope.ts';
import type { Scalar } from '../../contract/keys.ts';
import {
  bucketFile,
  bucketName,
  collectionDir,
  groupBucketFile,
  pageFile,
  recordFile,
} from '../../contract/paths.ts';
import type { PagingDef } from '../define/resource.ts';
import { Envelope, Pieces, type RecordBytes } from '../output/composed.ts';
import type { OutputSink } from '../output/sink.ts';
import type { SpooledRecord } from './spool.ts';

/**
 * The output layouts of a collection, one small function each, over one grouping helper (`runs`).
 * They compose files of records rendered once (their JSON as UTF-8 bytes, `composed.ts`), so a
 * record that appears in four files (its own or its bucket, a default page, a filter collection, a
 * field bucket) is queried, serialised and encoded once, and an archive is told where it is in
 * each. The bytes they stand for are byte for byte what `JSON.stringify` of the file would give.
 */

/**
 * The default page size of paginated collections, and the largest any request may ask
 * (docs/api.md#paging).
 */
export const DEFAULT_PAGE_SIZE = 10;
export const MAX_PAGE_SIZE = 100;

const encoder = new TextEncoder();

/** The credits of a set of records: their attribution, as JSON text and UTF-8, and its `source`. */
interface Credit {
  attribution: string;
  /** The attribution's text as UTF-8. */
  bytes: Uint8Array;
  /** Its `source` as UTF-8: a bucket's credits, a record of the archive. */
  source: Uint8Array;
}

/**
 * The attribution of a set of records, as JSON text, from their provider keys (`_source`: one key,
 * or several separated by commas when a record's data comes from more than one source). Cached by
 * the set of keys: a build has a handful of distinct sets and millions of files.
 */
export class Credits {
  private readonly cache = new Map<string, Credit>();

  constructor(
    private readonly providers: ReadonlyMap<string, Provider>,
    /** Reference resources credit no provider (`source` is `{}`). */
    private readonly reference: boolean,
  ) {}

  /** The attribution and its `source` alone, for records whose `_source` values are `srcs`. */
  of(srcs: Iterable<string | null>): Credit {
    const keys = new Set<string>();
    if (!this.reference) {
      for (const src of srcs) for (const key of sourceKeys(src)) keys.add(key);
    }
    const id = [...keys].sort().join(',');
    let hit = this.cache.get(id);
    if (!hit) {
      const given = this.reference
        ? null
        : [...keys].flatMap((key) => this.providers.get(key) ?? []);
      const made = attribution(given);
      const text = JSON.stringify(made);
      const source = encoder.encode(JSON.stringify(made.source));
      hit = { attribution: text, bytes: encoder.encode(text), source };
      this.cache.set(id, hit);
    }
    return hit;
  }
}

/** How a collection is paged: what every page of it shares. */
export interface Paging {
  /** The resource path (links are `/<path>?...`). */
  path: string;
  /** Records per page; `null` when the collection is not paginated (one page of everything). */
  size: number | null;
  totals: 'camel' | 'snake';
}

/** The paging of the collection at `path` as its registry entry declares it. */
export function pagingOf(path: string, paging: PagingDef): Paging {
  return paging.kind === 'pages'
    ? { path, size: paging.size ?? DEFAULT_PAGE_SIZE, totals: paging.totals ?? 'camel' }
    : { path, size: null, totals: 'camel' };
}

/**
 * Layout 1, default pages: pages one collection (the whole resource, or one filter value's
 * records) as its records arrive in order. One page of records is in memory at a time.
 */
export class Pager {
  private records: RecordBytes[] = [];
  private ords: number[] = [];
  private srcs = new Set<string | null>();
  private page = 1;
  /** What its pages' heads share; null when it is not paginated (`"meta":{}`). */
  private readonly collection: PageCollection | null;

  constructor(
    private readonly sink: OutputSink,
    private readonly paging: Paging,
    private readonly credits: Credits,
    /** The folder of the collection (`collectionDir`). */
    private readonly dir: string,
    /** Its records in all (the pagination links need the last page from the first). */
    total: number,
    /** The filter of the collection, as its links carry it. */
    params: [string, string][] = [],
  ) {
    const { path, size, totals } = paging;
    this.collection =
      size === null
        ? null
        : { path: `/${path}`, query: collectionQuery(params), records: size, total, totals };
  }

  /** Adds the record at position `ord` of the default order, its JSON and providers. */
  add(json: RecordBytes, src: string | null, ord: number): void {
    this.records.push(json);
    this.ords.push(ord);
    this.srcs.add(src);
    if (this.paging.size !== null && this.records.length >= this.paging.size) this.flush();
  }

  /** Writes what is left; an empty collection still gets its (empty) first page. */
  finish(): void {
    if (this.records.length > 0 || this.page === 1) this.flush();
  }

  private flush(): void {
    const { collection } = this;
    const attribution = this.credits.of(this.srcs).bytes;
    const head = { attribution, page: collection && { collection, page: this.page } };
    const page = new Envelope(head, this.records, this.ords);
    this.sink.writeComposed(pageFile(this.dir, this.page), page);
    this.records = [];
    this.ords = [];
    this.srcs = new Set();
    this.page++;
  }
}

/** Layout 2, one file per record: the record alone in an envelope. */
export function writeRecordFile(
  sink: OutputSink,
  credits: Credits,
  path: string,
  id: string,
  json: RecordBytes,
  src: string | null,
  ord: number,
): void {
  const head = { attribution: credits.of([src]).bytes, page: null };
  sink.writeComposed(recordFile(path, id), new Envelope(head, [json], [ord]));
}

/**
 * The grouping helper of every layout below: splits a stream ordered by `key` into runs of equal
 * keys, opening a group at the start of each run and closing it at its end. Only the open group
 * is in memory.
 */
export function runs<T, G>(
  items: Iterable<T>,
  key: (item: T) => string,
  group: {
    open: (key: string, first: T) => G;
    add: (g: G, item: T) => void;
    close: (g: G) => void;
  },
): void {
  let current: { key: string; g: G } | null = null;
  for (const item of items) {
    const k = key(item);
    if (current === null || current.key !== k) {
      if (current !== null) group.close(current.g);
      current = { key: k, g: group.open(k, item) };
    }
    group.add(current.g, item);
  }
  if (current !== null) group.close(current.g);
}

/**
 * Layout 3, filter collections: the records of each value of one indexed field, paged like the
 * collection, under `R/_by/<field>/<key>/`. `counts` gives each group's size in the same order.
 */
export function writeFilterCollections(
  sink: OutputSink,
  paging: Paging,
  credits: Credits,
  field: string,
  records: Iterable<SpooledRecord>,
  counts: Iterator<{ key: Scalar; n: number }>,
): void {
  // A value met again after others (the order a `StoredBy` gives not the same for all its
  // records) would write its pages twice.
  const met = new Set<string>();
  runs(records, (r) => String(r.key), {
    open: (key) => {
      const group = counts.next();
      if (group.done || String(group.value.key) !== key || met.has(key))
        throw new Error(`${paging.path}: filter groups of ${field} out of step at '${key}'`);
      met.add(key);
      const dir = collectionDir(paging.path, { field, key });
      return new Pager(sink, paging, credits, dir, group.value.n, [[field, key]]);
    },
    add: (pager, r) => pager.add(r.json, r.src, r.ord),
    close: (pager) => pager.finish(),
  });
  if (!counts.next().done) throw new Error(`${paging.path}: more filter groups of ${field}`);
}

/** A bucket file being filled: its path, its bytes so far, and its entries so far. */
interface Bucket {
  file: string;
  pieces: Pieces;
  entries: number;
}

const openBucket = (file: string): Bucket => ({ file, pieces: new Pieces(), entries: 0 });

/** Opens the next entry of a bucket, the value of `key`. */
function openEntry(bucket: Bucket, key: string): void {
  bucket.pieces.text(`${bucket.entries++ === 0 ? '{' : ','}${JSON.stringify(key)}:`);
}

const closeBucket = (sink: OutputSink) => (bucket: Bucket) => {
  bucket.pieces.text(bucket.entries === 0 ? '{}' : '}');
  sink.writeComposed(bucket.file, bucket.pieces);
};

/**
 * Layout 4, record buckets: records in id order, one file per id prefix (`bucketFile`), as
 * `{"<id>": {"record": {...}, "source": {...}}}`.
 */
export function writeRecordBuckets(
  sink: OutputSink,
  credits: Credits,
  path: string,
  digits: number,
  records: Iterable<SpooledRecord>,
): void {
  runs(records, (r) => bucketName(r.id, digits), {
    open: (_, first) => openBucket(bucketFile(path, first.id, digits)),
    add: (bucket, r) => {
      openEntry(bucket, r.id);
      const { pieces } = bucket;
      pieces.text('{"record":');
      pieces.record(r.json, r.ord);
      pieces.text(',"source":');
      pieces.record(credits.of([r.src]).source);
      pieces.text('}');
    },
    close: closeBucket(sink),
  });
}

/**
 * Layout 5, field buckets: the collection of each value of a `bucket` filter (an id field), values
 * grouped into one file per prefix (`groupBucketFile`), as
 * `{"<value>": {"source": {...}, "result": [...]}}`, each group in the default order. Where a
 * group's records differ in providers, `"sources": [...]` follows, each record's provider keys
 * (`_source`, '' for none) in turn: a request that filters the group further credits the
 * providers of the records it keeps.
 */
export function writeFieldBuckets(
  sink: OutputSink,
  credits: Credits,
  path: string,
  field: string,
  digits: number,
  records: Iterable<SpooledRecord>,
): void {
  type Group = { value: string; result: RecordBytes[]; ords: number[]; srcs: string[] };
  let bucket: Bucket | null = null;
  const flush = closeBucket(sink);
  runs(records, (r) => String(r.key), {
    open: (value): Group => {
      const file = groupBucketFile(path, field, value, digits);
      if (bucket?.file !== file) {
        if (bucket) flush(bucket);
        bucket = openBucket(file);
      }
      return { value, result: [], ords: [], srcs: [] };
    },
    add: (group, r) => {
      group.result.push(r.json);
      group.ords.push(r.ord);
      group.srcs.push(r.src ?? '');
    },
    close: (group) => {
      const sets = new Set(group.srcs);
      openEntry(bucket!, group.value);
      const { pieces } = bucket!;
      pieces.text('{"source":');
      pieces.record(credits.of(sets).source);
      pieces.text(',"result":[');
      group.result.forEach((json, i) => {
        if (i > 0) pieces.text(',');
        pieces.record(json, group.ords[i]);
      });
      pieces.text(sets.size > 1 ? `],"sources":${JSON.stringify(group.srcs)}}` : ']}');
    },
  });
  if (bucket) flush(bucket);
}
