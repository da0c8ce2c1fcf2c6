import { SERVE_ENV, serveConfig } from '../server/disk/config.ts';
import { serveWorker } from './worker-local.ts';

/**
 * The program `npm run serve -- --runtime worker` starts, with its settings in the environment as
 * for Deno and Bun: the Worker on workerd, its archive uploaded into a local R2 bucket. It runs in
 * a process of its own so the server never imports the build, which packs a tree for it.
 */
const config = serveConfig(process.env);
const served = process.env[SERVE_ENV.archive] ?? process.env[SERVE_ENV.dir];
const stop = await serveWorker(config, process.env[SERVE_ENV.workerState]).catch((e: unknown) => {
  console.error(`Cannot serve ${served} on the Workers runtime:`, e);
  process.exit(1);
});
const quit = () => void stop().then(() => process.exit(0));
process.once('SIGINT', quit).once('SIGTERM', quit);
