import type Database from 'better-sqlite3';
import { v0Claims, v0Ids, type Db } from '../db.ts';
import { faultPoint } from '../faults.ts';
import { uuidFor } from '../ids.ts';
import { rowInserters } from '../rows.ts';
import { TABLES, type Cell, type NewRowOf, type RowOf, type TableName } from '../tables.ts';
import type { Progress } from './progress.ts';
import type { ImportReport, WriteOutcome } from './report.ts';

/**
 * A row (or some columns of one) seen by column name, as the generic statements below read it:
 * the typed rows (`NewRowOf`, `RowUpdate`) are checked where a writer gives them.
 */
type Row = Readonly<Record<string, Cell>>;

/** The key column of each table that is not keyed by `id`. */
const KEY_COLUMN = {
  provider: 'key',
  country_alias: 'alias',
  meta: 'key',
  v0_counter: 'kind',
} as const satisfies { readonly [T in TableName]?: keyof RowOf<T> };

/** The key column of table `T`: the one `KEY_COLUMN` names, else `id`. */
type KeyColumn<T extends TableName> = T extends keyof typeof KEY_COLUMN
  ? (typeof KEY_COLUMN)[T]
  : 'id';

/**
 * Some columns of an existing row of table `T`, with its key: what a writer that adds to a row
 * (rather than writing it whole) gives.
 */
export type RowUpdate<T extends TableName> = Pick<RowOf<T>, KeyColumn<T> & keyof RowOf<T>> &
  Partial<NewRowOf<T>>;

/**
 * What every importer step shares: the connection, the provider key, the report and write
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
  /**
   * Updates only the columns `row` gives of the row with its key, where they differ: a source that
   * adds what it knows to a row another source owns (which stays that source's). 'updated' when a
   * value changed, else 'present' (as when no row has that key: nothing is inserted).
   */
  update<T extends TableName>(table: T, row: RowUpdate<T>): WriteOutcome;
  /**
   * Writes a row with the v0 id it gives, where the table has one (a package that carries the
   * ids of an export): as `save`, but a new row keeps its `v0_id` (or gets the next one when it
   * is null), and the counter moves past it so that no later row takes it.
   */
  saveWithV0<T extends TableName>(table: T, row: RowOf<T>): WriteOutcome;
  /** Deletes the row of `table` with key `key`, counted and recorded as deleted. */
  remove(table: TableName, key: string | number): void;
}

/** Creates the context of one import run. */
export function createImportContext(
  db: Db,
  source: string,
  report: ImportReport,
  progress: Progress,
): ImportContext {
  const rows = rowWrites(db);
  const record = changeRecorder(db, report);
  const counted = (table: TableName, outcome: WriteOutcome, key?: Key): WriteOutcome => {
    report.count(table, outcome);
    if (key !== undefined) record(table, key.value, outcome);
    return outcome;
  };
  /** `save`, and `saveWithV0` for a row that brings its v0 id. */
  const save = (table: TableName, row: object): WriteOutcome => {
    const key = keyOf(table, row);
    if (rows.exists(table, key)) return counted(table, rows.update(table, key, row), key);
    rows.insert(table, row as never, (row as Row)['v0_id'] as number | null | undefined);
    return counted(table, 'new', key);
  };
  return {
    db,
    source,
    report,
    progress: progress,
    id: (kind, key) => uuidFor(source, kind, key),
    save: (table, row) => save(table, row),
    saveWithV0: (table, row) => save(table, row),
    ensure(table, row) {
      const key = keyOf(table, row);
      const outcome: WriteOutcome = rows.exists(table, key) ? 'present' : 'new';
      if (outcome === 'new') rows.insert(table, row);
      return counted(table, outcome, key);
    },
    update(table, row) {
      const key = keyOf(table, row);
      return counted(table, rows.update(table, key, row), key);
    },
    remove(table, value) {
      const key = { column: keyColumn(table), value };
      rows.remove(table, key);
      counted(table, 'deleted', key);
    },
  };
}

/** The key of a row: its key column and that column's value. */
interface Key {
  readonly column: string;
  readonly value: Cell;
}

/** The name of the key column of `table`. */
function keyColumn(table: TableName): string {
  return (KEY_COLUMN as Partial<Record<TableName, string>>)[table] ?? 'id';
}

/** The key of `row`, a row (or some columns of one) of `table`. */
function keyOf(table: TableName, row: object): Key {
  const column = keyColumn(table);
  const value = (row as Row)[column];
  if (value === undefined || value === null)
    throw new Error(`${table}: row without key column ${column}`);
  return { column, value };
}

/** The table writes behind `save`, `ensure` and `update` (which count each in the report). */
interface RowWrites {
  exists(table: TableName, key: Key): boolean;
  /**
   * Inserts a whole row; a table with a v0 id (schema.sql) gives it `v0` when it is a number (and
   * moves the counter past it), else the next of its kind.
   */
  insert<T extends TableName>(table: T, row: NewRowOf<T>, v0?: number | null): void;
  /** Sets the columns `row` gives (but its key and v0 id) where they differ. */
  update(table: TableName, key: Key, row: object): WriteOutcome;
  remove(table: TableName, key: Key): void;
}

/** The statements behind the context's writes, prepared once each. */
function rowWrites(db: Db): RowWrites {
  const nextV0 = v0Ids(db);
  const claim = v0Claims(db);
  const statements = new Map<string, Database.Statement>();
  const prepare = (sql: string): Database.Statement => {
    let statement = statements.get(sql);
    if (!statement) statements.set(sql, (statement = db.prepare(sql)));
    return statement;
  };
  const insert = rowInserters(db);
  return {
    exists: (table, key) =>
      prepare(`SELECT 1 FROM "${table}" WHERE "${key.column}" = ?`).get(key.value) !== undefined,
    insert<T extends TableName>(table: T, row: NewRowOf<T>, v0?: number | null) {
      faultPoint('import:row');
      if (typeof v0 === 'number') claim(table, v0);
      const given = typeof v0 === 'number' ? v0 : null;
      const whole = 'v0_id' in TABLES[table] ? { ...row, v0_id: given ?? nextV0(table) } : row;
      insert(table, whole as RowOf<T>);
    },
    remove(table, key) {
      prepare(`DELETE FROM "${table}" WHERE "${key.column}" = ?`).run(key.value);
    },
    update(table, key, row) {
      const columns = Object.keys(row).filter((c) => c !== key.column && c !== 'v0_id');
      if (columns.length === 0) return 'present';
      // Only rows whose values differ are touched, so a re-import reports them as present, not
      // updated.
      const sql =
        `UPDATE "${table}" SET ${columns.map((c) => `"${c}" = ?`).join(', ')} ` +
        `WHERE "${key.column}" = ? AND NOT (${columns.map((c) => `"${c}" IS ?`).join(' AND ')})`;
      const values = columns.map((c) => (row as Row)[c]!);
      const { changes } = prepare(sql).run(...values, key.value, ...values);
      return changes > 0 ? 'updated' : 'present';
    },
  };
}

/**
 * Records each row an import added, changed or deleted (`import_change`), under one run made at
 * its first change: an import that changes nothing leaves the database as it was.
 */
function changeRecorder(
  db: Db,
  report: ImportReport,
): (table: TableName, key: Cell, outcome: WriteOutcome) => void {
  const CHANGE = { new: 'added', updated: 'changed', deleted: 'deleted' } as const;
  // A check opens an older file as it is, perhaps without these tables: it records nothing.
  const tables = db
    .prepare("SELECT COUNT(*) FROM sqlite_master WHERE name IN ('import_run', 'import_change')")
    .pluck()
    .get();
  if (tables !== 2) return () => {};
  let run: number | null = null;
  const insert = db.prepare(
    `INSERT INTO import_change (run, tbl, key, change) VALUES (?, ?, ?, ?)
    ON CONFLICT (run, tbl, key) DO UPDATE SET change = CASE
      WHEN change = 'added' AND excluded.change = 'changed' THEN 'added'
      WHEN change = 'deleted' AND excluded.change = 'added' THEN 'changed'
      ELSE excluded.change END`,
  );
  return (table, key, outcome) => {
    if (outcome === 'present') return;
    run ??= Number(
      db
        .prepare(
          `INSERT INTO import_run (format, path, at)
          VALUES (?, ?, strftime('%Y-%m-%dT%H:%M:%SZ', 'now'))`,
        )
        .run(report.format, report.path).lastInsertRowid,
    );
    insert.run(run, table, String(key), CHANGE[outcome]);
  };
}
