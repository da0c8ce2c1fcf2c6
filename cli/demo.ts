/**
 * Builds the demo database: `npm run demo -- [--db FILE] [--seed N] [--size SIZE]`. The file is
 * replaced if it exists; the default is `data/demo.sqlite` in the project.
 */
import { existsSync, statSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineCommand, PROCESS_IO, runCommand, runIfMain, type CliIo } from '../lib/cli.ts';
import { UserError } from '../lib/errors.ts';
import { integer, oneOf, path } from '../lib/cli-values.ts';
import { DEMO_SEED, DEMO_SIZES, type DemoSize } from '../data/demo/sizes.ts';

/** The default output file, resolved from this module so the working directory does not matter. */
export const DEFAULT_DEMO_DB = fileURLToPath(new URL('../demo.sqlite', import.meta.url));

/** `npm run demo`'s command line. */
export const DEMO_COMMAND = defineCommand({
  name: 'npm run demo --',
  description:
    'Writes the demo dataset, generated from a seed, to a SQLite file (replaced if it exists).',
  options: {
    db: {
      type: path('FILE'),
      default: DEFAULT_DEMO_DB,
      shownDefault: 'data/demo.sqlite',
      help: 'database file to (re)create',
    },
    seed: {
      type: integer('N'),
      default: String(DEMO_SEED),
      help: 'seed of the generator; the same seed gives the same data',
    },
    size: {
      type: oneOf('SIZE', Object.keys(DEMO_SIZES) as DemoSize[]),
      default: 'full',
      help: 'the whole season, or the league stopped after its sixth matchday',
    },
  },
});

/** The tables the summary line counts. */
const SHOWN = [
  'country',
  'competition',
  'team',
  'venue',
  'person',
  'player',
  'manager',
  'referee',
  'match',
];

/** Runs `npm run demo` with `argv`; resolves to the exit code. */
export function main(argv: readonly string[], io: CliIo = PROCESS_IO): Promise<number> {
  return runCommand(DEMO_COMMAND, argv, io, async ({ values: { db, seed, size } }) => {
    const folder = dirname(resolve(db));
    if (!existsSync(folder))
      throw new UserError(`Cannot write ${db}: the folder ${folder} does not exist.`);
    if (statSync(db, { throwIfNoEntry: false })?.isDirectory())
      throw new UserError(`Cannot write ${db}: it is a folder; give --db a file name.`);
    // The generator is loaded only to run: the usage and the refusals come at once.
    const { buildDemoDatabase } = await import('../data/demo/generate.ts');
    let counts: Record<string, number>;
    try {
      ({ counts } = buildDemoDatabase(db, seed, size));
    } catch (error) {
      // SQLite cannot open the file: a folder, or a place this user may not write.
      if ((error as { code?: unknown }).code === 'SQLITE_CANTOPEN')
        throw new UserError(`Cannot write ${db}: SQLite cannot create a database there.`);
      throw error;
    }
    const shown = SHOWN.map((table) => `${counts[table] ?? 0} ${table}`).join(', ');
    io.out(`demo: ${db} (seed ${seed}, ${size}): ${shown}`);
  });
}

runIfMain(import.meta.url, main);
