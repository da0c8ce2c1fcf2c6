import { fileURLToPath } from 'node:url';
import { querySet } from '../helpers/query-set.ts';
import { startServer } from '../helpers/runtime-server.ts';
import { load, table } from './serving.ts';

/**
 * The query set of an archive (`query-set.ts`) served by the Node archive server, each kind beside
 * the pre-rendered pages of the same collections (what a router answers from one file), in the
 * same run.
 */

/** Prints each kind of the query set's throughput and latency on the Node archive server. */
export async function printQueries(options: {
  label: string;
  archive: string;
  duration: number;
  connections: number;
}): Promise<void> {
  const sets = await querySet(options.archive);
  const server = await startServer(['--archive', options.archive]);
  const rows: (string | number)[][] = [];
  try {
    for (const [kind, paths] of Object.entries(sets)) {
      if (paths.length === 0) continue;
      // One pass over every URL first: the figures are of a warm server, as in production.
      for (const path of paths) await fetch(`http://127.0.0.1:${server.port}${path}`);
      const { duration, connections } = options;
      const result = await load(server.port, paths, { duration, connections });
      rows.push([kind, paths.length, result.rps, result.p99, result.errors]);
    }
  } finally {
    await server.stop();
  }
  console.log(
    `\nQueries on ${options.label}, Node archive server (${options.duration}s x ` +
      `${options.connections} connections per row)`,
  );
  table(['kind', 'URLs', 'req/s', 'p99 ms', 'non-2xx'], rows);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  // `npx tsx test/bench/queries.ts <archive> [seconds]`: the query set of one archive alone.
  const [archive, seconds = '5'] = process.argv.slice(2);
  if (!archive) throw new Error('usage: tsx test/bench/queries.ts <archive> [seconds]');
  await printQueries({ label: archive, archive, duration: Number(seconds), connections: 10 });
}
