import { HEALTH_PATH } from '../../contract/health.ts';
import { CACHE_MB, megabytes } from '../core/cache-budget.ts';

/**
 * What `npm run serve -- --runtime deno|bun` hands a runtime's adapter, in its environment: the
 * build to serve and the address. The adapter prints the `listening` line once it accepts
 * requests; the launcher and the tests read the port from it.
 */

/** The environment variables the launcher sets. */
export const SERVE_ENV = {
  dir: 'FOOTBALL_API_DIR',
  archive: 'FOOTBALL_API_ARCHIVE',
  port: 'PORT',
  host: 'HOST',
  /** Megabytes of memory for the router's caches (`--cache-mb`). */
  cacheMb: 'FOOTBALL_API_CACHE_MB',
  /** The local Worker only: the folder of its R2 bucket (`--persist-to`). */
  workerState: 'FOOTBALL_API_WORKER_STATE',
} as const;

/** What to serve: a built folder or an archive. */
export type Served = { kind: 'tree'; path: string } | { kind: 'archive'; path: string };

/** An adapter's settings. */
export interface ServeConfig {
  source: Served;
  port: number;
  host: string;
  /** The memory the router's caches may hold, in bytes (`createHandler`). */
  cacheBytes: number;
  /** Says where the server listens, in the line the launcher waits for. */
  listening(port: number): void;
}

/** The line a server prints once it listens; `LISTENING.exec(line)[1]` is the port. */
export const LISTENING = /^Serving .* at http:\/\/[^\s]*:(\d+)\/v1\//;

/** Reads an adapter's settings from its environment. */
export function serveConfig(env: Record<string, string | undefined>): ServeConfig {
  const archive = env[SERVE_ENV.archive];
  const source: Served = archive
    ? { kind: 'archive', path: archive }
    : { kind: 'tree', path: env[SERVE_ENV.dir] ?? 'dist' };
  const host = env[SERVE_ENV.host] ?? '127.0.0.1';
  return {
    source,
    port: Number(env[SERVE_ENV.port] ?? 8080),
    host,
    cacheBytes: megabytes(Number(env[SERVE_ENV.cacheMb] ?? CACHE_MB)),
    listening: (port) => console.log(banner(source.path, host, port, env['npm_lifecycle_event'])),
  };
}

/**
 * What a server prints once it listens: its first line is `LISTENING`'s; then where the explorer,
 * the reference and the health check are, and how to choose another port, in the words of the
 * command that started it (npm names its script in `npm_lifecycle_event`).
 */
export function banner(served: string, host: string, port: number, script?: string): string {
  const origin = `http://${host.includes(':') ? `[${host}]` : host}:${port}`;
  const another =
    script === 'start'
      ? 'PORT=N npm start, or npm start -- --port N'
      : script === 'serve'
        ? 'npm run serve -- --port N, or PORT=N'
        : '--port N, or PORT=N';
  return [
    `Serving ${served} at ${origin}/v1/ and /v0/  (Ctrl-C to stop)`,
    `  ${origin}/         the explorer`,
    `  ${origin}/docs     the API reference`,
    `  ${origin}${HEALTH_PATH}  the health check`,
    `  Another port: ${another}`,
  ].join('\n');
}
