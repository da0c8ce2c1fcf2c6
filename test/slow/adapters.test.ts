import autocannon from 'autocannon';
import { mkdtempSync, readdirSync, readFileSync, renameSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { connect, createServer as createTcpServer, type AddressInfo } from 'node:net';
import { join } from 'node:path';
import { request as httpRequest } from 'node:http';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build } from '../../build/build.ts';
import { splitArchive } from '../../build/archive/pack.ts';
import { OPENAPI_FILE } from '../../build/openapi/openapi.ts';
import { archivedManifest } from '../../build/archive/publish.ts';
import { HEALTH_PATH } from '../../contract/health.ts';
import { REGISTRY } from '../../build/registry/index.ts';
import { JSON_TYPE } from '../../contract/envelope.ts';
import { MANIFEST_FILE } from '../../contract/manifest.ts';
import { HTML_TYPE, PAGE_POLICY } from '../../contract/page-policy.ts';
import { createArchiveServer, createPreviewServer } from '../../server/adapters/node.ts';
import type { Handler } from '../../server/core/handler.ts';
import { archiveHandlerFor, call, demo, handlerFor, type Reply } from '../helpers/http/api.ts';
import { crawl } from '../helpers/http/crawl.ts';
import {
  clientsToTest,
  curlBytes,
  inProcess as inProcessClient,
  type Ask,
} from '../helpers/http/clients.ts';
import { nginxToTest, startNginx } from '../helpers/http/nginx.ts';
import { startServer, runtimesToTest, type OtherRuntime } from '../helpers/http/runtime-server.ts';
import { expectEnvelope, expectError } from '../helpers/http/shapes.ts';

/**
 * One behaviour suite run against each adapter, from the tree and from the archive: the fetch
 * handler in-process, the Node preview server on a real port (the tree's files read once, then
 * sent from memory; range reads of the archive), and the adapters of the other runtimes on their real runtimes, started
 * with `npm run serve -- --runtime worker|deno|bun`. All must answer every case the same way.
 */

const { root, dist, archive } = demo();
type Send = (
  target: string,
  init?: { method?: string; headers?: Record<string, string> },
) => Promise<Reply>;

/**
 * A raw HTTP request that sends the target exactly as written (no client-side normalisation),
 * and decodes a gzip body as every HTTP client does.
 */
function rawRequest(port: number): Send {
  return (target, init = {}) =>
    new Promise((resolve, reject) => {
      const req = httpRequest(
        {
          host: '127.0.0.1',
          port,
          path: target,
          method: init.method ?? 'GET',
          headers: init.headers,
        },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('end', () => {
            const raw = Buffer.concat(chunks);
            const gzipped = res.headers['content-encoding'] === 'gzip' && raw.length > 0;
            const text = (gzipped ? gunzipSync(raw) : raw).toString('utf8');
            const headers = new Headers();
            for (const [k, v] of Object.entries(res.headers))
              if (v !== undefined) headers.set(k, Array.isArray(v) ? v.join(', ') : v);
            let json: unknown;
            try {
              json = text ? JSON.parse(text) : undefined;
            } catch {
              json = undefined;
            }
            resolve({ status: res.statusCode ?? 0, headers, text, json });
          });
        },
      );
      req.on('error', reject);
      req.end();
    });
}

/** An adapter under test. */
interface Adapter {
  name: string;
  source: 'tree' | 'archive';
  /**
   * False where the runtime hides the client's `Accept-Encoding`: Workers always claim gzip and
   * brotli, and Cloudflare's edge decodes for a client that takes neither.
   */
  negotiates: boolean;
  /** nginx tags the files it sends itself (`"<mtime>-<size>"`), strong but not the router's. */
  ownTags?: boolean;
  /** nginx answers a target whose dot segments climb above the root, or with a NUL, with 400. */
  refusesUnsafeTargets?: boolean;
  reach: Reach;
}

/**
 * What a server's router gets for a byte of the target that is not UTF-8: the byte,
 * percent-encoded (the Node server reads again the request Node's parser refused); U+FFFD in
 * its place (Bun and workerd); or nothing, as Deno answers an empty 400 itself.
 */
type NotUtf8 = 'byte' | 'replaced' | 'runtime-400';

/**
 * How a test reaches an adapter: a handler called in-process (whose requests cannot carry raw
 * bytes), or a server on a port.
 */
type Reach =
  { kind: 'in-process'; handler: Handler } | { kind: 'port'; port: () => number; notUtf8: NotUtf8 };

/** A function that sends requests to the adapter `reach` names. */
function sender(reach: Reach): Send {
  switch (reach.kind) {
    case 'in-process':
      return (target, init) => call(reach.handler, target, init);
    case 'port':
      return rawRequest(reach.port());
    default:
      return reach satisfies never;
  }
}

/**
 * The demo archive in parts (8 MiB, so that answers read across the end of a part), as
 * `npm run build -- --part-size` writes it: served through its entry point, it must answer as
 * the archive does.
 */
const partsFolder = mkdtempSync(join(tmpdir(), 'football-adapter-parts-'));
const parts = join(partsFolder, 'api.parts');
await splitArchive(archive, parts, 8 * 2 ** 20);

const server = createPreviewServer(dist);
const archiveServer = await createArchiveServer(archive);
const partsServer = await createArchiveServer(parts);
const inProcess = handlerFor(dist);
const fromArchive = await archiveHandlerFor(archive);
const adapters: Adapter[] = [
  {
    name: 'fetch handler',
    source: 'tree',
    negotiates: true,
    reach: { kind: 'in-process', handler: inProcess },
  },
  {
    name: 'preview server',
    source: 'tree',
    negotiates: true,
    reach: {
      kind: 'port',
      port: () => (server.address() as AddressInfo).port,
      notUtf8: 'byte',
    },
  },
  {
    name: 'fetch handler on the archive',
    source: 'archive',
    negotiates: true,
    reach: { kind: 'in-process', handler: fromArchive.handler },
  },
  {
    name: 'preview server on the archive',
    source: 'archive',
    negotiates: true,
    reach: {
      kind: 'port',
      port: () => (archiveServer.address() as AddressInfo).port,
      notUtf8: 'byte',
    },
  },
  {
    name: 'preview server on the archive in parts',
    source: 'archive',
    negotiates: true,
    reach: {
      kind: 'port',
      port: () => (partsServer.address() as AddressInfo).port,
      notUtf8: 'byte',
    },
  },
];

/** Where the servers of the other runtimes read: the tree, the archive, or its parts. */
type OtherSource = Adapter['source'] | 'parts';
/**
 * The servers of the other runtimes, started before the suite, side by side. Deno and Bun open
 * parts with the Node preview server's code (Deno's permissions are the archive's folder); the
 * Worker reads them from its bucket.
 */
const others: [OtherRuntime, OtherSource][] = runtimesToTest()
  ? [
      ...(['deno', 'bun', 'worker'] as const).flatMap((runtime) =>
        (['tree', 'archive'] as const).map((source): [OtherRuntime, OtherSource] => [
          runtime,
          source,
        ]),
      ),
      ['deno', 'parts'],
      ['worker', 'parts'],
    ]
  : [];
const starting = await Promise.allSettled(
  others.map(([runtime, source]) => {
    const args = ['--runtime', runtime];
    const from = {
      tree: ['--dir', dist],
      archive: ['--archive', archive],
      parts: ['--archive', parts],
    };
    args.push(...from[source]);
    // Each Worker keeps its own bucket: all put their archive under the one key.
    if (runtime === 'worker') args.push('--persist-to', join(root, `worker-state-${source}`));
    // The Worker on a tree first packs it into an archive: the demo's 933 MB of files read
    // from disk, which takes minutes on a busy 2-core machine beside the other runtimes' starts.
    return startServer(args, {}, runtime === 'worker' && source === 'tree' ? 600_000 : undefined);
  }),
);
// One that fails to start fails the file; those that started are stopped, not left running.
const started = starting.flatMap((s) => (s.status === 'fulfilled' ? [s.value] : []));
const failed = starting.find((s) => s.status === 'rejected');
if (failed) {
  await Promise.all(started.map((s) => s.stop()));
  throw failed.reason;
}
others.forEach(([runtime, source], i) =>
  adapters.push({
    name: `${runtime} on the ${source === 'parts' ? 'archive in parts' : source}`,
    source: source === 'parts' ? 'archive' : source,
    negotiates: runtime !== 'worker',
    reach: {
      kind: 'port',
      port: () => started[i]!.port,
      notUtf8: runtime === 'deno' ? 'runtime-400' : 'replaced',
    },
  }),
);

const servers = [server, archiveServer, partsServer];
for (const s of servers) await new Promise<void>((resolve) => s.listen(0, '127.0.0.1', resolve));

/** nginx with the configuration of `npm run nginx`, in front of the preview server. */
const nginx = nginxToTest()
  ? await startNginx(
      dist,
      `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
      join(root, 'nginx'),
    )
  : null;
if (nginx)
  adapters.push({
    name: 'nginx in front of the preview server',
    source: 'tree',
    negotiates: true,
    ownTags: true,
    refusesUnsafeTargets: true,
    // nginx passes the target to the Node server as it received it.
    reach: { kind: 'port', port: () => nginx.port, notUtf8: 'byte' },
  });

afterAll(async () => {
  await fromArchive.close();
  rmSync(partsFolder, { recursive: true, force: true });
  for (const s of servers) await new Promise<void>((resolve) => s.close(() => resolve()));
  await Promise.all([...started, ...(nginx ? [nginx] : [])].map((s) => s.stop()));
});

describe.each(adapters)('$name', ({ reach, source, refusesUnsafeTargets }) => {
  let send: Send;
  beforeAll(() => {
    send = sender(reach);
  });

  it('serves the root, collections, pages and records in the envelope', async () => {
    expectEnvelope(await send('/v1/'), { root: true });
    const page1 = await send('/v1/persons');
    expectEnvelope(page1, { paginated: true });
    const page2 = await send(page1.json.meta.next);
    expectEnvelope(page2, { paginated: true });
    expect(page2.json.meta.page).toBe(2);
    const id = page2.json.result[0].id;
    const record = await send(`/v1/persons/${id}/`);
    expectEnvelope(record, { paginated: false });
    expect(record.json.result[0]).toEqual(page2.json.result[0]);
  });

  it('answers the health check with the build it serves, uncached, for GET and HEAD', async () => {
    const served = source === 'tree' ? demo().manifest : (await archivedManifest(archive))!;
    const reply = await send(HEALTH_PATH, { headers: { 'Accept-Encoding': 'gzip' } });
    expect(reply.status, reply.text).toBe(200);
    expect(reply.json).toEqual({ status: 'ok', build: served.build, format: served.format });
    expect(reply.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(reply.headers.get('cache-control')).toBe('no-store');
    expect(reply.headers.get('etag')).toBeNull();
    const head = await send(HEALTH_PATH, { method: 'HEAD' });
    expect([head.status, head.text, head.headers.get('cache-control')]).toEqual([
      200,
      '',
      'no-store',
    ]);
  });

  it('serves the OpenAPI document of the build at /openapi.json', async () => {
    const reply = await send('/openapi.json');
    expect(reply.status).toBe(200);
    expect(reply.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(reply.text).toBe(readFileSync(join(dist, OPENAPI_FILE), 'utf8'));
  });

  it('serves the explorer at / and the reference at /docs, with their types and page policy', async () => {
    const pages: [string, string, string][] = [
      ['/', 'index.html', HTML_TYPE],
      ['/docs', 'docs/index.html', HTML_TYPE],
      ['/docs/', 'docs/index.html', HTML_TYPE],
      ['/explorer/explorer.js', 'explorer/explorer.js', 'text/javascript; charset=utf-8'],
      ['/explorer/explorer.css', 'explorer/explorer.css', 'text/css; charset=utf-8'],
      ['/docs/reference.js', 'docs/reference.js', 'text/javascript; charset=utf-8'],
      // A part of the OpenAPI document the reference loads.
      ['/docs/openapi/v1-persons.json', 'docs/openapi/v1-persons.json', JSON_TYPE],
    ];
    for (const [path, file, type] of pages) {
      const reply = await send(path);
      expect(reply.status, path).toBe(200);
      expect(reply.headers.get('content-type'), path).toBe(type);
      expect(reply.text, path).toBe(readFileSync(join(dist, file), 'utf8'));
      // Only pages carry the policy; it lets them read this origin and nothing else.
      expect(reply.headers.get('content-security-policy'), path).toBe(
        type === HTML_TYPE ? PAGE_POLICY : null,
      );
    }
    expect((await send('/index.html')).status).toBe(404);
  });

  it('answers filters, wildcards, page sizes and sorts', async () => {
    const filtered = await send('/v1/personnel/players?position=10');
    expectEnvelope(filtered, { paginated: true });
    expect(filtered.json.result.every((r: { position: number }) => r.position === 10)).toBe(true);
    const composed = await send(
      '/v1/personnel/players?position=10&full_name=*a*&records=4&sort=-birth_date',
    );
    expectEnvelope(composed, { paginated: true });
    expect(composed.json.meta.records).toBe(4);
    // Descending: later dates first, unknown (null) dates last.
    const dates: (string | null)[] = composed.json.result.map(
      (r: { birthDate: string | null }) => r.birthDate,
    );
    const known = dates.filter((d): d is string => d !== null);
    expect(dates).toEqual([...[...known].sort().reverse(), ...dates.filter((d) => d === null)]);
  });

  it('answers an empty filter with an empty page', async () => {
    const reply = await send('/v1/persons?last_name=Nobody%20At%20All');
    expectEnvelope(reply, { paginated: true });
    expect(reply.json.meta).toMatchObject({
      totalRecords: 0,
      totalPages: 0,
      page: 1,
      next: null,
      prev: null,
    });
  });

  it.each([
    ['/v1/nowhere', 404],
    ['/v1/persons/zzz', 404],
    ['/v1/persons/0123456789abcdef0123456789abcdef', 404],
    ['/v1/persons?page=9999', 404],
    ['/v1/persons?bogus=1', 400],
    ['/v1/cards?page=1', 400],
    ['/v1/persons?records=0', 400],
  ])('GET %s -> %i in the error shape', async (target, status) => {
    expectError(await send(target), status, target);
  });

  it.each([
    '/v1/../../../etc/passwd',
    '/v1/%2e%2e/%2e%2e/%2e%2e/etc/passwd',
    '/v1/persons/..%2f..%2f..%2fpackage.json',
    '/v1/persons/%2e%2e%5c%2e%2e%5cpackage.json',
    '/..%2f_manifest.json',
    '/_manifest.json',
    '/v1/persons%00.json',
  ])('never reads outside the API: %s', async (target) => {
    const reply = await send(target);
    // nginx refuses some of these before any configuration sees them, with a JSON 400.
    expectError(reply, refusesUnsafeTargets && reply.status === 400 ? 400 : 404);
    expect(reply.text).not.toContain('"name"');
  });

  it('sends ETag and answers If-None-Match with 304', async () => {
    const first = await send('/v1/countries?page=2');
    const tag = first.headers.get('etag')!;
    const other = await send('/v1/countries?page=2', {
      headers: { 'If-None-Match': '"something-else", W/"older"' },
    });
    expect(other.status).toBe(200);
    expect(other.text).toBe(first.text);
    expect(
      (await send('/v1/countries?page=2', { headers: { 'If-None-Match': `"x", W/${tag}` } }))
        .status,
    ).toBe(304);
    // `*` matches any answer that exists, and only one that does.
    const any = { headers: { 'If-None-Match': '*' } };
    expect((await send('/v1/countries?page=2', any)).status).toBe(304);
    expect((await send('/v1/countries?confederation=99', any)).status).toBe(304);
    expect((await send('/v1/cards/999', any)).status).toBe(404);
    expectError(await send('/v1/persons/0123456789abcdef0123456789abcdef', any), 404);
    // A client's wish that caches revalidate is what it is doing: the origin still answers 304.
    const reload = { 'Cache-Control': 'no-cache', Pragma: 'no-cache', 'If-None-Match': tag };
    expect((await send('/v1/countries?page=2', { headers: reload })).status).toBe(304);
    const empty = await send('/v1/countries?confederation=99');
    expect(
      (
        await send('/v1/countries?confederation=99', {
          headers: { 'If-None-Match': empty.headers.get('etag')! },
        })
      ).status,
    ).toBe(304);
    const again = await send('/v1/countries?page=2', { headers: { 'If-None-Match': tag } });
    expect(again.status).toBe(304);
    expect(again.headers.get('etag')).toBe(tag);
    expect(again.headers.get('cache-control')).toBeTruthy();
  });

  it('HEAD has the headers of GET and no body', async () => {
    const get = await send('/v1/teams');
    const head = await send('/v1/teams', { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(head.text).toBe('');
    expect(head.headers.get('etag')).toBe(get.headers.get('etag'));
    expect(head.headers.get('content-type')).toBe(get.headers.get('content-type'));
  });

  it('answers one byte range with 206, and a range past the end with a JSON 416', async () => {
    const whole = await send('/v1/teams?page=2');
    const part = await send('/v1/teams?page=2', { headers: { Range: 'bytes=0-9' } });
    expect(part.status).toBe(206);
    expect(part.text).toBe(whole.text.slice(0, 10));
    const size = Buffer.byteLength(whole.text);
    expect(part.headers.get('content-range')).toBe(`bytes 0-9/${size}`);
    const tail = await send('/v1/teams?page=2', { headers: { Range: 'bytes=-5' } });
    expect([tail.status, tail.text]).toEqual([206, whole.text.slice(-5)]);
    const past = await send('/v1/teams?page=2', { headers: { Range: `bytes=${size}-` } });
    expectError(past, 416, '/v1/teams?page=2');
    expect(past.headers.get('content-range')).toBe(`bytes */${size}`);
    // Several ranges are not answered: the whole file is sent.
    const several = await send('/v1/teams?page=2', { headers: { Range: 'bytes=0-1,5-6' } });
    expect([several.status, several.text]).toEqual([200, whole.text]);
  });

  it('refuses writes with 405 and documents collections with OPTIONS', async () => {
    const post = await send('/v1/teams', { method: 'POST' });
    expectError(post, 405);
    expect(post.headers.get('allow')).toBe('GET, HEAD, OPTIONS');
    const options = await send('/v1/teams', { method: 'OPTIONS' });
    expect(options.status).toBe(200);
    expect(options.json.result[0].resource).toBe('/v1/teams');
  });
});

it('every adapter sends the same bytes for the same requests', async () => {
  const [first, ...rest] = adapters as [Adapter, ...Adapter[]];
  // Every client takes gzip here, as Workers make every request say.
  const headers = { 'Accept-Encoding': 'gzip' };
  for (const target of [
    '/v1/',
    '/v1/persons?page=3',
    '/v1/venues?country=' + (await sender(first.reach)('/v1/venues')).json.result[0].country,
    '/v1/persons?records=13&page=2',
    '/v1/cards?desc=*ell*',
    '/v1/persons?colour=blue',
  ]) {
    const x = await sender(first.reach)(target, { headers });
    for (const { name, reach, ownTags } of rest) {
      const y = await sender(reach)(target, { headers });
      const tag = (reply: Reply) => (ownTags ? 'own' : reply.headers.get('etag'));
      expect([name, y.status, y.text, tag(y)]).toEqual([name, x.status, x.text, tag(x)]);
    }
  }
});

it("answers a crawl of the demo from the archive on every adapter as the tree's router does", async () => {
  // Status, body and tag of each URL a crawl of v1 and v0 reaches, a few of each shape.
  const tree = handlerFor(dist);
  const urls: string[] = [];
  for (const root of ['/v1/', '/v0/'])
    urls.push(...(await crawl(tree, { root, perShape: 3 })).seen);
  const headers = { 'Accept-Encoding': 'identity' };
  const want = new Map<string, [number, string, string | null]>();
  for (const target of urls) {
    const reply = await call(tree, target, { headers });
    want.set(target, [reply.status, reply.text, reply.headers.get('etag')]);
  }
  for (const { name, reach, ownTags, negotiates } of adapters.filter(
    (a) => a.source === 'archive',
  )) {
    const send = sender(reach);
    const differ: string[] = [];
    for (const target of urls) {
      const reply = await send(target, { headers });
      const [status, text, tag] = want.get(target)!;
      // A runtime that claims gzip for every client tags the coded bytes.
      const got = ownTags || !negotiates ? tag : reply.headers.get('etag');
      if (reply.status !== status || reply.text !== text || got !== tag)
        differ.push(`${name} ${target}: ${reply.status}, the tree ${status}`);
    }
    expect(differ.slice(0, 5), name).toEqual([]);
  }
  expect(urls.length).toBeGreaterThan(500);
});

describe.each(adapters)('$name: content coding', ({ reach, negotiates, ownTags }) => {
  const send = () => sender(reach);
  it('sends files and composed answers gzip-encoded to a client that takes gzip', async () => {
    const gzip = { headers: { 'Accept-Encoding': 'gzip' } };
    for (const target of ['/v1/persons?page=2', '/v1/persons?records=7&sort=-birth_date']) {
      const gz = await send()(target, gzip);
      expect(gz.headers.get('content-encoding')).toBe('gzip');
      expect(gz.headers.get('vary')).toBe('Accept-Encoding');
      expect(gz.headers.get('etag')).toMatch(/-gz"$/);
      expectEnvelope(gz, { paginated: true });
      const again = await send()(target, {
        headers: { ...gzip.headers, 'If-None-Match': gz.headers.get('etag')! },
      });
      expect(again.status).toBe(304);
      if (!negotiates) continue;
      const plain = await send()(target);
      expect(plain.headers.get('content-encoding')).toBeNull();
      expect(plain.headers.get('vary')).toBe('Accept-Encoding');
      if (!ownTags)
        expect(gz.headers.get('etag')).toBe(plain.headers.get('etag')!.replace(/"$/, '-gz"'));
      expect(gz.text).toBe(plain.text);
    }
  });

  it('answers a range from the uncompressed bytes, whatever the client takes', async () => {
    const whole = await send()('/v1/teams?page=2');
    const part = await send()('/v1/teams?page=2', {
      headers: { Range: 'bytes=0-9', 'Accept-Encoding': 'gzip' },
    });
    expect(part.status).toBe(206);
    // Workers need the identity said outright, or the runtime compresses the range.
    expect([null, 'identity']).toContain(part.headers.get('content-encoding'));
    expect(part.text).toBe(whole.text.slice(0, 10));
  });
});

const clients = clientsToTest();

describe.each(adapters)('$name: revalidation by clients', ({ reach, negotiates }) => {
  /** A record, a page, a composed answer and the root. */
  const targets = async () => {
    const person = (await call(inProcess, '/v1/persons')).json.result[0];
    return [
      `/v1/persons/${person.id}`,
      '/v1/persons?page=2',
      '/v1/persons?records=7&sort=-birth_date',
      '/v1/',
    ];
  };

  it.each(clients)('$name gets 200, then 304 with the tag, plain and gzip', async (client) => {
    // Workers make every request take gzip (Cloudflare's edge decodes for a client that takes
    // none): there, every client asks for it.
    const codings = negotiates ? [false, true] : [true];
    const asks: Ask[] = (await targets()).flatMap((target) =>
      codings.flatMap((gzip) =>
        (['GET', 'HEAD'] as const).map((method) => ({ target, gzip, method })),
      ),
    );
    const pairs =
      reach.kind === 'port'
        ? await client.revalidate(`http://127.0.0.1:${reach.port()}`, asks)
        : await inProcessClient(client, reach.handler).revalidate('', asks);
    for (const [i, [first, second]] of pairs.entries()) {
      const ask = asks[i]!;
      const body = ask.method === 'HEAD' ? '' : (await call(inProcess, ask.target)).text;
      expect({ ...ask, first: [first.status, first.encoding, first.body] }).toEqual({
        ...ask,
        first: [200, ask.gzip ? 'gzip' : null, body],
      });
      expect(first.etag).toMatch(/^"[^"]+"$/);
      expect({ ...ask, second: [second.status, second.etag, second.body] }).toEqual({
        ...ask,
        second: [304, first.etag, ''],
      });
    }
  });
});

/** curl is one of the clients to test (CI installs it), and sends raw bytes as they are. */
const withCurl = clients.some((client) => client.name === 'curl');

/** `/v1/teams?name=*Ca<bytes>ete*` on `origin`, as bytes. */
const teamsNamed = (origin: string, ...bytes: number[]) =>
  Buffer.concat([
    Buffer.from(`${origin}/v1/teams?name=*Ca`),
    Buffer.from(bytes),
    Buffer.from('ete*'),
  ]);

it.runIf(withCurl)('curl sends the non-ASCII bytes of a query as they are', async () => {
  const lines: Buffer[] = [];
  const capture = createTcpServer((socket) =>
    socket.once('data', (packet: Buffer) => {
      lines.push(packet.subarray(0, packet.indexOf('\r\n')));
      socket.end('HTTP/1.1 204 No Content\r\nConnection: close\r\n\r\n');
    }),
  );
  await new Promise<void>((resolve) => capture.listen(0, '127.0.0.1', resolve));
  try {
    const origin = `http://127.0.0.1:${(capture.address() as AddressInfo).port}`;
    await curlBytes(teamsNamed(origin, 0xc3, 0xb1));
    await curlBytes(teamsNamed(origin, 0xff));
    expect(lines.map((line) => line.toString('latin1'))).toEqual([
      'GET /v1/teams?name=*Ca\xc3\xb1ete* HTTP/1.1',
      'GET /v1/teams?name=*Ca\xffete* HTTP/1.1',
    ]);
  } finally {
    await new Promise((resolve) => capture.close(resolve));
  }
});

describe.each(adapters)('$name: text that is not percent-encoded', ({ reach }) => {
  it('refuses U+FFFD, left of bytes that were not UTF-8, with a 400 naming it', async () => {
    for (const target of ['/v1/teams?name=*Ca%EF%BF%BDete*', '/v1/teams/%EF%BF%BD'])
      expectError(await sender(reach)(target), 400, target);
  });

  const port = reach.kind === 'port' ? reach : null;
  const origin = () => `http://127.0.0.1:${port!.port()}`;

  it.runIf(port && withCurl)(
    'answers raw UTF-8 from curl as its percent-encoded form',
    async () => {
      const url = teamsNamed(origin(), 0xc3, 0xb1);
      const raw = await curlBytes(url);
      const encoded = await curlBytes(Buffer.from(`${origin()}/v1/teams?name=*Ca%C3%B1ete*`));
      expectEnvelope(raw, { paginated: true });
      const names: string[] = raw.json.result.map((team: { name: string }) => team.name);
      expect(names.length).toBeGreaterThan(0);
      for (const name of names) expect(name).toContain('Cañete');
      const tag = raw.headers.get('etag');
      expect([raw.text, tag]).toEqual([encoded.text, encoded.headers.get('etag')]);
      // The headers count as sent: a revalidation, and HEAD.
      const again = { headers: { 'If-None-Match': tag! } };
      expect((await curlBytes(url, again)).status).toBe(304);
      const head = await curlBytes(url, { method: 'HEAD' });
      expect([head.status, head.text, head.headers.get('etag')]).toEqual([200, '', tag]);
    },
  );

  it.runIf(port && withCurl)('refuses a query that is not UTF-8 with a 400', async () => {
    const reply = await curlBytes(teamsNamed(origin(), 0xff));
    switch (port!.notUtf8) {
      case 'byte':
        return expectError(reply, 400, '/v1/teams?name=*Ca%FFete*');
      case 'replaced':
        return expectError(reply, 400, '/v1/teams?name=*Ca%EF%BF%BDete*');
      case 'runtime-400':
        return expect([reply.status, reply.text]).toEqual([400, '']);
      default:
        return port!.notUtf8 satisfies never;
    }
  });
});

describe.runIf(nginx)('nginx in front of the router', () => {
  /** nginx's own tag: `"<mtime>-<size>"` in hex; the router's are base64url. */
  const FROM_DISK = /^"[0-9a-f]+-[0-9a-f]+"$/;

  it('sends records, default pages, pages and canonical filters from disk', async () => {
    const viaNginx = rawRequest(nginx!.port);
    const person = (await viaNginx('/v1/persons')).json.result[0];
    for (const target of [
      '/v1/',
      '/v1/persons',
      '/v1/persons/',
      '/v1/persons?page=2',
      `/v1/persons/${person.id}`,
      `/v1/persons?country=${person.country.split('/').pop()}`,
      '/v1/clubs/matches/info?phase=1',
    ])
      expect([target, (await viaNginx(target)).headers.get('etag')]).toEqual([
        target,
        expect.stringMatching(FROM_DISK),
      ]);
  });

  it('passes every other spelling, composed answer and implied filter to the router', async () => {
    const viaNginx = rawRequest(nginx!.port);
    const direct = rawRequest((server.address() as AddressInfo).port);
    const person = (await direct('/v1/persons')).json.result[0];
    for (const target of [
      '/v1/persons?records=2',
      '/v1/persons?page=1',
      '/v1/persons?page=2&app_id=1',
      `/v1/persons/${person.id.toUpperCase()}`,
      '/v1/persons?first_name=' + encodeURIComponent(person.firstName),
      // `matchday` alone means the league phase: its collection file holds every phase.
      '/v1/clubs/matches/info?matchday=3',
    ]) {
      const [a, b] = [await viaNginx(target), await direct(target)];
      expect([target, a.status, a.headers.get('etag'), a.text]).toEqual([
        target,
        b.status,
        b.headers.get('etag'),
        b.text,
      ]);
    }
  });
});

describe('preview server robustness', () => {
  it('keeps serving the last good build while a rebuild swaps folders, then serves the new one', async () => {
    const { root, db } = demo();
    const dir = join(root, 'served');
    const registry = {
      ...REGISTRY,
      resources: REGISTRY.resources.filter((r) => ['v1/cards', 'v1/persons'].includes(r.path)),
    };
    await build({ db, out: dir, registry });
    const own = createPreviewServer(dir);
    await new Promise<void>((resolve) => own.listen(0, '127.0.0.1', resolve));
    try {
      const send = rawRequest((own.address() as AddressInfo).port);
      const before = await send('/v1/cards');
      expect(before.status).toBe(200);
      renameSync(join(dir, MANIFEST_FILE), join(root, 'manifest-aside.json'));
      await new Promise((r) => setTimeout(r, 1100));
      expect((await send('/v1/cards')).status).toBe(200);
      renameSync(join(root, 'manifest-aside.json'), join(dir, MANIFEST_FILE));
      // A rebuild without a resource is picked up without a restart.
      const fewer = registry.resources.filter((r) => r.path !== 'v1/cards');
      await build({ db, out: dir, registry: { ...registry, resources: fewer } });
      await new Promise((r) => setTimeout(r, 1100));
      expect((await send('/v1/cards')).status).toBe(404);
    } finally {
      await new Promise<void>((resolve) => own.close(() => resolve()));
    }
  });

  it('answers a target of Latin-1 bytes, which Node cannot parse, with a JSON 400', async () => {
    const port = (server.address() as AddressInfo).port;
    const reply = await new Promise<string>((resolve, reject) => {
      const socket = connect(port, '127.0.0.1', () =>
        socket.end(Buffer.from('GET /v1/caf\xe9 HTTP/1.1\r\nHost: x\r\n\r\n', 'latin1')),
      );
      const chunks: Buffer[] = [];
      socket.on('data', (c: Buffer) => chunks.push(c));
      socket.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
      socket.on('error', reject);
    });
    expect(reply).toMatch(/^HTTP\/1\.1 400/);
    const body = JSON.parse(reply.slice(reply.indexOf('\r\n\r\n') + 4));
    expect(body).toMatchObject({ status: 400, uri: '/v1/caf%E9', errors: [] });
  });
});

describe.runIf(others.length > 0)('the Worker under load', () => {
  it('answers every request while it checks its archive, with no request waiting on another', async () => {
    // Workers forbids I/O begun for one request to go on in another: a request that waited on an
    // opening begun by another failed with a 500 once that one had ended.
    const worker = await startServer(
      ['--runtime', 'worker', '--archive', archive, '--persist-to', join(root, 'worker-reopen')],
      { FOOTBALL_API_WORKER_CHECK_SECONDS: '1' },
    );
    try {
      const ids = readdirSync(join(dist, 'v1/persons'))
        .filter((f) => /^[0-9a-f]{32}\.json$/.test(f))
        .slice(0, 40)
        .map((f) => `/v1/persons/${f.slice(0, -'.json'.length)}`);
      const paths = [...ids, '/v1/persons?page=2', '/v1/persons?records=25&page=3'];
      // Five checks of the archive under load from ten connections.
      const result = await autocannon({
        url: `http://127.0.0.1:${worker.port}`,
        connections: 10,
        duration: 5,
        requests: paths.map((path) => ({ method: 'GET', path })),
      });
      expect({ errors: result.errors, non2xx: result.non2xx }).toEqual({ errors: 0, non2xx: 0 });
      expect(result['2xx']).toBeGreaterThan(200);
    } finally {
      await worker.stop();
    }
  });
});
