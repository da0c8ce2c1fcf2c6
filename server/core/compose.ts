import {
  attribution,
  envelope,
  pageMeta,
  type Attribution,
  type ErrorBody,
  type Provider,
} from '../../contract/envelope.ts';
import { compareValues, filterKey, wildcardMatcher, type Scalar } from '../../contract/keys.ts';
import type { ResourceManifest } from '../../contract/manifest.ts';
import { collectionDir, groupBucketFile, pageFile } from '../../contract/paths.ts';
import type { FilterPlan, Plan, SortPlan } from './route.ts';

/**
 * Answers the requests no single file answers (several filters, wildcards, other page sizes, other
 * sorts) from the pre-rendered pages, reading at most `scanLimit` records. Past that bound it
 * answers 400 and names the filters that would narrow the request.
 */

/** A parsed pre-rendered page. */
interface PageDoc {
  attribution?: Attribution;
  meta: Record<string, unknown>;
  result: Record<string, Scalar | object>[];
}

/** Reads and parses one file of dist/, or null when it does not exist. */
export type ReadJson = (file: string) => Promise<unknown>;

/** The outcome of a composition: a body to send with its status (and how many records matched). */
export type Composed =
  | { status: 200; body: string; total: number }
  | { status: 400 | 404; error: Omit<ErrorBody, 'uri'> };

/**
 * A bucket file of a `bucket` filter: each value's records in the default order, with their
 * attribution.
 */
type GroupBucket = Record<string, { source: Attribution['source']; result: PageDoc['result'] }>;

type ComposePlan = Extract<Plan, { kind: 'compose' }>;

/** Total number of records of a pre-rendered collection, from its first page. */
function totalOf(resource: ResourceManifest, doc: PageDoc): number {
  if (!resource.paginated) return doc.result.length;
  const n = doc.meta[resource.totals === 'camel' ? 'totalRecords' : 'total_records'];
  return typeof n === 'number' ? n : 0;
}

/**
 * Executes a compose plan, reading at most `scanLimit` records (the resource's own limit, else the
 * build's).
 */
export async function compose(
  plan: ComposePlan,
  read: ReadJson,
  scanLimit: number,
): Promise<Composed> {
  const { resource } = plan;
  const defaultSize = resource.records.default;

  // A bucket filter names a small collection held in one file: the whole answer lies within it.
  const grouped = plan.filters.find((f) => f.field.filter === 'bucket' && !f.wildcard);
  if (grouped) {
    const file = groupBucketFile(
      resource.path,
      grouped.field.name,
      grouped.key,
      grouped.field.buckets ?? 1,
    );
    const entry = ((await read(file)) as GroupBucket | null)?.[grouped.key];
    if (!entry) return respond(plan, [], 0);
    const doc: PageDoc = {
      attribution: { ...attribution(null), source: entry.source },
      meta: {},
      result: entry.result,
    };
    const residual = plan.filters.filter((f) => f !== grouped);
    if ((residual.length > 0 || plan.sort !== null) && entry.result.length > scanLimit)
      return tooBroad(plan, entry.result.length, scanLimit);
    return filterAndSort(
      plan,
      residual,
      entry.result.map((row) => ({ row, doc })),
    );
  }

  // Pick the smallest pre-rendered collection that contains the answer.
  const candidates = plan.bases.length > 0 ? plan.bases : [null];
  let base: { filter: FilterPlan | null; dir: string; first: PageDoc; total: number } | null = null;
  for (const filter of candidates) {
    const dir = collectionDir(
      resource.path,
      filter ? { field: filter.field.name, key: filter.key } : undefined,
    );
    const first = (await read(pageFile(dir, 1))) as PageDoc | null;
    if (first === null) return respond(plan, [], 0); // one filter matches nothing, so all do
    const total = totalOf(resource, first);
    if (!base || total < base.total) base = { filter, dir, first, total };
  }
  const { dir, first, total } = base!;
  // Every record of the base collection satisfies the base filter; the others remain to be applied.
  const residual = plan.filters.filter((f) => f !== base!.filter);
  const scans = residual.length > 0 || plan.sort !== null;
  if (scans && total > scanLimit) return tooBroad(plan, total, scanLimit);

  // Which default-size pages hold the records we need: all of them when filtering or sorting,
  // otherwise just those overlapping the requested page.
  const pages = resource.paginated ? Math.ceil(total / defaultSize) : 1;
  let from = 1;
  let to = pages;
  let offset = 0;
  if (!scans && resource.paginated) {
    const start = (plan.page - 1) * plan.records;
    from = Math.floor(start / defaultSize) + 1;
    to = Math.min(pages, Math.floor((start + plan.records - 1) / defaultSize) + 1);
    offset = (from - 1) * defaultSize;
  }
  // Each row keeps the page it came from: a page's attribution credits the providers of its
  // records.
  let rows: Sourced[] = [];
  for (let p = from; p <= to; p++) {
    const doc = p === 1 ? first : ((await read(pageFile(dir, p))) as PageDoc | null);
    for (const row of doc?.result ?? []) rows.push({ row, doc: doc! });
  }
  if (scans) return filterAndSort(plan, residual, rows);
  return respond(plan, rows, total, offset);
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
  return respond(plan, rows, rows.length);
}

/** A record with the page it was read from. */
interface Sourced {
  row: PageDoc['result'][number];
  doc: PageDoc;
}

function predicate(filter: FilterPlan): (row: Record<string, unknown>) => boolean {
  const { field } = filter;
  const matches = filter.wildcard ? wildcardMatcher(filter.key) : (k: string) => k === filter.key;
  return (row) => {
    const v = row[field.key] as Scalar | undefined;
    return v !== null && v !== undefined && matches(filterKey(field.type, v));
  };
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

/** The providers credited by the pages the records came from; null for reference data. */
function providersOf(rows: Sourced[]): Provider[] | null {
  const out: Provider[] = [];
  for (const doc of new Set(rows.map((r) => r.doc))) {
    const source = doc.attribution?.source;
    if (!source || Object.keys(source).length === 0) continue;
    out.push(...(source.providers ?? [source as Provider]));
  }
  return out.length > 0 ? out : null;
}

function respond(plan: ComposePlan, rows: Sourced[], total: number, offset = 0): Composed {
  const { resource } = plan;
  if (!resource.paginated) {
    return {
      status: 200,
      total,
      body: envelope({
        attribution: attribution(providersOf(rows)),
        meta: {},
        result: rows.map((r) => r.row),
      }),
    };
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
  const start = (plan.page - 1) * plan.records - offset;
  const page = rows.slice(start, start + plan.records);
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
    body: envelope({
      attribution: attribution(providersOf(page)),
      meta,
      result: page.map((r) => r.row),
    }),
  };
}

function tooBroad(plan: ComposePlan, total: number, limit: number): Composed {
  const given = new Set(plan.bases.map((f) => f.field.name));
  const narrowing = plan.resource.fields
    .filter((f) => (f.filter === 'indexed' || f.filter === 'bucket') && !given.has(f.name))
    .map((f) => f.name);
  const message =
    `This request would filter or sort ${total} records; the router handles at most ${limit}. ` +
    `Narrow it with an exact value of one of: ${narrowing.join(', ')}.`;
  const parameter =
    plan.filters.find((f) => f.wildcard || f.field.filter !== 'indexed')?.field.name ??
    (plan.sort ? 'sort' : (plan.filters[0]?.field.name ?? 'sort'));
  return { status: 400, error: { status: 400, message, errors: [{ parameter, message }] } };
}
