import type { Db } from '../data/db.ts';
import { filterKey, fold, type Scalar } from '../server/keys.ts';
import { unknownKind, type FieldType } from '../server/manifest.ts';
import type { CollectionLike, ResourceDef } from './registry/define.ts';

/**
 * SQL for the registry: the SELECT of a resource's rows and the ORDER BY clauses that reproduce, in
 * SQLite, exactly the order and grouping the router uses (`fold` and `fkey` are the router's own
 * functions, registered in SQLite).
 */

/**
 * SQLite page cache of each connection a build worker opens (its read-only view of the database
 * and its spools), in the pragma's KiB. Two workers hold two of each: at 64 MB apiece they were a
 * third of the national set's peak memory (1,082 MB against 722 MB at 16 MB), for no gain in
 * speed, since the operating system caches the file anyway.
 */
export const WORKER_CACHE_PRAGMA = 'cache_size = -16384';

/**
 * Registers the router's value functions in SQLite so the build orders and groups like the router.
 */
export function registerFunctions(db: Db): void {
  db.function('fold', { deterministic: true }, (v: unknown) =>
    typeof v === 'string' ? fold(v) : (v as Scalar),
  );
  db.function('fkey', { deterministic: true }, (type: unknown, v: unknown) =>
    v === null ? null : filterKey(type as FieldType, v as Scalar),
  );
}

const quote = (name: string) => `"${name.replaceAll('"', '""')}"`;

/**
 * The rows of a resource: `id`, one column per field (named as the field), and `_source` for data.
 */
export function selectRows(def: ResourceDef): string {
  const columns = [
    `${def.idSql} AS id`,
    ...def.fields.map((f) => `${f.sql} AS ${quote(f.name)}`),
    ...Object.entries(def.hidden ?? {}).map(([name, sql]) => `${sql} AS ${quote(name)}`),
    `${def.credit.kind === 'data' ? def.credit.sourceSql : 'NULL'} AS _source`,
  ];
  return `SELECT ${columns.join(', ')} ${def.from}`;
}

/**
 * ORDER BY terms of the default order (text folded first, then raw), always ending on the id. A
 * document resource has no order of its own: its rows (matches) go by id.
 */
export function orderTerms(def: ResourceDef): string {
  switch (def.kind) {
    case 'collection':
    case 'nested':
    case 'parent-record': {
      // A rank computed once per build stands for the order it equals (`defaultRank`).
      const terms = def.defaultRank ? [`${quote(def.defaultRank)} ASC`] : sortTerms(def);
      return [...terms, 'id ASC'].join(', ');
    }
    case 'document':
      return 'id ASC';
    default:
      return unknownKind(def);
  }
}

/** The terms of a collection's `defaultSort`. */
export function sortTerms(def: CollectionLike): string[] {
  const terms: string[] = [];
  for (const entry of def.defaultSort) {
    const descending = entry.startsWith('-');
    const name = descending ? entry.slice(1) : entry;
    const field = def.fields.find((f) => f.name === name);
    if (!field && !def.hidden?.[name])
      throw new Error(`${def.path}: default sort names unknown field '${name}'`);
    const dir = descending ? 'DESC' : 'ASC';
    if (field?.type === 'string') terms.push(`fold(${quote(name)}) ${dir}`);
    terms.push(`${quote(name)} ${dir}`);
  }
  return terms;
}

/** All rows in the default order. */
export function defaultOrderQuery(def: ResourceDef): string {
  return `SELECT * FROM (${selectRows(def)}) ORDER BY ${orderTerms(def)}`;
}

/**
 * The grouping key of a field in SQL: `fkey` of its value, or for uuids the column itself, which is
 * its own key (lower-case hex) and lets SQLite read the groups in order from an index such as
 * `event_by_match` instead of sorting millions of rows by a function.
 */
function groupKey(def: ResourceDef, name: string): string {
  const field = def.fields.find((f) => f.name === name);
  if (!field) throw new Error(`${def.path}: no field '${name}' to group by`);
  return field.type === 'uuid' ? quote(name) : `fkey('${field.type}', ${quote(name)})`;
}

/**
 * Rows with a non-null value of `field`, grouped by filter key, each group in the default order.
 */
export function groupedQuery(def: ResourceDef, field: string): string {
  return (
    `SELECT * FROM (${selectRows(def)}) WHERE ${quote(field)} IS NOT NULL ` +
    `ORDER BY ${groupKey(def, field)}, ${orderTerms(def)}`
  );
}

/**
 * Rows with a non-null value of `field`, in the order of its values (numeric for integers) and then
 * the default order: the groups of a `bucket` filter, whose bucket files follow the values' order.
 */
export function bucketedQuery(def: ResourceDef, field: string): string {
  return `SELECT * FROM (${selectRows(def)}) WHERE ${quote(field)} IS NOT NULL ORDER BY ${quote(field)}, ${orderTerms(def)}`;
}

/** The size of each group of `groupedQuery`, in the same order. */
export function groupCountQuery(def: ResourceDef, field: string): string {
  return (
    `SELECT ${groupKey(def, field)} AS k, count(*) AS n FROM (${selectRows(def)}) ` +
    `WHERE ${quote(field)} IS NOT NULL GROUP BY k ORDER BY k`
  );
}

/** The number of distinct non-null values of `field` (the groups of a `bucket` filter). */
export function distinctCountQuery(def: ResourceDef, field: string): string {
  return `SELECT count(DISTINCT ${groupKey(def, field)}) AS n FROM (${selectRows(def)})`;
}

/** The number of rows of a resource. */
export function countQuery(def: ResourceDef): string {
  return `SELECT count(*) AS n FROM (${selectRows(def)})`;
}
