import type Database from 'better-sqlite3';
import { expect } from 'vitest';
import { importDataset, type ImportOptions } from '../../../data/import/run.ts';
import { tableChecksums } from './db.ts';

/** Typed one-row and all-rows queries on a database opened later (`db()` is read at call time). */
export function queries(db: () => Database.Database) {
  return {
    one: <T>(sql: string, ...params: unknown[]) =>
      db()
        .prepare(sql)
        .get(...params) as T,
    all: <T>(sql: string, ...params: unknown[]) =>
      db()
        .prepare(sql)
        .all(...params) as T[],
  };
}

/**
 * Imports the same dataset again into the database `db` reads and checks that nothing changed: no
 * row new or updated in the report, and the content of every table identical.
 */
export function expectReimportChangesNothing(
  db: Database.Database,
  options: Omit<ImportOptions, 'progress'>,
): void {
  const before = tableChecksums(db);
  const again = importDataset(options);
  for (const [table, counts] of again.tables) {
    expect({ table, new: counts.new, updated: counts.updated }).toEqual({
      table,
      new: 0,
      updated: 0,
    });
  }
  expect(tableChecksums(db)).toEqual(before);
}
