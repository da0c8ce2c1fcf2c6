import { SingleBar } from 'cli-progress';
import { accessSync, constants, existsSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import {
  defineCommand,
  PROCESS_IO,
  runCommand,
  runIfMain,
  type CliIo,
  type Values,
} from '../lib/cli.ts';
import { UsageError, UserError } from '../lib/errors.ts';
import { byteSize, integer, oneOf, path } from '../lib/cli-values.ts';
import { heard, stoppable } from '../lib/stop-signals.ts';
import { MIN_PART_SIZE } from '../build/archive/parts.ts';
import { DEMO_SEED, DEMO_SIZES, type DemoSize } from '../data/demo/sizes.ts';
import { DiskFullError } from '../data/disk-full.ts';
import type { BuildProgress } from '../build/build.ts';
import type { Estimate } from '../build/estimate.ts';

/** `npm run build`'s command line. */
export const BUILD_COMMAND = defineCommand({
  name: 'npm run build --',
  synopsis: [
    '[--db FILE | --demo SIZE]',
    '[--out DIR [--precompress] | --archive FILE [--part-size SIZE]]',
    '[--workers N]',
    '[--force]',
  ],
  description:
    'Builds the static API from a SQLite database into DIR, replacing DIR only when the build ' +
    'succeeds, or into one archive FILE that `npm run serve -- --archive FILE` serves as it is.',
  options: {
    db: {
      type: path('FILE'),
      help: 'database to read, never written',
      shownDefault: 'the embedded demo dataset, generated afresh',
    },
    demo: {
      type: oneOf('SIZE', Object.keys(DEMO_SIZES) as DemoSize[]),
      default: 'lean',
      help: "the demo to generate without --db: lean (the league's first six matchdays) or full",
    },
    out: {
      type: path('DIR'),
      shownDefault: 'dist',
      help: 'output path, a link to the published build',
    },
    archive: { type: path('FILE'), help: 'write the whole API into one file instead (an archive)' },
    'part-size': {
      type: byteSize('SIZE', { min: MIN_PART_SIZE }),
      help:
        'write the archive as parts of SIZE (25MiB, 95MB) for hosts that limit file sizes; ' +
        'FILE is then a small entry point that names them',
    },
    workers: {
      type: integer('N', { min: 1 }),
      default: String(availableParallelism()),
      shownDefault: `the number of cores, ${availableParallelism()}`,
      help: 'worker threads',
    },
    precompress: {
      type: 'flag',
      help: 'also write .br and .gz variants of every file (three times the files)',
    },
    force: {
      type: 'flag',
      help: 'build the demo even when the output (--out or --archive) is a demo build from the same code',
    },
  },
});

type BuildValues = Values<(typeof BUILD_COMMAND)['spec']>;

/** Runs `npm run build` with `argv`; resolves to the exit code. */
export function main(argv: readonly string[], io: CliIo = PROCESS_IO): Promise<number> {
  return runCommand(BUILD_COMMAND, argv, io, async ({ values }) => {
    if (values.archive !== undefined && (values.out !== undefined || values.precompress))
      throw new UsageError('--archive is one output: not with --out or --precompress.');
    if (values['part-size'] !== undefined && values.archive === undefined)
      throw new UsageError('--part-size cuts an archive into parts: give --archive FILE too.');
    const out = values.out ?? 'dist';
    const output = values.archive ?? out;
    if (values.db !== undefined) await checkDatabase(values.db);
    checkOutput(values);
    if (values.db !== undefined && values.out === undefined && values.archive === undefined)
      await checkTreeSize(values.db);
    // The build is loaded once the command line is known to be good: the usage and the refusals
    // come at once.
    const [{ demoInputs }, { archivedManifest, publishedManifest }, { buildDemoDatabase }] =
      await Promise.all([
        import('../build/inputs.ts'),
        import('../build/archive/publish.ts'),
        import('../data/demo/generate.ts'),
      ]);
    // The embedded demo is made afresh from a seed: a demo build from the same code and options
    // is the same bytes, so it is reused (`npm start` starts at once the second time).
    const inputs = values.db
      ? undefined
      : demoInputs({ seed: DEMO_SEED, size: values.demo, precompress: values.precompress });
    const reusable =
      inputs !== undefined &&
      !values.force &&
      (values.archive === undefined
        ? publishedManifest(out)
        : await archivedManifest(values.archive, values['part-size'] ?? null)
      )?.inputs === inputs;
    if (reusable) {
      io.out(`${output} is the demo built from this code; reusing it (--force rebuilds it).`);
      return 0;
    }
    // Ctrl-C or a SIGTERM stops the build; the previous output stays as it was. One that comes
    // while the demo is made, which is synchronous, is heard once it is made, and the demo's
    // scratch folder is removed with the rest.
    return stoppable('Build', output, async (signal) => {
      let scratch: string | null = null;
      try {
        let db = values.db;
        if (!db) {
          scratch = mkdtempSync(join(tmpdir(), 'football-demo-'));
          db = join(scratch, 'demo.sqlite');
          buildDemoDatabase(db, DEMO_SEED, values.demo);
          await heard(signal);
        }
        return await buildWithProgress({ ...values, out }, db, inputs, io, signal);
      } finally {
        if (scratch) rmSync(scratch, { recursive: true, force: true });
      }
    });
  });
}

/**
 * Refuses a database the build cannot read, by name and with what to do: missing, unreadable,
 * not SQLite, or of another version (`openReadOnly` says which and what to do).
 */
async function checkDatabase(db: string): Promise<void> {
  if (!existsSync(db))
    throw new UserError(
      `No database at ${db}. Import one with \`npm run import\`, write the demo with ` +
        `\`npm run demo -- --db ${db}\`, or leave out --db to build the demo.`,
    );
  if (statSync(db).isDirectory())
    throw new UserError(`${db} is a folder, not a database: give --db a SQLite file.`);
  try {
    accessSync(db, constants.R_OK);
  } catch {
    throw new UserError(`Cannot read ${db}: permission denied. Make it readable, or copy it.`);
  }
  const { openReadOnly } = await import('../data/db.ts');
  try {
    openReadOnly(db).close();
  } catch (error) {
    const code = (error as { code?: unknown }).code;
    if (typeof code === 'string' && code.startsWith('SQLITE_'))
      throw new UserError(`${db} is not a SQLite database the build can read (${code}).`);
    throw error;
  }
}

/**
 * Refuses, before anything is written, a build into the default `dist/` that would write more
 * files than a user should get without asking (`TREE_FILES_UNASKED`): the real data makes
 * millions, which take hours to delete. It names both ways on, with what each would take.
 */
async function checkTreeSize(db: string): Promise<void> {
  const [{ openReadOnly }, sizes] = await Promise.all([
    import('../data/db.ts'),
    import('../build/estimate.ts'),
  ]);
  const source = openReadOnly(db);
  let size: Estimate;
  try {
    size = sizes.estimate(sizes.rowsOf(source));
  } finally {
    source.close();
  }
  if (size.files <= sizes.TREE_FILES_UNASKED) return;
  throw new UserError(
    `${db} would build into about ${howMany(size.files)} files in dist/, ` +
      `${bytes(size.treeBytes)} (${bytes(sizes.onDisk(size))} on disk). Say where it goes:\n` +
      `  --archive FILE  one file of about ${bytes(size.archiveBytes)}, which ` +
      '`npm run serve -- --archive FILE` serves as it is (recommended)\n' +
      `  --out DIR       the tree of ${howMany(size.files)} files, in DIR`,
  );
}

/** A count as people say it: `1.9 million`, `230,000`. */
function howMany(n: number): string {
  if (n >= 1e6) return `${(n / 1e6).toFixed(1)} million`;
  return (Math.round(n / 1000) * 1000).toLocaleString('en');
}

/** A size in gigabytes (or megabytes below one). */
function bytes(n: number): string {
  return n >= 1e9 ? `${(n / 1e9).toFixed(1)} GB` : `${Math.round(n / 1e6)} MB`;
}

/** Refuses an output whose folder does not exist (the build writes its scratch files there). */
function checkOutput(values: BuildValues): void {
  if (values.archive === undefined) return;
  const folder = dirname(resolve(values.archive));
  if (!existsSync(folder))
    throw new UserError(
      `The folder of --archive ${values.archive} does not exist: create ${folder} first.`,
    );
}

/** The build with a progress bar on a terminal; `signal` stops its workers. */
async function buildWithProgress(
  values: BuildValues & { out: string },
  db: string,
  inputs: string | undefined,
  io: CliIo,
  signal: AbortSignal,
): Promise<number> {
  const output = values.archive ?? values.out;
  const bar = progressBar();
  const { build } = await import('../build/build.ts');
  try {
    // The build removes what it wrote when it is stopped or fails.
    const summary = await build({
      ...(values.archive !== undefined
        ? { archive: values.archive, partSize: values['part-size'] }
        : { out: values.out, precompress: values.precompress }),
      db,
      workers: values.workers,
      progress: bar.show,
      signal,
      inputs,
    });
    bar.stop();
    const mb = (bytes: number) => `${(bytes / 1e6).toFixed(1)} MB`;
    const into =
      summary.archiveBytes === undefined
        ? output
        : `${output} (${mb(summary.archiveBytes)}, ` +
          `${(summary.bytes / summary.archiveBytes).toFixed(1)}x smaller)`;
    io.out(
      `Built ${summary.resources} resources: ${summary.records.toLocaleString('en')} records, ` +
        `${summary.files.toLocaleString('en')} files, ${mb(summary.bytes)} in ` +
        `${summary.seconds.toFixed(1)} s -> ${into}`,
    );
    return 0;
  } catch (e) {
    bar.stop();
    // A stopped build is said once, by `stoppable`.
    if (signal.aborted) throw e;
    if (e instanceof DiskFullError) throw new UserError(`Build failed: ${e.message}`);
    if (e instanceof UserError) throw e;
    io.err(`Build failed; ${output} was left as it was.`);
    throw e;
  }
}

/** One bar for the whole build on a terminal: resources done, files, bytes, elapsed, time left. */
function progressBar(): { show: (p: BuildProgress) => void; stop: () => void } {
  if (!process.stderr.isTTY) return { show: () => {}, stop: () => {} };
  const bar = new SingleBar({
    format:
      '[{bar}] {percentage}% | {resourcesDone}/{resources} resources | {files} files | ' +
      '{mb} MB | {duration_formatted} elapsed | {eta_formatted} left',
    hideCursor: true,
    clearOnComplete: true,
    etaBuffer: 50,
  });
  bar.start(1000, 0, { resources: 0, resourcesDone: 0, files: 0, mb: 0 });
  return {
    show: (p) => {
      const payload = {
        ...p,
        files: p.files.toLocaleString('en'),
        mb: (p.bytes / 1e6).toFixed(0),
      };
      bar.update(Math.round(p.fraction * 1000), payload);
    },
    stop: () => bar.stop(),
  };
}

runIfMain(import.meta.url, main);
