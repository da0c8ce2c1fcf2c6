/**
 * Imports a source dataset into a SQLite database:
 * `npm run import -- <format> <path> [--db FILE]` (default database: football.sqlite in the working
 * directory; created with the schema if it does not exist). Importing the same data again changes
 * nothing.
 */
import { existsSync, statSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { defineCommand, PROCESS_IO, runCommand, runIfMain, type CliIo } from '../lib/cli.ts';
import { UsageError, UserError } from '../lib/errors.ts';
import { alternatives, decimal, listOf, oneOf, path, text } from '../lib/cli-values.ts';
import { WRITE_WAIT_SECONDS } from '../data/db.ts';
import { DiskFullError } from '../data/disk-full.ts';
import { FORMATS } from '../data/import/formats.ts';
import { packageImporter } from '../data/package/import.ts';
import type { Importer } from '../data/import/importer.ts';
import { progressBar, SILENT } from '../data/import/progress.ts';
import { importDataset } from '../data/import/run.ts';
import { SourceFileError } from '../data/import/source-file.ts';

/** `npm run import`'s command line. */
export const IMPORT_COMMAND = defineCommand({
  name: 'npm run import --',
  description:
    'Imports the dataset in <path> into the SQLite database FILE (created if missing). Every ' +
    'format can be imported into the same database; importing the same data twice changes ' +
    'nothing. While another import writes FILE, this one waits for it to finish, at most ' +
    '--wait seconds.',
  positionals: [
    { name: 'format', type: oneOf('FORMAT', Object.keys(FORMATS)), help: 'a format listed below' },
    { name: 'path', type: path('DIR'), help: 'the folder of the dataset, as downloaded' },
  ],
  options: {
    db: { type: path('FILE'), default: 'football.sqlite', help: 'database to add to' },
    competitions: {
      type: listOf(text('NAME')),
      help: 'part of a dataset: the competitions the format lists below',
    },
    check: {
      type: 'flag',
      help: 'check the dataset whole, every problem listed, and write nothing',
    },
    // SQLite's busy timeout is a 32-bit count of milliseconds.
    wait: {
      type: decimal('SECONDS', { min: 0, max: 2_000_000 }, 'a number of seconds'),
      default: String(WRITE_WAIT_SECONDS),
      help: 'longest wait for another import writing FILE; 0 fails at once',
    },
  },
  epilogue:
    'Formats:\n' +
    Object.values(FORMATS)
      .map(
        (f) =>
          `  ${f.format.padEnd(12)} ${f.description}` +
          (f.selections ? `\n  ${''.padEnd(12)} competitions: ${f.selections.join(', ')}` : ''),
      )
      .join('\n'),
});

/** Runs `npm run import` with `argv`; resolves to the exit code. */
export function main(argv: readonly string[], io: CliIo = PROCESS_IO): Promise<number> {
  return runCommand(IMPORT_COMMAND, argv, io, ({ values, positionals: [format, path] }) => {
    const importer = FORMATS[format]!;
    checkCompetitions(importer, values.competitions);
    checkDataset(importer, path);
    const folder = dirname(resolve(values.db));
    if (!existsSync(folder))
      throw new UserError(`Cannot write ${values.db}: the folder ${folder} does not exist.`);
    // A check against a database yet to be made is a check against an empty one.
    const db = values.check && !existsSync(values.db) ? ':memory:' : values.db;
    try {
      const report = importDataset({
        format,
        path,
        db,
        check: values.check,
        ...(values.competitions !== undefined ? { competitions: values.competitions } : {}),
        progress: process.stderr.isTTY ? progressBar(process.stderr) : SILENT,
        waitSeconds: values.wait,
        onWait: () =>
          io.err(`${values.db} is being written by another import; waiting for it to finish.`),
      });
      io.out(
        values.check
          ? `Checked ${format} in ${report.path} against ${values.db}: no problem; ` +
              'what an import would write (nothing was):\n'
          : `Imported ${format} from ${report.path} into ${values.db} in ` +
              `${report.seconds.toFixed(1)} s\n`,
      );
      io.out(report.summary());
    } catch (error) {
      const nothing = values.check
        ? 'Check failed; a check writes nothing'
        : `Import failed; nothing of it was written to ${values.db} (one transaction)`;
      if (error instanceof DiskFullError) throw new UserError(`Import failed: ${error.message}`);
      if (error instanceof SourceFileError || error instanceof UserError)
        throw new UserError(`${nothing}: ${error.message}`);
      io.err(`${nothing}.`);
      throw error;
    }
  });
}

/** Refuses competitions the format does not list, or any for a format imported whole. */
function checkCompetitions(importer: Importer, competitions: string[] | undefined): void {
  if (competitions === undefined) return;
  const known = importer.selections;
  if (!known)
    throw new UsageError(
      `--competitions: the ${importer.format} format imports its dataset whole.`,
    );
  const unknown = competitions.filter((c) => !known.includes(c));
  if (unknown.length > 0)
    throw new UsageError(
      `--competitions: ${importer.format} has no competition ${alternatives(unknown)}; ` +
        `it has ${alternatives(known)}.`,
    );
}

/** Refuses a folder that is not the dataset, naming what is missing and where to get it. */
function checkDataset(importer: Importer, path: string): void {
  if (!existsSync(path))
    throw new UserError(
      importer.format === packageImporter.format
        ? `No folder at ${path}: give the folder of your package (docs/import-format.md).`
        : `No folder at ${path}: download the ${importer.format} dataset there (see the ` +
            'formats in `npm run import -- --help`, and docs/data.md).',
    );
  if (!statSync(path).isDirectory())
    throw new UserError(`${path} is a file: give the folder of the ${importer.format} dataset.`);
  try {
    importer.check(resolve(path));
  } catch (error) {
    throw new UserError((error as Error).message);
  }
}

runIfMain(import.meta.url, main);
