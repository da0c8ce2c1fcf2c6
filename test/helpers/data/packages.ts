import Database from 'better-sqlite3';
import { createHash } from 'node:crypto';
import { parse } from 'csv-parse/sync';
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { openDatabase, openReadOnly } from '../../../data/db.ts';
import { generateDemo } from '../../../data/demo/generate.ts';
import { DEMO_SEED, type DemoSize } from '../../../data/demo/sizes.ts';
import { exportPackage } from '../../../data/package/export.ts';
import { csvLine } from '../../../data/package/csv.ts';
import { tableChecksums } from './db.ts';

/** Writes the demo database of `size` into `file`. */
export function demoDatabase(file: string, size: DemoSize): string {
  const db = openDatabase(file);
  try {
    generateDemo(db, { seed: DEMO_SEED, size });
  } finally {
    db.close();
  }
  return file;
}

/** Exports the database `file` as a package into the new folder `dir`. */
export function exportTo(file: string, dir: string): string {
  mkdirSync(dir);
  const db = openReadOnly(file);
  try {
    exportPackage(db, dir, 'football');
  } finally {
    db.close();
  }
  return dir;
}

/** A CSV file of a package, as rows of cells, its header first. */
export function readRows(file: string): string[][] {
  return parse(readFileSync(file), { bom: true }) as string[][];
}

/** Writes `rows` as a CSV file. */
export function writeRows(file: string, rows: readonly (readonly string[])[]): void {
  writeFileSync(file, rows.map((row) => csvLine(row)).join(''));
}

/** Changes a CSV file of a package: `edit` gets its rows (header first) and returns the new. */
export function editCsv(dir: string, name: string, edit: (rows: string[][]) => string[][]): void {
  const file = join(dir, name);
  writeRows(file, edit(readRows(file)));
}

/** Whether a package column is an id: `id`, `v0_id` or a reference's `<column>_id`. */
export const isIdColumn = (name: string) => name === 'id' || name.endsWith('_id');

/**
 * Removes every id column from every file of the package in `dir` and from its Table Schemas:
 * what is left is what people write, names and keys.
 */
export function stripIds(dir: string): void {
  for (const name of readdirSync(dir).filter((n) => n.endsWith('.csv')))
    editCsv(dir, name, (rows) => {
      const keep = rows[0]!.map((h, i) => (isIdColumn(h) ? -1 : i)).filter((i) => i >= 0);
      return rows.map((row) => keep.map((i) => row[i]!));
    });
  const file = join(dir, 'datapackage.json');
  const descriptor = JSON.parse(readFileSync(file, 'utf8'));
  for (const resource of descriptor.resources)
    resource.schema.fields = resource.schema.fields.filter(
      (f: { name: string }) => !isIdColumn(f.name),
    );
  writeFileSync(file, JSON.stringify(descriptor, null, 2));
}

/** What the build does not read: `meta`, the record of imports, the counters of new v0 ids. */
const NOT_READ = ['meta', 'import_run', 'import_change', 'v0_counter'];

/**
 * A checksum of each table of the database `file` (`tableChecksums`), but for `meta` and the
 * record of imports: what a package carries.
 */
export function dataChecksums(file: string): Record<string, string> {
  const db = new Database(file, { readonly: true });
  try {
    const sums = tableChecksums(db);
    for (const table of ['meta', 'import_run', 'import_change']) delete sums[table];
    return sums;
  } finally {
    db.close();
  }
}

/**
 * A checksum of each table the build reads of the database `file`, its rows in the order the
 * file stores them (by rowid, or by key for a table without one): equal for two files, the
 * build reads the same rows in the same order from both.
 */
export function storedChecksums(file: string): Record<string, string> {
  const db = new Database(file, { readonly: true });
  try {
    const tables = db
      .prepare("SELECT name, sql FROM sqlite_master WHERE type = 'table' ORDER BY name")
      .all() as { name: string; sql: string }[];
    const sums: Record<string, string> = {};
    for (const { name, sql } of tables) {
      if (NOT_READ.includes(name) || name.startsWith('sqlite_')) continue;
      const order = /WITHOUT ROWID/i.test(sql) ? '' : ' ORDER BY rowid';
      const hash = createHash('sha1');
      let rows = 0;
      for (const row of db.prepare(`SELECT * FROM "${name}"${order}`).raw().iterate()) {
        hash.update(JSON.stringify(row));
        rows++;
      }
      sums[name] = `${rows}:${hash.digest('hex')}`;
    }
    return sums;
  } finally {
    db.close();
  }
}
