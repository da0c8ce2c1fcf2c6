import {
  unknownKind,
  type AnyOfFilter,
  type CollectionManifest,
  type DocumentManifest,
  type ResourceManifest,
} from '../../contract/manifest.ts';
import { hasSourceColumn, type QueryIndexManifest } from '../../contract/query-index.ts';
import { CHUNK, GROUP_BYTES } from '../index/query-index.ts';
import {
  responseKey,
  type CollectionLike,
  type DocumentDef,
  type LinkTemplate,
  type ResourceDef,
} from '../define/resource.ts';
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE, pagingOf } from './layouts.ts';

/**
 * What the registry says about a resource, in the two forms the outside world reads: the router's
 * manifest entry and the OPTIONS documentation. Both come from the same definition, so the
 * documentation cannot drift from the behaviour.
 */

/** The default order as documented: the declared fields, then the id that breaks ties. */
function defaultSort(def: CollectionLike): string[] {
  return [...(def.order?.by ?? []).filter((name) => !def.sql.hidden?.[name]), 'id'];
}

/** What the build wrote of a resource, as its manifest entry tells it (see `Written`). */
export interface Stored {
  count: number;
  /** Content hash of the resource's files. */
  hash: string;
  buckets: number;
  fieldBuckets: Record<string, number>;
  query: QueryIndexManifest | null;
}

/** Nothing stored: the entry as the registry alone describes it (the OPTIONS document). */
const NOTHING_STORED: Stored = { count: 0, hash: '', buckets: 0, fieldBuckets: {}, query: null };

/** The manifest entry of a resource, with what the build stored of it. */
export function manifestEntry(def: ResourceDef, stored: Stored = NOTHING_STORED): ResourceManifest {
  switch (def.kind) {
    case 'collection':
      return { kind: def.kind, ...collectionEntry(def, stored) };
    case 'nested':
    case 'parent-record': {
      const { path, name, param } = def.parent;
      return { kind: def.kind, ...collectionEntry(def, stored), parent: { path, name, param } };
    }
    case 'document':
      return documentEntry(def, stored);
    default:
      return unknownKind(def);
  }
}

/** The fields of a manifest entry shared by the document entry and the collections'. */
function commonEntry(def: ResourceDef, fieldBuckets: Record<string, number>) {
  return {
    path: def.path,
    version: def.version,
    title: def.title,
    description: def.description,
    idType: def.idType,
    fields: def.fields.map((f) => ({
      name: f.name,
      key: responseKey(def, f),
      type: f.type,
      nullable: f.nullable ?? true,
      filter: f.filter ?? 'indexed',
      description: f.description,
      ...(f.filter === 'bucket' ? { buckets: fieldBuckets[f.name] ?? 1 } : {}),
    })),
  };
}

/** The manifest entry of a collection, but its kind and parent. */
function collectionEntry(
  def: CollectionLike,
  { count, hash, buckets, fieldBuckets, query }: Stored,
): Omit<CollectionManifest, 'kind'> {
  const { aliases, pathFilter } = def.routing ?? {};
  const { implied, refused } = def.composition ?? {};
  const paging = pagingOf(def.path, def.paging);
  const anyOf = anyOfFilters(def);
  return {
    ...commonEntry(def, fieldBuckets),
    ...(aliases ? { aliases } : {}),
    ...(anyOf.length ? { anyOf } : {}),
    paginated: def.paging.kind === 'pages',
    records: { default: paging.size ?? DEFAULT_PAGE_SIZE, max: MAX_PAGE_SIZE },
    sort: { default: defaultSort(def), fields: [...def.fields.map((f) => f.name), 'id'] },
    totals: paging.totals,
    buckets,
    implied: implied ?? [],
    refused: refused ?? null,
    ...(pathFilter ? { pathFilter } : {}),
    ...(query ? { query } : {}),
    count,
    hash,
  };
}

/**
 * The filters of a collection on several fields at once, each with its fields' type. A name that is
 * a field's, a field that is missing or not filterable, or fields of different types fail the
 * build: the router could not tell the parameter apart, or compare the values.
 */
function anyOfFilters(def: CollectionLike): AnyOfFilter[] {
  return (def.composition?.anyOf ?? []).map(({ name, description, fields }) => {
    const found = fields.map((f) => def.fields.find((d) => d.name === f));
    const types = new Set(found.map((f) => f?.type));
    const [type] = types;
    if (def.fields.some((f) => f.name === name))
      throw new Error(`/${def.path}: the filter ${name} is also the name of a field`);
    if (found.some((f) => !f || f.filter === 'none') || types.size !== 1 || !type)
      throw new Error(`/${def.path}: the filter ${name} needs filterable fields of one type`);
    return { name, type, description, fields };
  });
}

/**
 * The manifest entry of a document resource: no listing, so not paginated, in id order, without
 * phase rule or refused parameters.
 */
function documentEntry(
  def: DocumentDef,
  { count, hash, buckets, fieldBuckets }: Stored,
): DocumentManifest {
  const { path, name, param, aliases } = def.parent;
  return {
    kind: def.kind,
    ...commonEntry(def, fieldBuckets),
    paginated: false,
    records: { default: DEFAULT_PAGE_SIZE, max: MAX_PAGE_SIZE },
    sort: { default: ['id'], fields: [...def.fields.map((f) => f.name), 'id'] },
    totals: 'camel',
    buckets,
    parent: { path, name, param, ...(aliases ? { aliases } : {}) },
    implied: [],
    refused: null,
    document: { result: def.result, time: def.time !== undefined },
    count,
    hash,
  };
}

/** The OPTIONS document of a resource (docs/api.md#options). */
export function optionsDocument(def: ResourceDef): string {
  switch (def.kind) {
    case 'collection':
    case 'nested':
    case 'parent-record':
      return collectionOptions(def);
    case 'document':
      return documentOptions(def);
    default:
      return unknownKind(def);
  }
}

/** The OPTIONS document of a collection: paging, sorting, filters and what queries read. */
function collectionOptions(def: CollectionLike): string {
  const entry = manifestEntry(def);
  const { aliases, pathFilter } = def.routing ?? {};
  const paginated = def.paging.kind === 'pages';
  const doc = {
    resource: `/${def.path}`,
    title: def.title,
    description: def.description,
    methods: ['GET', 'HEAD', 'OPTIONS'],
    id: pathFilter
      ? {
          type: def.idType,
          path: `/${def.path}/<id>`,
          note: `<id> is a ${pathFilter} id (the list of its records, as ?${pathFilter}=<id>) or a record id`,
        }
      : { type: def.idType, path: `/${def.path}/<id>` },
    ...(aliases ? { aliases: aliases.map((alias) => `/${alias}`) } : {}),
    paginated,
    records: paginated ? entry.records : { default: null, max: null },
    sort: def.order?.note ? { ...entry.sort, order: def.order.note } : entry.sort,
    fields: entry.fields.map((f) => ({
      name: f.name,
      key: f.key,
      type: f.type,
      nullable: f.nullable,
      description: f.description,
      filter: f.filter !== 'none',
    })),
    ...(entry.kind !== 'document' && entry.anyOf ? { filters: entry.anyOf } : {}),
    parameters: [
      ...(paginated ? ['records', 'page'] : []),
      'sort',
      'app_id (ignored)',
      'app_key (ignored)',
    ],
    queries: queryBounds(entry),
    links: def.links satisfies Record<string, LinkTemplate>,
  };
  return JSON.stringify({ meta: {}, result: [doc] });
}

/**
 * What answering a query of a collection reads, per kind of query: no valid query is refused, and
 * none reads more than this. The figures are the query index's (`query-index.ts`).
 */
export function queryBounds(entry: ResourceManifest): Record<string, string> {
  const bucket = entry.fields.filter((f) => f.filter === 'bucket').map((f) => f.name);
  const byBucket = bucket.length > 0 ? { [bucket.join(', ')]: BUCKET_BOUND } : {};
  if (!entry.paginated)
    return {
      refused: 'None: every documented filter, alone or combined, and every sort is answered.',
      any: 'The collection is one file; a filter or sort reads that file and no other.',
      ...byBucket,
    };
  const size = entry.records.default;
  return {
    refused:
      'None: every documented filter, alone or combined, with or without * wildcards, every ' +
      'sort, page size and page is answered.',
    filter:
      "An exact value reads one file of its field: the value's list of record positions (a byte " +
      'or two a record) and those of the values sharing the file, ' +
      `${GROUP_BYTES / 1024} KB on average.`,
    wildcard:
      "A * pattern reads the field's list of distinct values, then the file of each value it " +
      'matches.',
    ...(entry.kind !== 'document' && entry.anyOf?.length
      ? {
          [entry.anyOf.map((f) => f.name).join(', ')]:
            'A filter on several fields reads what an exact value reads, once for each of them.',
        }
      : {}),
    sort:
      `With no filter, a one-field sort reads the one or two files (${CHUNK} positions each) ` +
      'holding the page, a descending one after the one or two files of its runs that say ' +
      'where in the ascending order the page lies. With filters, or by several fields, it ' +
      `reads, per field and for the id, the files of ${CHUNK} ranks that hold the matching ` +
      `records: at most one per ${CHUNK} records of the collection.`,
    records:
      `The page's records come from the default pages (${size} records each) of the ` +
      'smallest single-filter collection holding them, else of the collection: at most one ' +
      'file per record returned, fewer when they are neighbours.',
    ...(entry.query && hasSourceColumn(entry.query)
      ? {
          sources:
            "The records' providers, which differ in this collection, are read with them: the " +
            `files of ${CHUNK} records' providers that hold them.`,
        }
      : {}),
    ...byBucket,
  };
}

/** What a `bucket` filter reads. */
const BUCKET_BOUND =
  "An exact id reads the one file holding that id's records (a few, as ids of single actions " +
  'are), and filters and sorts them in memory.';

/**
 * The OPTIONS document of a document resource (analytics): addressed per match, no paging, sorting
 * or filters; `result` says whether the answer is one object or a list, and list-valued fields say
 * so.
 */
function documentOptions(def: DocumentDef): string {
  const parent = def.parent;
  const doc = {
    resource: `/${def.path}`,
    title: def.title,
    description: def.description,
    methods: ['GET', 'HEAD', 'OPTIONS'],
    id: {
      type: def.idType,
      path: `/${parent.path}/<${parent.param}ID>/${parent.name}`,
      note: `one document per ${parent.param}; also at ${[...(parent.aliases ?? []).map((a) => `/${parent.path}/<${parent.param}ID>/${a}`), `/${def.path}/<${parent.param}ID>`].join(' and ')}`,
    },
    paginated: false,
    records: { default: null, max: null },
    result: def.result,
    fields: def.fields.map((f) => ({
      name: f.name,
      key: responseKey(def, f),
      type: f.list ? `${f.type}[]` : f.type,
      nullable: f.nullable ?? true,
      description: f.description,
      filter: false,
    })),
    parameters: [
      ...(def.time ? [`time (${def.time})`] : []),
      'app_id (ignored)',
      'app_key (ignored)',
    ],
    links: def.links satisfies Record<string, LinkTemplate>,
  };
  return JSON.stringify({ meta: {}, result: [doc] });
}
