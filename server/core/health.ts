import { HEALTH_PATH, type Health } from '../../contract/health.ts';
import { MANIFEST_FILE, type Manifest } from '../../contract/manifest.ts';
import { parseTarget } from './query.ts';

/**
 * The health check (`HEALTH_PATH`) and the one state in which a server cannot answer at all: it
 * has no build yet (a Worker whose bucket holds no archive). Both are answered 503, never 500:
 * the server is not broken, and a client or a load balancer may try again.
 */

/** The server has no build to answer from (yet); thrown by an adapter, answered 503. */
export class Unavailable extends Error {}

/** The seconds a 503 asks a client to wait before it tries again (`Retry-After`). */
export const RETRY_AFTER_SECONDS = 5;

const HEALTH_SEGMENTS = HEALTH_PATH.slice(1).split('/');

/** Whether a path, as the router reads it (`parseTarget`), is the health check's. */
export function isHealthPath(segments: readonly string[] | null): boolean {
  return (
    segments !== null &&
    segments.length === HEALTH_SEGMENTS.length &&
    segments.every((s, i) => s === HEALTH_SEGMENTS[i])
  );
}

/** Whether a request target asks for the health check. */
export const isHealthCheck = (target: string): boolean =>
  isHealthPath(parseTarget(target).segments);

/** What the health check found: the build read, or why it could not be. */
export type HealthCheck =
  { kind: 'ready'; health: Health } | { kind: 'unreadable'; reason: string };

/**
 * Reads the served build's manifest again, through the same file access as every answer (the
 * disk, the archive's range reads, the bucket), so that a build that can no longer be read is
 * reported rather than answered from memory. An error the read throws is left to the adapter,
 * which answers a health check it failed with 503 (`failureOutcome`), after any retry of its own
 * (a build replaced while it was read).
 */
export async function checkHealth(
  manifest: Manifest,
  files: { read(file: string): Promise<Uint8Array | null> },
): Promise<HealthCheck> {
  const bytes = await files.read(MANIFEST_FILE);
  if (bytes === null) return { kind: 'unreadable', reason: `the build has no ${MANIFEST_FILE}` };
  try {
    JSON.parse(new TextDecoder().decode(bytes));
  } catch {
    return { kind: 'unreadable', reason: `the build's ${MANIFEST_FILE} is not JSON` };
  }
  return {
    kind: 'ready',
    health: { status: 'ok', build: manifest.build, format: manifest.format },
  };
}
