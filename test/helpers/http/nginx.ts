import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { MANIFEST_FILE, type Manifest } from '../../../contract/manifest.ts';
import { nginxConfig } from '../../../server/hosts/nginx.ts';
import { startServer } from './runtime-server.ts';

/** Debian's nginx, if it is installed (its path). */
export const NGINX = ['/usr/sbin/nginx', '/usr/bin/nginx'].find((path) => existsSync(path)) ?? null;

/**
 * Whether nginx is there to test. In CI it must be (`.ci/run` installs it): a missing one fails
 * the run. Elsewhere its tests are skipped with a message.
 */
export function nginxToTest(): boolean {
  if (NGINX) return true;
  if (process.env['CI']) throw new Error('nginx is not installed; .ci/run installs it.');
  console.warn('Skipping the nginx adapter: install nginx (apt-get install nginx).');
  return false;
}

/** A free port on the loopback interface. */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

/** A running nginx: its port and process, and how to stop it. */
export interface RunningNginx {
  port: number;
  pid: number;
  stop(): Promise<void>;
}

/**
 * Runs nginx with the configuration `npm run nginx` writes for `dist`, in front of the router at
 * `router`, as one process of the current user with every path in `folder`.
 */
export function startNginx(dist: string, router: string, folder: string): Promise<RunningNginx> {
  const manifest = JSON.parse(readFileSync(join(dist, MANIFEST_FILE), 'utf8')) as Manifest;
  return runNginx(
    folder,
    (listen) => nginxConfig(manifest, { root: dist, router, listen }),
    '/v1/',
  );
}

/**
 * Runs nginx as a plain static host of the files in `root`: no rules and no proxy, byte ranges
 * and conditional requests as nginx serves files, and CORS open to every origin, with the
 * headers a client reading by ranges needs (a bucket's usual CORS setting).
 */
export function startStaticNginx(
  root: string,
  folder: string,
  ready: string,
): Promise<RunningNginx> {
  const site = (listen: string) =>
    `server {\n  listen ${listen};\n  root ${root};\n  location / {\n` +
    `    add_header Access-Control-Allow-Origin * always;\n` +
    `    add_header Access-Control-Expose-Headers "ETag, Content-Range, Content-Length" always;\n` +
    `    if ($request_method = OPTIONS) {\n` +
    `      add_header Access-Control-Allow-Origin *;\n` +
    `      add_header Access-Control-Allow-Headers "Range, If-Match, If-Unmodified-Since";\n` +
    `      add_header Access-Control-Max-Age 86400;\n      return 204;\n    }\n  }\n}\n`;
  return runNginx(folder, site, ready);
}

/**
 * Runs nginx with the server block `site(listen)` as one process of the current user with every
 * path in `folder`, once the path `ready` answers.
 */
async function runNginx(
  folder: string,
  site: (listen: string) => string,
  ready: string,
): Promise<RunningNginx> {
  mkdirSync(folder, { recursive: true });
  const port = await freePort();
  const siteFile = join(folder, 'football-api.conf');
  writeFileSync(siteFile, site(`127.0.0.1:${port}`));
  const temp = ['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi']
    .map((name) => `  ${name}_temp_path ${join(folder, name)};`)
    .join('\n');
  const main = join(folder, 'nginx.conf');
  // nginx closes a client's connection after 1,000 requests by default; the bench's client
  // (autocannon) may have sent the next request by then and counts the reset as an error.
  writeFileSync(
    main,
    `daemon off;\nmaster_process off;\npid ${join(folder, 'nginx.pid')};\n` +
      `error_log ${join(folder, 'error.log')};\nevents {}\n` +
      `http {\n  access_log off;\n  keepalive_requests 1000000;\n${temp}\n` +
      `  include ${siteFile};\n}\n`,
  );
  const child = spawn(NGINX!, ['-p', folder, '-c', main], { stdio: 'ignore' });
  // nginx says nothing once it listens: wait until the port answers.
  for (let i = 0; ; i++) {
    const up = await fetch(`http://127.0.0.1:${port}${ready}`, { method: 'HEAD' }).then(
      (r) => r.ok,
      () => false,
    );
    if (up) break;
    if (i === 100 || child.exitCode !== null)
      throw new Error(`nginx did not start: ${readFileSync(join(folder, 'error.log'), 'utf8')}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    port,
    pid: child.pid!,
    stop: () =>
      new Promise((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

/**
 * nginx with `npm run nginx`'s configuration for `dist`, in front of the Node router serving the
 * same folder in its own process (`npm run serve -- --dir`); `pids` are both processes.
 */
export async function startNginxInFront(
  dist: string,
  folder: string,
): Promise<{ port: number; pids: number[]; stop(): Promise<void> }> {
  const router = await startServer(['--dir', dist]);
  try {
    const nginx = await startNginx(dist, `http://127.0.0.1:${router.port}`, folder);
    return {
      port: nginx.port,
      pids: [nginx.pid, router.pid],
      stop: () => Promise.all([nginx.stop(), router.stop()]).then(() => {}),
    };
  } catch (e) {
    await router.stop();
    throw e;
  }
}
