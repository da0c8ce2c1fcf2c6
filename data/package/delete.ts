import type { ImportContext } from '../import/context.ts';
import { TABLES, type Cell, type ColumnKind, type TableName } from '../tables.ts';
import { a } from './fields/types.ts';
import type { CellProblem } from './row.ts';

/** A column that names a row of another table: the table, the column. */
type Naming = readonly [table: TableName, column: string];

/**
 * What hangs from a row, by the column that names it: removed with it where the column must
 * hold a value, emptied where it may be empty (a goal stands without its scorer's lineup).
 */
const HANGING: Partial<Record<TableName, readonly Naming[]>> = {
  match: [
    ['match_condition', 'match'],
    ['goal', 'match'],
    ['penalty', 'match'],
    ['offense', 'match'],
    ['substitution', 'match'],
    ['shootout', 'match'],
    ['event', 'match'],
    ['lineup', 'match'],
  ],
  lineup: [
    ['goal', 'lineup'],
    ['penalty', 'lineup'],
    ['offense', 'lineup'],
    ['substitution', 'lineup_in'],
    ['substitution', 'lineup_out'],
    ['shootout', 'lineup'],
    ['event', 'lineup'],
  ],
  event: [['event_action', 'event']],
  event_action: [['event_modifier', 'action']],
  competition: [
    ['domestic_competition', 'id'],
    ['intl_competition', 'id'],
  ],
  person: [
    ['player', 'person'],
    ['manager', 'person'],
    ['referee', 'person'],
  ],
};

/** The columns that name one side of a match: a club, or a country in a national match. */
const SIDES: readonly Naming[] = [
  ['match', 'home_team'],
  ['match', 'away_team'],
  ['match', 'shootout_winner'],
  ['lineup', 'team'],
  ['goal', 'team'],
  ['goal', 'player_team'],
  ['substitution', 'team'],
  ['shootout', 'opening_team'],
  ['event', 'team'],
];

/**
 * The columns that name rows of each table: the schema's foreign keys, and the sides of
 * matches, which name a club or a country and so have none.
 */
function namings(db: ImportContext['db']): Map<string, Naming[]> {
  const named = new Map<string, Naming[]>();
  const add = (target: string, naming: Naming) =>
    named.set(target, [...(named.get(target) ?? []), naming]);
  for (const table of Object.keys(TABLES) as TableName[])
    for (const key of db.pragma(`foreign_key_list("${table}")`) as {
      table: string;
      from: string;
    }[])
      add(key.table, [table, key.from]);
  for (const side of SIDES) for (const target of ['team', 'country']) add(target, side);
  return named;
}

/**
 * Removes a row and what hangs from it (`HANGING`). A row that other rows still name (a team
 * with matches, a player with lineups) is not removed, nor anything of it, and the problem says
 * what names it: every name is looked for before anything is deleted.
 */
export function remover(ctx: ImportContext): (table: TableName, id: Cell) => CellProblem[] {
  const named = namings(ctx.db);
  // The rows that hang from one (each table of `HANGING` has an id).
  const rowsNaming = ([table, column]: Naming, id: Cell) =>
    ctx.db.prepare(`SELECT id FROM "${table}" WHERE "${column}" = ?`).pluck().all(id) as Cell[];
  const removed = (table: TableName, naming: Naming) =>
    (HANGING[table] ?? []).some(([t, c]) => t === naming[0] && c === naming[1]);
  const nullable = ([table, column]: Naming) =>
    (TABLES[table] as Record<string, ColumnKind>)[column]!.endsWith('?');
  /** What names the row, other than what is removed with it: null when nothing does. */
  const blocker = (table: TableName, id: Cell): string | null => {
    for (const naming of named.get(table) ?? []) {
      if (!removed(table, naming)) {
        const [child, column] = naming;
        const sql = `SELECT 1 FROM "${child}" WHERE "${column}" = ? LIMIT 1`;
        if (ctx.db.prepare(sql).get(id)) return `${child}.${column}`;
      } else if (!nullable(naming))
        for (const row of rowsNaming(naming, id)) {
          const found = blocker(naming[0], row);
          if (found) return found;
        }
    }
    return null;
  };
  const removeWithHanging = (table: TableName, id: Cell): void => {
    for (const naming of HANGING[table] ?? [])
      for (const row of rowsNaming(naming, id)) {
        if (!nullable(naming)) removeWithHanging(naming[0], row);
        else ctx.update(naming[0], { id: row, [naming[1]]: null } as never);
      }
    ctx.remove(table, id!);
  };
  return (table, id) => {
    const keyColumn = 'id' in TABLES[table] ? 'id' : 'alias';
    if (!ctx.db.prepare(`SELECT 1 FROM "${table}" WHERE ${keyColumn} = ?`).get(id)) return [];
    const by = blocker(table, id);
    if (by === null) {
      removeWithHanging(table, id);
      return [];
    }
    const expected = `${a(table)} nothing names: ${by} still does; delete that first`;
    return [{ column: '_deleted', value: String(id), expected }];
  };
}
