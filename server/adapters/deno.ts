import { answerFrom, follow } from '../disk/local-builds.ts';
import { guarded } from '../core/web-router.ts';
import { serveConfig } from '../disk/config.ts';

/**
 * The router on Deno: `Deno.serve`, with the build read through Deno's `node:fs`, the same code
 * that follows each publish in the Node preview server (`local-builds.ts`). Run by
 * `npm run serve -- --runtime deno`, which passes the folder or archive and the address in the
 * environment (`config.ts`).
 */

/** The few Deno APIs used here (Deno's own types are not part of this project's build). */
declare const Deno: {
  env: { toObject(): Record<string, string> };
  serve(
    options: { port: number; hostname: string; onListen(address: { port: number }): void },
    handler: (request: Request) => Promise<Response>,
  ): unknown;
};

const config = serveConfig(Deno.env.toObject());
const builds = await follow(config.source, config.cacheBytes);
Deno.serve(
  { port: config.port, hostname: config.host, onListen: ({ port }) => config.listening(port) },
  guarded((request) => answerFrom(builds, request)),
);
