import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEFAULTS, DELETED, namingFields, resourceFields } from '../../../data/package/columns.ts';
import { RESOURCES, type ResourceSpec } from '../../../data/package/resources.ts';
import { TABLES, type ColumnKind } from '../../../data/tables.ts';
import { ROOT } from '../../helpers/code/import-graph.ts';

/**
 * `docs/import-format.md` is the page a person writing a package in a spreadsheet follows, column
 * by column, so it is held against the registry the importer and the exporter read
 * (`data/package/resources.ts`, `columns.ts`): a file of the format without its section, a column
 * missing from a file's table, or one the format no longer has, would send that person wrong. The
 * examples the page walks through are held to the format too, and to having no id columns: they
 * show a package written by hand, where every row names what it refers to.
 */

const doc = readFileSync(join(ROOT, 'docs', 'import-format.md'), 'utf8');
const EXAMPLES = ['examples/county-league', 'examples/county-league-matchday-3'];

/** One row of a file's column table, as the page writes it. */
interface DocumentedColumn {
  readonly name: string;
  readonly type: string;
  readonly required: string;
}

/** The page's `### <name>.csv` sections, by resource name, in the order of the page. */
function fileSections(markdown: string): Map<string, string> {
  // Code blocks hold no headings, but may hold lines that look like them.
  const prose = markdown.replace(/^```[\s\S]*?^```/gm, '');
  const sections = new Map<string, string>();
  for (const part of prose.split(/^### /m).slice(1)) {
    const [heading = '', ...body] = part.split('\n');
    const file = /^`?([a-z_]+)\.csv`?$/.exec(heading.trim());
    if (file) sections.set(file[1]!, body.join('\n').split(/^## /m)[0]!);
  }
  return sections;
}

/** The rows of a section's column table: the table whose header starts `| column | type |`. */
function columnTable(section: string): DocumentedColumn[] {
  const lines = section.split('\n');
  const header = lines.findIndex((line) => /^\| column \| type \| required \|/.test(line));
  if (header < 0) return [];
  const rows: DocumentedColumn[] = [];
  // The header, then its `| --- |` line, then the rows up to the first line that is not one.
  for (const line of lines.slice(header + 2)) {
    if (!line.startsWith('|')) break;
    const [name = '', type = '', required = ''] = line
      .split('|')
      .slice(1, -1)
      .map((cell) => cell.trim());
    rows.push({ name: name.replace(/^`|`$/g, ''), type, required });
  }
  return rows;
}

/**
 * The package columns a row must fill (the page says "yes", or "yes, or `<the other>`"): the
 * table's columns that may not be NULL and have no default, and for such a reference its naming
 * columns (a birth date aside, needed only where two people share a name) and its id column.
 */
function requiredColumns(spec: ResourceSpec): Set<string> {
  const table = TABLES[spec.table] as Record<string, ColumnKind>;
  const mandatory = (column: string) => column in table && !table[column]!.endsWith('?');
  const required = new Set<string>();
  for (const column of spec.columns) {
    if (!mandatory(column.column)) continue;
    if (column.kind === 'list' || (column.kind === 'value' && !(column.column in DEFAULTS)))
      required.add(column.column);
    if (column.kind !== 'ref') continue;
    for (const field of namingFields(column.target, column.name ?? column.column))
      if (!field.name.endsWith('_birth_date')) required.add(field.name);
    required.add(`${column.column}_id`);
  }
  return required;
}

/** The header of one CSV file of an example. */
function headerOf(dir: string, path: string): string[] {
  const text = readFileSync(join(ROOT, dir, path), 'utf8').replace(/^\uFEFF/, '');
  return text.split(/\r?\n/, 1)[0]!.split(',');
}

describe('docs/import-format.md', () => {
  const sections = fileSections(doc);

  it('has a section for every file of the format, in the order they are imported', () => {
    expect([...sections.keys()]).toEqual(RESOURCES.map((spec) => spec.name));
  });

  it.each(RESOURCES.map((spec) => [spec.name, spec] as const))(
    '%s.csv: its table lists every column, in the export order, with its type',
    (name, spec) => {
      const documented = columnTable(sections.get(name) ?? '');
      const fields = resourceFields(spec);
      expect(documented.map((c) => c.name)).toEqual(fields.map((f) => f.name));
      expect(documented.map((c) => c.type)).toEqual(fields.map((f) => f.type));
    },
  );

  it.each(RESOURCES.map((spec) => [spec.name, spec] as const))(
    '%s.csv: "required" is said of the columns a row must fill, and of no other',
    (name, spec) => {
      const documented = columnTable(sections.get(name) ?? '');
      const said = documented.filter((c) => c.required.startsWith('yes')).map((c) => c.name);
      expect(said.sort()).toEqual([...requiredColumns(spec)].sort());
    },
  );

  it('names the column that deletes a record', () => {
    expect(doc).toContain(`## Deleting a record: \`${DELETED.name}\``);
  });
});

describe.each(EXAMPLES)('the example package %s', (dir) => {
  const descriptor = JSON.parse(readFileSync(join(ROOT, dir, 'datapackage.json'), 'utf8')) as {
    resources: { name: string; path: string }[];
  };
  const specs = new Map(RESOURCES.map((spec) => [spec.name, spec]));

  it('has only resources of the format, each in its own file', () => {
    expect(descriptor.resources.length).toBeGreaterThan(0);
    for (const resource of descriptor.resources) {
      expect(specs.has(resource.name), resource.name).toBe(true);
      expect(resource.path).toBe(`${resource.name}.csv`);
    }
  });

  it('has only columns of the format, and no ids: every row names what it refers to', () => {
    for (const resource of descriptor.resources) {
      const known = [...resourceFields(specs.get(resource.name)!), DELETED].map((f) => f.name);
      const header = headerOf(dir, resource.path);
      expect(
        header.filter((column) => !known.includes(column)),
        resource.path,
      ).toEqual([]);
      expect(
        header.filter((column) => /^(id|v0_id|.+_id)$/.test(column)),
        resource.path,
      ).toEqual([]);
    }
  });
});
