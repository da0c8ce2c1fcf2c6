import { existsSync, realpathSync, statSync } from 'node:fs';
import { isAbsolute, join, relative, sep } from 'node:path';
import type { ImportContext } from '../import/context.ts';
import type { Importer } from '../import/importer.ts';
import { resourceFields, DELETED } from './columns.ts';
import { csvRecords, CsvFileError } from './csv.ts';
import { loadDescriptor, validateDescriptor } from './descriptor.ts';
import { readLists } from './lists.ts';
import { Problems } from './problems.ts';
import { packageCredits, type PackageCredits } from './providers.ts';
import { references } from './references.ts';
import { RESOURCES, type ResourceSpec } from './resources.ts';
import { rowReader, type RowContext } from './row.ts';
import { rowWriter } from './write.ts';

/** The descriptor of a package: its name, credits and resources. */
interface PackageDescriptor extends PackageCredits {
  readonly name?: string;
  readonly resources: readonly { readonly name?: string; readonly path?: unknown }[];
}

/**
 * `npm run import -- package DIR`: a Data Package of CSV files, one for each kind of record
 * (`resources.ts`), as `docs/import-format.md` describes it. Every problem is found in one run,
 * with its file, line and column; with one, nothing is written.
 */
export const packageImporter: Importer = {
  format: 'package',
  source: 'package',
  description: 'a Data Package: CSV files described by a datapackage.json (docs/import-format.md)',
  check(dir) {
    if (!existsSync(join(dir, 'datapackage.json')))
      throw new Error(
        `${dir} has no datapackage.json: a package is a folder of CSV files described by one ` +
          '(docs/import-format.md).',
      );
  },
  run(ctx, dir) {
    importPackage(ctx, dir);
  },
};

/** Imports the package in `dir` through `ctx`, or throws a `PackageError` naming each problem. */
export function importPackage(ctx: ImportContext, dir: string): void {
  const problems = new Problems();
  const descriptor = readDescriptor(dir, problems);
  problems.throwIfAny();
  const credits = packageCredits(descriptor!);
  if (!credits.ok) {
    problems.add({ file: 'datapackage.json', line: 0, ...noValue(credits) });
    problems.throwIfAny();
    return;
  }
  for (const provider of credits.providers) ctx.save('provider', provider);
  const context: RowContext = {
    references: references(ctx.db),
    list: readLists(ctx.db),
    sources: new Set(credits.providers.map((p) => p.key)),
    ownSource: credits.own,
  };
  const files = resourceFiles(dir, descriptor!, problems);
  for (const spec of RESOURCES) {
    const file = files.get(spec.name);
    if (file === undefined || problems.full) continue;
    importResource(ctx, spec, dir, file, context, problems, descriptor!.name!);
  }
  problems.throwIfAny();
}

const noValue = (p: { column: string; expected: string }) => ({ ...p, value: null });

/** The descriptor, checked against the Data Package profiles and what the format needs. */
function readDescriptor(dir: string, problems: Problems): PackageDescriptor | null {
  const file = 'datapackage.json';
  let descriptor: unknown;
  try {
    descriptor = loadDescriptor(join(dir, file));
  } catch (error) {
    problems.add({ file, line: 0, column: null, value: null, expected: (error as Error).message });
    return null;
  }
  for (const p of validateDescriptor(descriptor))
    problems.add({ file, line: 0, column: p.path || '/', value: null, expected: p.message });
  const name = (descriptor as { name?: unknown }).name;
  if (typeof name !== 'string' || name === '')
    problems.add({
      file,
      line: 0,
      ...noValue({ column: '/name', expected: 'a name: it keys the ids and the provider' }),
    });
  return problems.list.length > 0 ? null : (descriptor as PackageDescriptor);
}

/** The file of each resource the package has, by name; a problem for each that is wrong. */
function resourceFiles(
  dir: string,
  descriptor: PackageDescriptor,
  problems: Problems,
): Map<string, string> {
  const known = new Set(RESOURCES.map((r) => r.name));
  const files = new Map<string, string>();
  descriptor.resources.forEach((resource, i) => {
    const column = `/resources/${i}`;
    const add = (expected: string) =>
      problems.add({ file: 'datapackage.json', line: 0, column, value: null, expected });
    if (!known.has(resource.name ?? ''))
      return add(`a resource named one of ${[...known].join(', ')}`);
    if (files.has(resource.name!)) return add(`one resource named ${resource.name}`);
    const path = resource.path;
    if (typeof path !== 'string' || !path.endsWith('.csv'))
      return add('a path to one CSV file in the package');
    if (!existsSync(join(dir, path)) || !statSync(join(dir, path)).isFile())
      return add(`a file at ${path}`);
    // The profile refuses `..` and absolute paths; a link may still lead out of the folder.
    const inside = relative(realpathSync(dir), realpathSync(join(dir, path)));
    if (inside.startsWith(`..${sep}`) || isAbsolute(inside))
      return add(`a file in the package's folder: ${path} leads out of it`);
    files.set(resource.name!, path);
  });
  return files;
}

/** Imports one resource's file, row by row, adding a problem for each row that is wrong. */
function importResource(
  ctx: ImportContext,
  spec: ResourceSpec,
  dir: string,
  file: string,
  context: RowContext,
  problems: Problems,
  packageName: string,
): void {
  const at = (line: number) => ({ file, line });
  try {
    const records = csvRecords(join(dir, file));
    const first = records.next();
    if (first.done)
      return problems.add({ ...at(1), column: null, value: null, expected: 'a header line' });
    const header = first.value.cells;
    const known = new Set([...resourceFields(spec), DELETED].map((f) => f.name));
    header.forEach((name, i) => {
      const expected = !known.has(name)
        ? `a column of ${spec.name}: ${[...known].join(', ')}`
        : header.indexOf(name) !== i
          ? 'each column once'
          : null;
      if (expected) problems.add({ ...at(1), ...noValue({ column: name, expected }) });
    });
    // What the files before wrote is in the database now, and people are read again by name.
    context.references.people.reset();
    const read = rowReader(spec, header, context);
    const write = rowWriter(ctx, spec, packageName, context.references.people);
    const step = ctx.progress.step(spec.name, 0);
    for (const { line, cells } of records) {
      if (problems.full) break;
      step.tick();
      if (cells.length !== header.length) {
        const expected = `${header.length} fields, as the header has; found ${cells.length}`;
        problems.add({ ...at(line), column: null, value: null, expected });
        continue;
      }
      const row = read(cells);
      const wrong = row.ok ? write(row) : row.problems;
      for (const problem of wrong) problems.add({ ...at(line), ...problem });
    }
    step.done();
  } catch (error) {
    if (!(error instanceof CsvFileError)) throw error;
    problems.add({ ...at(error.line), column: null, value: null, expected: error.message });
  }
}
