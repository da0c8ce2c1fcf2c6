import { closeSync, openSync, writeFileSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import type { Db } from '../db.ts';
import { TABLES } from '../tables.ts';
import { resourceFields } from './columns.ts';
import { csvLine } from './csv.ts';
import { LABEL_COLUMN } from './lists.ts';
import { exportCredits, type PackageCredits, type Provider } from './providers.ts';
import { RESOURCES, type ColumnSpec, type ResourceSpec, type Target } from './resources.ts';
import { tableSchema } from './table-schema.ts';

/** What an export wrote: the rows of each resource. */
export type ExportCounts = Record<string, number>;

/**
 * Writes the whole database as a package into the folder `dir` (which must exist, empty): one
 * CSV file per resource, every record with its API ids beside its names, and the
 * `datapackage.json` that describes them with their Table Schemas and credits every provider.
 * Rows are written in the order the database holds them, so that importing the package into an
 * empty database gives the same tables, and the same build.
 */
export function exportPackage(db: Db, dir: string, name: string): ExportCounts {
  const counts: ExportCounts = {};
  for (const spec of RESOURCES)
    counts[spec.name] = exportResource(db, spec, join(dir, `${spec.name}.csv`));
  const providers = db
    .prepare<[], Provider>(
      'SELECT key, name, url, html, logo, license FROM provider ORDER BY rowid',
    )
    .all();
  writeDescriptor(dir, {
    name,
    title: `Football data: ${providers.map((p) => p.name).join('; ')}`,
    ...exportCredits(providers),
  });
  return counts;
}

/** The credits of a package to fill in: what `exportTemplate` writes in their place. */
export const TEMPLATE_CREDITS = {
  name: 'my-league',
  title: 'My league',
  licenses: [{ name: 'CC-BY-4.0', title: 'CC BY 4.0' }],
  sources: [{ title: 'Who collected the data', path: 'https://example.org/my-league' }],
};

/**
 * Writes an empty package into `dir`: every file with its header alone, and the descriptor
 * with every Table Schema and credits to fill in. A person starts from it in a spreadsheet.
 */
export function exportTemplate(db: Db, dir: string): void {
  for (const spec of RESOURCES) exportResource(db, spec, join(dir, `${spec.name}.csv`), 0);
  writeDescriptor(dir, TEMPLATE_CREDITS);
}

/** Writes `datapackage.json`: the credits given, then every resource with its Table Schema. */
function writeDescriptor(dir: string, credits: PackageCredits): void {
  const descriptor = {
    $schema: 'https://datapackage.org/profiles/2.0/datapackage.json',
    ...credits,
    resources: RESOURCES.map((spec) => ({
      name: spec.name,
      path: `${spec.name}.csv`,
      type: 'table',
      format: 'csv',
      mediatype: 'text/csv',
      encoding: 'utf-8',
      description: spec.title,
      schema: tableSchema(spec),
    })),
  };
  writeFileSync(join(dir, 'datapackage.json'), JSON.stringify(descriptor, null, 2) + '\n');
}

/** How much of a file is gathered before it is written. */
const BATCH = 1 << 20;

/** Writes one resource's rows into `file` (the first `limit`, all if negative); returns how many. */
function exportResource(db: Db, spec: ResourceSpec, file: string, limit = -1): number {
  const fields = resourceFields(spec);
  const fd = openSync(file, 'wx');
  try {
    let text = csvLine(fields.map((f) => f.name));
    let rows = 0;
    const sql = `${exportSql(
      spec,
      fields.map((f) => f.name),
    )} LIMIT ${limit}`;
    const statement = db.prepare(sql).raw();
    for (const cells of statement.iterate() as Iterable<(string | number | null)[]>) {
      text += csvLine(cells);
      rows++;
      if (text.length > BATCH) {
        writeSync(fd, text);
        text = '';
      }
    }
    writeSync(fd, text);
    return rows;
  } finally {
    closeSync(fd);
  }
}

/** The SQL of the id a column of the row `t` holds (or, for one it does not hold, implies). */
function idOf(spec: ResourceSpec, column: string): string {
  if (column in TABLES[spec.table]) return `t."${column}"`;
  const event =
    spec.table === 'event_action'
      ? 't.event'
      : '(SELECT event FROM event_action WHERE id = t.action)';
  if (column === 'event') return event;
  return `(SELECT match FROM event WHERE id = ${event})`;
}

/** The SQL of the name of a club or a country. */
const sideName = (id: string) =>
  `COALESCE((SELECT name FROM team WHERE id = ${id}), (SELECT name FROM country WHERE id = ${id}))`;

/** The SQL of the person a reference's id names, for the targets that name a person. */
const PERSON_OF: Partial<Record<Target, (id: string) => string>> = {
  person: (id) => id,
  player: (id) => `(SELECT person FROM player WHERE id = ${id})`,
  manager: (id) => `(SELECT person FROM manager WHERE id = ${id})`,
  referee: (id) => `(SELECT person FROM referee WHERE id = ${id})`,
  lineup: (id) =>
    `(SELECT pl.person FROM lineup l JOIN player pl ON pl.id = l.player WHERE l.id = ${id})`,
};

/** The SQL of the names a reference to `target` writes, given the SQL of its id. */
function namesOf(target: Target, id: string): string[] {
  const person = PERSON_OF[target];
  if (person)
    return [
      `(SELECT full_name FROM person_name WHERE id = ${person(id)})`,
      `(SELECT birth_date FROM person WHERE id = ${person(id)})`,
    ];
  switch (target) {
    case 'match': {
      const of = (column: string) => `(SELECT ${column} FROM match WHERE id = ${id})`;
      return [of('match_date'), sideName(of('home_team')), sideName(of('away_team'))];
    }
    case 'side':
      return [sideName(id)];
    case 'event':
      return [`(SELECT seq FROM event WHERE id = ${id})`];
    case 'action':
      return [
        `(SELECT a.desc FROM event_action ea JOIN action a ON a.id = ea.action WHERE ea.id = ${id})`,
      ];
    default:
      return [`(SELECT name FROM "${target}" WHERE id = ${id})`];
  }
}

/** The SQL of each package column one table column writes, by name. */
function columnSql(spec: ResourceSpec, column: ColumnSpec): [string, string][] {
  switch (column.kind) {
    case 'value':
      return [[column.column, valueSql(column.column)]];
    case 'list': {
      const label = `"${LABEL_COLUMN[column.list]}"`;
      return [
        [column.column, `(SELECT ${label} FROM "${column.list}" WHERE id = t."${column.column}")`],
      ];
    }
    case 'ref': {
      const id = idOf(spec, column.column);
      const name = column.name ?? column.column;
      const names = namesOf(column.target, id);
      const headers =
        column.target === 'match'
          ? ['match_date', 'home_team', 'away_team']
          : [name, `${name}_birth_date`];
      return [
        ...names.map((sql, i): [string, string] => [headers[i]!, sql]),
        [`${column.column}_id`, id],
      ];
    }
    case 'source':
      return [['source', 't.source']];
    case 'organiser':
      return [
        [
          'scope',
          `CASE WHEN EXISTS (SELECT 1 FROM domestic_competition WHERE id = t.id) THEN 'domestic'
          WHEN EXISTS (SELECT 1 FROM intl_competition WHERE id = t.id) THEN 'international' END`,
        ],
        [
          'country',
          `(SELECT c.name FROM domestic_competition d JOIN country c ON c.id = d.country WHERE d.id = t.id)`,
        ],
        ['country_id', '(SELECT country FROM domestic_competition WHERE id = t.id)'],
        [
          'confederation',
          `(SELECT f.name FROM intl_competition i JOIN confederation f ON f.id = i.confederation WHERE i.id = t.id)`,
        ],
      ];
    default:
      return column satisfies never;
  }
}

/** The SQL of a column written as it is stored: booleans as `true` and `false`. */
function valueSql(column: string): string {
  return column === 'is_starting' || column === 'is_captain'
    ? `CASE t."${column}" WHEN 1 THEN 'true' WHEN 0 THEN 'false' END`
    : `t."${column}"`;
}

/** The query of a resource's rows, its columns in the order of `names`, in the table's order. */
function exportSql(spec: ResourceSpec, names: readonly string[]): string {
  const sql = new Map<string, string>([
    ['id', 't.id'],
    ['v0_id', 't.v0_id'],
  ]);
  for (const column of spec.columns)
    for (const [name, expression] of columnSql(spec, column))
      if (!sql.has(name)) sql.set(name, expression);
  // A table without rowid is kept in the order of its key, which is its order.
  const rowid = ['event', 'event_action', 'event_modifier'].includes(spec.table)
    ? 't.id'
    : 't.rowid';
  return `SELECT ${names.map((n) => sql.get(n)!).join(', ')} FROM "${spec.table}" t ORDER BY ${rowid}`;
}
