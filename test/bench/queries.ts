import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineCommand, PROCESS_IO, runCommand, runIfMain, type CliIo } from '../../lib/cli.ts';
import { UserError } from '../../lib/errors.ts';
import { integer, path } from '../../lib/cli-values.ts';
import { querySet } from '../helpers/http/query-set.ts';
import { runtimesInstalled } from '../../dev/install.ts';
import { startServer } from '../helpers/http/runtime-server.ts';
import { load } from './serving.ts';
import { table } from './table.ts';

/**
 * The query set of an archive (`query-set.ts`) served by the Node archive server and by the local
 * Worker reading it from its R2 bucket, each kind beside the pre-rendered pages of the same
 * collections (what a router answers from one file), in the same run.
 */

/** A runtime that serves an archive: its server's arguments, given a folder of its own. */
interface Runtime {
  name: string;
  available: () => boolean;
  args: (archive: string, work: string) => string[];
}

const RUNTIMES: Runtime[] = [
  { name: 'node', available: () => true, args: (archive) => ['--archive', archive] },
  {
    name: 'worker (R2)',
    available: runtimesInstalled,
    args: (archive, work) => [
      ...['--runtime', 'worker', '--archive', archive],
      ...['--persist-to', join(work, 'r2')],
    ],
  },
];

/** Longest wait for a server to listen: the local Worker first copies the archive to its bucket. */
const START_MS = 30 * 60_000;

/** CPU milliseconds a process has used (user and system), from `/proc`. */
function cpuMs(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  // utime and stime, fields 14 and 15 of stat(5), in clock ticks of 10 ms.
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

/** CPU milliseconds per answer of a load of `paths`, asking for `encoding`. */
async function cpuPerAnswer(
  server: { port: number; pid: number },
  paths: string[],
  encoding: 'identity' | 'gzip',
  options: { duration: number; connections: number },
): Promise<string> {
  const before = cpuMs(server.pid);
  const result = await load(server.port, paths, {
    ...options,
    headers: { 'Accept-Encoding': encoding },
  });
  return ((cpuMs(server.pid) - before) / Math.max(1, result.total)).toFixed(3);
}

/** Prints each kind of the query set's throughput and latency on each runtime. */
export async function printQueries(options: {
  label: string;
  archive: string;
  duration: number;
  connections: number;
}): Promise<void> {
  const sets = await querySet(options.archive);
  const kinds = Object.entries(sets).filter(([, paths]) => paths.length > 0);
  const runtimes = RUNTIMES.filter((r) => r.available());
  const cells = new Map<string, (string | number)[]>(kinds.map(([k, p]) => [k, [k, p.length]]));
  const cpu = new Map<string, (string | number)[]>(kinds.map(([k, p]) => [k, [k, p.length]]));
  for (const runtime of runtimes) {
    const work = mkdtempSync(join(tmpdir(), 'football-queries-'));
    try {
      const server = await startServer(runtime.args(options.archive, work), {}, START_MS);
      try {
        for (const [kind, paths] of kinds) {
          // One pass over every URL first: the figures are of a warm server, as in production.
          for (const path of paths)
            await (await fetch(`http://127.0.0.1:${server.port}${path}`)).text();
          const { duration, connections } = options;
          const result = await load(server.port, paths, { duration, connections });
          cells.get(kind)!.push(result.rps, result.p99, result.errors);
          // The archive holds no compressed copies: what compressing each answer costs.
          if (runtime.name === 'node')
            for (const encoding of ['identity', 'gzip'] as const)
              cpu
                .get(kind)!
                .push(await cpuPerAnswer(server, paths, encoding, { duration, connections }));
        }
      } finally {
        await server.stop();
      }
    } finally {
      rmSync(work, { recursive: true, force: true });
    }
  }
  const names = runtimes.map((r) => r.name).join(', ');
  console.log(
    `\nQueries on ${options.label}, the archive served by ${names} ` +
      `(${options.duration}s x ${options.connections} connections per row)`,
  );
  const headers = runtimes.flatMap((r) => [`${r.name} req/s`, `${r.name} p99 ms`, 'non-2xx']);
  table(['kind', 'URLs', ...headers], [...cells.values()]);
  console.log(`\nCPU of the Node archive server per answer, ms (${options.label})`);
  table(['kind', 'URLs', 'identity', 'gzip'], [...cpu.values()]);
}

/** The query set of one archive on its own. */
export const QUERIES_COMMAND = defineCommand({
  name: 'npx tsx test/bench/queries.ts',
  description:
    "Loads the Node archive server and the local Worker with each kind of the archive's query " +
    'set, and prints the queries table of `npm run bench`.',
  positionals: [{ name: 'archive', type: path('FILE'), help: 'an archive written by the build' }],
  options: {
    duration: { type: integer('S', { min: 1 }), default: '5', help: 'seconds of each load' },
  },
});

/** Runs the queries bench with `argv`; resolves to the exit code. */
export function main(argv: readonly string[], io: CliIo = PROCESS_IO): Promise<number> {
  return runCommand(QUERIES_COMMAND, argv, io, async ({ values, positionals: [archive] }) => {
    if (!existsSync(archive))
      throw new UserError(`No archive at ${archive}: run \`npm run build -- --archive FILE\`.`);
    await printQueries({ label: archive, archive, duration: values.duration, connections: 10 });
  });
}

runIfMain(import.meta.url, main);
