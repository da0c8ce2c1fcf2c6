import {
  attribution,
  creditedProviders,
  envelopeOf,
  pageMeta,
  providersOfKeys,
  type Attribution,
  type ErrorBody,
  type Provider,
} from '../../contract/envelope.ts';
import { compareValues, filterKey, wildcardMatcher, type Scalar } from '../../contract/keys.ts';
import type { Manifest, ResourceManifest } from '../../contract/manifest.ts';
import { collectionDir, groupBucketFile, pageFile } from '../../contract/paths.ts';
import type { PageRecords, PageText } from './page-text.ts';
import { hasSourceColumn } from '../../contract/query-index.ts';
import { matching, pageOrdinals, sourcePlaces, type IndexReads } from './query-engine.ts';
import type { FilterPlan, Plan, SortPlan } from './route.ts';

/**
 * Answers the requests no single file answers (several filters, wildcards, other page sizes, other
 * sorts). A paginated collection's answer comes from its query index (`query-engine.ts`): the
 * matching ordinals, the page of them in the requested order, and those records alone, cut from
 * the default pages of the smallest filter collection that holds them (else of the collection)
 * as the text they are written in (`page-text.ts`). A collection of one page, or the records of
 * one value of a `bucket` filter, is one file: the router parses it, filters and sorts it in
 * memory. Every answer credits exactly the providers of the records it returns: a record's are
 * its collection's, where all its records have the same, else its entry in the source column of
 * the index (or of its bucket).
 */

/** A parsed pre-rendered page. */
interface PageDoc {
  attribution?: Attribution;
  meta: Record<string, unknown>;
  result: Record<string, Scalar | object>[];
}

/** Reads and parses one file of dist/, or null when it does not exist. */
export type ReadJson = (file: string) => Promise<unknown>;

/** The files a composition reads: pages and bucket files, and the query index. */
export interface Reads extends IndexReads {
  json: ReadJson;
  /** A default page of a paginated collection as text, or null when it does not exist. */
  page: (file: string) => Promise<PageText | null>;
  /**
   * Records `wanted` of a default page, the others unread where the page's file can be read in
   * parts (an archive); null when the page does not exist.
   */
  pageRecords: (file: string, wanted: readonly number[]) => Promise<PageRecords | null>;
  /** Readies a later read of a file (`FileSource.locate`). */
  locate: (file: string) => Promise<void>;
  /**
   * Member `key` of a file that is a JSON object (a bucket file), parsed; undefined when the
   * file or the member does not exist.
   */
  member: (file: string, key: string) => Promise<unknown>;
}

/** The outcome of a composition: a body to send with its status (and how many records matched). */
export type Composed =
  { status: 200; body: string; total: number } | { status: 404; error: Omit<ErrorBody, 'uri'> };

/** A record going out: its JSON text, and the providers it credits. */
interface Row {
  text: string;
  credit: readonly Provider[];
}

/**
 * One value's entry of a bucket file of a `bucket` filter: its records in the default order, the
 * providers they credit together, and each record's provider keys where they differ.
 */
interface GroupEntry {
  source: Attribution['source'];
  result: PageDoc['result'];
  sources?: string[];
}

/** A data provider by its key (`Manifest.providers`). */
type ProviderOf = (key: string) => Provider | undefined;

type ComposePlan = Extract<Plan, { kind: 'compose' }>;

/** Total number of records of a paginated collection, from its first page. */
function totalOf(resource: ResourceManifest, first: PageText): number {
  const n = first.meta[resource.totals === 'camel' ? 'totalRecords' : 'total_records'];
  return typeof n === 'number' ? n : 0;
}

/** Executes a compose plan; `providers` are the build's (`Manifest.providers`). */
export async function compose(
  plan: ComposePlan,
  reads: Reads,
  providers: Manifest['providers'],
): Promise<Composed> {
  const { resource } = plan;
  const providerOf: ProviderOf = (key) =>
    Object.hasOwn(providers, key) ? providers[key] : undefined;
  // A bucket filter names a small collection held in one file: the whole answer lies within it.
  const grouped = plan.filters.find((f) => f.field.filter === 'bucket' && !f.wildcard);
  if (grouped) return fromGroup(plan, grouped, reads.member, providerOf);
  if (!resource.paginated) return fromOnePage(plan, reads.json);
  const base = plan.bases.length === 1 ? plan.bases[0]! : null;
  // A window of default pages credits what those pages do, exactly so only when every record of
  // the collection credits the same providers.
  const oneCredit = !resource.query || !hasSourceColumn(resource.query);
  if (plan.sort === null && plan.filters.length === (base ? 1 : 0) && oneCredit)
    return window(plan, base, reads.page);
  return fromIndex(plan, reads, providerOf);
}

/** The records of one value of a bucket filter, filtered further and sorted in memory. */
async function fromGroup(
  plan: ComposePlan,
  grouped: FilterPlan,
  member: Reads['member'],
  providerOf: ProviderOf,
) {
  const { resource } = plan;
  const file = groupBucketFile(
    resource.path,
    grouped.field.name,
    grouped.key,
    grouped.field.buckets ?? 1,
  );
  const entry = (await member(file, grouped.key)) as GroupEntry | undefined;
  if (!entry) return respond(plan, 0, () => []);
  const all = creditedProviders(entry.source);
  const residual = plan.filters.filter((f) => f !== grouped);
  return filterAndSort(
    plan,
    residual,
    entry.result.map((row, i) => ({
      row,
      credit: entry.sources ? providersOfKeys(entry.sources[i] ?? null, providerOf) : all,
    })),
  );
}

/**
 * A collection of one page: the smallest pre-rendered collection that contains the answer, read
 * whole, then filtered and sorted in memory.
 */
async function fromOnePage(plan: ComposePlan, read: ReadJson): Promise<Composed> {
  const candidates = plan.bases.length > 0 ? plan.bases : [null];
  let base: { filter: FilterPlan | null; doc: PageDoc } | null = null;
  for (const filter of candidates) {
    const dir = dirOf(plan.resource, filter);
    const doc = (await read(pageFile(dir, 1))) as PageDoc | null;
    if (doc === null) return respond(plan, 0, () => []); // one filter matches nothing, so all do
    if (!base || doc.result.length < base.doc.result.length) base = { filter, doc };
  }
  const { filter, doc } = base!;
  const residual = plan.filters.filter((f) => f !== filter);
  // A collection of one page is reference data (the registry test holds every one to it): its
  // credit is none.
  const credit = creditedProviders(doc.attribution?.source);
  return filterAndSort(
    plan,
    residual,
    doc.result.map((row) => ({ row, credit })),
  );
}

/**
 * Another page size of the collection or of one filter collection, in the default order: the
 * default pages that overlap the requested one.
 */
async function window(
  plan: ComposePlan,
  filter: FilterPlan | null,
  readPage: Reads['page'],
): Promise<Composed> {
  const { resource } = plan;
  const size = resource.records.default;
  const dir = dirOf(resource, filter);
  const start = (plan.page - 1) * plan.records;
  const from = Math.floor(start / size) + 1;
  const last = Math.floor((start + plan.records - 1) / size) + 1;
  // The pages that would overlap are read with the first, which gives the total: over HTTP one
  // round trip fewer. Those past the last page (at most records / size + 1 of them, for a page
  // past the end) cost a look in the index, and a failure there is not the answer's.
  const [first, overlapping] = await Promise.all([
    readPage(pageFile(dir, 1)),
    Promise.allSettled(
      Array.from({ length: last - from + 1 }, (_, i) =>
        from + i === 1 ? null : readPage(pageFile(dir, from + i)),
      ),
    ),
  ]);
  if (!first) return respond(plan, 0, () => []);
  const total = totalOf(resource, first);
  const pages = Math.ceil(total / size);
  // Each row credits what its page does: every record of the collection credits the same.
  const rows: Row[] = [];
  for (const [i, got] of overlapping.entries()) {
    if (from + i > pages) break;
    if (got.status === 'rejected') throw got.reason;
    const page = from + i === 1 ? first : got.value;
    if (!page) continue;
    const credit = creditedProviders(page.attribution?.source);
    for (let r = 0; r < page.count; r++) rows.push({ text: page.record(r), credit });
  }
  const offset = (from - 1) * size;
  return respond(plan, total, (s, e) => rows.slice(s - offset, e - offset));
}

/** A page's records are read alone when they are at most one in `FEW` of its records. */
const FEW = 4;

/** Any filters and sort on a paginated collection, from its query index. */
async function fromIndex(
  plan: ComposePlan,
  reads: Reads,
  providerOf: ProviderOf,
): Promise<Composed> {
  const { resource } = plan;
  const index = resource.query;
  if (!index) throw new Error(`/${resource.path} has no query index: build it again`);
  // The records are read from one of the filter collections once the filters' lists say which:
  // where their pages are is looked up meanwhile (a collection's pages share a leaf of an
  // archive's index), so that reading them is one round trip over HTTP, not two.
  const [{ ords, lists }] = await Promise.all([
    matching(resource, index, plan.filters, reads),
    // A hint: a failure is met again, or not at all, when the pages are read.
    ...plan.bases.map((filter) =>
      reads.locate(pageFile(dirOf(resource, filter), 1)).catch(() => {}),
    ),
  ]);
  const total = ords ? ords.length : resource.count;
  const start = (plan.page - 1) * plan.records;
  const end = start + plan.records;
  const selected = await pageOrdinals(resource, index, ords, plan.sort, { start, end }, reads);
  // The records are read from the smallest filter collection holding them: fewer, denser pages.
  let base: { filter: FilterPlan; list: Uint32Array } | null = null;
  for (const filter of plan.bases) {
    const list = lists.get(filter)!;
    if (!base || list.length < base.list.length) base = { filter, list };
  }
  const dir = dirOf(resource, base?.filter ?? null);
  const size = resource.records.default;
  const at = selected.map((ord) => (base ? lowerBound(base.list, ord) : ord));
  // The records' providers are read with their pages: over HTTP, in the same round trip.
  const [places, texts] = await Promise.all([
    sourcePlaces(resource, index, selected, reads),
    pagesHolding(at, dir, size, reads),
  ]);
  // Each set of providers resolved once, not once a record.
  const credits = index.sources.map((keys) => providersOfKeys(keys, providerOf));
  const rows = at.map((pos, i): Row => {
    const page = texts.get(Math.floor(pos / size) + 1);
    if (!page || pos % size >= page.count)
      throw new Error(`/${resource.path}: record ${pos} of ${dir} is missing`);
    const credit = credits[places[i]!];
    if (!credit) throw new Error(`/${resource.path}: record ${selected[i]} has no source set`);
    return { text: page.record(pos % size), credit };
  });
  return respond(plan, total, () => rows);
}

/**
 * The pages of the collection folder `dir` (`size` records a page) that hold positions `at`, by
 * page number. A page read whole is kept decoded, for the next answer; one read for a few of its
 * records reads those alone (a micro-event's default page names a block for most).
 */
async function pagesHolding(
  at: readonly number[],
  dir: string,
  size: number,
  reads: Reads,
): Promise<Map<number, PageRecords | null>> {
  const wanted = new Map<number, number[]>();
  for (const pos of at) {
    const page = Math.floor(pos / size) + 1;
    if (!wanted.has(page)) wanted.set(page, []);
    wanted.get(page)!.push(pos % size);
  }
  const texts = new Map<number, PageRecords | null>();
  await Promise.all(
    [...wanted].map(async ([p, records]) => {
      const file = pageFile(dir, p);
      const few = records.length * FEW <= size;
      texts.set(p, await (few ? reads.pageRecords(file, records) : reads.page(file)));
    }),
  );
  return texts;
}

/** The folder of the collection, or of the single-filter collection of `filter`. */
function dirOf(resource: ResourceManifest, filter: FilterPlan | null): string {
  return collectionDir(
    resource.path,
    filter ? { field: filter.field.name, key: filter.key } : undefined,
  );
}

/** The position of `value` in an ascending list that holds it. */
function lowerBound(list: Uint32Array, value: number): number {
  let lo = 0;
  let hi = list.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (list[mid]! < value) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/**
 * Applies the filters the base collection does not, then the requested sort, and answers the page.
 */
function filterAndSort(plan: ComposePlan, residual: FilterPlan[], all: Sourced[]): Composed {
  const tests = residual.map(predicate);
  const rows = tests.length > 0 ? all.filter(({ row }) => tests.every((test) => test(row))) : all;
  if (plan.sort) {
    const order = comparator(plan.sort);
    rows.sort((a, b) => order(a.row, b.row));
  }
  return respond(plan, rows.length, (start, end) =>
    rows.slice(start, end).map(({ row, credit }) => ({ text: JSON.stringify(row), credit })),
  );
}

/** A parsed record with the providers it credits. */
interface Sourced {
  row: PageDoc['result'][number];
  credit: readonly Provider[];
}

/** Whether a record holds a filter's value in one of the fields it compares. */
function predicate(filter: FilterPlan): (row: Record<string, unknown>) => boolean {
  const matches = filter.wildcard ? wildcardMatcher(filter.key) : (k: string) => k === filter.key;
  return (row) =>
    filter.matches.some((field) => {
      const v = row[field.key] as Scalar | undefined;
      return v !== null && v !== undefined && matches(filterKey(field.type, v));
    });
}

function comparator(
  sort: SortPlan[],
): (a: Record<string, unknown>, b: Record<string, unknown>) => number {
  return (a, b) => {
    for (const { field, descending } of sort) {
      const c = compareValues((a[field.key] ?? null) as Scalar, (b[field.key] ?? null) as Scalar);
      if (c !== 0) return descending ? -c : c;
    }
    return compareValues(a['id'] as Scalar, b['id'] as Scalar);
  };
}

/** The providers the records credit, each once; null for none (reference data). */
function providersOf(rows: Row[]): Provider[] | null {
  const out = new Set<Provider>();
  for (const row of rows) for (const provider of row.credit) out.add(provider);
  return out.size > 0 ? [...out] : null;
}

/**
 * The answer of `total` matching records: the requested page of them, which `pick` gives from
 * its start and end among them, or a 404 past the last page.
 */
function respond(
  plan: ComposePlan,
  total: number,
  pick: (start: number, end: number) => Row[],
): Composed {
  const { resource } = plan;
  if (!resource.paginated) {
    const rows = pick(0, total);
    const credit = attribution(providersOf(rows));
    const texts = rows.map((r) => r.text);
    return { status: 200, total, body: envelopeOf({ attribution: credit, meta: {} }, texts) };
  }
  const lastPage = Math.max(1, Math.ceil(total / plan.records));
  if (plan.page > lastPage) {
    return {
      status: 404,
      error: {
        status: 404,
        message: `Page ${plan.page} is past the last page (${lastPage}).`,
        errors: [],
      },
    };
  }
  const start = (plan.page - 1) * plan.records;
  const page = pick(start, start + plan.records);
  const meta = pageMeta({
    path: plan.path,
    params: plan.params,
    page: plan.page,
    records: plan.records,
    total,
    totals: resource.totals,
  });
  return {
    status: 200,
    total,
    body: envelopeOf(
      { attribution: attribution(providersOf(page)), meta },
      page.map((r) => r.text),
    ),
  };
}
