import { answerFrom, follow } from '../disk/local-builds.ts';
import { guarded } from '../core/web-router.ts';
import { serveConfig } from '../disk/config.ts';

/**
 * The router on Bun: `Bun.serve`, with the build read through Bun's `node:fs`, the same code that
 * follows each publish in the Node preview server (`local-builds.ts`). Run by
 * `npm run serve -- --runtime bun`, which passes the folder or archive and the address in the
 * environment (`config.ts`).
 */

/** The few Bun APIs used here (Bun's own types are not part of this project's build). */
declare const Bun: {
  env: Record<string, string | undefined>;
  serve(options: { port: number; hostname: string; fetch(request: Request): Promise<Response> }): {
    port: number;
  };
};

const config = serveConfig(Bun.env);
const builds = await follow(config.source, config.cacheBytes);
const server = Bun.serve({
  port: config.port,
  hostname: config.host,
  fetch: guarded((request) => answerFrom(builds, request)),
});
config.listening(server.port);
