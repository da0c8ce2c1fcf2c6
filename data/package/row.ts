import { TABLES, type Cell } from '../tables.ts';
import { DEFAULTS, DELETED, namingFields, resourceFields } from './columns.ts';
import { compileField, type Cast } from './fields.ts';
import { a } from './fields/types.ts';
import { LIST_NOUN, type ListEntries } from './lists.ts';
import type { References, Resolved, RowScope } from './references.ts';
import type { ColumnSpec, ListTable, ResourceSpec } from './resources.ts';

/** What is wrong with one cell: its column, its text, what was expected. */
export interface CellProblem {
  readonly column: string;
  readonly value: string;
  readonly expected: string;
}

/** One record of a resource, read: the table row it is, or what is wrong with it. */
export type ReadRow =
  | {
      readonly ok: true;
      /** The table's columns (`id` and `v0_id` where the package gives them). */
      readonly row: Record<string, Cell>;
      /** Who organises a competition (`organiser` columns), for the tables that hold it. */
      readonly organiser: Organiser;
      readonly deleted: boolean;
    }
  | { readonly ok: false; readonly problems: readonly CellProblem[] };

/** A competition's organiser, as its own tables hold it. */
export type Organiser =
  | { readonly scope: 'none' }
  | { readonly scope: 'domestic'; readonly country: string }
  | { readonly scope: 'international'; readonly confederation: number | null };

/** What reading a row needs beyond its cells. */
export interface RowContext {
  readonly references: References;
  readonly list: (list: ListTable) => ListEntries;
  /** The providers a row's `source` may name, and the package's own. */
  readonly sources: ReadonlySet<string>;
  readonly ownSource: string;
}

/** Reads the records of one resource, given the columns its file's header has. */
export function rowReader(
  spec: ResourceSpec,
  header: readonly string[],
  context: RowContext,
): (cells: readonly string[]) => ReadRow {
  const index = new Map(header.map((name, i) => [name, i]));
  const casts = new Map<string, (cell: string) => Cast>();
  for (const field of [...resourceFields(spec), DELETED])
    casts.set(field.name, compileField(field, ['']));
  const columns = TABLES[spec.table] as Record<string, string>;
  return (cells) => {
    const problems: CellProblem[] = [];
    const text = (name: string): string => cells[index.get(name) ?? -1] ?? '';
    /** The typed value of a package column; null where absent or empty. */
    const get = (name: string): Cell | boolean => {
      if (!index.has(name)) return null;
      const cast = casts.get(name)!(text(name));
      if (!cast.ok) problems.push({ column: name, value: text(name), expected: cast.expected });
      return cast.ok ? (cast.value as Cell | boolean) : null;
    };
    const scope: RowScope = { match: null, matchType: null, event: null };
    const row: Record<string, Cell> = {};
    if ('id' in columns && index.has('id')) row['id'] = get('id') as Cell;
    if ('v0_id' in columns && index.has('v0_id')) row['v0_id'] = get('v0_id') as Cell;
    let organiser: Organiser = { scope: 'none' };
    const cellOf = { get, text, has: (name: string) => index.has(name), problems, scope };
    for (const column of spec.columns) {
      if (column.kind === 'organiser') organiser = readOrganiser(cellOf, context);
      else {
        const value = readColumn(column, cellOf, context);
        if (column.column in columns && value !== undefined) row[column.column] = value;
      }
      if (column.column === 'match_type') scope.matchType = row['match_type'] as string | null;
    }
    const deleted = get('_deleted') === true;
    return problems.length > 0 ? { ok: false, problems } : { ok: true, row, organiser, deleted };
  };
}

/** What reading one column sees of its record. */
interface Cells {
  get(name: string): Cell | boolean;
  text(name: string): string;
  has(name: string): boolean;
  readonly problems: CellProblem[];
  readonly scope: RowScope;
}

/** The value of one table column; undefined for a reference that only scopes the others. */
function readColumn(
  spec: Exclude<ColumnSpec, { kind: 'organiser' }>,
  cells: Cells,
  context: RowContext,
): Cell | undefined {
  switch (spec.kind) {
    case 'value': {
      const value = cells.get(spec.column);
      if (value === null) return DEFAULTS[spec.column] ?? null;
      return typeof value === 'boolean' ? Number(value) : value;
    }
    case 'list':
      return readList(spec.column, spec.list, cells, context);
    case 'source': {
      const source = cells.text('source') || context.ownSource;
      if (context.sources.has(source)) return source;
      const expected = `a key of the package's sources (${[...context.sources].join(', ')})`;
      cells.problems.push({ column: 'source', value: source, expected });
      return null;
    }
    case 'ref':
      return readReference(spec, cells, context);
    default:
      return spec satisfies never;
  }
}

/** A reference list's code, by the label or the code a cell gives. */
function readList(column: string, list: ListTable, cells: Cells, context: RowContext): Cell {
  const text = cells.text(column);
  if (text === '') return null;
  const entries = context.list(list);
  const code = entries.code(text.trim());
  if (code !== undefined) return code;
  const expected = `${a(LIST_NOUN[list])} of the API's list (${entries.examples}, …) or its code`;
  cells.problems.push({ column, value: text, expected });
  return null;
}

/** The id a reference names, by its id column or its names; null where it names nothing. */
function readReference(
  spec: Extract<ColumnSpec, { kind: 'ref' }>,
  cells: Cells,
  context: RowContext,
): Cell {
  const idColumn = `${spec.column}_id`;
  const naming = namingFields(spec.target, spec.name ?? spec.column).map((f) => f.name);
  const id = cells.get(idColumn) as Cell;
  const names = naming.map((name) => cells.get(name) as Cell);
  let resolved: Resolved;
  if (id !== null) resolved = context.references.byId(spec.target, id, cells.scope);
  else if (names.every((name) => name === null)) return null;
  else if (spec.implied && cells.has(idColumn)) return null;
  else if (spec.target === 'match' && names.some((name) => name === null))
    resolved = { ok: false, expected: "a match's date and its two teams, all three" };
  else resolved = context.references.byName(spec.target, names, cells.scope);
  // A link the names only imply is left empty where they find none (a scorer without a lineup).
  if (!resolved.ok && spec.implied) return null;
  if (!resolved.ok) {
    const column = id !== null ? idColumn : naming.find((n) => cells.text(n) !== '')!;
    // A name two references share (a goal's scorer) is wrong once.
    if (!cells.problems.some((p) => p.column === column))
      cells.problems.push({ column, value: cells.text(column), expected: resolved.expected });
    return null;
  }
  if (spec.target === 'match') cells.scope.match = resolved.id as string;
  if (spec.target === 'event') cells.scope.event = resolved.id as string;
  return resolved.id;
}

/** Who organises a competition: `scope`, with a `country` or a `confederation`. */
function readOrganiser(cells: Cells, context: RowContext): Organiser {
  const scope = cells.get('scope');
  switch (scope) {
    case 'domestic': {
      const country = readReference(
        { kind: 'ref', column: 'country', target: 'country' },
        cells,
        context,
      );
      if (country === null && cells.problems.length === 0)
        cells.problems.push({
          column: 'country',
          value: '',
          expected: "a domestic competition's country",
        });
      return country === null ? { scope: 'none' } : { scope, country: country as string };
    }
    case 'international': {
      const confederation = readList('confederation', 'confederation', cells, context);
      return { scope, confederation: confederation as number | null };
    }
    default:
      return { scope: 'none' };
  }
}
