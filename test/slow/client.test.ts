import { request as httpRequest, createServer, type Server } from 'node:http';
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  renameSync,
  rmSync,
  symlinkSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { Duplex } from 'node:stream';
import { createBrotliDecompress } from 'node:zlib';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import sirv from 'sirv';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { partedSource, parseParts } from '../../contract/archive-parts.ts';
import { ArchiveReader } from '../../contract/archive-reader.ts';
import { fileRangeSource, NODE_CODEC, openLocalArchive } from '../../contract/node/archive-file.ts';
import { build } from '../../build/build.ts';
import { splitArchive } from '../../build/archive/pack.ts';
import { REGISTRY } from '../../build/registry/index.ts';
import { buildDemoDatabase } from '../../data/demo/generate.ts';
import { bundleClient } from '../../cli/bundle-client.ts';
import { createArchiveHandler } from '../../server/core/archive-handler.ts';
import { archiveBudget } from '../../server/core/cache-budget.ts';
import { createHandler, type FileSource, type Handler } from '../../server/core/handler.ts';
import { nodeFiles } from '../../server/disk/node-files.ts';
import type * as Client from '../../server/client/client.ts';
import { demo, handlerFor } from '../helpers/http/api.ts';
import { crawl } from '../helpers/http/crawl.ts';
import { nginxToTest, startStaticNginx } from '../helpers/http/nginx.ts';
import { startServer, type StartedServer } from '../helpers/http/runtime-server.ts';

/**
 * The client (`server/client/client.ts`), as the package ships it (`npm run build:client`'s
 * bundle), over the demo archive on two plain static hosts, nginx serving files and sirv: every
 * answer of a crawl of v1 and v0 equals the Node preview server's for the same archive, status,
 * headers and bytes, with no more range reads than the router in-process makes over the same
 * file (pre-rendered answers: three cold at most), and one at most once warm.
 */

const { dist, archive } = demo();
let root = '';
let client: typeof Client;
/** The Node preview server on the archive and on the tree. */
const servers: Partial<Record<Kind, StartedServer>> = {};
let urls: string[] = [];

beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), 'football-client-'));
  await bundleClient(join(root, 'client'));
  client = (await import(pathToFileURL(join(root, 'client', 'client.js')).href)) as typeof Client;
  // The host's folder holds the archive and the tree, as a bucket would.
  symlinkSync(archive, join(root, 'api.archive'));
  symlinkSync(dist, join(root, 'tree'));
  // The archive in parts of 4 MiB, as a host that takes no file over 25 MiB needs them smaller.
  await splitArchive(archive, join(root, 'api.parts'), PART_SIZE);
  servers.archive = await startServer(['--archive', archive]);
  servers.tree = await startServer(['--dir', dist]);
  const api = handlerFor(dist);
  for (const start of ['/v1/', '/v0/'])
    urls.push(...(await crawl(api, { root: start, perShape: 4 })).seen);
  urls = [...new Set(urls)];
});

afterAll(async () => {
  await Promise.all(Object.values(servers).map((server) => server.stop()));
  rmSync(root, { recursive: true, force: true });
});

/** The size of the parts the archive is cut into. */
const PART_SIZE = 4 * 2 ** 20;

/** The two resources of the builds copied over each other: every URL differs between them. */
const SWAPPED = ['v1/clubs/matches/info', 'v1/clubs/matches/goals'];

/** An answer's status, tag and body, as one string to compare. */
const signature = (status: number, headers: Headers, body: string) =>
  `${status} ${headers.get('etag')} ${body}`;

/** One answer, its headers by lower-case name, as the client or the server gave it. */
interface Answer {
  status: number;
  headers: Record<string, string>;
  body: Buffer;
}

/** Headers of a connection, not of the answer: each side sets its own. */
const CONNECTION = new Set(['date', 'connection', 'keep-alive', 'transfer-encoding']);

/** The Node server's answer to `target`, read raw (no content coding asked or decoded). */
function fromServer(server: StartedServer, target: string): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(`http://127.0.0.1:${server.port}${target}`, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => {
        const headers: Record<string, string> = {};
        for (const [name, value] of Object.entries(res.headers))
          if (!CONNECTION.has(name)) headers[name] = String(value);
        resolve({ status: res.statusCode!, headers, body: Buffer.concat(chunks) });
      });
    });
    req.on('error', reject);
    req.end();
  });
}

async function fromClient(api: Client.ApiClient, target: string): Promise<Answer> {
  const res = await api.fetch(target);
  const body = Buffer.from(await res.arrayBuffer());
  const headers: Record<string, string> = {};
  res.headers.forEach((value, name) => {
    if (!CONNECTION.has(name)) headers[name] = value;
  });
  // A Response made in JavaScript carries no length; the server states the body's.
  headers['content-length'] ??= String(body.byteLength);
  return { status: res.status, headers, body };
}

/** What the client reads: the archive by ranges, whole or in parts, or the tree's files. */
type Kind = 'archive' | 'parts' | 'tree';

/** The server whose answers the client's must equal: the same archive, whole, for its parts. */
const serverOf = (kind: Kind) => servers[kind === 'parts' ? 'archive' : kind]!;

/**
 * The router in-process over the archive or the tree on disk, with the client's budget, counting
 * its reads.
 */
async function reference(kind: Kind): Promise<{ handler: Handler; reads: () => number }> {
  if (kind === 'tree') {
    const disk = nodeFiles(dist);
    let reads = 0;
    const files: FileSource = { read: (file) => (reads++, disk.read(file)) };
    const manifest = demo().manifest;
    const cacheBytes = client.CLIENT_CACHE_BYTES;
    return { handler: createHandler({ manifest, files, cacheBytes }), reads: () => reads };
  }
  const budget = archiveBudget(client.CLIENT_CACHE_BYTES);
  if (kind === 'parts') {
    const { source, reads } = await countedParts(join(root, 'api.parts'));
    const reader = await ArchiveReader.open(source, NODE_CODEC, budget.index);
    return { handler: await createArchiveHandler(reader, budget.router), reads };
  }
  const file = await fileRangeSource(archive);
  const reader = await ArchiveReader.open(file, NODE_CODEC, budget.index);
  return { handler: await createArchiveHandler(reader, budget.router), reads: () => file.reads };
}

/** The archive in parts at `entry` as one source, and the reads made of all its parts. */
async function countedParts(entry: string) {
  const parts = parseParts(readFileSync(entry))!;
  const files = await Promise.all(parts.parts.map((name) => fileRangeSource(join(root, name))));
  const source = partedSource(parts, (index) => files[index]!);
  return { source, reads: () => files.reduce((n, file) => n + file.reads, 0) };
}

/**
 * A crawl through the client on the host at `base`, against the Node server on the same files and
 * the router in-process over them: the same answers, and no more reads.
 */
async function crawlThrough(base: string, kind: Kind): Promise<void> {
  const api =
    kind === 'tree'
      ? await client.openTree(`${base}/tree/`)
      : await client.openArchive(`${base}/${kind === 'parts' ? 'api.parts' : 'api.archive'}`);
  const ref = await reference(kind);
  // A router with no caches over the tree, whose reads tell a pre-rendered answer (one file,
  // read once, to tag it) from a composed one (a record under its parent is read to check it).
  let classifyReads: string[] = [];
  const disk = nodeFiles(dist);
  const files: FileSource = { read: (file) => (classifyReads.push(file), disk.read(file)) };
  const manifest = demo().manifest;
  const differ: string[] = [];
  const tooMany: string[] = [];
  /** The URLs answered from one pre-rendered file. */
  const prerendered = new Set<string>();
  /** What the router read for each composed answer, cold. */
  const coldReads = new Map<string, number>();
  /** What the client read for each answer, cold. */
  const clientCold = new Map<string, number>();
  for (const target of urls) {
    const [before, refBefore] = [api.counts.reads, ref.reads()];
    const got = await fromClient(api, target);
    const reads = api.counts.reads - before;
    clientCold.set(target, reads);
    classifyReads = [];
    // Afresh for each URL: it remembers the tags of the files it has read.
    const classify = createHandler({ manifest, files, cacheBytes: 0 });
    const outcome = await classify.resolve({ method: 'GET', target, header: () => null });
    if (outcome.file && classifyReads.length === 1 && classifyReads[0] === outcome.file.path)
      prerendered.add(target);
    await ref.handler.fetch(new Request(`http://api.test${target}`));
    // A pre-rendered answer: three reads cold (the index's root and leaf, the file); any
    // answer: no more than the router reads over the same files.
    coldReads.set(target, ref.reads() - refBefore);
    const limit = Math.max(
      prerendered.has(target) && kind !== 'tree' ? 3 : 0,
      ref.reads() - refBefore,
    );
    if (reads > limit) tooMany.push(`${target}: ${reads} reads, the router ${limit}`);
    const want = await fromServer(serverOf(kind), target);
    if (got.status !== want.status || !got.body.equals(want.body))
      differ.push(
        `${target}: ${got.status} ${got.body.length} B, ` +
          `server ${want.status} ${want.body.length} B`,
      );
    else expect(got.headers, target).toEqual(want.headers);
  }
  expect(differ.slice(0, 10)).toEqual([]);
  expect(tooMany.slice(0, 10)).toEqual([]);
  expect(prerendered.size).toBeGreaterThan(urls.length / 2);
  // Warm, each answer again: a pre-rendered one with at most two reads, or as many as cold (its
  // leaf and its blocks, when the client's caches let them go: the demo's index inflates to
  // 30 MB, more than the client's quarter of 32 MB), any other with one more than the router's,
  // cold or warm (which leaves and blocks the caches still hold after the crawl can differ).
  const warm: string[] = [];
  for (const target of urls) {
    const [before, refBefore] = [api.counts.reads, ref.reads()];
    await (await api.fetch(target)).arrayBuffer();
    await (await ref.handler.fetch(new Request(`http://api.test${target}`))).arrayBuffer();
    const reads = api.counts.reads - before;
    // In parts, a file that lies across the end of a part is a read of each, made at once.
    const limit = prerendered.has(target)
      ? Math.max(
          kind === 'tree' ? 1 : Math.max(2, clientCold.get(target)!),
          kind === 'parts' ? ref.reads() - refBefore : 0,
        )
      : Math.max(coldReads.get(target)!, ref.reads() - refBefore) + 1;
    if (reads > limit) warm.push(`${target}: ${reads} reads, the router ${limit}`);
  }
  expect(warm.slice(0, 10)).toEqual([]);
  console.log(
    `client on the ${kind} at ${base}: ${urls.length} URLs (${prerendered.size} pre-rendered), ` +
      `${api.counts.reads} reads`,
  );
}

describe.each(['archive', 'tree'] as const)('the client over the %s on a static host', (kind) => {
  it('answers every crawled URL as the Node server does, through nginx serving files', async () => {
    if (!nginxToTest()) return;
    const nginx = await startStaticNginx(root, join(root, `nginx-${kind}`), '/api.archive');
    try {
      await crawlThrough(`http://127.0.0.1:${nginx.port}`, kind);
    } finally {
      await nginx.stop();
    }
  });

  it('answers every crawled URL as the Node server does, through sirv', async () => {
    const host: Server = createServer(sirv(root, { etag: true }));
    await new Promise<void>((resolve) => host.listen(0, '127.0.0.1', resolve));
    try {
      const { port } = host.address() as { port: number };
      await crawlThrough(`http://127.0.0.1:${port}`, kind);
    } finally {
      host.close();
    }
  });
});

describe('the decoder a runtime lends the client', () => {
  /** Sirv on the host's folder, and a fresh copy of the bundle (nothing instantiated yet). */
  async function freshClient(tag: string) {
    const host: Server = createServer(sirv(root, { etag: true }));
    await new Promise<void>((resolve) => host.listen(0, '127.0.0.1', resolve));
    const bundle = pathToFileURL(join(root, 'client', 'client.js')).href;
    const fresh = (await import(`${bundle}?${tag}`)) as typeof Client;
    const { port } = host.address() as { port: number };
    return { fresh, url: `http://127.0.0.1:${port}/api.archive`, close: () => host.close() };
  }

  /** 50 crawled URLs answered by `api` as the Node server answers them. */
  async function answersAsTheServer(api: Client.ApiClient) {
    for (const target of urls.slice(0, 50)) {
      const [got, want] = [
        await fromClient(api, target),
        await fromServer(servers.archive!, target),
      ];
      expect(got.status, target).toBe(want.status);
      expect(got.body.equals(want.body), target).toBe(true);
    }
  }

  /** Runs `body` with globals replaced, then puts them back. */
  async function withGlobals(replaced: Record<string, unknown>, body: () => Promise<void>) {
    const target = globalThis as Record<string, unknown>;
    const saved = Object.keys(replaced).map((name) => [name, target[name]] as const);
    for (const [name, value] of Object.entries(replaced))
      if (value === undefined) Reflect.deleteProperty(target, name);
      else target[name] = value;
    try {
      await body();
    } finally {
      for (const [name, value] of saved) target[name] = value;
    }
  }

  /** WebAssembly that refuses to start, as under a Content Security Policy without it. */
  const refusingWasm = {
    ...WebAssembly,
    instantiate: () => Promise.reject(new Error('WebAssembly refused by the page policy')),
  };

  /** A `DecompressionStream` that decodes Brotli, as Firefox's and Safari's do, from zlib. */
  class BrotliDecompressionStream {
    readonly readable: ReadableStream<Uint8Array>;
    readonly writable: WritableStream<Uint8Array>;
    constructor(format: string) {
      if (format !== 'brotli') throw new TypeError(`Unsupported compression format: ${format}`);
      const { readable, writable } = Duplex.toWeb(createBrotliDecompress());
      this.readable = readable as ReadableStream<Uint8Array>;
      this.writable = writable;
    }
  }

  it('without DecompressionStream, decodes every entry with WebAssembly', async () => {
    const { fresh, url, close } = await freshClient('without-streams');
    try {
      // Chromium's stream does not decode Brotli: the client must not need one at all.
      await withGlobals({ DecompressionStream: undefined }, async () =>
        answersAsTheServer(await fresh.openArchive(url)),
      );
    } finally {
      close();
    }
  });

  it("where WebAssembly may not start, decodes with the runtime's Brotli stream", async () => {
    const { fresh, url, close } = await freshClient('streams-only');
    try {
      await withGlobals(
        { WebAssembly: refusingWasm, DecompressionStream: BrotliDecompressionStream },
        async () => answersAsTheServer(await fresh.openArchive(url)),
      );
    } finally {
      close();
    }
  });

  it('with neither, refuses to open and says why', async () => {
    const { fresh, url, close } = await freshClient('no-decoder');
    try {
      await withGlobals({ WebAssembly: refusingWasm }, async () => {
        await expect(fresh.openArchive(url)).rejects.toThrow(
          'this runtime cannot decode the archive: WebAssembly did not start ' +
            '(WebAssembly refused by the page policy) and its DecompressionStream does not ' +
            'decode Brotli',
        );
      });
    } finally {
      close();
    }
  });
});

describe('the client over the archive in parts on a static host', () => {
  it('answers every crawled URL as the Node server on the whole archive does', async () => {
    if (!nginxToTest()) return;
    const nginx = await startStaticNginx(root, join(root, 'nginx-parts'), '/api.parts');
    try {
      await crawlThrough(`http://127.0.0.1:${nginx.port}`, 'parts');
    } finally {
      await nginx.stop();
    }
  });
});

describe('an archive copied over the one the client reads', () => {
  it.each(['whole', 'in parts'] as const)(
    'gives every answer whole from one build, then from the new one (%s)',
    async (layout) => {
      if (!nginxToTest()) return;
      const registry = {
        ...REGISTRY,
        resources: REGISTRY.resources.filter((r) => SWAPPED.includes(r.path)),
      };
      const other = join(root, 'other.sqlite');
      const builds = { A: join(root, 'a.archive'), B: join(root, 'b.archive') };
      // Both layouts publish the same two builds.
      if (!existsSync(builds.B)) {
        buildDemoDatabase(other, 7, 'lean');
        await build({ db: demo().db, archive: builds.A, registry });
        await build({ db: other, archive: builds.B, registry });
      }
      // Each URL's answer in each build, from the router in-process over that build's archive.
      const expected = { A: new Map<string, string>(), B: new Map<string, string>() };
      const handlers = await Promise.all(
        [builds.A, builds.B].map(async (path) => {
          const local = await openLocalArchive(path);
          return { local, handler: await createArchiveHandler(local.reader) };
        }),
      );
      const swapUrls = new Set<string>();
      for (const { handler } of handlers)
        for (const target of (await crawl(handler, { perShape: 6 })).seen) swapUrls.add(target);
      for (const [i, version] of (['A', 'B'] as const).entries()) {
        for (const target of swapUrls) {
          const res = await handlers[i]!.handler.fetch(new Request(`http://api.test${target}`));
          expected[version].set(target, signature(res.status, res.headers, await res.text()));
        }
        await handlers[i]!.local.close();
      }
      const hosted = join(root, `swap-${layout.replace(' ', '-')}`);
      mkdirSync(hosted);
      const name = layout === 'whole' ? 'api.archive' : 'api.parts';
      /** Publishes a build on the host: a file copied over, or new parts and their entry point. */
      const publishBuild = async (file: string) => {
        if (layout === 'in parts')
          return void (await splitArchive(file, join(hosted, name), 2 ** 16));
        // An upload over the file: written beside it, then renamed into place.
        copyFileSync(file, join(hosted, 'api.archive.part'));
        renameSync(join(hosted, 'api.archive.part'), join(hosted, 'api.archive'));
      };
      await publishBuild(builds.A);
      const nginx = await startStaticNginx(hosted, join(root, `nginx-swap-${name}`), `/${name}`);
      try {
        // No memory held: every answer reads the host, so the copy lands amid reads.
        const api = await client.openArchive(`http://127.0.0.1:${nginx.port}/${name}`, {
          cacheBytes: 0,
          checkSeconds: 0.2,
        });
        // The URLs whose answers differ (a record of one build is a 404 in the other).
        const targets = [...swapUrls].filter((t) => expected.A.get(t) !== expected.B.get(t));
        expect(targets.length).toBeGreaterThan(20);
        const mixed: string[] = [];
        let swapped = 0;
        const seen = { A: 0, B: 0, afterSwap: { A: 0, B: 0 } };
        const ask = async (target: string) => {
          const res = await api.fetch(target);
          const got = signature(res.status, res.headers, await res.text());
          const from = (['A', 'B'] as const).find((v) => expected[v].get(target) === got);
          if (!from) return void mixed.push(`${target}: ${got.slice(0, 200)}`);
          seen[from]++;
          // Past a check's period after the copy ended, the old build is never answered again.
          if (swapped && Date.now() - swapped > 1000) seen.afterSwap[from]++;
        };
        const lanes = Array.from({ length: 4 }, async (_, lane) => {
          for (let i = lane; !swapped || Date.now() - swapped < 3000; i += 4) {
            await ask(targets[i % targets.length]!);
            // Answers from memory take no I/O: each lane lets the event loop run (the check).
            await new Promise((resolve) => setImmediate(resolve));
            if (lane === 0 && !swapped && i >= targets.length * 2) {
              await publishBuild(builds.B);
              swapped = Date.now();
            }
          }
        });
        await Promise.all(lanes);
        console.log(
          `an archive copied over (${layout}): answers ${JSON.stringify(seen)}, ` +
            `${api.counts.reads} reads`,
        );
        expect(mixed.slice(0, 5)).toEqual([]);
        expect(seen.A).toBeGreaterThan(0);
        expect(seen.afterSwap.B).toBeGreaterThan(0);
        expect(seen.afterSwap.A).toBe(0);
      } finally {
        await nginx.stop();
      }
    },
  );
});

describe('a host that answers a range request with the whole file', () => {
  it('stops the client at the headers, with an error that says so', async () => {
    let sent = 0;
    let closed = false;
    const host = createServer((_req, res) => {
      // Ranges ignored, as some hosts do: a gigabyte on its way.
      res.writeHead(200, { 'content-length': String(2 ** 30), etag: '"whole"' });
      const chunk = Buffer.alloc(64 * 1024);
      const write = () => {
        while (!closed && sent < 2 ** 30 && res.write(chunk)) sent += chunk.length;
        if (!closed && sent < 2 ** 30) res.once('drain', write);
      };
      res.on('close', () => (closed = true));
      write();
    });
    await new Promise<void>((resolve) => host.listen(0, '127.0.0.1', resolve));
    try {
      const url = `http://127.0.0.1:${(host.address() as { port: number }).port}/api.archive`;
      await expect(client.openArchive(url)).rejects.toThrow(/answered whole to a range request/);
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(closed).toBe(true);
      expect(sent).toBeLessThan(64 * 2 ** 20);
    } finally {
      host.close();
    }
  });
});
