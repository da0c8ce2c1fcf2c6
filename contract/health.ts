/**
 * The health check: one path every server of the API answers, for load balancers and service
 * managers. It lies outside the versioned paths (`/v1/`, `/v0/`) and the build's own pages and
 * files, so no resource can ever take it.
 */

/** The path of the health check. */
export const HEALTH_PATH = '/healthz';

/** The body of a healthy answer (200): the build being served, which has just been read. */
export interface Health {
  status: 'ok';
  /** The content hash of the whole build (the manifest's `build`). */
  build: string;
  /** The manifest's format, which the router reads. */
  format: number;
}
