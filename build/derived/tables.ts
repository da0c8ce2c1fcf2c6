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
 * Copies the rows of `select` (on the source connection) into `table` of `target`, into the
 * columns its result names.
 */
export function copyRows(select: Database.Statement, target: Db, table: string): void {
  const columns = select.columns().map((c) => c.name);
  const insert = target.prepare(
    `INSERT INTO ${table} (${columns.join(', ')}) VALUES (${columns.map(() => '?').join(', ')})`,
  );
  const write = target.transaction((batch: unknown[][]) => {
    for (const row of batch) insert.run(...row);
  });
  let batch: unknown[][] = [];
  for (const row of select.raw().iterate() as IterableIterator<unknown[]>) {
    batch.push(row);
    if (batch.length >= BATCH) {
      write(batch);
      batch = [];
    }
  }
  write(batch);
}
