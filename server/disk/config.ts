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
    listening: (port) =>
      console.log(
        `Serving ${source.path} at http://${host}:${port}/v1/ and /v0/  (Ctrl-C to stop)`,
      ),
  };
}
