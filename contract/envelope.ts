/**
 * The response shapes: the success envelope, the pagination object and the error body. The build
 * uses them for every pre-rendered file and the router for every composed response, so all
 * responses share one shape.
 */

/** A data provider and the credit and licence it requires. */
export interface Provider {
  name: string;
  url: string;
  html: string;
  logo: string;
  license: string;
}

/** The `attribution` block. `source` is `{}` on reference resources. */
export interface Attribution {
  html: string;
  logo: string;
  source: Partial<Provider> & { providers?: Provider[] };
  text: string;
  url: string;
}

/**
 * The pagination object; totals are spelled `total_pages`/`total_records` on v0's macro-events
 * (docs/api.md#the-v0-api).
 */
export type PageMeta = Record<string, string | number | null>;

/** The content type of every JSON response. */
export const JSON_TYPE = 'application/json; charset=utf-8';

const SERVICE = {
  html: '<a href="/v1/">Football Static API</a>',
  logo: '/logo.svg',
  text: 'Football data served by Football Static API',
  url: '/v1/',
};

/**
 * The attribution block for a response. `providers` null means a reference resource (empty
 * `source`); otherwise it names the providers of the records in the response, each with its
 * licence.
 */
export function attribution(providers: readonly Provider[] | null): Attribution {
  return {
    html: SERVICE.html,
    logo: SERVICE.logo,
    source: sourceOf(providers ?? []),
    text: SERVICE.text,
    url: SERVICE.url,
  };
}

/** A record's provider keys, from its `_source`: keys separated by commas, '' or null for none. */
export function sourceKeys(source: string | null): string[] {
  return source ? source.split(',') : [];
}

/** The providers a record credits, from its `_source` and the providers by key. */
export function providersOfKeys(
  source: string | null,
  byKey: (key: string) => Provider | undefined,
): Provider[] {
  return sourceKeys(source).flatMap((key) => byKey(key) ?? []);
}

/** The providers an attribution's `source` credits (none for reference data). */
export function creditedProviders(source: Attribution['source'] | undefined): Provider[] {
  if (!source || Object.keys(source).length === 0) return [];
  return source.providers ?? [source as Provider];
}

function sourceOf(providers: readonly Provider[]): Attribution['source'] {
  const unique = [...new Map(providers.map((p) => [p.name, p])).values()].sort((a, b) =>
    a.name < b.name ? -1 : 1,
  );
  const [first] = unique;
  if (!first) return {};
  if (unique.length === 1) return { ...first };
  return {
    html: unique.map((p) => p.html).join(' · '),
    license: unique.map((p) => `${p.name}: ${p.license}`).join('; '),
    logo: first.logo,
    name: unique.map((p) => p.name).join('; '),
    url: first.url,
    providers: unique,
  };
}

/** Encodes query parameters in the given order (values percent-encoded, `*` kept readable). */
export function queryString(params: readonly (readonly [string, string])[]): string {
  return params.map(([k, v]) => `${k}=${encodeURIComponent(v).replaceAll('%2A', '*')}`).join('&');
}

/**
 * The pagination object of one page. `path` is the collection's URL path; `params` its filters and
 * sort in canonical order. Every link carries `records` and `page`; an empty collection has one
 * (empty) page.
 */
export function pageMeta(opts: {
  path: string;
  params: readonly (readonly [string, string])[];
  page: number;
  records: number;
  total: number;
  totals: 'camel' | 'snake';
}): PageMeta {
  const { params, ...rest } = opts;
  return pageMetaOf({ ...rest, query: collectionQuery(params) });
}

/** A collection's filters and sort as its links carry them (`PageCollection.query`). */
export function collectionQuery(params: readonly (readonly [string, string])[]): string {
  return params.length > 0 ? `${queryString(params)}&` : '';
}

/**
 * The pagination object of page `page` of a collection (`PageCollection`): `pageMeta` with the
 * collection's filters and sort already encoded, as an archive holds them.
 */
export function pageMetaOf(opts: PageCollection & { page: number }): PageMeta {
  const { path, query, page, records, total } = opts;
  const totalPages = Math.ceil(total / records);
  const lastPage = Math.max(totalPages, 1);
  const link = (p: number) => `${path}?${query}records=${records}&page=${p}`;
  const camel = opts.totals === 'camel';
  return {
    first: link(1),
    last: link(lastPage),
    next: page < lastPage ? link(page + 1) : null,
    prev: page > 1 ? link(Math.min(page - 1, lastPage)) : null,
    page,
    records,
    [camel ? 'totalPages' : 'total_pages']: totalPages,
    [camel ? 'totalRecords' : 'total_records']: total,
  };
}

/** What the pagination objects of one paginated collection's pages share. */
export interface PageCollection {
  /** The collection's URL path (`/v1/players`). */
  path: string;
  /** Its filters and sort as a query string, each `name=value&` (`position=23&`), or ''. */
  query: string;
  /** Records a page. */
  records: number;
  totals: 'camel' | 'snake';
  /** Records in all. */
  total: number;
}

/** Serialises a success envelope (`attribution` omitted for the service root). */
export function envelope(body: {
  attribution?: Attribution;
  meta: PageMeta | Record<string, never>;
  result: unknown;
}): string {
  const out: Record<string, unknown> = {};
  if (body.attribution) out['attribution'] = body.attribution;
  out['meta'] = body.meta;
  out['result'] = body.result;
  return JSON.stringify(out);
}

/**
 * The envelope of records already written as JSON: the text `envelope` gives for the same records
 * parsed, without parsing them.
 */
export function envelopeOf(
  head: { attribution?: Attribution; meta: PageMeta | Record<string, never> },
  records: readonly string[],
): string {
  // `result` comes last: the envelope of no records ends with `[]}`, and the records go between.
  return `${envelope({ ...head, result: [] }).slice(0, -2)}${records.join(',')}]}`;
}

/** One problem with one query parameter. */
export interface ParamError {
  parameter: string;
  message: string;
}

/** The error body of every failed request. */
export interface ErrorBody {
  status: number;
  message: string;
  uri: string;
  errors: ParamError[];
}

/** Builds an error body; `uri` is the path and query as received. */
export function errorBody(
  status: number,
  message: string,
  uri: string,
  errors: ParamError[] = [],
): ErrorBody {
  return { status, message, uri, errors };
}
