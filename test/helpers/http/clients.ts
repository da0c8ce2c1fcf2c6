import { execFile, execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { promisify } from 'node:util';
import type { Handler } from '../../../server/core/handler.ts';
import type { Reply } from './api.ts';

/**
 * The HTTP clients people keep a copy of the API in sync with, each asking for an answer and then
 * revalidating it with the ETag it got, exactly as it does on its own: Node's `fetch` (which adds
 * `Cache-Control: no-cache` and `Pragma: no-cache` to a request that sets `If-None-Match`), curl,
 * and Python's `requests`. The router in-process is asked with the headers each client was seen
 * to send, captured from it on a real socket.
 */

/** One revalidation: the target, the coding the client asks for, and the method. */
export interface Ask {
  target: string;
  gzip: boolean;
  method: 'GET' | 'HEAD';
}

/** What a client saw of one response (its body decoded, as the client hands it over). */
export interface Seen {
  status: number;
  etag: string | null;
  encoding: string | null;
  body: string;
}

/** A client: for each ask, the first answer and the answer to revalidating it with its tag. */
export interface Client {
  name: 'fetch' | 'curl' | 'requests';
  revalidate(origin: string, asks: Ask[]): Promise<[Seen, Seen][]>;
}

const run = promisify(execFile);

/** A client that sends one request at a time: each ask, then again with the tag it got. */
function oneByOne(
  name: Client['name'],
  get: (origin: string, ask: Ask, tag?: string) => Promise<Seen>,
): Client {
  return {
    name,
    async revalidate(origin, asks) {
      const pairs: [Seen, Seen][] = [];
      for (const ask of asks) {
        const first = await get(origin, ask);
        pairs.push([first, await get(origin, ask, first.etag ?? '')]);
      }
      return pairs;
    },
  };
}

/** Node's own `fetch`, as a Node program uses it. */
const nodeFetch = oneByOne('fetch', async (origin, { target, gzip, method }, tag) => {
  const headers: Record<string, string> = gzip ? {} : { 'Accept-Encoding': 'identity' };
  const response = await fetch(origin + target, {
    method,
    headers: tag ? { ...headers, 'If-None-Match': tag } : headers,
  });
  return seen(response.status, (name) => response.headers.get(name), await response.text());
});

/** curl, decoding gzip with `--compressed` (which asks for it) and sending no coding otherwise. */
const curl = oneByOne('curl', async (origin, { target, gzip, method }, tag) => {
  const args = ['--silent', '--show-error', '--include', origin + target];
  if (gzip) args.push('--compressed');
  if (method === 'HEAD') args.push('--head');
  if (tag) args.push('--header', `If-None-Match: ${tag}`);
  const { stdout } = await run('curl', args, { maxBuffer: 64 * 1024 * 1024 });
  const { status, headers, body } = included(stdout);
  return seen(status, (name) => headers.get(name) ?? null, body);
});

/** What curl prints with `--include`: the status, the headers by lower-case name, the body. */
function included(stdout: string): { status: number; headers: Map<string, string>; body: string } {
  const end = stdout.indexOf('\r\n\r\n');
  const [statusLine, ...lines] = stdout.slice(0, end).split('\r\n');
  const headers = new Map(
    lines.map((line) => {
      const colon = line.indexOf(':');
      return [line.slice(0, colon).toLowerCase(), line.slice(colon + 1).trim()] as const;
    }),
  );
  return { status: Number(statusLine!.split(' ')[1]), headers, body: stdout.slice(end + 4) };
}

/**
 * curl asked for the URL whose bytes are `url`, sent as they are: curl reads it from a config
 * on its standard input, so that bytes that are not UTF-8, which no command line argument
 * carries, reach it too. It takes gzip and decodes it, as `--compressed` does.
 */
export async function curlBytes(
  url: Uint8Array,
  init: { method?: 'GET' | 'HEAD'; headers?: Record<string, string> } = {},
): Promise<Reply> {
  const args = ['--silent', '--show-error', '--include', '--compressed', '--config', '-'];
  if (init.method === 'HEAD') args.push('--head');
  for (const [name, value] of Object.entries(init.headers ?? {}))
    args.push('--header', `${name}: ${value}`);
  const running = run('curl', args, { maxBuffer: 64 * 1024 * 1024 });
  running.child.stdin!.end(Buffer.concat([Buffer.from('url = "'), url, Buffer.from('"\n')]));
  const { status, headers, body } = included((await running).stdout);
  let json: unknown;
  try {
    json = body ? JSON.parse(body) : undefined;
  } catch {
    json = undefined;
  }
  return { status, headers: new Headers([...headers]), text: body, json };
}

/** Debian's Python, whose `requests` is Debian's python3-requests. */
const PYTHON = '/usr/bin/python3';
const SCRIPT = join(import.meta.dirname, 'revalidate.py');

/** Python's `requests`, which asks for gzip unless told otherwise and decodes it. */
const requests: Client = {
  name: 'requests',
  async revalidate(origin, asks) {
    const child = execFile(PYTHON, [SCRIPT, origin], { maxBuffer: 64 * 1024 * 1024 });
    child.stdin!.end(JSON.stringify(asks));
    const stdout = await new Promise<string>((resolve, reject) => {
      let out = '';
      let err = '';
      child.stdout!.on('data', (chunk: string) => (out += chunk));
      child.stderr!.on('data', (chunk: string) => (err += chunk));
      child.once('error', reject);
      child.once('exit', (code) => (code === 0 ? resolve(out) : reject(new Error(err))));
    });
    return JSON.parse(stdout) as [Seen, Seen][];
  },
};

/** The Debian package each client needs, where it needs one (Node's `fetch` is Node's own). */
const PACKAGE: Partial<Record<Client['name'], string>> = {
  curl: 'curl',
  requests: 'python3-requests',
};

function seen(status: number, header: (name: string) => string | null, body: string): Seen {
  return { status, etag: header('etag'), encoding: header('content-encoding'), body };
}

/**
 * The clients there are to test. curl and Debian's python3-requests must be there in CI
 * (`.ci/run` installs them): a missing one fails the run. Elsewhere it is left out, saying so.
 */
export function clientsToTest(): Client[] {
  const hasRequests = () => {
    try {
      execFileSync(PYTHON, ['-c', 'import requests'], { stdio: 'ignore' });
      return true;
    } catch {
      return false;
    }
  };
  const missing = [
    ...(existsSync('/usr/bin/curl') ? [] : ['curl']),
    ...(hasRequests() ? [] : ['python3-requests']),
  ];
  if (missing.length > 0 && process.env['CI'])
    throw new Error(`${missing.join(' and ')} not installed; .ci/run installs them.`);
  if (missing.length > 0)
    console.warn(`Skipping these clients: install ${missing.join(' ')} (apt-get install).`);
  return [nodeFetch, curl, requests].filter(
    (client) => !missing.includes(PACKAGE[client.name] ?? ''),
  );
}

/**
 * The headers `client` sends for each ask, first plain and then revalidating, as seen by a
 * server on a real socket (which answers every request 200 with a tag of its own).
 */
async function capturedHeaders(client: Client, asks: Ask[]): Promise<IncomingHttpHeaders[]> {
  const seenHeaders: IncomingHttpHeaders[] = [];
  const server = createServer((request, response) => {
    seenHeaders.push(request.headers);
    response.writeHead(200, { ETag: '"captured"', 'Content-Type': 'application/json' });
    response.end('{}');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  try {
    const { port } = server.address() as AddressInfo;
    await client.revalidate(`http://127.0.0.1:${port}`, asks);
    return seenHeaders;
  } finally {
    await new Promise((resolve) => server.close(resolve));
  }
}

/** Headers of the connection, not of the request a router sees. */
const HOP = new Set(['host', 'connection', 'keep-alive', 'content-length']);

/**
 * `client` as the router in-process meets it: each request has the headers the client sent
 * for the same ask, with the tag it got in place of the captured one.
 */
export function inProcess(client: Client, handler: Handler): Client {
  return {
    name: client.name,
    async revalidate(origin, asks) {
      const captured = await capturedHeaders(client, asks);
      let sent = 0;
      return oneByOne(client.name, async (_origin, { target, method }, tag) => {
        const headers = new Headers();
        for (const [name, value] of Object.entries(captured[sent++]!))
          if (!HOP.has(name) && value !== undefined) headers.set(name, String(value));
        if (tag !== undefined) headers.set('if-none-match', tag);
        const response = await handler.fetch(
          new Request(`http://api.test${target}`, { method, headers }),
        );
        const gzipped = response.headers.get('content-encoding') === 'gzip' && response.body;
        const body = gzipped
          ? await new Response(response.body.pipeThrough(new DecompressionStream('gzip'))).text()
          : await response.text();
        return seen(response.status, (name) => response.headers.get(name), body);
      }).revalidate(origin, asks);
    },
  };
}
