import autocannon from 'autocannon';
import fg from 'fast-glob';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { filterKey } from '../../contract/keys.ts';
import { MANIFEST_FILE } from '../../contract/manifest.ts';
import { defineCommand, PROCESS_IO, runCommand, runIfMain, type CliIo } from '../../lib/cli.ts';
import { UserError } from '../../lib/errors.ts';
import { integer, listOf, oneOf, path } from '../../lib/cli-values.ts';
import { collectionDir, pageFile } from '../../contract/paths.ts';
import { runtimesInstalled } from '../../dev/install.ts';
import { NGINX, startNginx } from '../helpers/http/nginx.ts';
import { startScript, startServer, type RuntimeServer } from '../helpers/http/runtime-server.ts';
import { table } from './table.ts';

/**
 * The serving half of `npm run bench`: every adapter on the same requests, side by side with
 * plain sirv serving the same files in production mode. Each scenario is loaded on every adapter
 * in turn before the next scenario, so that a slow moment of the machine falls on all of them.
 *
 * On its own: `tsx test/bench/serving.ts --dir DIST --archive FILE [--adapters a,b]`.
 */

/** Requests of one kind: the router's paths, and the same files' paths for plain sirv. */
interface Scenario {
  name: string;
  ours: string[];
  /** The files themselves, for sirv; null for answers that only the router composes. */
  plain: string[] | null;
}

/** One way of serving the build; `start` resolves once it listens. */
interface Adapter {
  name: string;
  /** Whether this machine can run it (a runtime or nginx may not be installed). */
  available: () => boolean;
  start(dist: string, archive: string, work: string): Promise<RuntimeServer>;
  /** Plain sirv asks for the files themselves. */
  plain?: true;
}

const nodeTree = (dist: string) => startServer(['--dir', dist]);

const ADAPTERS: readonly Adapter[] = [
  {
    name: 'plain sirv (files)',
    available: () => true,
    start: (dist) => startScript(['test/bench/plain-sirv.ts', dist]),
    plain: true,
  },
  { name: 'node tree', available: () => true, start: nodeTree },
  {
    name: 'node archive',
    available: () => true,
    start: (_, archive) => startServer(['--archive', archive]),
  },
  {
    name: 'nginx + node tree',
    available: () => NGINX !== null,
    async start(dist, _, work) {
      const router = await nodeTree(dist);
      const nginx = await startNginx(dist, `http://127.0.0.1:${router.port}`, join(work, 'nginx'));
      const stop = async () => void (await Promise.all([nginx.stop(), router.stop()]));
      return { port: nginx.port, pid: router.pid, stop };
    },
  },
  {
    name: 'deno tree',
    available: runtimesInstalled,
    start: (dist) => startServer(['--runtime', 'deno', '--dir', dist]),
  },
  {
    name: 'bun tree',
    available: runtimesInstalled,
    start: (dist) => startServer(['--runtime', 'bun', '--dir', dist]),
  },
  {
    name: 'worker archive (R2)',
    available: runtimesInstalled,
    start: (_, archive, work) =>
      startServer(['--runtime', 'worker', '--archive', archive, '--persist-to', join(work, 'r2')]),
  },
];

/** The requests of each scenario, taken from the build in `dist`. */
function scenarios(dist: string): Scenario[] {
  const persons = fg
    .sync('v1/persons/*.json', { cwd: dist })
    .map((f) => f.slice('v1/persons/'.length, -'.json'.length))
    .filter((id) => /^[0-9a-f]{32}$/.test(id))
    .slice(0, 200);
  const matches = fg
    .sync('v1/clubs/matches/info/*.json', { cwd: dist })
    .map((f) => f.slice('v1/clubs/matches/info/'.length, -'.json'.length))
    .filter((id) => /^[0-9a-f]{32}$/.test(id))
    .slice(0, 50);
  const lastNames = [
    ...new Set(
      persons.slice(0, 50).map((id) => {
        const doc = JSON.parse(readFileSync(join(dist, `v1/persons/${id}.json`), 'utf8'));
        return doc.result[0].lastName as string;
      }),
    ),
  ];
  // The URL of the file that answers a filter, named as the build names it.
  const filterFile = (field: string, value: string) => {
    const dir = collectionDir('v1/persons', { field, key: filterKey('string', value) });
    return '/' + pageFile(dir, 1).split('/').map(encodeURIComponent).join('/');
  };
  const list: Scenario[] = [
    {
      name: 'record by id',
      ours: persons.map((id) => `/v1/persons/${id}`),
      plain: persons.map((id) => `/v1/persons/${id}.json`),
    },
    {
      name: 'default page',
      ours: ['/v1/persons'],
      plain: ['/v1/persons/index.json'],
    },
    {
      name: 'page 2-5',
      ours: [2, 3, 4, 5].map((p) => `/v1/persons?page=${p}`),
      plain: [2, 3, 4, 5].map((p) => `/v1/persons/_page/${p}.json`),
    },
    {
      name: 'single filter',
      ours: lastNames.map((n) => `/v1/persons?last_name=${encodeURIComponent(n)}`),
      plain: lastNames.map((n) => filterFile('last_name', n)),
    },
    {
      name: 'nested path',
      ours: matches.map((m) => `/v1/clubs/matches/${m}/lineups`),
      plain: matches.map((m) => `/v1/clubs/matches/lineups/_by/match/${m}/index.json`),
    },
    {
      name: 'phase rule (composed)',
      ours: [1, 2, 3, 4, 5].map((d) => `/v1/clubs/matches/info?matchday=${d}`),
      plain: null,
    },
    {
      name: 'page size (composed)',
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
  // Micro-events, where the build has them: a filter and a sort within one match (about 1,000
  // records read).
  const eventMatches = fg
    .sync('v1/clubs/events/all/_by/match/*', { cwd: dist, onlyDirectories: true })
    .map((d) => d.split('/').pop()!);
  if (eventMatches.length > 0)
    list.push({
      name: 'micro-events (composed)',
      ours: eventMatches.map((m) => `/v1/clubs/events/all?match=${m}&period=2&sort=-match_seconds`),
      plain: null,
    });
  return list;
}

/** Requests per second, p99 latency (ms), errors and requests answered of one load. */
interface Load {
  rps: number;
  p99: number;
  errors: number;
  total: number;
}

/** Loads a server with `paths` in turn on every connection. */
export async function load(
  port: number,
  paths: string[],
  options: { duration: number; connections: number; headers?: Record<string, string> },
): Promise<Load> {
  const { headers, ...rest } = options;
  const result = await autocannon({
    url: `http://127.0.0.1:${port}`,
    ...rest,
    requests: paths.map((path) => ({ method: 'GET', path, headers })),
  });
  return {
    rps: Math.round(result.requests.average),
    p99: result.latency.p99,
    errors: result.errors + result.non2xx,
    total: result.requests.total,
  };
}

/**
 * Loads every scenario on every adapter this machine runs (`only`: those named) and returns the
 * table: one row per adapter, one `rps / p99` cell per scenario, errors, and the adapter's lowest
 * ratio to plain sirv over the pre-rendered scenarios.
 */
export async function servingTable(options: {
  dist: string;
  archive: string;
  duration: number;
  connections: number;
  only?: string[];
}): Promise<{ headers: string[]; rows: (string | number)[][]; skipped: string[] }> {
  const { dist, archive, only } = options;
  const work = mkdtempSync(join(tmpdir(), 'football-serving-'));
  const wanted = ADAPTERS.filter((a) => !only || a.plain || only.includes(a.name));
  const adapters = wanted.filter((a) => a.available());
  const skipped = wanted.filter((a) => !a.available()).map((a) => a.name);
  const list = scenarios(dist);
  const servers: RuntimeServer[] = [];
  const results = adapters.map(() => new Map<string, Load>());
  try {
    for (const adapter of adapters) servers.push(await adapter.start(dist, archive, work));
    for (const scenario of list)
      for (const [i, adapter] of adapters.entries()) {
        const paths = adapter.plain ? scenario.plain : scenario.ours;
        if (paths) results[i]!.set(scenario.name, await load(servers[i]!.port, paths, options));
      }
  } finally {
    await Promise.all(servers.map((s) => s.stop()));
    rmSync(work, { recursive: true, force: true });
  }
  const sirv = results[0]!;
  const rows = adapters.map((adapter, i) => {
    const mine = results[i]!;
    const cells = list.map((s) => {
      const r = mine.get(s.name);
      // A cell with errors says how many.
      return r ? `${r.rps} / ${r.p99}${r.errors > 0 ? ` (${r.errors} errors)` : ''}` : '-';
    });
    const errors = [...mine.values()].reduce((sum, r) => sum + r.errors, 0);
    const ratios = list
      .filter((s) => s.plain && mine.has(s.name))
      .map((s) => mine.get(s.name)!.rps / sirv.get(s.name)!.rps);
    return [adapter.name, ...cells, errors, `${Math.min(...ratios).toFixed(2)}x`];
  });
  return {
    headers: ['adapter', ...list.map((s) => s.name), 'errors', 'min vs sirv'],
    rows,
    skipped,
  };
}

/** Prints the serving table of a build. */
export async function printServing(options: Parameters<typeof servingTable>[0]): Promise<void> {
  const { headers, rows, skipped } = await servingTable(options);
  console.log(
    `\nServing (requests/s / p99 ms, ${options.duration}s x ${options.connections} connections ` +
      'per cell; min vs sirv: the lowest ratio over the pre-rendered scenarios)',
  );
  table(headers, rows);
  if (skipped.length > 0) console.log(`Not installed here, not measured: ${skipped.join(', ')}`);
}

/** The serving half of the bench on its own, on a build and an archive made beforehand. */
export const SERVING_COMMAND = defineCommand({
  name: 'npx tsx test/bench/serving.ts',
  description:
    'Loads every adapter this machine runs, beside plain sirv, on the same requests to a built ' +
    'folder and its archive, and prints the serving table of `npm run bench`.',
  options: {
    dir: { type: path('DIR'), required: true, help: 'a folder written by `npm run build`' },
    archive: { type: path('FILE'), required: true, help: 'the archive of the same database' },
    duration: { type: integer('S', { min: 1 }), default: '5', help: 'seconds of each load' },
    connections: {
      type: integer('N', { min: 1 }),
      default: '10',
      help: 'concurrent connections of the load generator',
    },
    adapters: {
      type: listOf(
        oneOf(
          'NAME',
          ADAPTERS.filter((a) => !a.plain).map((a) => a.name),
        ),
      ),
      help: 'only these adapters (plain sirv is always measured)',
    },
  },
});

/** Runs the serving bench with `argv`; resolves to the exit code. */
export function main(argv: readonly string[], io: CliIo = PROCESS_IO): Promise<number> {
  return runCommand(SERVING_COMMAND, argv, io, async ({ values }) => {
    if (!existsSync(join(values.dir, MANIFEST_FILE)))
      throw new UserError(`${values.dir} holds no build: run \`npm run build -- --out DIR\`.`);
    if (!existsSync(values.archive))
      throw new UserError(
        `No archive at ${values.archive}: run \`npm run build -- --archive FILE\`.`,
      );
    await printServing({
      dist: values.dir,
      archive: values.archive,
      duration: values.duration,
      connections: values.connections,
      ...(values.adapters ? { only: values.adapters } : {}),
    });
  });
}

runIfMain(import.meta.url, main);
