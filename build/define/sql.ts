import type { Db } from '../../data/db.ts';
import { uuidFor } from '../../data/ids.ts';
import { filterKey, fold, type Scalar } from '../../contract/keys.ts';
import { unknownKind, type FieldType } from '../../contract/manifest.ts';
import type { CollectionLike, ResourceDef } from './resource.ts';

/**
 * SQL for the registry: the SELECT of a resource's rows and the ORDER BY clauses that reproduce, in
 * SQLite, exactly the order and grouping the router uses (`fold` and `fkey` are the router's own
 * functions, registered in SQLite).
 */

/**
 * SQLite page cache of each connection a build worker opens (its read-only view of the database
 * and its spools), in the pragma's KiB. Two workers hold two of each, so larger caches would be
 * a large share of a big build's peak memory for no gain in speed: the operating system caches
 * the file anyway.
 */
export const WORKER_CACHE_PRAGMA = 'cache_size = -16384';

/**
 * Registers the router's value functions in SQLite so the build orders and groups like the router,
 * and `build_id(kind, key)`, the stable uuid of a record the build itself makes (a squad line).
 */
export function registerFunctions(db: Db): void {
  db.function('build_id', { deterministic: true }, (kind: unknown, key: unknown) =>
    uuidFor('build', String(kind), String(key)),
  );
  db.function('fold', { deterministic: true }, (v: unknown) =>
    typeof v === 'string' ? fold(v) : (v as Scalar),
  );
  db.function('fkey', { deterministic: true }, (type: unknown, v: unknown) =>
    v === null ? null : filterKey(type as FieldType, v as Scalar),
  );
}

/** A name as an SQL identifier, quoted. */
export const quote = (name: string) => `"${name.replaceAll('"', '""')}"`;

/**
 * The rows of a resource: `id`, one column per field (named as the field), and `_source` for data.
 */
export function selectRows(def: ResourceDef): string {
  const columns = [
    `${def.sql.id} AS id`,
    ...def.fields.map((f) => `${f.sql} AS ${quote(f.name)}`),
    ...Object.entries(def.sql.hidden ?? {}).map(([name, sql]) => `${sql} AS ${quote(name)}`),
    `${def.credit.kind === 'data' ? def.credit.sourceSql : 'NULL'} AS _source`,
  ];
  return `SELECT ${columns.join(', ')} ${def.sql.from}`;
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
      // A rank computed once per build stands for the order it equals (`Order.rank`).
      const rank = def.order?.rank;
      const terms = rank ? [`${quote(rank)} ASC`] : sortTerms(def);
      return [...terms, 'id ASC'].join(', ');
    }
    case 'document':
      return 'id ASC';
    default:
      return unknownKind(def);
  }
}

/** The terms of a collection's default order (`Order.by`). */
export function sortTerms(def: CollectionLike): string[] {
  const terms: string[] = [];
  for (const entry of def.order?.by ?? []) {
    const descending = entry.startsWith('-');
    const name = descending ? entry.slice(1) : entry;
    const field = def.fields.find((f) => f.name === name);
    if (!field && !def.sql.hidden?.[name])
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

/** The number of rows of a resource. */
export function countQuery(def: ResourceDef): string {
  return `SELECT count(*) AS n FROM (${selectRows(def)})`;
}
