/**
 * Writes a database in the project's import format: `npm run export -- package --db FILE
 * --out DIR`. The folder is written beside its place and renamed into it once whole.
 */
import { chmodSync, existsSync, mkdtempSync, renameSync, rmSync } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import { defineCommand, PROCESS_IO, runCommand, runIfMain, type CliIo } from '../lib/cli.ts';
import { UserError } from '../lib/errors.ts';
import { oneOf, path, text } from '../lib/cli-values.ts';
import { openDatabase, openReadOnly } from '../data/db.ts';
import { exportPackage, exportTemplate } from '../data/package/export.ts';

/** `npm run export`'s command line. */
export const EXPORT_COMMAND = defineCommand({
  name: 'npm run export --',
  description:
    'Writes the database FILE as a package: a folder of CSV files and the datapackage.json ' +
    'that describes them, which `npm run import -- package DIR` reads back (docs/import-format.md).',
  positionals: [
    { name: 'format', type: oneOf('FORMAT', ['package']), help: 'package: the import format' },
  ],
  options: {
    db: { type: path('FILE'), default: 'football.sqlite', help: 'database to read, never written' },
    out: { type: path('DIR'), help: 'the folder to write; it must not exist' },
    name: {
      type: text('NAME'),
      default: 'football',
      help: "the package's name in datapackage.json",
    },
    template: {
      type: 'flag',
      help:
        'write an empty package to fill in instead, without --db: every file with its header, ' +
        'and the descriptor with every Table Schema',
    },
  },
});

/** Runs `npm run export` with `argv`; resolves to the exit code. */
export function main(argv: readonly string[], io: CliIo = PROCESS_IO): Promise<number> {
  return runCommand(EXPORT_COMMAND, argv, io, async ({ values }) => {
    const out = values.out;
    if (out === undefined) throw new UserError('Give the folder to write: --out DIR.');
    if (!values.template && !existsSync(values.db))
      throw new UserError(`No database at ${values.db}: give --db the file to export.`);
    if (existsSync(out))
      throw new UserError(`${out} exists: give --out a folder that does not, or remove it.`);
    const parent = dirname(resolve(out));
    if (!existsSync(parent)) throw new UserError(`Cannot write ${out}: ${parent} does not exist.`);
    // A template is the export of an empty database: the schema and the lists, no rows.
    const db = values.template ? openDatabase(':memory:') : openReadOnly(values.db);
    const partial = mkdtempSync(join(parent, `.${basename(out)}.export-`));
    // A temporary folder is its owner's alone; the package is for anyone who may read the folder.
    chmodSync(partial, 0o755);
    try {
      const started = process.hrtime.bigint();
      if (values.template) {
        exportTemplate(db, partial);
        renameSync(partial, out);
        io.out(`Wrote an empty package into ${out}: fill in its files (docs/import-format.md).`);
        return 0;
      }
      const counts = exportPackage(db, partial, values.name);
      renameSync(partial, out);
      const seconds = Number(process.hrtime.bigint() - started) / 1e9;
      const rows = Object.values(counts).reduce((a, b) => a + b, 0);
      io.out(
        `Exported ${values.db} into ${out} in ${seconds.toFixed(1)} s: ` +
          `${rows.toLocaleString('en')} rows in ${Object.keys(counts).length} files.`,
      );
      return 0;
    } finally {
      rmSync(partial, { recursive: true, force: true });
      db.close();
    }
  });
}

runIfMain(import.meta.url, main);
