import autocannon from 'autocannon';
import fg from 'fast-glob';
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, renameSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { buildDemoDatabase } from '../../data/demo/generate.ts';
import { scaledCopy } from './scale.ts';

/**
 * `npm run bench`: figures, not assertions. Builds the demo (and larger copies of it) in child
 * processes to read their peak memory, then loads the preview server and plain sirv serving the
 * same files with autocannon and prints requests per second side by side.
 *
 * With the real datasets (`--national DIR`, default ../shared/data), `--real` picks the real sets
 * to import and build: `national` (the three national sources, then Wyscout's World Cup and Euro
 * merged into them), `club` (one club season: Wyscout's 2017/18 Premier League on its own) and
 * `full` (the national sources and all of Wyscout: 3.25 M micro-events; about an hour on 2 cores).
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

/** The real sets `--real` names, each a list of imports into one database, then built. */
const REAL_SETS: Readonly<Record<string, { label: string; imports: readonly ImportStep[] }>> = {
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

function buildIn(db: string, out: string, precompress = false) {
  settle();
  const child = spawnSync(
    process.execPath,
    [...tsx, 'test/bench/build-child.ts', db, out, ...(precompress ? ['precompress'] : [])],
    { encoding: 'utf8' },
  );
  if (child.status !== 0) throw new Error(child.stderr);
  return JSON.parse(child.stdout.trim().split('\n').pop()!) as {
    records: number;
    files: number;
    bytes: number;
    seconds: number;
    maxRssMB: number;
  };
}

function table(headers: string[], rows: (string | number)[][]): void {
  const cells = [headers, ...rows.map((r) => r.map(String))];
  const widths = headers.map((_, i) => Math.max(...cells.map((r) => r[i]!.length)));
  for (const [n, row] of cells.entries()) {
    console.log(
      row.map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join('  '),
    );
    if (n === 0) console.log(widths.map((w) => '-'.repeat(w)).join('  '));
  }
}

async function startServer(args: string[]): Promise<{ child: ChildProcess; base: string }> {
  const child = spawn(process.execPath, [...tsx, ...args], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const base = await new Promise<string>((resolve, reject) => {
    child.stdout!.on('data', (chunk: Buffer) => {
      const m = /http:\/\/[\d.]+:\d+/.exec(chunk.toString());
      if (m) resolve(m[0]);
    });
    child.on('exit', (code) => reject(new Error(`server exited with ${code}`)));
  });
  return { child, base };
}

async function load(
  base: string,
  paths: string[],
): Promise<{ rps: number; p99: number; errors: number }> {
  const result = await autocannon({
    url: base,
    connections,
    duration,
    requests: paths.map((path) => ({ method: 'GET', path })),
  });
  return {
    rps: Math.round(result.requests.average),
    p99: result.latency.p99,
    errors: result.errors + result.non2xx,
  };
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
  for (const scale of scales) {
    const db = scale === 1 ? demoDb : join(work, `demo-x${scale}.sqlite`);
    if (scale !== 1) scaledCopy(demoDb, db, scale);
    const s = buildIn(db, join(work, `dist-x${scale}`));
    rows.push([
      `demo x${scale}`,
      s.records,
      s.files,
      (s.bytes / 1e6).toFixed(1),
      s.seconds.toFixed(1),
      Math.round(s.files / s.seconds),
      s.maxRssMB.toFixed(0),
    ]);
    if (scale !== 1) rmSync(join(work, `dist-x${scale}`), { recursive: true, force: true });
  }
  const pre = buildIn(demoDb, join(work, 'dist-br'), true);
  rows.push([
    'demo x1 --precompress',
    pre.records,
    pre.files,
    (pre.bytes / 1e6).toFixed(1),
    pre.seconds.toFixed(1),
    Math.round(pre.files / pre.seconds),
    pre.maxRssMB.toFixed(0),
  ]);
  rmSync(join(work, 'dist-br'), { recursive: true, force: true });

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
    const s = buildIn(db, join(work, `dist-${name}`));
    rows.push([
      set.label,
      s.records,
      s.files,
      (s.bytes / 1e6).toFixed(1),
      s.seconds.toFixed(1),
      Math.round(s.files / s.seconds),
      s.maxRssMB.toFixed(0),
    ]);
    console.log(
      `Built ${set.label}: ${s.files} files, ${(s.bytes / 1e6).toFixed(1)} MB in ${s.seconds.toFixed(1)} s, peak ${s.maxRssMB.toFixed(0)} MB\n`,
    );
    if (values.keep) {
      // Kept for a look or a crawl with the preview server: `npm run serve -- --dir
      // <keep>/dist-<name>`.
      mkdirSync(values.keep, { recursive: true });
      renameSync(join(work, `dist-${name}`), join(values.keep, `dist-${name}`));
      renameSync(db, join(values.keep, `${name}.sqlite`));
    } else {
      rmSync(join(work, `dist-${name}`), { recursive: true, force: true });
      rmSync(db, { force: true });
    }
    for (const suffix of ['-wal', '-shm']) rmSync(`${db}${suffix}`, { force: true });
  }
  console.log('Build');
  table(['dataset', 'records', 'files', 'MB', 'seconds', 'files/s', 'peak RSS MB'], rows);

  // Serving figures: the same files through the router and through plain sirv.
  const dist = join(work, 'dist-x1');
  const persons = fg
    .sync('v1/persons/*.json', { cwd: dist })
    .filter((f) => !f.includes('/_'))
    .slice(0, 200);
  const ids = persons
    .map((f) => f.slice('v1/persons/'.length, -'.json'.length))
    .filter((id) => /^[0-9a-f]{32}$/.test(id));
  const matches = fg
    .sync('v1/clubs/matches/info/*.json', { cwd: dist })
    .map((f) => f.slice('v1/clubs/matches/info/'.length, -5))
    .filter((id) => /^[0-9a-f]{32}$/.test(id))
    .slice(0, 50);
  const lastNames = [
    ...new Set(
      ids
        .slice(0, 50)
        .map(
          (id) =>
            JSON.parse(readFileSync(join(dist, `v1/persons/${id}.json`), 'utf8')).result[0]
              .lastName as string,
        ),
    ),
  ];
  const scenarios: { name: string; ours: string[]; plain: string[] | null }[] = [
    {
      name: 'record by id',
      ours: ids.map((id) => `/v1/persons/${id}`),
      plain: ids.map((id) => `/v1/persons/${id}.json`),
    },
    {
      name: 'default page',
      ours: [2, 3, 4, 5].map((p) => `/v1/persons?page=${p}`),
      plain: [2, 3, 4, 5].map((p) => `/v1/persons/_page/${p}.json`),
    },
    {
      name: 'single filter',
      ours: lastNames.map((n) => `/v1/persons?last_name=${encodeURIComponent(n)}`),
      plain: lastNames.map(
        (n) =>
          `/v1/persons/_by/last_name/${encodeURIComponent(encodeURIComponent(n.toLowerCase()).replace(/[.!'()*~_]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`))}/index.json`,
      ),
    },
    {
      name: 'match lineups (nested path)',
      ours: matches.map((m) => `/v1/clubs/matches/${m}/lineups`),
      plain: matches.map((m) => `/v1/clubs/matches/lineups/_by/match/${m}/index.json`),
    },
    {
      name: 'phase rule matchday (composed)',
      ours: [1, 2, 3, 4, 5].map((d) => `/v1/clubs/matches/info?matchday=${d}`),
      plain: null,
    },
    {
      name: 'other page size (composed)',
      ours: [1, 2, 3].map((p) => `/v1/persons?records=25&page=${p}`),
      plain: null,
    },
    {
      name: 'two filters (composed)',
      ours: [
        '/v1/personnel/players?position=10&full_name=*a*',
        '/v1/personnel/players?position=21&sort=-birth_date',
      ],
      plain: null,
    },
  ];
  // Micro-events, where the demo has them: a filter and a sort within one match (~1,000 records
  // read).
  const eventMatches = fg
    .sync('v1/clubs/events/all/_by/match/*', { cwd: dist, onlyDirectories: true })
    .map((d) => d.split('/').pop()!);
  if (eventMatches.length > 0) {
    scenarios.push({
      name: 'match micro-events (composed)',
      ours: eventMatches.map((m) => `/v1/clubs/events/all?match=${m}&period=2&sort=-match_seconds`),
      plain: null,
    });
  }
  settle();
  const ours = await startServer(['server/cli.ts', '--dir', dist, '--port', '0']);
  const plain = await startServer(['test/bench/plain-sirv.ts', dist]);
  const served: (string | number)[][] = [];
  try {
    for (const s of scenarios) {
      const a = await load(ours.base, s.ours);
      const b = s.plain ? await load(plain.base, s.plain) : null;
      served.push([
        s.name,
        a.rps,
        a.p99,
        a.errors,
        b ? b.rps : '-',
        b ? b.p99 : '-',
        b ? b.errors : '-',
      ]);
    }
  } finally {
    ours.child.kill();
    plain.child.kill();
  }
  console.log('\nServing the demo build (requests/s, p99 ms)');
  table(['scenario', 'router rps', 'p99', 'errors', 'plain sirv rps', 'p99', 'errors'], served);
  rmSync(work, { recursive: true, force: true });
}

main().catch((e: unknown) => {
  console.error(e);
  rmSync(work, { recursive: true, force: true });
  process.exitCode = 1;
});
