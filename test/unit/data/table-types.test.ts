import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../../data/db.ts';
import { TABLES, type RowOf } from '../../../data/tables.ts';

/**
 * The row types the writers are checked against (`data/tables.ts`) describe the schema as SQLite
 * reads it: the same tables, the same columns in the same order, each with its type and whether
 * it may be NULL.
 */
describe('the row type of every table', () => {
  const root = mkdtempSync(join(tmpdir(), 'football-tables-'));
  afterAll(() => rmSync(root, { recursive: true, force: true }));
  const db = openDatabase(join(root, 'schema.sqlite'));
  const tables = (
    db
      .prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'")
      .all() as { name: string }[]
  ).map((t) => t.name);
  afterAll(() => db.close());

  it('names every table of the schema and no other', () => {
    expect(Object.keys(TABLES).sort()).toEqual([...tables].sort());
  });

  it.each(tables)('%s: its columns, their types and nullability', (table) => {
    const columns = db.prepare(`PRAGMA table_info("${table}")`).all() as {
      name: string;
      type: string;
      notnull: number;
      pk: number;
    }[];
    const schema = Object.fromEntries(
      columns.map((c) => [c.name, `${c.type.toLowerCase()}${c.notnull || c.pk ? '' : '?'}`]),
    );
    expect(TABLES[table as keyof typeof TABLES]).toEqual(schema);
    expect(Object.keys(TABLES[table as keyof typeof TABLES])).toEqual(Object.keys(schema));
  });

  it('makes a row without one of its columns, or with a NULL where none may be, a type error', () => {
    // @ts-expect-error: a match row without its columns
    const partial: RowOf<'match'> = { id: 'm' };
    // @ts-expect-error: a confederation's name may not be NULL
    const nullName: RowOf<'confederation'> = { id: 1, name: null };
    expect([partial.id, nullName.id]).toEqual(['m', 1]);
  });
});
