import type { Db } from './db.ts';
import { TABLES, type RowOf, type TableName } from './tables.ts';

/**
 * A prepared INSERT of whole rows of `table`: every column `TABLES` lists, in the schema's order,
 * so a row's type says what is written and a column cannot be left out.
 */
export function rowInserter<T extends TableName>(db: Db, table: T): (row: RowOf<T>) => void {
  const columns = Object.keys(TABLES[table]) as (keyof RowOf<T> & string)[];
  const statement = db.prepare(
    `INSERT INTO "${table}" (${columns.map((c) => `"${c}"`).join(', ')}) ` +
      `VALUES (${columns.map(() => '?').join(', ')})`,
  );
  return (row) => void statement.run(...columns.map((c) => row[c]));
}
