import { SingleBar } from 'cli-progress';
import { mkdtempSync, rmSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { buildDemoDatabase, DEMO_SEED, DEMO_SIZES, isDemoSize } from '../data/demo/generate.ts';
import { DiskFullError } from '../data/disk-full.ts';
import { demoInputs } from './inputs.ts';
import { archivedManifest, publishedManifest } from './publish.ts';
import { build, type BuildProgress } from './build.ts';

const USAGE = `Usage: npm run build -- [--db FILE | --demo SIZE] [--out DIR [--precompress] | --archive FILE]
                        [--workers N] [--force]

Builds the static API from a SQLite database into DIR, replacing DIR only when the build succeeds,
or into one archive FILE that \`npm run serve -- --archive FILE\` serves as it is.
  --db FILE        database to read (default: the embedded demo dataset, generated afresh)
  --demo SIZE      the demo to generate without --db: lean (the league's first six matchdays,
                   the default) or full (the whole season)
  --out DIR        output path, a link to the published build (default: dist)
  --archive FILE   write the whole API into one file instead (a ZIP, see docs/archive.md)
  --workers N      worker threads (default: the number of cores, ${availableParallelism()})
  --precompress    also write .br and .gz variants of every file (three times the files)
  --force          build the demo even when the output (--out or --archive) is a demo build
                   from the same code`;

const { values } = parseArgs({
  options: {
    db: { type: 'string' },
    demo: { type: 'string', default: 'lean' },
    out: { type: 'string' },
    archive: { type: 'string' },
    workers: { type: 'string', default: String(availableParallelism()) },
    precompress: { type: 'boolean', default: false },
    force: { type: 'boolean', default: false },
    help: { type: 'boolean', short: 'h', default: false },
  },
});
if (values.help) {
  console.log(USAGE);
  process.exit(0);
}
/** A positive integer option, or the usage and exit code 2. */
function positive(name: 'workers'): number {
  const n = Number(values[name]);
  if (Number.isInteger(n) && n >= 1) return n;
  console.error(`--${name} must be a positive integer.\n\n${USAGE}`);
  process.exit(2);
}
if (values.archive !== undefined && (values.out !== undefined || values.precompress)) {
  console.error(`--archive is one output: not with --out or --precompress.\n\n${USAGE}`);
  process.exit(2);
}
const out = values.out ?? 'dist';
const workers = positive('workers');
const size = values.demo;
if (!isDemoSize(size)) {
  console.error(`--demo must be one of ${Object.keys(DEMO_SIZES).join(', ')}.\n\n${USAGE}`);
  process.exit(2);
}

// The embedded demo is made afresh from a seed: a demo build from the same code and options is
// the same bytes, so it is reused (`npm start` starts at once the second time).
const inputs = values.db
  ? undefined
  : demoInputs({ seed: DEMO_SEED, size, precompress: values.precompress });
const reusable =
  inputs !== undefined &&
  !values.force &&
  (values.archive === undefined ? publishedManifest(out) : await archivedManifest(values.archive))
    ?.inputs === inputs;
if (reusable) {
  console.log(
    `${values.archive ?? out} is the demo built from this code; reusing it (--force rebuilds it).`,
  );
  process.exit(0);
}
let db = values.db;
let scratch: string | null = null;
if (!db) {
  scratch = mkdtempSync(join(tmpdir(), 'football-demo-'));
  db = join(scratch, 'demo.sqlite');
  buildDemoDatabase(db, DEMO_SEED, size);
}

// One bar for the whole build: resources done, files, bytes, elapsed and time left.
const bar = process.stderr.isTTY
  ? new SingleBar({
      format:
        '[{bar}] {percentage}% | {resourcesDone}/{resources} resources | {files} files | ' +
        '{mb} MB | {duration_formatted} elapsed | {eta_formatted} left',
      hideCursor: true,
      clearOnComplete: true,
      etaBuffer: 50,
    })
  : null;
const show = (p: BuildProgress) => {
  const payload = { ...p, files: p.files.toLocaleString('en'), mb: (p.bytes / 1e6).toFixed(0) };
  bar?.update(Math.round(p.fraction * 1000), payload);
};
bar?.start(1000, 0, { resources: 0, resourcesDone: 0, files: 0, mb: 0 });

// Ctrl-C or a SIGTERM stops the workers; the previous output stays as it was.
const abort = new AbortController();
// Exit codes as a shell gives a process killed by the signal: 128 + its number.
const codes = { SIGINT: 130, SIGTERM: 143 } as const;
let interrupted = 0;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    interrupted = codes[signal];
    abort.abort(new Error(`interrupted by ${signal}`));
  });
}
try {
  const summary = await build({
    ...(values.archive !== undefined
      ? { archive: values.archive }
      : { out, precompress: values.precompress }),
    db,
    workers,
    progress: show,
    signal: abort.signal,
    inputs,
  });
  bar?.stop();
  const mb = (bytes: number) => `${(bytes / 1e6).toFixed(1)} MB`;
  const into =
    summary.archiveBytes === undefined
      ? out
      : `${values.archive} (${mb(summary.archiveBytes)}, ` +
        `${(summary.bytes / summary.archiveBytes).toFixed(1)}x smaller)`;
  console.log(
    `Built ${summary.resources} resources: ${summary.records.toLocaleString('en')} records, ` +
      `${summary.files.toLocaleString('en')} files, ${mb(summary.bytes)} in ` +
      `${summary.seconds.toFixed(1)} s -> ${into}`,
  );
} catch (e) {
  bar?.stop();
  if (abort.signal.aborted) {
    console.error(`Build ${(e as Error).message}; ${values.archive ?? out} was left as it was.`);
    process.exitCode = interrupted;
  } else if (e instanceof DiskFullError) {
    console.error(`Build failed: ${e.message}`);
    process.exitCode = 1;
  } else {
    console.error(
      `Build failed; ${values.archive ?? out} was left as it was.\n${(e as Error).stack ?? e}`,
    );
    process.exitCode = 1;
  }
} finally {
  if (scratch) rmSync(scratch, { recursive: true, force: true });
}
