import Database from 'better-sqlite3';

/** Read-only access to the demo database, the oracle the API's answers are checked against. */
export function openOracle(file: string): Database.Database {
  return new Database(file, { readonly: true, fileMustExist: true });
}

/** All rows of a query. */
export function rows<T = Record<string, unknown>>(db: Database.Database, sql: string, ...params: unknown[]): T[] {
  return db.prepare(sql).all(...params) as T[];
}
