import { spawn, spawnSync } from 'node:child_process';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { Agent, request } from 'node:https';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HEALTH_PATH } from '../../../contract/health.ts';
import { archivedManifest } from '../../../build/archive/publish.ts';
import { LISTENING } from '../../../server/disk/config.ts';
import { demo } from '../../helpers/http/api.ts';
import { NGINX, nginxToTest } from '../../helpers/http/nginx.ts';

/**
 * What a production host runs: the server bundled into one plain JavaScript file
 * (`npm run build:server`), started by `node` alone from a folder with nothing else in it, and
 * the systemd unit `deploy/football-api.service`, checked by systemd's own tools and its command
 * line run as systemd would run it, then stopped as systemd stops it; and nginx in front with
 * TLS, as `docs/production.md` sets it up.
 */

const UNIT = 'deploy/football-api.service';
const { root, archive, dist, manifest } = demo();
const work = mkdtempSync(join(root, 'production-'));
/** The bundle, alone in a folder of its own. */
const bundle = join(work, 'opt', 'serve.mjs');

beforeAll(() => {
  const built = spawnSync('npm', ['run', '--silent', 'build:server', '--', '--out', bundle], {
    encoding: 'utf8',
  });
  expect(built.status, built.stderr).toBe(0);
  expect(built.stdout).toMatch(/^Bundled the server into .*serve\.mjs \(\d+\.\d MB\)\.$/m);
});
afterAll(() => rmSync(work, { recursive: true, force: true }));

/** A port no one listens on now. */
async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** A program started until it prints the `LISTENING` line, and how it ended. */
interface Running {
  port: number;
  output: () => string;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  kill(signal: NodeJS.Signals): void;
}

/** Starts `command` with `args` and `env` in `cwd`; resolves once it listens. */
function start(
  command: string,
  args: string[],
  env: Record<string, string>,
  cwd: string,
): Promise<Running> {
  const child = spawn(command, args, { cwd, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  );
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`${command} did not start:\n${output}`));
    }, 60_000);
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const port = output
        .split('\n')
        .map((line) => LISTENING.exec(line)?.[1])
        .find(Boolean);
      if (port === undefined) return;
      clearTimeout(timer);
      resolve({
        port: Number(port),
        output: () => output,
        exited,
        kill: (signal) => child.kill(signal),
      });
    });
    void exited.then(({ code }) => {
      clearTimeout(timer);
      reject(new Error(`${command} exited with ${code}:\n${output}`));
    });
  });
}

/** The health check and a page of the API answered by a server on `port`. */
async function expectServing(port: number): Promise<void> {
  const served = (await archivedManifest(archive))!;
  const health = await fetch(`http://127.0.0.1:${port}${HEALTH_PATH}`);
  expect(await health.json()).toEqual({ status: 'ok', build: served.build, format: 4 });
  const page = await fetch(`http://127.0.0.1:${port}/v1/persons?records=2`);
  expect(page.status).toBe(200);
  expect(((await page.json()) as { result: unknown[] }).result).toHaveLength(2);
}

/** The environment of a program started with nothing from this project's. */
const bareEnv = (extra: Record<string, string> = {}) => ({ PATH: process.env['PATH']!, ...extra });

describe('the server bundled into one file', () => {
  it('starts with plain node, from a folder that holds nothing else, and stops on SIGTERM', async () => {
    expect(readdirSync(join(work, 'opt'))).toEqual(['serve.mjs']);
    const server = await start(
      process.execPath,
      [bundle, '--archive', archive, '--port', '0'],
      bareEnv(),
      join(work, 'opt'),
    );
    await expectServing(server.port);
    expect(server.output()).toContain('Another port: --port N, or PORT=N');
    server.kill('SIGTERM');
    expect(await server.exited).toEqual({ code: 0, signal: null });
  });

  it('holds no TypeScript and imports no package: only the modules of Node', () => {
    const source = readFileSync(bundle, 'utf8');
    const imports = [...source.matchAll(/^import .* from ['"]([^'"]+)['"]/gm)].map((m) => m[1]!);
    expect(imports.filter((spec) => !spec.startsWith('node:'))).toEqual([]);
    expect(source).not.toMatch(/from ['"][^'"]+\.ts['"]/);
  });
});

/** The unit's settings: its `Environment=` lines and its command line. */
function unitSettings(): { env: Record<string, string>; execStart: string[] } {
  const lines = readFileSync(UNIT, 'utf8').split('\n');
  const env = Object.fromEntries(
    lines
      .filter((line) => line.startsWith('Environment='))
      .map((line) => line.slice('Environment='.length).split(/=(.*)/s).slice(0, 2) as string[]),
  );
  const exec = lines.find((line) => line.startsWith('ExecStart='))!.slice('ExecStart='.length);
  return { env, execStart: exec.split(' ') };
}

/** Whether systemd's tools are here to check the unit; in CI they must be (`.ci/run`). */
function systemdToTest(): boolean {
  if (existsSync('/usr/bin/systemd-analyze')) return true;
  if (process.env['CI']) throw new Error('systemd-analyze is missing; .ci/run installs systemd.');
  console.warn(`Skipping the checks of ${UNIT} by systemd: install systemd (systemd-analyze).`);
  return false;
}

describe(`the systemd unit ${UNIT}`, () => {
  it.runIf(systemdToTest())('passes systemd-analyze verify, and its security scores OK', () => {
    const verified = spawnSync('systemd-analyze', ['verify', UNIT], { encoding: 'utf8' });
    expect([verified.status, verified.stdout + verified.stderr]).toEqual([0, '']);
    const security = spawnSync('systemd-analyze', ['security', '--offline=true', UNIT], {
      encoding: 'utf8',
    });
    const level = /Overall exposure level for football-api\.service: ([\d.]+) (\w+)/.exec(
      security.stdout,
    );
    expect(level?.[2], security.stdout.slice(-400)).toBe('OK');
    expect(Number(level?.[1])).toBeLessThanOrEqual(2);
  });

  it('serves with its own command line and settings, and stops cleanly on its KillSignal', async () => {
    const { env, execStart } = unitSettings();
    expect(Object.keys(env).sort()).toEqual(['FOOTBALL_API_ARCHIVE', 'HOST', 'PORT']);
    expect(readFileSync(UNIT, 'utf8')).toMatch(/^KillSignal=SIGTERM$/m);
    const [node, script, ...args] = execStart;
    expect([node, script]).toEqual(['/usr/bin/node', '/opt/football-api/serve.mjs']);
    // As systemd runs it: the environment of the unit (here, this machine's port and archive),
    // `${NAME}` replaced by its value; the bundle where this test put it.
    const settings = { ...env, FOOTBALL_API_ARCHIVE: archive, PORT: String(await freePort()) };
    const argv = args.map((arg) =>
      arg.replace(/\$\{(\w+)\}/g, (_, name: string) => settings[name as keyof typeof settings]!),
    );
    const server = await start(process.execPath, [bundle, ...argv], bareEnv(settings), '/');
    expect(server.port).toBe(Number(settings.PORT));
    await expectServing(server.port);
    server.kill('SIGTERM');
    // Exit code 0: systemd records a clean stop, and `Restart=on-failure` does not restart it.
    expect(await server.exited).toEqual({ code: 0, signal: null });
  });
});

/** A GET over TLS to `port`, trusting the test's own certificate. */
function httpsGet(
  port: number,
  path: string,
): Promise<{ status: number; body: string; etag?: string }> {
  const agent = new Agent({ rejectUnauthorized: false });
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path, agent }, (res) => {
      let body = '';
      res.on('data', (chunk: Buffer) => (body += chunk.toString()));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body, etag: res.headers.etag }));
    });
    req.on('error', reject);
    req.end();
  });
}

/** Whether openssl is here to make the test's certificate. */
const opensslHere = () => spawnSync('openssl', ['version']).status === 0;

describe('nginx in front, with TLS (docs/production.md)', () => {
  it.runIf(nginxToTest() && opensslHere())(
    'sends files itself and passes the health check to the bundled server on a folder',
    async () => {
      const folder = join(work, 'nginx');
      mkdirSync(folder, { recursive: true });
      const key = join(folder, 'key.pem');
      const cert = join(folder, 'cert.pem');
      const made = spawnSync('openssl', [
        ...['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-days', '1'],
        ...['-subj', '/CN=localhost', '-keyout', key, '-out', cert],
      ]);
      expect(made.status, made.stderr.toString()).toBe(0);
      const server = await start(
        process.execPath,
        [bundle, '--dir', dist, '--port', '0'],
        bareEnv(),
        '/',
      );
      const port = await freePort();
      // The API's configuration as `npm run nginx` writes it, and the certificate in a file of
      // its own at the level of the http block.
      const written = spawnSync(
        process.execPath,
        [
          ...['--import', 'tsx', 'cli/nginx.ts', '--dir', dist],
          ...['--router', `http://127.0.0.1:${server.port}`, '--listen', `127.0.0.1:${port} ssl`],
          ...['--out', join(folder, 'football-api.conf')],
        ],
        { encoding: 'utf8' },
      );
      expect(written.status, written.stderr).toBe(0);
      writeFileSync(
        join(folder, 'tls.conf'),
        `ssl_certificate ${cert};\nssl_certificate_key ${key};\n`,
      );
      const temp = ['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi']
        .map((name) => `  ${name}_temp_path ${join(folder, name)};`)
        .join('\n');
      writeFileSync(
        join(folder, 'nginx.conf'),
        `daemon off;\nmaster_process off;\npid ${join(folder, 'nginx.pid')};\n` +
          `error_log ${join(folder, 'error.log')};\nevents {}\nhttp {\n  access_log off;\n` +
          `${temp}\n  include ${join(folder, 'tls.conf')};\n` +
          `  include ${join(folder, 'football-api.conf')};\n}\n`,
      );
      const nginx = spawn(NGINX!, ['-c', join(folder, 'nginx.conf')], { stdio: 'ignore' });
      try {
        let health = { status: 0, body: '' };
        for (let tries = 0; tries < 100 && health.status === 0; tries++)
          health = await httpsGet(port, HEALTH_PATH).catch(async () => {
            await new Promise((resolve) => setTimeout(resolve, 50));
            return { status: 0, body: '' };
          });
        expect(health.status).toBe(200);
        expect(JSON.parse(health.body)).toEqual({
          status: 'ok',
          build: manifest.build,
          format: manifest.format,
        });
        const page = await httpsGet(port, '/v1/persons');
        expect(page.status).toBe(200);
        expect(JSON.parse(page.body).result.length).toBeGreaterThan(0);
        // nginx's own tag (`"<mtime>-<size>"`, in hex): the file came from disk, not the server.
        expect(page.etag).toMatch(/^"[0-9a-f]+-[0-9a-f]+"$/);
      } finally {
        nginx.kill('SIGTERM');
        server.kill('SIGTERM');
        await server.exited;
      }
    },
  );
});
