import type Database from 'better-sqlite3';
import { NAME_ORDER } from '../../football/lists.ts';
import { uuidFor } from '../ids.ts';
import type { ImportContext } from '../import/context.ts';
import { TABLES, type Cell, type ColumnKind, type RowOf } from '../tables.ts';
import { remover } from './delete.ts';
import type { People } from './people.ts';
import type { ResourceSpec } from './resources.ts';
import type { CellProblem, Organiser, ReadRow } from './row.ts';

/** A row read well. */
type GoodRow = Extract<ReadRow, { ok: true }>;

/**
 * Writes the rows of one resource: each is the database's row with its `id`, else the row with
 * its key (`ResourceSpec.key`), else a new row whose id is derived from the package's name, the
 * table and that key. A `_deleted` row is removed with what hangs from it. Returns what is wrong
 * with the row, if anything (then nothing of it is written).
 */
export function rowWriter(
  ctx: ImportContext,
  spec: ResourceSpec,
  packageName: string,
  people: People,
): (read: GoodRow) => CellProblem[] {
  const columns = TABLES[spec.table] as Record<string, ColumnKind>;
  const find = keyFinder(ctx.db, spec, people);
  const seen = seenRows(ctx.db);
  const remove = remover(ctx);
  const wrong = rowChecks(spec, matchEnds(ctx.db));
  return ({ row, organiser, deleted }) => {
    const wrongRow = deleted ? null : wrong(row);
    if (wrongRow) return [wrongRow];
    const key = spec.key.map((k) => (k === 'full_name' ? fullName(row) : (row[k] ?? null)));
    let id = 'id' in columns ? (row['id'] ?? null) : row[spec.key[0]!]!;
    if (id === null) {
      const found = find(key);
      if (found.length > 1)
        return [problem(spec, key, `one ${spec.table} with this key; ${found.length} have it`)];
      id = found[0] ?? derivedId(packageName, spec, key);
      if (id === null) return [problem(spec, key, 'a season named 2024 or 2024-2025, or its id')];
    }
    if (!seen(id)) return [problem(spec, key, `one row for this ${spec.table}: it is twice`)];
    if (deleted) return remove(spec.table, id);
    const whole = { ...row, ...('id' in columns ? { id } : {}), v0_id: row['v0_id'] ?? null };
    try {
      ctx.saveWithV0(spec.table, whole as unknown as RowOf<typeof spec.table>);
    } catch (error) {
      // A row that clashes with another (a player twice in one match's lineups, by two ids).
      if (!String((error as { code?: unknown }).code).startsWith('SQLITE_CONSTRAINT')) throw error;
      return [problem(spec, key, `a row no other row clashes with (${(error as Error).message})`)];
    }
    if (spec.table === 'competition') writeOrganiser(ctx, id as string, organiser);
    return [];
  };
}

/**
 * The checks of a whole row, past its cells: a value in every column that must have one, a
 * shootout's winner among the match's teams, a minute within the match.
 */
function rowChecks(
  spec: ResourceSpec,
  matchEnd: (match: string) => number,
): (row: Record<string, Cell>) => CellProblem | null {
  const columns = TABLES[spec.table] as Record<string, ColumnKind>;
  const required = Object.keys(columns).filter(
    (c) => c !== 'id' && c !== 'v0_id' && !columns[c]!.endsWith('?'),
  );
  // A reference is missing under the column that names it in the file.
  const named = (column: string): string => {
    const ref = spec.columns.find((c) => c.column === column);
    if (ref?.kind !== 'ref') return column;
    return ref.target === 'match' ? 'match_date' : (ref.name ?? column);
  };
  return (row) => {
    const missing = required.find((c) => row[c] == null);
    if (missing) return { column: named(missing), value: '', expected: 'a value' };
    const winner = row['shootout_winner'];
    if (
      spec.table === 'match' &&
      winner != null &&
      winner !== row['home_team'] &&
      winner !== row['away_team']
    )
      return {
        column: 'shootout_winner',
        value: String(winner),
        expected: "one of the match's teams",
      };
    if (!('time_mins' in columns)) return null;
    const end = matchEnd(row['match'] as string);
    const minute = row['time_mins'] as number;
    if (minute <= end + MAX_STOPPAGE) return null;
    const expected = `a minute of the match: it ends at ${end} (with up to ${MAX_STOPPAGE} added)`;
    return { column: 'time_mins', value: String(minute), expected };
  };
}

/**
 * The most minutes a period's stoppage adds: a minute written flat (92 for 90+2) is one of the
 * match up to this far past its end.
 */
const MAX_STOPPAGE = 15;

/**
 * The minute a match ends: its periods' lengths where it gives the first two, else 120 (a match
 * with extra time).
 */
function matchEnds(db: ImportContext['db']): (match: string) => number {
  const lengths = db.prepare<[string], { end: number | null }>(
    `SELECT firsthalf_length + secondhalf_length + coalesce(firstextra_length, 0)
      + coalesce(secondextra_length, 0) AS end FROM match WHERE id = ?`,
  );
  const ends = new Map<string, number>();
  return (match) => {
    let end = ends.get(match);
    if (end === undefined) ends.set(match, (end = lengths.get(match)?.end ?? 120));
    return end;
  };
}

/**
 * Whether a row of the file is met for the first time in it: the ids met are kept in a temporary
 * table, on disk past SQLite's cache, so that a file of millions of rows takes no more memory
 * than one of thousands. Each file (and each import on the connection) starts afresh.
 */
function seenRows(db: ImportContext['db']): (id: Cell) => boolean {
  db.exec(
    'DROP TABLE IF EXISTS temp.package_row; ' +
      'CREATE TEMP TABLE package_row (id PRIMARY KEY) WITHOUT ROWID',
  );
  const add = db.prepare('INSERT OR IGNORE INTO package_row (id) VALUES (?)');
  return (id) => add.run(id).changes === 1;
}

/** A problem with a row's key, named by its first column. */
function problem(spec: ResourceSpec, key: readonly Cell[], expected: string): CellProblem {
  return { column: spec.key.join('+'), value: key.map((k) => k ?? '').join(' | '), expected };
}

/** A person's full name, as the database's `person_name` view makes it. */
function fullName(row: Record<string, Cell>): string {
  const part = (column: string) => (row[column] as string | null) ?? null;
  if (part('nickname')) return part('nickname')!;
  const parts =
    row['name_order'] === NAME_ORDER.eastern
      ? [part('last_name'), part('first_name')]
      : row['name_order'] === NAME_ORDER.middle
        ? [part('first_name'), part('second_name'), part('last_name'), part('second_last_name')]
        : [part('first_name'), part('last_name'), part('second_last_name')];
  return parts
    .filter((p) => p !== null)
    .join(' ')
    .trim();
}

/** The id of a new row without one: derived from the package, the table and the key. */
function derivedId(packageName: string, spec: ResourceSpec, key: readonly Cell[]): Cell {
  if (spec.table === 'season') return seasonId(String(key[0]));
  return uuidFor(packageName, spec.table, key.map((k) => String(k ?? '')).join('\0'));
}

/** A season's id from its name: 2024 for "2024", 20242025 for "2024-2025" or "2024/25". */
function seasonId(name: string): number | null {
  const match = /^(\d{4})(?:[-/](\d{2}|\d{4}))?$/.exec(name);
  if (!match) return null;
  const start = Number(match[1]);
  if (match[2] === undefined) return start;
  const end = match[2].length === 4 ? Number(match[2]) : start + 1;
  return end === start + 1 ? start * 10000 + end : null;
}

/** The ids of the rows of the database with a key (a person's, by their name: `people`). */
function keyFinder(
  db: ImportContext['db'],
  spec: ResourceSpec,
  people: People,
): (key: readonly Cell[]) => Cell[] {
  if (spec.table === 'person')
    return ([name, birth]) => people.keyed(name as string, birth as string | null);
  const statement: Database.Statement = db
    .prepare(
      `SELECT ${'id' in TABLES[spec.table] ? 'id' : spec.key[0]} FROM "${spec.table}"
      WHERE ${spec.key.map((k) => `"${k}" IS ?`).join(' AND ')}`,
    )
    .pluck();
  return (key) => statement.all(...key) as Cell[];
}

/** Writes who organises a competition: one of its two tables, the other cleared. */
function writeOrganiser(ctx: ImportContext, id: string, organiser: Organiser): void {
  const other = (table: 'domestic_competition' | 'intl_competition') => {
    if (ctx.db.prepare(`SELECT 1 FROM ${table} WHERE id = ?`).get(id)) ctx.remove(table, id);
  };
  switch (organiser.scope) {
    case 'domestic':
      other('intl_competition');
      ctx.save('domestic_competition', { id, country: organiser.country });
      return;
    case 'international':
      other('domestic_competition');
      ctx.save('intl_competition', { id, confederation: organiser.confederation });
      return;
    case 'none':
      other('domestic_competition');
      other('intl_competition');
      return;
    default:
      organiser satisfies never;
  }
}
