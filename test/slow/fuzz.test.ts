import { randomUUID } from 'node:crypto';
import { realpathSync, writeFileSync } from 'node:fs';
import { Agent, request as httpRequest } from 'node:http';
import { connect } from 'node:net';
import { dirname, join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Rng } from '../../data/demo/random.ts';
import { demo, handlerFor } from '../helpers/http/api.ts';
import { crawl } from '../helpers/http/crawl.ts';
import { drift, treeRss } from '../helpers/programs/memory.ts';
import { nginxToTest, startNginxInFront } from '../helpers/http/nginx.ts';
import { runtimesToTest, startServer } from '../helpers/http/runtime-server.ts';

/**
 * Hostile requests, seeded: paths and queries of a crawl of v1 and v0, mutated (dot segments,
 * encodings good and bad, traversals, hostile parameter values, overlong parts), with every
 * method and with `Range`, `If-None-Match` and `Accept-Encoding` variants, sent to every adapter
 * in its own process, as `npm run serve` starts it: Node on the demo tree and on the demo archive,
 * Deno and Bun on each, the Worker on the archive, and nginx in front of the Node router; and raw
 * requests Node's own client will not send (backslashes, NUL and other control bytes, overlong
 * targets, absolute URIs), written to a socket. Every answer must be below 500; every error the
 * adapter makes itself must be the JSON error (`status`, `message`, `uri`); no answer may carry a
 * byte of a file beside the output (a canary); and the server's memory (the process and those it
 * started) must stay flat after a warm-up of half the requests. What a runtime's own HTTP parser
 * answers before the adapter sees the request is recognised by its signature (`PARSERS`) and
 * listed in docs/reliability.md#what-each-runtime-answers-itself.
 *
 * `FOOTBALL_FUZZ_REQUESTS` sets how many mutated requests Node on the tree gets (20,000 by
 * default; the archive gets a quarter as many, every other adapter a tenth), `FOOTBALL_FUZZ_SEED`
 * the seed.
 */

const REQUESTS = Number(process.env['FOOTBALL_FUZZ_REQUESTS'] ?? 20_000);
const SEED = Number(process.env['FOOTBALL_FUZZ_SEED'] ?? 20_261_124);

const { root, dist, archive } = demo();
// Files beside the output, and beside the build the output names, that a traversal would reach:
// no answer may carry their text.
const CANARY = `canary-${randomUUID()}`;
for (const folder of new Set([root, dirname(realpathSync(dist))]))
  writeFileSync(join(folder, 'secret.txt'), CANARY);

const METHODS = ['GET', 'GET', 'GET', 'GET', 'HEAD', 'OPTIONS', 'POST', 'PUT', 'DELETE', 'PATCH'];
const TRAVERSALS = [
  '/../secret.txt',
  '/%2e%2e/secret.txt',
  '/v1/..%2fsecret.txt',
  '/v1/%2e%2e/%2e%2e/secret.txt',
  '/..%5csecret.txt',
  '/v1/../../secret.txt',
  '/%2e%2e%2fsecret.txt',
  '/v1/teams/..%2f..%2f..%2fsecret.txt',
  '/%c0%ae%c0%ae/secret.txt',
];
const BAD_BITS = ['%zz', '%', '%e9', '%00', '%c0%ae', '%2F', '%5C', '%25', '%u0041', ';x=1', '//'];
const VALUES = [
  '-1',
  '0',
  '1e99',
  '99999999999999999999',
  'abc',
  '*',
  '**',
  '%2A',
  "' OR 1=1 --",
  '<script>',
  '',
  '%00',
  '%ff',
  'true',
  'NaN',
  '2024-*',
  'x'.repeat(3000),
];
const PARAMS = ['page', 'records', 'sort', 'match', 'name', 'time', 'player', 'position', 'x', ''];
const RANGES = ['bytes=0-9', 'bytes=-5', 'bytes=5-1', 'bytes=abc', 'bytes=0-1,3-4', 'items=0-1'];
const TAGS = ['*', '"x"', 'W/"x"', 'garbage', '"', ''];
const ENCODINGS = ['gzip', 'br', 'identity;q=0', '*;q=0', 'gzip;q=abc', 'deflate, gzip', '???'];

/** One mutation of a target. */
function mutate(target: string, r: Rng): string {
  const [path = '/', query] = target.split('?');
  switch (r.int(0, 7)) {
    case 0: {
      const parts = path.split('/');
      parts.splice(1 + r.int(0, parts.length - 1), 0, r.pick(['..', '.', '%2e%2e', '%2E', '...']));
      return parts.join('/') + (query ? `?${query}` : '');
    }
    case 1:
      return r.pick(TRAVERSALS);
    case 2: {
      const at = r.int(0, target.length);
      return target.slice(0, at) + r.pick(BAD_BITS) + target.slice(at);
    }
    case 3: {
      const name = r.pick(PARAMS);
      return `${target}${target.includes('?') ? '&' : '?'}${name}=${r.pick(VALUES)}`;
    }
    case 4:
      return `${target}${target.includes('?') ? '&' : '?'}${query ?? 'page=1'}`;
    case 5:
      return path.toUpperCase() + (query ? `?${query}` : '');
    case 6:
      return `${path}/${'segment'.repeat(r.pick([1, 50, 1200]))}${query ? `?${query}` : ''}`;
    default:
      return target + r.pick(['/', '//', '#frag', '?', '&', '?&&&', '/%C3%A9', '/é']);
  }
}

/** What came back for one request. */
interface Answer {
  status: number;
  type: string;
  body: Buffer;
}

/** The runtimes whose own HTTP parser answers some requests before the adapter sees them. */
type Runtime = 'node' | 'deno' | 'bun' | 'worker' | 'nginx';

/**
 * How each runtime's own HTTP parser answers a request it refuses before the adapter sees it:
 * never JSON, so each is told by its signature. Node's, Deno's and nginx's are none (the Node
 * server and the nginx configuration answer every such request with the JSON 400).
 */
const PARSERS: Record<Runtime, (answer: Answer, request: Sent) => boolean> = {
  node: () => false,
  nginx: () => false,
  // Deno: an empty 400 (a NUL, control or raw non-ASCII byte or a space in the target, a target
  // without a slash, a bad method, a header without a colon, two Content-Lengths, 100 KB of
  // headers).
  deno: ({ status, type, body }) => status === 400 && type === '' && body.length === 0,
  // Bun: an empty 400, 431 (a header or target over its limit) or 505 (a space or control byte
  // in the target splits the request line).
  bun: ({ status, type, body }) => [400, 431, 505].includes(status) && !type && !body.length,
  // workerd, as the local run has it: a 400 or 501 in plain text ("ERROR: ..."), a bare
  // "Bad Request" (no Host), and a bare 500 "Internal Server Error" for a target it cannot make a
  // URL of (an absolute URI, `*`, a target without a leading slash, CONNECT), logged by workerd
  // before any Worker runs; and, after the Worker has answered, a plain 415 when the client
  // refuses every coding workerd would send (`identity;q=0`, `*;q=0`): it encodes every answer.
  worker: ({ status, type, body }, { target, head }) => {
    const text = body.toString('latin1');
    if ((status === 400 || status === 501) && type.startsWith('text/plain'))
      return text.startsWith('ERROR: ');
    if (status === 415 && type.startsWith('text/plain')) return text === 'Unsupported Media Type';
    if (type !== '') return false;
    if (status === 400) return text === 'Bad Request';
    // Only for what workerd cannot make a request of; without a body when the method was HEAD.
    const unusable = !target.startsWith('/') || head.match(/\r\ncontent-length:/gi)?.length === 2;
    return status === 500 && unusable && (text === 'Internal Server Error' || text === '');
  },
};

/** A request as it was sent: its target, and its request line and headers. */
interface Sent {
  target: string;
  head: string;
}

/** Checks one answer; returns a description of what is wrong, or null. */
function problem(
  method: string,
  target: string,
  answer: Answer,
  runtime: Runtime = 'node',
  head = `${method} ${target} HTTP/1.1\r\n`,
): string | null {
  const at = `${method} ${target.slice(0, 200)} -> ${answer.status}`;
  if (answer.status === -1) return `${at}: an answer the client cannot read (${answer.type})`;
  if (answer.status < 100) return `${at}: no answer`;
  if (answer.body.includes(CANARY)) return `${at}: bytes from outside the output`;
  if (PARSERS[runtime](answer, { target, head })) return null;
  if (answer.status >= 500) return `${at}: a server error`;
  if (answer.status < 400 || method === 'HEAD') return null;
  if (!answer.type.startsWith('application/json')) return `${at}: an error of type ${answer.type}`;
  let body: { status?: unknown; message?: unknown; uri?: unknown };
  try {
    body = JSON.parse(answer.body.toString('utf8'));
  } catch {
    return `${at}: an error body that is not JSON`;
  }
  if (body.status !== answer.status || typeof body.message !== 'string' || !('uri' in body))
    return `${at}: an error without status, message and uri`;
  return null;
}

/** Sends one request with Node's client; null when the client refuses the target. */
function send(
  port: number,
  agent: Agent,
  method: string,
  target: string,
  headers: Record<string, string>,
): Promise<Answer | null> {
  return new Promise((resolve, reject) => {
    let req;
    try {
      req = httpRequest(
        { host: '127.0.0.1', port, agent, method, path: target, headers },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('end', () => {
            resolve({
              status: res.statusCode!,
              type: String(res.headers['content-type'] ?? ''),
              body: decoded(String(res.headers['content-encoding'] ?? ''), Buffer.concat(chunks)),
            });
          });
          res.on('error', reject);
        },
      );
    } catch {
      resolve(null); // Node's client refuses the target: it goes to the raw requests instead.
      return;
    }
    // An answer Node's client cannot parse is a finding like any other, with its target.
    req.on('error', (error) => resolve({ status: -1, type: error.message, body: Buffer.alloc(0) }));
    req.end();
  });
}

/** Writes one request to a socket as given and reads the answer until the server closes. */
function sendRaw(port: number, head: string): Promise<Answer> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    // A server that never answers or closes is a finding, not a hung test.
    socket.setTimeout(10_000, () => socket.destroy());
    const headOnly = head.startsWith('HEAD ');
    const chunks: Buffer[] = [];
    let split = -1;
    let length = -1;
    socket.on('data', (c: Buffer) => {
      chunks.push(c);
      const raw = Buffer.concat(chunks);
      split = raw.indexOf('\r\n\r\n');
      if (split === -1) return;
      length = Number(
        /\r\ncontent-length: *(\d+)/i.exec(raw.toString('latin1', 0, split))?.[1] ?? -1,
      );
      // The whole answer is in: done, whether or not the runtime closes the connection (workerd
      // keeps it open despite `Connection: close`). An answer to HEAD has no body: a body that
      // comes within a moment is read, and reported.
      if (headOnly) setTimeout(() => socket.destroy(), 200);
      else if (length >= 0 && raw.length >= split + 4 + length) socket.destroy();
    });
    // A reset after the answer is read like a close: what came is what is checked.
    socket.on('error', () => socket.destroy());
    socket.on('close', () => {
      const raw = Buffer.concat(chunks);
      const headText = raw.subarray(0, split === -1 ? raw.length : split).toString('latin1');
      const status = Number(/^HTTP\/1\.[01] (\d{3})/.exec(headText)?.[1] ?? 0);
      const type = /\r\ncontent-type: *([^\r]*)/i.exec(headText)?.[1] ?? '';
      const coding = /\r\ncontent-encoding: *([^\r]*)/i.exec(headText)?.[1] ?? '';
      const sent = split === -1 ? Buffer.alloc(0) : raw.subarray(split + 4);
      resolve({ status, type, body: decoded(coding, sent) });
    });
    socket.write(head, 'latin1');
  });
}

/**
 * A body decoded from its content coding (the Worker's runtime compresses every answer, with
 * brotli for a client that takes only that); one that does not decode is checked as it came.
 */
function decoded(coding: string, body: Buffer): Buffer {
  if (body.length === 0) return body;
  try {
    if (coding === 'gzip') return gunzipSync(body);
    if (coding === 'br') return brotliDecompressSync(body);
  } catch {
    // Not JSON, so reported.
  }
  return body;
}

/** A request line and headers that close the connection after the answer. */
const rawHead = (method: string, target: string, extra = '') =>
  `${method} ${target} HTTP/1.1\r\nHost: fuzz.test\r\nConnection: close\r\n${extra}\r\n`;

/** The crawl's URLs of v1 and v0: the targets mutations start from. */
async function seeds(): Promise<string[]> {
  const api = handlerFor(dist);
  const urls: string[] = [];
  for (const start of ['/v1/', '/v0/'])
    urls.push(...(await crawl(api, { root: start, perShape: 2 })).seen);
  return urls;
}

describe('the checks of an answer', () => {
  const answer = (status: number, type: string, body: string): Answer => ({
    status,
    type,
    body: Buffer.from(body),
  });
  const json = 'application/json; charset=utf-8';
  const error = (status: number) => JSON.stringify({ status, message: 'm', uri: '/x' });

  it('pass the answers the router gives', () => {
    expect(problem('GET', '/x', answer(200, json, '{"result":[]}'))).toBeNull();
    expect(problem('GET', '/x', answer(404, json, error(404)))).toBeNull();
    expect(problem('HEAD', '/x', answer(404, json, ''))).toBeNull();
  });

  it('catch a stray byte, a server error and an error that is not the JSON error', () => {
    expect(problem('GET', '/x', answer(200, json, `{"a":"${CANARY}"}`))).toMatch(/outside/);
    expect(problem('GET', '/x', answer(404, json, `${error(404)}${CANARY}`))).toMatch(/outside/);
    expect(problem('GET', '/x', answer(500, json, error(500)))).toMatch(/server error/);
    expect(problem('GET', '/x', answer(404, 'text/html', '<h1>404</h1>'))).toMatch(/of type/);
    expect(problem('GET', '/x', answer(400, json, '{"status":400}'))).toMatch(/without/);
    expect(problem('GET', '/x', answer(400, json, 'Bad'))).toMatch(/not JSON/);
  });

  it("let through only the answers of the runtime's own parser, and only on that runtime", () => {
    const empty = answer(400, '', '');
    expect(problem('GET', '/x', empty, 'deno')).toBeNull();
    expect(problem('GET', '/x', empty, 'node')).toMatch(/of type/);
    const bare500 = answer(500, '', 'Internal Server Error');
    expect(problem('GET', 'http://x/v1/', bare500, 'worker')).toBeNull();
    expect(problem('GET', '/v1/', bare500, 'worker')).toMatch(/server error/);
    expect(problem('GET', '/x', answer(500, '', 'Internal Server Error'), 'bun')).toMatch(/error/);
    expect(problem('GET', '/x', answer(500, json, error(500)), 'worker')).toMatch(/error/);
    // A stray byte is caught whoever answers.
    expect(problem('GET', '/x', answer(400, '', CANARY), 'deno')).toMatch(/outside/);
  });
});

/** An adapter under the fuzz: how to start it, and how many mutated requests it gets. */
interface Target {
  name: string;
  runtime: Runtime;
  count: number;
  start(): Promise<Started>;
}

/** A server started for the fuzz: its port, its processes (those they start are counted too). */
interface Started {
  port: number;
  pids: number[];
  stop(): Promise<void>;
}

/** `npm run serve` with `args`, as a started server. */
const serve = (args: string[]) => async (): Promise<Started> => {
  const server = await startServer(args);
  return { ...server, pids: [server.pid] };
};

/**
 * The server's arguments. An archive's server keeps leaves of its index and blocks of records
 * as it reads them, up to a quarter of its memory each: with 32 MB they fill within the
 * warm-up, where the default's 128 MB would still be filling as the memory is sampled.
 */
const served = (source: 'tree' | 'archive') =>
  source === 'tree' ? ['--dir', dist] : ['--archive', archive, '--cache-mb', '32'];
const TARGETS: Target[] = [
  {
    name: 'node on the tree',
    runtime: 'node',
    count: REQUESTS,
    start: serve(served('tree')),
  },
  {
    name: 'node on the archive',
    runtime: 'node',
    count: Math.ceil(REQUESTS / 4),
    start: serve(served('archive')),
  },
];
if (runtimesToTest()) {
  for (const runtime of ['deno', 'bun'] as const)
    for (const source of ['tree', 'archive'] as const)
      TARGETS.push({
        name: `${runtime} on the ${source}`,
        runtime,
        count: Math.ceil(REQUESTS / 10),
        start: serve(['--runtime', runtime, ...served(source)]),
      });
  TARGETS.push({
    name: 'the Worker on the archive',
    runtime: 'worker',
    count: Math.ceil(REQUESTS / 10),
    // A Worker keeps its own 48 MB.
    start: serve(['--runtime', 'worker', '--archive', archive, '--persist-to', join(root, 'r2')]),
  });
}
if (nginxToTest())
  TARGETS.push({
    name: 'nginx in front of the node router',
    runtime: 'nginx',
    count: Math.ceil(REQUESTS / 10),
    start: () => startNginxInFront(dist, join(root, 'fuzz-nginx')),
  });

describe.each(TARGETS)('hostile requests to $name', ({ runtime, count, start }) => {
  let server: Started;
  let port: number;
  let targets: string[];

  beforeAll(async () => {
    server = await start();
    port = server.port;
    targets = await seeds();
  });
  afterAll(() => server?.stop());

  it(`answers ${count} mutated requests without a 5xx, a stray byte or a malformed error`, async () => {
    const r = new Rng(SEED);
    const agent = new Agent({ keepAlive: true, maxSockets: 8 });
    const problems: string[] = [];
    const refused: string[] = [];
    const samples: number[] = [];
    const step = Math.max(1, Math.floor((count * 0.5) / 30));
    let sent = 0;
    const one = async () => {
      let target = r.pick(targets);
      for (let n = r.int(1, 3); n > 0; n--) target = mutate(target, r);
      const method = r.pick(METHODS);
      const headers: Record<string, string> = {};
      if (r.chance(0.2)) headers['Range'] = r.pick(RANGES);
      if (r.chance(0.2)) headers['If-None-Match'] = r.pick(TAGS);
      if (r.chance(0.3)) headers['Accept-Encoding'] = r.pick(ENCODINGS);
      if (method === 'OPTIONS' && r.chance(0.5)) {
        headers['Origin'] = 'https://elsewhere.test';
        headers['Access-Control-Request-Method'] = r.pick(METHODS);
      }
      const answer = await send(port, agent, method, target, headers);
      if (answer === null) refused.push(target);
      else {
        const wrong = problem(method, target, answer, runtime);
        if (wrong) problems.push(wrong);
      }
      // After a warm-up of half the requests, which fills the router's caches with answers to
      // targets that are nearly all new, 30 samples of the server's memory.
      if (++sent > count * 0.5 && sent % step === 0)
        samples.push(server.pids.reduce((n, pid) => n + (treeRss(pid) ?? 0), 0));
    };
    // Eight requests in flight at once, as a small load.
    for (let done = 0; done < count; done += 8)
      await Promise.all(Array.from({ length: Math.min(8, count - done) }, one));
    agent.destroy();
    // What Node's client would not send, written to the socket as it is.
    for (const target of refused.slice(0, 500)) {
      const head = rawHead('GET', target);
      const wrong = problem('GET', target, await sendRaw(port, head), runtime, head);
      if (wrong) problems.push(wrong);
    }
    expect(problems.slice(0, 20)).toEqual([]);
    // After the warm-up the server's memory (its process and those it started) stays flat:
    // caches are bounded. The soak is the finer check of a leak (`test/slow/soak.test.ts`): here 4 KB
    // kept per request lifted the low by 13 to 17%, and about 6 KB would fail.
    if (process.platform !== 'linux' || count < 100) return;
    const { early, late } = drift(samples);
    expect(samples.length).toBeGreaterThanOrEqual(30);
    expect(late).toBeLessThan(early * 1.2);
  });

  it('answers raw requests that no client library sends with the JSON error', async () => {
    const cases: [string, string][] = [
      ['backslashes', rawHead('GET', '/v1\\teams')],
      ['a traversal with backslashes', rawHead('GET', '/..\\..\\secret.txt')],
      ['a NUL byte', rawHead('GET', '/v1/teams\0')],
      ['a control byte', rawHead('GET', '/v1/te\x01ams')],
      ['a space', rawHead('GET', '/v1/te ams')],
      ['an absolute URI', rawHead('GET', 'http://elsewhere.test/v1/teams')],
      ['an absolute URI with a traversal', rawHead('GET', 'http://x/../secret.txt')],
      ['an asterisk', rawHead('OPTIONS', '*')],
      ['a dot-segment target', rawHead('GET', '/../secret.txt')],
      ['a target of 100,000 bytes', rawHead('GET', `/v1/${'a'.repeat(100_000)}`)],
      ['no slash', rawHead('GET', 'v1/teams')],
      ['a bad method', rawHead('G@T', '/v1/teams')],
      ['CONNECT', rawHead('CONNECT', 'elsewhere.test:443')],
      ['a raw non-ASCII byte', rawHead('GET', '/v1/caf\xe9')],
      ['HEAD with a raw non-ASCII byte', rawHead('HEAD', '/v1/caf\xe9')],
      ['an upgrade', rawHead('GET', '/v1/teams', 'Connection: Upgrade\r\nUpgrade: websocket\r\n')],
      ['HTTP/1.0 without Host', 'GET /v1/teams HTTP/1.0\r\n\r\n'],
      ['HTTP/1.1 without Host', 'GET /v1/teams HTTP/1.1\r\nConnection: close\r\n\r\n'],
      ['an expectation', rawHead('GET', '/v1/teams', 'Expect: something\r\n')],
      ['a header without a colon', rawHead('GET', '/v1/teams', 'Broken header\r\n')],
      ['a header of 20,000 bytes', rawHead('GET', '/v1/teams', `X-Big: ${'b'.repeat(20_000)}\r\n`)],
      [
        'two Content-Lengths',
        rawHead('GET', '/v1/teams', 'Content-Length: 1\r\nContent-Length: 2\r\n'),
      ],
      ['a range past the end', rawHead('GET', '/v1/teams', 'Range: bytes=999999999-\r\n')],
    ];
    const problems: string[] = [];
    for (const [what, head] of cases) {
      const answer = await sendRaw(port, head);
      // Every case is refused or answered; a closed socket with no answer is a failure too.
      if (answer.status === 0) problems.push(`${what}: no answer`);
      const [method = '', target = ''] = head.split(' ');
      const wrong = problem(method, target, answer, runtime, head);
      if (wrong) problems.push(`${what}: ${wrong}`);
      // An answer to HEAD has no body, or the connection's next answer would be misread.
      if (method === 'HEAD' && answer.body.length > 0) problems.push(`${what}: a body for HEAD`);
      if (runtime === 'node' && what === 'HEAD with a raw non-ASCII byte' && answer.status !== 400)
        problems.push(`${what}: ${answer.status}, not the parser's 400`);
    }
    expect(problems).toEqual([]);
  });
});
