import type Database from 'better-sqlite3';
import { TABLES, type RowOf, type TableName } from './tables.ts';

// A connection as better-sqlite3 types it (`Db` of db.ts, which writes its reference lists with
// these helpers and so is not imported here).
type Db = Database.Database;

/**
 * A prepared INSERT of whole rows of `table`: every column `TABLES` lists, in the schema's order,
 * so a row's type says what is written and a column cannot be left out.
 */
export function rowInserter<T extends TableName>(db: Db, table: T): (row: RowOf<T>) => void {
  return wholeRowWriter(db, table);
}

/**
 * A prepared upsert of whole rows of `table` by their `id` (as `rowInserter`): for the fixed
 * reference lists, written again each time a database is opened. A row already there is updated
 * in place, never deleted and inserted again as INSERT OR REPLACE does: deleting a list's entry
 * makes SQLite look for the rows that name it, a scan of millions of events for each action.
 */
export function rowReplacer<T extends TableName>(db: Db, table: T): (row: RowOf<T>) => void {
  const columns = Object.keys(TABLES[table]).filter((c) => c !== 'id');
  return wholeRowWriter(
    db,
    table,
    ` ON CONFLICT (id) DO UPDATE SET ${columns.map((c) => `"${c}" = excluded."${c}"`).join(', ')}`,
  );
}

/**
 * Whole-row inserts into any table, each table's statement prepared on its first row
 * (`rowInserter`).
 */
export function rowInserters(db: Db): <T extends TableName>(table: T, row: RowOf<T>) => void {
  const inserters = new Map<TableName, (row: never) => void>();
  return (table, row) => {
    let insert = inserters.get(table) as ((row: RowOf<typeof table>) => void) | undefined;
    if (!insert) inserters.set(table, (insert = rowInserter(db, table)));
    insert(row);
  };
}

/** A prepared INSERT of whole rows of `table`, its columns in the schema's order, then `upsert`. */
function wholeRowWriter<T extends TableName>(
  db: Db,
  table: T,
  upsert = '',
): (row: RowOf<T>) => void {
  const columns = Object.keys(TABLES[table]) as (keyof RowOf<T> & string)[];
  const statement = db.prepare(
    `INSERT INTO "${table}" (${columns.map((c) => `"${c}"`).join(', ')}) ` +
      `VALUES (${columns.map(() => '?').join(', ')})${upsert}`,
  );
  return (row) => void statement.run(...columns.map((c) => row[c]));
}
