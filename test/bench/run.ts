import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, renameSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, dirname, join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import {
  defineCommand,
  PROCESS_IO,
  runCommand,
  runIfMain,
  type CliIo,
  type Values,
} from '../../lib/cli.ts';
import { UsageError } from '../../lib/errors.ts';
import { integer, listOf, oneOf, path, text } from '../../lib/cli-values.ts';
import { MANIFEST_FILE, type Manifest } from '../../contract/manifest.ts';
import { optionsFile } from '../../contract/paths.ts';
import { openLocalArchive } from '../../contract/node/archive-file.ts';
import { readsPerLookup } from './archive-reads.ts';
import { scaledCopy } from './scale.ts';
import { startServer } from '../helpers/http/runtime-server.ts';
import { printQueries } from './queries.ts';
import { archiveBytes } from './archive-bytes.ts';
import { archiveLength, checkOut, removeCheckout, type Checkout } from './against.ts';
import { printClient } from './client.ts';
import { printExplorer } from './explorer.ts';
import { printReference } from './reference.ts';
import { recordOutput, runInfo, saveResults } from './results.ts';
import { load, printServing } from './serving.ts';
import { table } from './table.ts';

/**
 * `npm run bench`: figures, not assertions. Builds the demo (and larger copies of it) in child
 * processes to read their peak memory, each beside its raw-write floor and as an archive beside
 * its tree, then loads every adapter (Node on the tree and the archive, nginx, Deno, Bun, Workers)
 * and plain sirv serving the same files with autocannon, side by side (`serving.ts`).
 *
 * With the real datasets (`--national DIR`, default sources/, as `npm run national` reads them), `--real` picks the real sets
 * to import and build: `national` (the three national sources, then Wyscout's World Cup and Euro
 * merged into them), `club` (one club season: Wyscout's 2017/18 Premier League on its own) and
 * `full` (the national sources and all of Wyscout: 3.25 M micro-events, built as an archive
 * only: its tree, about 52 GB, does not fit this disk).
 * `--keep DIR` moves each real set's database and build there instead of deleting them.
 * `--against COMMIT` builds every archive with that commit's code too, right after this one's
 * (`against.ts`), and prints the two side by side.
 * `--save` writes what the run printed to `test/bench/results/` (`results.ts`).
 */

const tsx = ['--import', 'tsx'];

/**
 * Flushes written and deleted files to disk, so one measurement does not pay for the previous one's
 * write-back (without it, serving figures after a large build varied fivefold).
 */
function settle(): void {
  spawnSync('sync');
}

/**
 * One import of a real set: format, folder under `--national`, and the competitions to take (all
 * when absent).
 */
type ImportStep = readonly [format: string, folder: string, competitions?: string];

const NATIONAL: readonly ImportStep[] = [
  ['fjelstul', 'fjelstul-worldcup'],
  ['openfootball', 'openfootball-worldcup.json'],
  ['martj42', 'martj42-international-results'],
];
const WYSCOUT = 'wyscout-pappalardo2019';

/**
 * The real sets `--real` names, each a list of imports into one database, then built as a tree
 * and as an archive; `archiveOnly` sets are too large for this disk as a tree (52 GB).
 */
const REAL_SETS: Readonly<
  Record<string, { label: string; imports: readonly ImportStep[]; archiveOnly?: true }>
> = {
  national: {
    label: 'national (3 sources + Wyscout WC, Euro)',
    imports: [...NATIONAL, ['wyscout', WYSCOUT, 'World_Cup,European_Championship']],
  },
  club: {
    label: 'club season (Wyscout Premier League)',
    imports: [['wyscout', WYSCOUT, 'England']],
  },
  full: {
    label: 'full (3 sources + all of Wyscout)',
    imports: [...NATIONAL, ['wyscout', WYSCOUT]],
    archiveOnly: true,
  },
};

/** `npm run bench`'s command line. */
export const BENCH_COMMAND = defineCommand({
  name: 'npm run bench --',
  description:
    'Build and serving figures, not assertions: the demo and larger copies of it built in child ' +
    'processes, each as a tree and as an archive, then every adapter under load beside plain ' +
    'sirv; then the real sets, when their datasets are there.',
  options: {
    duration: { type: integer('S', { min: 1 }), default: '5', help: 'seconds of each load' },
    connections: {
      type: integer('N', { min: 1 }),
      default: '10',
      help: 'concurrent connections of the load generator',
    },
    scales: {
      type: listOf(integer('N', { min: 1 })),
      default: '1,10,40',
      help: 'sizes of the demo to build (copies of its persons); 1 is needed, it is the one served',
    },
    national: {
      type: path('DIR'),
      default: 'sources',
      help: 'folder with the real datasets (a real set whose datasets are missing is skipped)',
    },
    real: {
      type: listOf(oneOf('NAME', Object.keys(REAL_SETS)), { empty: true }),
      default: 'national',
      help: `real sets to import and build: ${Object.keys(REAL_SETS).join(', ')}, or '' for none`,
    },
    keep: {
      type: path('DIR'),
      help: "keep each real set's database and build in DIR instead of deleting them",
    },
    against: {
      type: text('COMMIT'),
      help: "also build every archive with this commit's code, each right after this one's",
    },
    save: {
      type: 'flag',
      help: 'also write what the run prints to test/bench/results/YYYY-MM-DD-<commit>.md',
    },
  },
});

/**
 * What one run of the bench measures, the folder it works in, and the other commit's checkout
 * (`--against`) with the rows of archives built by both.
 */
type BenchRun = Values<(typeof BENCH_COMMAND)['spec']> & {
  work: string;
  other: { checkout: Checkout; rows: (string | number)[][] } | null;
};

/**
 * Runs one of the bench's child programs (`test/bench/<name>`) on a settled disk, and reads the
 * JSON line it prints last: its figures, measured in a process of its own. `cwd` is the checkout
 * whose program it is: this one, or the other commit's (`--against`).
 */
function childFigures<T>(name: string, args: readonly string[], cwd = '.'): T {
  settle();
  const child = spawnSync(process.execPath, [...tsx, `test/bench/${name}`, ...args], {
    cwd,
    encoding: 'utf8',
  });
  if (child.status !== 0) throw new Error(child.stderr || String(child.error));
  return JSON.parse(child.stdout.trim().split('\n').pop()!) as T;
}

/** The figures of an import, or of a check, which `import-child.ts` prints. */
interface ImportFigures {
  seconds: number;
  rows: number;
  maxRssMB: number;
}

function importIn(format: string, path: string, db: string, competitions?: string, check = false) {
  return childFigures<ImportFigures>('import-child.ts', [
    format,
    path,
    db,
    ...(competitions || check ? [competitions ?? ''] : []),
    ...(check ? ['check'] : []),
  ]);
}

/**
 * The set's database as a package: exported, checked against an empty database and imported
 * into one, beside the source imports of the same run (the baseline).
 */
function printPackageRoundTrip(
  name: string,
  db: string,
  work: string,
  imports: readonly (string | number)[][],
) {
  const dir = join(work, `${name}-package`);
  const back = join(work, `${name}-package.sqlite`);
  const exported = childFigures<ImportFigures>('export-child.ts', [db, dir]);
  const checked = importIn('package', dir, ':memory:', undefined, true);
  const imported = importIn('package', dir, back);
  const sources = imports.reduce((s, row) => s + Number(row[2]), 0);
  console.log(
    `The real set "${name}" as a package (the source imports above: ${sources.toFixed(1)} s)`,
  );
  table(
    ['step', 'rows', 'seconds', 'peak RSS MB'],
    [
      ['export', exported.rows, exported.seconds.toFixed(1), exported.maxRssMB.toFixed(0)],
      ['check (--check)', checked.rows, checked.seconds.toFixed(1), checked.maxRssMB.toFixed(0)],
      ['import', imported.rows, imported.seconds.toFixed(1), imported.maxRssMB.toFixed(0)],
    ],
  );
  console.log('');
  rmSync(dir, { recursive: true, force: true });
  for (const suffix of ['', '-wal', '-shm']) rmSync(`${back}${suffix}`, { force: true });
}

/** A build by `build-child.ts` of this checkout, or of the other commit's in `cwd`. */
function buildIn(
  db: string,
  out: string,
  mode: 'tree' | 'precompress' | 'archive' = 'tree',
  cwd = '.',
) {
  return childFigures<{
    records: number;
    files: number;
    bytes: number;
    archiveBytes?: number;
    seconds: number;
    maxRssMB: number;
  }>('build-child.ts', [db, out, mode], cwd);
}

/**
 * The archive of a database beside its tree (when there is one): its size against the tree's
 * bytes, its build time against the tree's, its peak memory, the range reads of a lookup, and the
 * archive server's start time and memory after it has answered every collection once.
 */
async function archiveRow(
  run: BenchRun,
  label: string,
  db: string,
  file: string,
  tree: ReturnType<typeof buildIn> | null,
  parts: (string | number)[][],
): Promise<(string | number)[]> {
  const a = buildIn(db, file, 'archive');
  if (run.other) pairedRow(run.other, label, db, file, a);
  const bytes = await archiveBytes(file);
  const share = (n: number) =>
    `${(n / 1e6).toFixed(2)} (${((100 * n) / bytes.total!).toFixed(0)}%)`;
  parts.push([
    label,
    ...['records', 'queryIndex', 'assets', 'leaves', 'opening', 'container'].map((k) =>
      share(bytes[k]!),
    ),
    (bytes.total! / 1e6).toFixed(1),
  ]);
  const reader = await openLocalArchive(file);
  const manifest = JSON.parse(
    Buffer.from((await reader.reader.read(MANIFEST_FILE))!).toString('utf8'),
  ) as Manifest;
  await reader.close();
  const sample = [
    MANIFEST_FILE,
    ...manifest.resources.filter((_, i) => i % 9 === 0).map((r) => optionsFile(r.path)),
  ];
  const reads = await readsPerLookup(file, sample);
  const server = await archiveServerFigures(run, file, manifest);
  const mb = (bytes: number) => (bytes / 1e6).toFixed(1);
  return [
    label,
    a.files,
    tree ? mb(tree.bytes) : `(${mb(a.bytes)})`,
    mb(a.archiveBytes!),
    `${(a.bytes / a.archiveBytes!).toFixed(2)}x`,
    tree ? tree.seconds.toFixed(1) : '-',
    a.seconds.toFixed(1),
    tree ? `${(a.seconds / tree.seconds).toFixed(2)}x` : '-',
    a.maxRssMB.toFixed(0),
    `${reads.cold} / ${reads.warm}`,
    server.start.toFixed(2),
    server.rssMB.toFixed(0),
  ];
}

/**
 * The archive of `db` built with the other commit's code right after this one's (`--against`):
 * a row of both builds' time, peak memory and bytes, and their ratios; a row that says why, when
 * the other commit's build fails (a database it cannot read), so the rest of the run goes on.
 */
function pairedRow(
  other: NonNullable<BenchRun['other']>,
  label: string,
  db: string,
  file: string,
  a: ReturnType<typeof buildIn>,
): void {
  const theirs = `${file}.${other.checkout.short}`;
  try {
    const b = buildIn(db, theirs, 'archive', other.checkout.dir);
    const bytes = archiveLength(theirs);
    const mb = (n: number) => (n / 1e6).toFixed(1);
    other.rows.push([
      label,
      b.seconds.toFixed(1),
      a.seconds.toFixed(1),
      `${(a.seconds / b.seconds).toFixed(3)}x`,
      b.maxRssMB.toFixed(0),
      a.maxRssMB.toFixed(0),
      mb(bytes),
      mb(a.archiveBytes!),
      `${(a.archiveBytes! / bytes).toFixed(3)}x`,
    ]);
  } catch (error) {
    const reason = String((error as Error).message)
      .trim()
      .split('\n')[0];
    other.rows.push([label, `failed: ${reason}`, '-', '-', '-', '-', '-', '-', '-']);
  } finally {
    rmSync(theirs, { recursive: true, force: true });
  }
}

/**
 * The archive server on `file`: seconds from spawning it until `GET /v1/` answers 200, and its
 * resident memory after a 5-second load over the default page of every collection.
 */
async function archiveServerFigures(
  { duration, connections }: BenchRun,
  file: string,
  manifest: Manifest,
): Promise<{ start: number; rssMB: number }> {
  settle();
  const started = performance.now();
  const server = await startServer(['--archive', file]);
  try {
    while ((await fetch(`http://127.0.0.1:${server.port}/v1/`)).status !== 200) await sleep(20);
    const start = (performance.now() - started) / 1000;
    const paths = manifest.resources.map((r) => `/${r.path}`);
    await load(server.port, paths, { duration, connections });
    const status = readFileSync(`/proc/${server.pid}/status`, 'utf8');
    const rssMB = Number(/VmRSS:\s+(\d+)/.exec(status)![1]) / 1024;
    return { start, rssMB };
  } finally {
    await server.stop();
  }
}

/** The raw-write floor of a built tree (`floor-child.ts`), written beside it and then removed. */
function floorOf(out: string) {
  const floor = `${out}-floor`;
  const figures = childFigures<{ seconds: number }>('floor-child.ts', [out, floor]);
  rmSync(floor, { recursive: true, force: true });
  return figures;
}

/** Removes a build: the output link, its builds and its trash (see `build/archive/publish.ts`). */
function removeBuild(out: string): void {
  for (const path of [
    out,
    `${dirname(out)}/.${basename(out)}.builds`,
    `${dirname(out)}/.${basename(out)}.trash`,
  ])
    rmSync(path, { recursive: true, force: true });
}

/** One row of the build table: the build's figures beside its raw-write floor. */
function buildRow(label: string, out: string, s: ReturnType<typeof buildIn>): (string | number)[] {
  const floor = floorOf(out);
  return [
    label,
    s.records,
    s.files,
    (s.bytes / 1e6).toFixed(1),
    s.seconds.toFixed(1),
    floor.seconds.toFixed(1),
    `${(s.seconds / floor.seconds).toFixed(2)}x`,
    s.maxRssMB.toFixed(0),
  ];
}

/**
 * A new user's first start: `npm start`'s two steps (build the lean demo afresh into an archive,
 * serve it) until `GET /v1/` answers 200, in seconds; with `tree`, the same into a folder.
 */
async function firstStart({ work }: BenchRun, output: 'archive' | 'tree'): Promise<number> {
  const out = join(work, output === 'archive' ? 'start.archive' : 'start-dist');
  const args = output === 'archive' ? ['--archive', out] : ['--out', out];
  settle();
  const started = performance.now();
  const built = spawnSync(process.execPath, [...tsx, 'cli/build.ts', ...args], {
    encoding: 'utf8',
  });
  if (built.status !== 0) throw new Error(built.stderr);
  const server = await startServer(output === 'archive' ? args : ['--dir', out]);
  try {
    while ((await fetch(`http://127.0.0.1:${server.port}/v1/`)).status !== 200) await sleep(50);
    return (performance.now() - started) / 1000;
  } finally {
    await server.stop();
    if (output === 'archive') rmSync(out);
    else removeBuild(out);
  }
}

/** The whole bench, printing its figures as it goes. */
async function bench(run: BenchRun): Promise<void> {
  const { duration, connections, work } = run;
  console.log(
    `Bench on ${process.version}, ${duration}s x ${connections} connections per scenario\n`,
  );

  // Build figures: the demo and larger copies, each build in its own process.
  const demoDb = join(work, 'demo.sqlite');
  // The generator is loaded to run only: the usage and the refusals come at once.
  const { buildDemoDatabase } = await import('../../data/demo/generate.ts');
  const t0 = performance.now();
  buildDemoDatabase(demoDb);
  console.log(`Demo database generated in ${((performance.now() - t0) / 1000).toFixed(1)} s\n`);
  const rows: (string | number)[][] = [];
  const archives: (string | number)[][] = [];
  const parts: (string | number)[][] = [];
  for (const scale of run.scales) {
    const db = scale === 1 ? demoDb : join(work, `demo-x${scale}.sqlite`);
    if (scale !== 1) scaledCopy(demoDb, db, scale);
    const out = join(work, `dist-x${scale}`);
    const tree = buildIn(db, out);
    rows.push(buildRow(`demo x${scale}`, out, tree));
    if (scale !== 1) removeBuild(out);
    const archive = join(work, `demo-x${scale}.archive`);
    archives.push(await archiveRow(run, `demo x${scale}`, db, archive, tree, parts));
    if (scale !== 1) rmSync(archive);
  }
  const pre = join(work, 'dist-br');
  rows.push(buildRow('demo x1 --precompress', pre, buildIn(demoDb, pre, 'precompress')));
  removeBuild(pre);

  // The real sets (when the datasets are there): each import into one database, then the build.
  const data = run.national;
  for (const name of run.real) {
    const set = REAL_SETS[name]!;
    if (!set.imports.every(([, folder]) => existsSync(join(data, folder)))) {
      console.log(
        `No figures for the real set "${name}": its datasets are not all in ${data} (--national DIR).\n`,
      );
      continue;
    }
    const db = join(work, `${name}.sqlite`);
    const imports: (string | number)[][] = [];
    for (const [format, folder, competitions] of set.imports) {
      const r = importIn(format, join(data, folder), db, competitions);
      imports.push([
        competitions ? `${format} (${competitions})` : format,
        r.rows,
        r.seconds.toFixed(1),
        r.maxRssMB.toFixed(0),
      ]);
    }
    console.log(`Import of the real set "${name}" (one database, in this order)`);
    table(['format', 'rows new', 'seconds', 'peak RSS MB'], imports);
    console.log('');
    printPackageRoundTrip(name, db, work, imports);
    const archive = join(work, `${name}.archive`);
    if (set.archiveOnly) {
      archives.push(await archiveRow(run, set.label, db, archive, null, parts));
      console.log(`Built ${set.label} as an archive: ${archives.at(-1)!.join(', ')}\n`);
      if (run.keep) {
        mkdirSync(run.keep, { recursive: true });
        renameSync(archive, join(run.keep, `${name}.archive`));
        renameSync(db, join(run.keep, `${name}.sqlite`));
      } else rmSync(archive, { force: true });
      rmSync(db, { force: true });
      for (const suffix of ['-wal', '-shm']) rmSync(`${db}${suffix}`, { force: true });
      continue;
    }
    const s = buildIn(db, join(work, `dist-${name}`));
    rows.push(buildRow(set.label, join(work, `dist-${name}`), s));
    console.log(
      `Built ${set.label}: ${s.files} files, ${(s.bytes / 1e6).toFixed(1)} MB in ${s.seconds.toFixed(1)} s, peak ${s.maxRssMB.toFixed(0)} MB\n`,
    );
    archives.push(await archiveRow(run, set.label, db, archive, s, parts));
    await printQueries({ label: set.label, archive, duration, connections });
    if (run.keep) renameSync(archive, join(run.keep, `${name}.archive`));
    else rmSync(archive, { force: true });
    if (run.keep) {
      // Kept for a look or a crawl with the preview server: `npm run serve -- --dir
      // <keep>/dist-<name>`.
      mkdirSync(run.keep, { recursive: true });
      const kept = join(run.keep, `dist-${name}`);
      removeBuild(kept);
      renameSync(join(work, `.dist-${name}.builds`), join(run.keep, `.dist-${name}.builds`));
      renameSync(join(work, `dist-${name}`), kept);
      renameSync(db, join(run.keep, `${name}.sqlite`));
    } else {
      removeBuild(join(work, `dist-${name}`));
      rmSync(db, { force: true });
    }
    for (const suffix of ['-wal', '-shm']) rmSync(`${db}${suffix}`, { force: true });
  }
  console.log('Build');
  table(
    ['dataset', 'records', 'files', 'MB', 'seconds', 'raw-write floor s', 'ratio', 'peak RSS MB'],
    rows,
  );
  console.log('');
  console.log('Archive (--archive) beside the tree of the same database');
  table(
    [
      'dataset',
      'files',
      'tree MB',
      'archive MB',
      'smaller',
      'tree s',
      'archive s',
      'time',
      'peak RSS MB',
      'reads cold / warm',
      'server start s',
      'server RSS MB',
    ],
    archives,
  );
  console.log('');
  console.log(
    'Archive bytes by part, MB (share): blocks of records, of the query index and of assets, ' +
      'by the first file naming each; the leaves of the index (names and templates); the ' +
      'opening file; the header and root',
  );
  table(
    ['dataset', 'records', 'query index', 'assets', 'leaves', 'opening', 'container', 'MB'],
    parts,
  );
  console.log('');
  if (run.other) {
    const { short } = run.other.checkout;
    console.log(`Archive beside ${short}'s (--against), built by ${short} right after this code`);
    table(
      [
        'dataset',
        `${short} s`,
        'this s',
        'time',
        `${short} peak MB`,
        'this peak MB',
        `${short} MB`,
        'this MB',
        'bytes',
      ],
      run.other.rows,
    );
    console.log('');
  }
  console.log(
    'First start (build the lean demo afresh and serve it until GET /v1/ is 200): ' +
      `${(await firstStart(run, 'archive')).toFixed(1)} s as npm start does, into an archive; ` +
      `${(await firstStart(run, 'tree')).toFixed(1)} s into a tree`,
  );
  await printReference(join(work, 'demo-x1.archive'));

  // Serving figures: every adapter on the same requests, beside plain sirv on the same files.
  settle();
  await printServing({
    dist: join(work, 'dist-x1'),
    archive: join(work, 'demo-x1.archive'),
    duration,
    connections,
  });
  await printQueries({
    label: 'demo x1',
    archive: join(work, 'demo-x1.archive'),
    duration,
    connections,
  });
  await printClient({ archive: join(work, 'demo-x1.archive'), rttMs: 50, perKind: 20 });
  await printExplorer(join(work, 'demo-x1.archive'));
}

/** Runs `npm run bench` with `argv`; resolves to the exit code. */
export function main(argv: readonly string[], io: CliIo = PROCESS_IO): Promise<number> {
  return runCommand(BENCH_COMMAND, argv, io, async ({ values }) => {
    if (!values.scales.includes(1))
      throw new UsageError('--scales must include 1: the serving figures are of the demo x1.');
    const work = mkdtempSync(join(tmpdir(), 'football-bench-'));
    const output = values.save ? recordOutput() : null;
    let checkout: Checkout | null = null;
    try {
      if (values.against) checkout = checkOut(values.against, join(work, 'against'));
      await bench({ ...values, work, other: checkout && { checkout, rows: [] } });
    } finally {
      output?.stop();
      if (checkout) removeCheckout(checkout);
      rmSync(work, { recursive: true, force: true });
    }
    if (output) io.out(`Figures saved to ${saveResults(runInfo(argv), output.text())}`);
  });
}

runIfMain(import.meta.url, main);
