import Database from 'better-sqlite3';
import { createHash } from 'node:crypto';
import { copyFileSync } from 'node:fs';

/** Read-only access to the demo database, the oracle the API's answers are checked against. */
export function openOracle(file: string): Database.Database {
  return new Database(file, { readonly: true, fileMustExist: true });
}

/** All rows of a query. */
export function rows<T = Record<string, unknown>>(
  db: Database.Database,
  sql: string,
  ...params: unknown[]
): T[] {
  return db.prepare(sql).all(...params) as T[];
}

/** Row counts and a hash of the content of every table, in a fixed order. */
export function tableChecksums(db: Database.Database): Record<string, string> {
  const tables = db
    .prepare<[], { name: string }>(
      "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name",
    )
    .all();
  const sums: Record<string, string> = {};
  for (const { name } of tables) {
    // When an import ran is not what it wrote: two files of the same imports differ only there.
    const columns = (db.prepare(`PRAGMA table_info("${name}")`).all() as { name: string }[])
      .map((c) => `"${c.name}"`)
      .filter((c) => !(name === 'import_run' && c === '"at"'));
    const order = columns.map((_, i) => i + 1).join(', ');
    const rows = db
      .prepare(`SELECT ${columns.join(', ')} FROM "${name}" ORDER BY ${order}`)
      .raw()
      .all();
    sums[name] = `${rows.length}:${createHash('sha1').update(JSON.stringify(rows)).digest('hex')}`;
  }
  return sums;
}

/** What a database file holds: every table's rows (`tableChecksums`) and the schema. */
export function fileContents(file: string) {
  const db = new Database(file, { readonly: true, fileMustExist: true });
  try {
    const schema = db.prepare('SELECT type, name, sql FROM sqlite_master ORDER BY name').all();
    return { tables: tableChecksums(db), schema };
  } finally {
    db.close();
  }
}

/**
 * A copy of database `from` at `to` whose first card is spelled differently: a build of it differs
 * from a build of `from` (in `/v1/cards`) and takes no longer, for tests that need two builds.
 */
export function otherDatabase(from: string, to: string): string {
  copyFileSync(from, to);
  const db = new Database(to);
  try {
    db.prepare(
      `UPDATE card SET "desc" = "desc" || '.' WHERE id = (SELECT min(id) FROM card)`,
    ).run();
  } finally {
    db.close();
  }
  return to;
}
