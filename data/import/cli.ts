/**
 * Imports a source dataset into a SQLite database:
 * `npm run import -- <format> <path> [--db FILE]` (default database: football.sqlite in the working
 * directory; created with the schema if it does not exist). Importing the same data again changes
 * nothing.
 */
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { WRITE_WAIT_SECONDS } from '../db.ts';
import { DiskFullError } from '../disk-full.ts';
import { FORMATS } from './formats.ts';
import { progressBar, SILENT } from './progress.ts';
import { importDataset } from './run.ts';

const USAGE = `Usage: npm run import -- <format> <path> [--db FILE] [--competitions LIST]
                         [--wait SECONDS]

Imports the dataset in <path> into the SQLite database FILE (default: football.sqlite in the current
folder; created if missing). Every format can be imported into the same database; importing the same
data twice changes nothing. --competitions imports part of a dataset: a comma-separated list of the
competitions the format lists below. While another import writes FILE, this one waits for it to
finish, at most --wait seconds (default ${WRITE_WAIT_SECONDS}; 0 fails at once).

Formats:
${Object.values(FORMATS)
  .map(
    (f) =>
      `  ${f.format.padEnd(12)} ${f.description}` +
      (f.selections ? `\n  ${''.padEnd(12)} competitions: ${f.selections.join(', ')}` : ''),
  )
  .join('\n')}`;

/** Runs the command line; returns the process exit code. */
export function main(argv: string[]): number {
  let parsed;
  try {
    parsed = parseArgs({
      args: argv,
      allowPositionals: true,
      options: {
        db: { type: 'string', default: 'football.sqlite' },
        competitions: { type: 'string' },
        wait: { type: 'string', default: String(WRITE_WAIT_SECONDS) },
        help: { type: 'boolean', short: 'h', default: false },
      },
      strict: true,
    });
  } catch (error) {
    console.error(`${(error as Error).message}\n\n${USAGE}`);
    return 2;
  }
  const { values, positionals } = parsed;
  if (values.help) {
    console.log(USAGE);
    return 0;
  }
  const [format, path, ...extra] = positionals;
  if (!format || !path || extra.length > 0) {
    console.error(USAGE);
    return 2;
  }
  if (!FORMATS[format]) {
    console.error(`Unknown format "${format}".\n\n${USAGE}`);
    return 2;
  }
  const waitSeconds = Number(values.wait);
  // SQLite's busy timeout is a 32-bit count of milliseconds.
  if (!(waitSeconds >= 0 && waitSeconds <= 2_000_000)) {
    console.error(`--wait must be a number of seconds, 0 to 2000000.\n\n${USAGE}`);
    return 2;
  }
  try {
    const report = importDataset({
      format,
      path,
      db: values.db,
      ...(values.competitions !== undefined
        ? {
            competitions: values.competitions
              .split(',')
              .map((c) => c.trim())
              .filter(Boolean),
          }
        : {}),
      progress: process.stderr.isTTY ? progressBar(process.stderr) : SILENT,
      waitSeconds,
      onWait: () =>
        console.error(`${values.db} is being written by another import; waiting for it to finish.`),
    });
    console.log(
      `Imported ${format} from ${report.path} into ${values.db} in ${report.seconds.toFixed(1)} s\n`,
    );
    console.log(report.summary());
    return 0;
  } catch (error) {
    console.error(
      error instanceof DiskFullError
        ? `Import failed: ${error.message}`
        : `Import failed; nothing of it was written to ${values.db} (one transaction).\n` +
            `${(error as Error).stack ?? error}`,
    );
    return 1;
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  process.exitCode = main(process.argv.slice(2));
}
