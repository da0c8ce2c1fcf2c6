import { existsSync, mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import sirv from 'sirv';
import { defineCommand, PROCESS_IO, runCommand, runIfMain, type CliIo } from '../../lib/cli.ts';
import { UserError } from '../../lib/errors.ts';
import { integer, path } from '../../lib/cli-values.ts';
import { bundleClient } from '../../cli/bundle-client.ts';
import { splitArchive } from '../../build/archive/pack.ts';
import { openArchive, type ApiClient } from '../../server/client/client.ts';
import { querySet } from '../helpers/http/query-set.ts';
import { startServer } from '../helpers/http/runtime-server.ts';
import { table } from './table.ts';

/**
 * The client (`server/client/client.ts`) reading an archive from plain sirv, beside the Node
 * archive server answering the same URLs, with the same round trip added before every HTTP
 * request of both: a browser on a real network pays one per request, which a client reading
 * ranges makes more of than one asking a router. Each URL of the query set is asked once of the
 * server, then of a client opened once (cold: first time it meets the URL) and again (warm).
 */

/** Median of some numbers. */
function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted.length ? sorted[Math.floor(sorted.length / 2)]! : NaN;
}

/** `fetch` with `rttMs` of waiting before each request: the network's round trip, emulated. */
function slowFetch(rttMs: number): typeof fetch {
  return async (input, init) => {
    await sleep(rttMs);
    return fetch(input, init);
  };
}

/** Milliseconds an answer takes, its body read. */
async function timed(ask: () => Promise<Response>): Promise<number> {
  const started = performance.now();
  const response = await ask();
  await response.arrayBuffer();
  return performance.now() - started;
}

/** Plain sirv serving the folder `dir`, on a port of its own. */
async function plainHost(dir: string): Promise<{ port: number; close(): Promise<void> }> {
  const host: Server = createServer(sirv(dir, { etag: true }));
  await new Promise<void>((resolve) => host.listen(0, '127.0.0.1', resolve));
  const { port } = host.address() as { port: number };
  return { port, close: () => new Promise((resolve) => host.close(() => resolve())) };
}

/** The layouts the client reads the archive in: whole, and in parts as Cloudflare Pages takes. */
const LAYOUTS = [
  { name: 'whole', file: 'api.archive' },
  { name: 'parts of 25 MiB', file: 'api.parts', partSize: 25 * 2 ** 20 },
] as const;

/**
 * Prints the client's table: per kind of the query set, the server beside the client reading the
 * archive whole, then in parts.
 */
export async function printClient(options: {
  archive: string;
  rttMs: number;
  perKind: number;
}): Promise<void> {
  const { archive, rttMs, perKind } = options;
  const work = mkdtempSync(join(tmpdir(), 'football-client-bench-'));
  symlinkSync(archive, join(work, 'api.archive'));
  const parts = LAYOUTS[1];
  await splitArchive(archive, join(work, parts.file), parts.partSize);
  const size = await bundleClient(join(work, 'client'));
  const host = await plainHost(work);
  const server = await startServer(['--archive', archive]);
  const fetcher = slowFetch(rttMs);
  try {
    const sets = Object.entries(await querySet(archive))
      .map(([kind, paths]) => [kind, paths.slice(0, perKind)] as const)
      .filter(([, paths]) => paths.length > 0);
    const rows = [];
    const opening: string[] = [];
    for (const layout of LAYOUTS) {
      const opened = performance.now();
      const api: ApiClient = await openArchive(`http://127.0.0.1:${host.port}/${layout.file}`, {
        fetch: fetcher,
      });
      opening.push(
        `${layout.name} in ${(performance.now() - opened).toFixed(0)} ms ` +
          `(${api.counts.reads} reads)`,
      );
      for (const [kind, paths] of sets) {
        const figures = { server: [] as number[], cold: [] as number[], warm: [] as number[] };
        const reads = { cold: 0, warm: 0 };
        for (const path of paths) {
          const fromServer = `http://127.0.0.1:${server.port}${path}`;
          figures.server.push(await timed(() => fetcher(fromServer)));
          let before = api.counts.reads;
          figures.cold.push(await timed(() => api.fetch(path)));
          reads.cold += api.counts.reads - before;
          before = api.counts.reads;
          figures.warm.push(await timed(() => api.fetch(path)));
          reads.warm += api.counts.reads - before;
        }
        const ms = (values: number[]) => median(values).toFixed(0);
        const perUrl = (n: number) => (n / paths.length).toFixed(1);
        rows.push([
          layout.name,
          kind,
          paths.length,
          ms(figures.server),
          ms(figures.cold),
          ms(figures.warm),
          `${(median(figures.cold) / median(figures.server)).toFixed(2)}x`,
          `${perUrl(reads.cold)} / ${perUrl(reads.warm)}`,
        ]);
      }
    }
    const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;
    console.log(
      `\nClient on plain sirv beside the Node archive server, ${rttMs} ms added before every ` +
        `request of both; the client weighs ${kb(size.bytes)} minified, ${kb(size.gzipped)} ` +
        `gzipped, and opened the archive ${opening.join(', ')}`,
    );
    table(
      [
        'archive',
        'kind',
        'URLs',
        'server ms',
        'client cold ms',
        'client warm ms',
        'cold / server',
        'reads cold / warm',
      ],
      rows,
    );
  } finally {
    await server.stop();
    await host.close();
    rmSync(work, { recursive: true, force: true });
  }
}

/** The client's figures on one archive. */
export const CLIENT_BENCH_COMMAND = defineCommand({
  name: 'npx tsx test/bench/client.ts',
  description:
    'Asks the query set of an archive of the client reading it from plain sirv and of the Node ' +
    'archive server, with a round trip added to every request, and prints the client table of ' +
    '`npm run bench`.',
  positionals: [{ name: 'archive', type: path('FILE'), help: 'an archive written by the build' }],
  options: {
    rtt: { type: integer('MS', { min: 0 }), default: '50', help: 'round trip of each request' },
    'per-kind': { type: integer('N', { min: 1 }), default: '20', help: 'URLs of each kind' },
  },
});

/** Runs the client bench with `argv`; resolves to the exit code. */
export function main(argv: readonly string[], io: CliIo = PROCESS_IO): Promise<number> {
  return runCommand(CLIENT_BENCH_COMMAND, argv, io, async ({ values, positionals: [archive] }) => {
    if (!existsSync(archive))
      throw new UserError(`No archive at ${archive}: run \`npm run build -- --archive FILE\`.`);
    await printClient({ archive, rttMs: values.rtt, perKind: values['per-kind'] });
  });
}

runIfMain(import.meta.url, main);
