import type { Server } from 'node:http';
import { watchStopSignals } from './stop-signals.ts';

/**
 * How long a stopping server lets the requests under way finish before it closes their
 * connections: well within the time a service manager waits before it kills (systemd: 90 s).
 */
export const GRACE_MS = 5_000;

/**
 * Stops the server on SIGTERM (a service manager's stop) or SIGINT (Ctrl-C, or npm passing it
 * on): it stops accepting connections, closes the idle kept-alive ones, lets the requests under
 * way finish for up to `GRACE_MS`, then exits with code 0, a clean stop for a service manager.
 * A signal while it stops changes nothing (`watchStopSignals`): a terminal's Ctrl-C reaches the
 * server both directly and through npm, and the grace bounds the wait anyway.
 */
export function stopOnSignals(server: Server): void {
  watchStopSignals((signal) => {
    console.error(`${signal}: stopping once the requests under way are answered.`);
    server.close(() => process.exit(0));
    server.closeIdleConnections();
    setTimeout(() => server.closeAllConnections(), GRACE_MS).unref();
  });
}
