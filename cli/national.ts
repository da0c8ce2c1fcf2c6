import { existsSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineCommand, PROCESS_IO, runCommand, runIfMain, type CliIo } from '../lib/cli.ts';
import { UserError } from '../lib/errors.ts';
import { path } from '../lib/cli-values.ts';
import { main as importMain } from './import.ts';
import { FORMATS } from '../data/import/formats.ts';
import { main as buildMain } from './build.ts';

/**
 * `npm run national`: the three national-team sources imported, in this order, into
 * `national.sqlite` in the working folder, then the API built from it into the archive
 * `national.archive`, as `npm run import` and `npm run build` do (their messages are the same), and
 * the command that serves it. The archive, not a tree: the national data makes nearly two
 * million files. The sources are downloaded by the user into one folder (`--sources`); a missing
 * one is named with where to get it, before anything is written.
 */

/** A national source: its import format, its folder under `--sources`, where to download it. */
interface NationalSource {
  format: string;
  folder: string;
  url: string;
}

/** The sources, in the order they are imported (each adds to what the ones before wrote). */
export const NATIONAL_SOURCES: readonly NationalSource[] = [
  { format: 'fjelstul', folder: 'fjelstul-worldcup', url: 'https://github.com/jfjelstul/worldcup' },
  {
    format: 'openfootball',
    folder: 'openfootball-worldcup.json',
    url: 'https://github.com/openfootball/worldcup.json',
  },
  {
    format: 'martj42',
    folder: 'martj42-international-results',
    url: 'https://github.com/martj42/international_results',
  },
];

/** The database the sources are imported into, in the working folder. */
export const NATIONAL_DB = 'national.sqlite';

/** The archive the API is built into, beside it. */
export const NATIONAL_ARCHIVE = 'national.archive';

/** The default folder of the sources: `sources/` in the project (ignored by git). */
const DEFAULT_SOURCES = fileURLToPath(new URL('../sources', import.meta.url));

/** `npm run national`'s command line. */
export const NATIONAL_COMMAND = defineCommand({
  name: 'npm run national --',
  description:
    `Imports the three national-team datasets (${NATIONAL_SOURCES.map((s) => s.format).join(', ')}) ` +
    `from DIR into ${NATIONAL_DB}, then builds the API from it into one archive, ` +
    `${NATIONAL_ARCHIVE} (about 530 MB; as a tree of files it would be nearly two million ` +
    'files). ' +
    'Each dataset is a folder of DIR, as downloaded: docs/data.md says where to get them, and ' +
    'the disk and time each set takes.',
  options: {
    sources: {
      type: path('DIR'),
      default: DEFAULT_SOURCES,
      shownDefault: 'sources/ in the project',
      help: `the folder that holds ${NATIONAL_SOURCES.map((s) => `${s.folder}/`).join(', ')}`,
    },
  },
});

/** The two programs the command runs, as functions: tests replace them. */
export interface NationalSteps {
  importMain: (argv: readonly string[], io: CliIo) => Promise<number>;
  buildMain: (argv: readonly string[], io: CliIo) => Promise<number>;
}

/** Runs `npm run national` with `argv`; resolves to the exit code. */
export function main(
  argv: readonly string[],
  io: CliIo = PROCESS_IO,
  steps: NationalSteps = { importMain, buildMain },
): Promise<number> {
  return runCommand(NATIONAL_COMMAND, argv, io, async ({ values: { sources } }) => {
    checkSources(sources);
    for (const { format, folder } of NATIONAL_SOURCES) {
      const code = await steps.importMain([format, join(sources, folder), '--db', NATIONAL_DB], io);
      if (code !== 0) return code;
    }
    const built = await steps.buildMain(['--db', NATIONAL_DB, '--archive', NATIONAL_ARCHIVE], io);
    if (built === 0) io.out(`Serve it with: npm run serve -- --archive ${NATIONAL_ARCHIVE}`);
    return built;
  });
}

/** Refuses to start unless every source is there, naming each missing one and its download. */
function checkSources(sources: string): void {
  const missing: string[] = [];
  for (const { format, folder, url } of NATIONAL_SOURCES) {
    const dir = join(sources, folder);
    if (!existsSync(dir)) {
      missing.push(`  ${folder}/ is not there: download ${url} into it`);
      continue;
    }
    try {
      FORMATS[format]!.check(dir);
    } catch (error) {
      missing.push(`  ${(error as Error).message}`);
    }
  }
  if (missing.length === 0) return;
  // The default is absolute, from this module; it reads better from the project.
  const shown = sources === DEFAULT_SOURCES ? relative(process.cwd(), sources) || '.' : sources;
  throw new UserError(
    `The national sources are not all in ${shown} (give their folder with --sources DIR; ` +
      `docs/data.md says where to download each):\n${missing.join('\n')}`,
  );
}

runIfMain(import.meta.url, main);
