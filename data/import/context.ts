import type Database from 'better-sqlite3';
import { v0Ids, type Db } from '../db.ts';
import { faultPoint } from '../faults.ts';
import { uuidFor } from '../ids.ts';
import type { NewRowOf, TableName } from '../tables.ts';
import type { Progress } from './progress.ts';
import type { ImportReport, WriteOutcome } from './report.ts';

/** A column value an importer writes. */
export type Cell = string | number | null;

/** A row to write: column name -> value. */
export type Row = Readonly<Record<string, Cell>>;

/** The key column of each table that is not keyed by `id`. */
const KEY_COLUMN: Record<string, string> = {
  provider: 'key',
  country_alias: 'alias',
  meta: 'key',
  v0_counter: 'kind',
};

/**
 * Tables with a v0 integer id (schema.sql); a new row gets the next id of its kind (the table
 * name).
 */
const V0_TABLES = new Set([
  'season',
  'country',
  'competition',
  'team',
  'venue',
  'person',
  'player',
  'manager',
  'referee',
  'match',
  'match_condition',
  'lineup',
  'goal',
  'penalty',
  'offense',
  'substitution',
  'shootout',
]);

/**
 * What every importer step shares: the connection, the provider key, the report and two write
 * helpers that make an import idempotent. Ids are deterministic (`uuidFor(source, kind, key)`), so
 * importing the same data again finds every row already present; v0 ids are handed out only to rows
 * that are new.
 */
export interface ImportContext {
  readonly db: Db;
  /** The provider key of the source (`provider.key`, `source` column of the rows it owns). */
  readonly source: string;
  readonly report: ImportReport;
  readonly progress: Progress;
  /** The v1 id of an entity of this source: `uuidFor(source, kind, key)`. */
  id(kind: string, key: string | number): string;
  /**
   * Writes a row this source owns: inserts it (with a new v0 id where the table has one) or, when a
   * row with the same key exists, updates the columns that differ (its v0 id is kept).
   */
  save<T extends TableName>(table: T, row: NewRowOf<T>): WriteOutcome;
  /**
   * Inserts a shared row only when its key is absent (seasons, countries, aliases: rows another
   * source may own). An existing row is left as it is and counted as present.
   */
  ensure<T extends TableName>(table: T, row: NewRowOf<T>): WriteOutcome;
}

/** Creates the context of one import run. */
export function createImportContext(
  db: Db,
  source: string,
  report: ImportReport,
  progress: Progress,
): ImportContext {
  const nextV0 = v0Ids(db);
  const statements = new Map<string, Database.Statement>();
  const prepare = (sql: string): Database.Statement => {
    let statement = statements.get(sql);
    if (!statement) statements.set(sql, (statement = db.prepare(sql)));
    return statement;
  };
  const keyOf = (table: string, row: Row): { column: string; value: Cell } => {
    const column = KEY_COLUMN[table] ?? 'id';
    const value = row[column];
    if (value === undefined || value === null)
      throw new Error(`${table}: row without key column ${column}`);
    return { column, value };
  };
  const exists = (table: string, column: string, value: Cell): boolean =>
    prepare(`SELECT 1 FROM "${table}" WHERE "${column}" = ?`).get(value) !== undefined;
  const insert = (table: string, row: Row): void => {
    faultPoint('import:row');
    const full: Record<string, Cell> = V0_TABLES.has(table)
      ? { ...row, v0_id: nextV0(table) }
      : { ...row };
    const columns = Object.keys(full);
    prepare(
      `INSERT INTO "${table}" (${columns.map((c) => `"${c}"`).join(', ')}) VALUES (${columns.map(() => '?').join(', ')})`,
    ).run(...columns.map((c) => full[c]));
  };

  return {
    db,
    source,
    report,
    progress: progress,
    id: (kind, key) => uuidFor(source, kind, key),
    save(table, row) {
      const key = keyOf(table, row);
      let outcome: WriteOutcome;
      if (!exists(table, key.column, key.value)) {
        insert(table, row);
        outcome = 'new';
      } else {
        const columns = Object.keys(row).filter((c) => c !== key.column && c !== 'v0_id');
        if (columns.length === 0) outcome = 'present';
        else {
          // Only rows whose values differ are touched, so a re-import reports them as present, not
          // updated.
          const sql =
            `UPDATE "${table}" SET ${columns.map((c) => `"${c}" = ?`).join(', ')} WHERE "${key.column}" = ? ` +
            `AND NOT (${columns.map((c) => `"${c}" IS ?`).join(' AND ')})`;
          const values = columns.map((c) => (row as Row)[c]!);
          const { changes } = prepare(sql).run(...values, key.value, ...values);
          outcome = changes > 0 ? 'updated' : 'present';
        }
      }
      report.count(table, outcome);
      return outcome;
    },
    ensure(table, row) {
      const key = keyOf(table, row);
      const outcome: WriteOutcome = exists(table, key.column, key.value) ? 'present' : 'new';
      if (outcome === 'new') insert(table, row);
      report.count(table, outcome);
      return outcome;
    },
  };
}
