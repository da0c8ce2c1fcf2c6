import { signalExitCode, watchStopSignals } from '../lib/stop-signals.ts';
import { SERVE_ENV, serveConfig } from '../server/disk/config.ts';
import { serveWorker } from '../dev/worker-local.ts';

/**
 * The program `npm run serve -- --runtime worker` starts, with its settings in the environment as
 * for Deno and Bun: the Worker on workerd, its archive uploaded into a local R2 bucket. It runs in
 * a process of its own so the server never imports the build, which packs a tree for it.
 *
 * It stops on the first SIGINT or SIGTERM, from its start (packing a tree, uploading a large
 * archive take a while) to its end, with the exit code of the signal; the others are ignored.
 * Miniflare ends workerd and removes its scratch folder as the process exits.
 */
const config = serveConfig(process.env);
const served = process.env[SERVE_ENV.archive] ?? process.env[SERVE_ENV.dir];
let stopServing: (() => Promise<void>) | null = null;
watchStopSignals((signal) => {
  console.error(`${signal}: stopping the local Workers runtime.`);
  const exit = () => process.exit(signalExitCode(signal));
  if (stopServing) void stopServing().finally(exit);
  else exit();
});
stopServing = await serveWorker(config, process.env[SERVE_ENV.workerState]).catch((e: unknown) => {
  console.error(`Cannot serve ${served} on the Workers runtime:`, e);
  process.exit(1);
});
