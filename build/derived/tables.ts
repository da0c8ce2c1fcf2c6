import type Database from 'better-sqlite3';
import type { Db } from '../../data/db.ts';
import type { ResourceDef, DerivedTable } from '../define/resource.ts';

/**
 * The build's derived tables (`DerivedTable`): which there are, in what order they are filled, and
 * the copy most of their fills end with.
 */

/**
 * Every derived table the resources read, directly or through another table's fill, each after
 * the tables its own fill reads.
 */
export function derivedTables(resources: readonly ResourceDef[]): DerivedTable[] {
  const order: DerivedTable[] = [];
  const visiting: DerivedTable[] = [];
  const visit = (table: DerivedTable) => {
    const known = order.find((t) => t.name === table.name);
    if (known === table) return;
    if (known) throw new Error(`two derived tables are named ${table.name}`);
    if (visiting.includes(table))
      throw new Error(`derived tables read each other: ${[...visiting, table].map((t) => t.name)}`);
    visiting.push(table);
    for (const read of table.reads ?? []) visit(read);
    visiting.pop();
    order.push(table);
  };
  for (const def of resources) for (const table of def.sql.temp ?? []) visit(table);
  return order;
}

/** Rows written per transaction: workers read the scratch database while a table is filled. */
const BATCH = 5000;

/**
 * Hands each of `rows` to `write`, `BATCH` rows to a transaction of `target`, with the row's
 * number from 1 (the `ord` of a table whose rows are numbered as they come).
 */
export function writeBatched<T>(
  target: Db,
  rows: Iterable<T>,
  write: (row: T, n: number) => void,
): void {
  const commit = target.transaction((batch: T[], first: number) =>
    batch.forEach((row, i) => write(row, first + i)),
  );
  let batch: T[] = [];
  let first = 1;
  for (const row of rows) {
    batch.push(row);
    if (batch.length >= BATCH) {
      commit(batch, first);
      first += batch.length;
      batch = [];
    }
  }
  commit(batch, first);
}

/**
 * Copies the rows of `select` (on the source connection) into `table` of `target`, into the
 * columns its result names.
 */
export function copyRows(select: Database.Statement, target: Db, table: string): void {
  const columns = select.columns().map((c) => c.name);
  const insert = target.prepare(
    `INSERT INTO ${table} (${columns.join(', ')}) VALUES (${columns.map(() => '?').join(', ')})`,
  );
  const rows = select.raw().iterate() as IterableIterator<unknown[]>;
  writeBatched(target, rows, (row) => insert.run(...row));
}
