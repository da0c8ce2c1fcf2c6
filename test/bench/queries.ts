import { existsSync } from 'node:fs';
import {
  defineCommand,
  PROCESS_IO,
  runCommand,
  runIfMain,
  UserError,
  type CliIo,
} from '../../contract/node/cli.ts';
import { integer, path } from '../../contract/node/cli-values.ts';
import { querySet } from '../helpers/query-set.ts';
import { startServer } from '../helpers/runtime-server.ts';
import { load } from './serving.ts';
import { table } from './table.ts';

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

/** The query set of one archive on its own. */
export const QUERIES_COMMAND = defineCommand({
  name: 'npx tsx test/bench/queries.ts',
  description:
    "Loads the Node archive server with each kind of the archive's query set, and prints the " +
    'queries table of `npm run bench`.',
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
