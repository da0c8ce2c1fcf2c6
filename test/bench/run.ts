import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, renameSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, dirname, join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { parseArgs } from 'node:util';
import { buildDemoDatabase } from '../../data/demo/generate.ts';
import { MANIFEST_FILE, type Manifest } from '../../contract/manifest.ts';
import { optionsFile } from '../../contract/paths.ts';
import { openLocalArchive } from '../../contract/node/archive-file.ts';
import { readsPerLookup } from './archive-reads.ts';
import { scaledCopy } from './scale.ts';
import { startServer } from '../helpers/runtime-server.ts';
import { printQueries } from './queries.ts';
import { printReference } from './reference.ts';
import { load, printServing, table } from './serving.ts';

/**
 * `npm run bench`: figures, not assertions. Builds the demo (and larger copies of it) in child
 * processes to read their peak memory, each beside its raw-write floor and as an archive beside
 * its tree, then loads every adapter (Node on the tree and the archive, nginx, Deno, Bun, Workers)
 * and plain sirv serving the same files with autocannon, side by side (`serving.ts`).
 *
 * With the real datasets (`--national DIR`, default ../shared/data), `--real` picks the real sets
 * to import and build: `national` (the three national sources, then Wyscout's World Cup and Euro
 * merged into them), `club` (one club season: Wyscout's 2017/18 Premier League on its own) and
 * `full` (the national sources and all of Wyscout: 3.25 M micro-events, built as an archive
 * only: its tree, about 52 GB, does not fit this disk).
 * `--keep DIR` moves each real set's database and build there instead of deleting them.
 */

const { values } = parseArgs({
  options: {
    duration: { type: 'string', default: '5' },
    connections: { type: 'string', default: '10' },
    scales: { type: 'string', default: '1,10,40' },
    national: { type: 'string', default: '../shared/data' },
    real: { type: 'string', default: 'national' },
    keep: { type: 'string' },
  },
});
const duration = Number(values.duration);
const connections = Number(values.connections);
const scales = values.scales.split(',').map(Number);
const work = mkdtempSync(join(tmpdir(), 'football-bench-'));
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

function importIn(format: string, path: string, db: string, competitions?: string) {
  settle();
  const child = spawnSync(
    process.execPath,
    [
      ...tsx,
      'test/bench/import-child.ts',
      format,
      path,
      db,
      ...(competitions ? [competitions] : []),
    ],
    { encoding: 'utf8' },
  );
  if (child.status !== 0) throw new Error(child.stderr);
  return JSON.parse(child.stdout.trim().split('\n').pop()!) as {
    seconds: number;
    rows: number;
    maxRssMB: number;
  };
}

function buildIn(db: string, out: string, mode: 'tree' | 'precompress' | 'archive' = 'tree') {
  settle();
  const child = spawnSync(process.execPath, [...tsx, 'test/bench/build-child.ts', db, out, mode], {
    encoding: 'utf8',
  });
  if (child.status !== 0) throw new Error(child.stderr);
  return JSON.parse(child.stdout.trim().split('\n').pop()!) as {
    records: number;
    files: number;
    bytes: number;
    archiveBytes?: number;
    seconds: number;
    maxRssMB: number;
  };
}

/**
 * The archive of a database beside its tree (when there is one): its size against the tree's
 * bytes, its build time against the tree's, its peak memory, the range reads of a lookup, and the
 * archive server's start time and memory after it has answered every collection once.
 */
async function archiveRow(
  label: string,
  db: string,
  file: string,
  tree: ReturnType<typeof buildIn> | null,
): Promise<(string | number)[]> {
  const a = buildIn(db, file, 'archive');
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
  const server = await archiveServerFigures(file, manifest);
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
 * The archive server on `file`: seconds from spawning it until `GET /v1/` answers 200, and its
 * resident memory after a 5-second load over the default page of every collection.
 */
async function archiveServerFigures(
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
  settle();
  const child = spawnSync(process.execPath, [...tsx, 'test/bench/floor-child.ts', out, floor], {
    encoding: 'utf8',
  });
  if (child.status !== 0) throw new Error(child.stderr);
  rmSync(floor, { recursive: true, force: true });
  return JSON.parse(child.stdout.trim().split('\n').pop()!) as { seconds: number };
}

/** Removes a build: the output link, its builds and its trash (see `build/publish.ts`). */
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
async function firstStart(output: 'archive' | 'tree'): Promise<number> {
  const out = join(work, output === 'archive' ? 'start.zip' : 'start-dist');
  const args = output === 'archive' ? ['--archive', out] : ['--out', out];
  settle();
  const started = performance.now();
  const built = spawnSync(process.execPath, [...tsx, 'build/cli.ts', ...args], {
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

async function main(): Promise<void> {
  console.log(
    `Bench on ${process.version}, ${duration}s x ${connections} connections per scenario\n`,
  );

  // Build figures: the demo and larger copies, each build in its own process.
  const demoDb = join(work, 'demo.sqlite');
  const t0 = performance.now();
  buildDemoDatabase(demoDb);
  console.log(`Demo database generated in ${((performance.now() - t0) / 1000).toFixed(1)} s\n`);
  const rows: (string | number)[][] = [];
  const archives: (string | number)[][] = [];
  for (const scale of scales) {
    const db = scale === 1 ? demoDb : join(work, `demo-x${scale}.sqlite`);
    if (scale !== 1) scaledCopy(demoDb, db, scale);
    const out = join(work, `dist-x${scale}`);
    const tree = buildIn(db, out);
    rows.push(buildRow(`demo x${scale}`, out, tree));
    if (scale !== 1) removeBuild(out);
    const archive = join(work, `demo-x${scale}.zip`);
    archives.push(await archiveRow(`demo x${scale}`, db, archive, tree));
    if (scale !== 1) rmSync(archive);
  }
  const pre = join(work, 'dist-br');
  rows.push(buildRow('demo x1 --precompress', pre, buildIn(demoDb, pre, 'precompress')));
  removeBuild(pre);

  // The real sets (when the datasets are there): each import into one database, then the build.
  const data = values.national;
  for (const name of values.real.split(',').filter(Boolean)) {
    const set = REAL_SETS[name];
    if (!set)
      throw new Error(`unknown real set "${name}"; known: ${Object.keys(REAL_SETS).join(', ')}`);
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
    const archive = join(work, `${name}.zip`);
    if (set.archiveOnly) {
      archives.push(await archiveRow(set.label, db, archive, null));
      console.log(`Built ${set.label} as an archive: ${archives.at(-1)!.join(', ')}\n`);
      if (values.keep) {
        mkdirSync(values.keep, { recursive: true });
        renameSync(archive, join(values.keep, `${name}.zip`));
        renameSync(db, join(values.keep, `${name}.sqlite`));
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
    archives.push(await archiveRow(set.label, db, archive, s));
    await printQueries({ label: set.label, archive, duration, connections });
    if (values.keep) renameSync(archive, join(values.keep, `${name}.zip`));
    else rmSync(archive, { force: true });
    if (values.keep) {
      // Kept for a look or a crawl with the preview server: `npm run serve -- --dir
      // <keep>/dist-<name>`.
      mkdirSync(values.keep, { recursive: true });
      const kept = join(values.keep, `dist-${name}`);
      removeBuild(kept);
      renameSync(join(work, `.dist-${name}.builds`), join(values.keep, `.dist-${name}.builds`));
      renameSync(join(work, `dist-${name}`), kept);
      renameSync(db, join(values.keep, `${name}.sqlite`));
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
    'First start (build the lean demo afresh and serve it until GET /v1/ is 200): ' +
      `${(await firstStart('archive')).toFixed(1)} s as npm start does, into an archive; ` +
      `${(await firstStart('tree')).toFixed(1)} s into a tree`,
  );
  await printReference(join(work, 'demo-x1.zip'));

  // Serving figures: every adapter on the same requests, beside plain sirv on the same files.
  settle();
  await printServing({
    dist: join(work, 'dist-x1'),
    archive: join(work, 'demo-x1.zip'),
    duration,
    connections,
  });
  await printQueries({
    label: 'demo x1',
    archive: join(work, 'demo-x1.zip'),
    duration,
    connections,
  });
  rmSync(work, { recursive: true, force: true });
}

main().catch((e: unknown) => {
  console.error(e);
  rmSync(work, { recursive: true, force: true });
  process.exitCode = 1;
});
