/**
 * Builds the demo database: `npx tsx data/demo/cli.ts [--db FILE] [--seed N] [--size SIZE]`.
 * The file is replaced if it exists; the default is `data/demo.sqlite` in the project.
 */
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { buildDemoDatabase, DEMO_SEED, DEMO_SIZES, isDemoSize } from './generate.ts';

/** The default output file, resolved from this module so the working directory does not matter. */
export const DEFAULT_DEMO_DB = fileURLToPath(new URL('../demo.sqlite', import.meta.url));

/** Runs the command line; returns the process exit code. */
export function main(argv: string[]): number {
  let values: { db: string; seed: string; size: string };
  try {
    ({ values } = parseArgs({
      args: argv,
      options: {
        db: { type: 'string', default: DEFAULT_DEMO_DB },
        seed: { type: 'string', default: String(DEMO_SEED) },
        size: { type: 'string', default: 'full' },
      },
      strict: true,
    }));
  } catch (error) {
    console.error(
      `${(error as Error).message}\nusage: tsx data/demo/cli.ts [--db FILE] [--seed N] [--size full|lean]`,
    );
    return 2;
  }
  const seed = Number(values.seed);
  if (!/^-?\d+$/.test(values.seed) || !Number.isSafeInteger(seed)) {
    console.error(`--seed must be an integer, got ${values.seed}`);
    return 2;
  }
  const size = values.size;
  if (!isDemoSize(size)) {
    console.error(
      `--size must be one of ${Object.keys(DEMO_SIZES).join(', ')}, got ${values.size}`,
    );
    return 2;
  }
  const { counts } = buildDemoDatabase(values.db, seed, size);
  const shown = [
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
  console.log(
    `demo: ${values.db} (seed ${seed}, ${values.size}): ${shown.map((table) => `${counts[table] ?? 0} ${table}`).join(', ')}`,
  );
  return 0;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  process.exitCode = main(process.argv.slice(2));
}
