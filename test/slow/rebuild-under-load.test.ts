import { Agent, request as httpRequest } from 'node:http';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build } from '../../build/build.ts';
import { REGISTRY } from '../../build/registry/index.ts';
import { buildDemoDatabase } from '../../data/demo/generate.ts';
import { call, demo, handlerFor } from '../helpers/http/api.ts';
import { nginxToTest, startNginxInFront } from '../helpers/http/nginx.ts';
import { runtimesToTest, startServer } from '../helpers/http/runtime-server.ts';

/**
 * Rebuilds under load, on every adapter: each server answers a steady load while a build of
 * another database is published over the one it serves (a tree's link flipped, an archive renamed
 * into place; for the Worker, uploaded over its object). Every answer must be whole and from one
 * build: the status, body and tag the router gives for that build, never the tag or links of one
 * with the records of the other. Each server must then follow the publish, without a restart, and
 * not go back.
 *
 * The two builds hold two resources of the demo (match info and goals) from two databases: the
 * full demo and a lean one of another seed, so that every URL asked differs between them.
 */

const PATHS = ['v1/clubs/matches/info', 'v1/clubs/matches/goals'];
const registry = {
  ...REGISTRY,
  resources: REGISTRY.resources.filter((r) => PATHS.includes(r.path)),
};

type Version = 'A' | 'B';
/** What one request gets: its status, its tag without a coding's suffix, and its body. */
interface Answer {
  status: number;
  tag: string | null;
  body: string;
}

let root = '';
const db: Record<Version, string> = { A: '', B: '' };
/** The published tree and archive the servers serve, and which build each holds now. */
let tree = '';
let archive = '';
const holds: Record<'tree' | 'archive', Version> = { tree: 'A', archive: 'A' };
let urls: string[] = [];
/** Each URL's answer in each build, from the router in-process over a build of its own. */
const expected: Record<Version, Map<string, Answer>> = { A: new Map(), B: new Map() };

/** Publishes `version`'s build over the tree or the archive, as `npm run build` does. */
async function publish(source: 'tree' | 'archive', version: Version): Promise<void> {
  await build(
    source === 'tree'
      ? { db: db[version], out: tree, registry }
      : { db: db[version], archive, registry },
  );
  holds[source] = version;
}

beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), 'football-rebuild-'));
  db.A = demo().db;
  db.B = join(root, 'other.sqlite');
  buildDemoDatabase(db.B, 7, 'lean');
  tree = join(root, 'dist');
  archive = join(root, 'api.archive');
  await publish('tree', 'A');
  await publish('archive', 'A');
  const refs = {} as Record<Version, string>;
  for (const version of ['A', 'B'] as const) {
    refs[version] = join(root, `ref-${version}`);
    await build({ db: db[version], out: refs[version], registry });
  }
  // A page, a page of a composed size, and of each build five records, a filter and the first
  // record's match's goals: each is a record of one build and an error of the other.
  const paths = ['/v1/clubs/matches/goals', '/v1/clubs/matches/info?page=2'];
  paths.push('/v1/clubs/matches/goals?records=25&page=2');
  for (const version of ['A', 'B'] as const) {
    const page = JSON.parse(
      readFileSync(join(refs[version], 'v1/clubs/matches/goals/index.json'), 'utf8'),
    ) as { result: { uri: string; match: string; scoringTeam: string }[] };
    const first = page.result[0]!;
    // Records first read after the publish: a request on the old build may lose its files.
    paths.push(...page.result.slice(0, 5).map((goal) => goal.uri));
    paths.push(`/v1/clubs/matches/${first.match}/goals`);
    paths.push(`/v1/clubs/matches/goals?scoring_team=${first.scoringTeam}`);
  }
  urls = paths;
  for (const version of ['A', 'B'] as const) {
    const handler = handlerFor(refs[version]);
    for (const url of urls) {
      const reply = await call(handler, url);
      expected[version].set(url, {
        status: reply.status,
        tag: tagOf(reply.headers),
        body: reply.text,
      });
    }
  }
});
afterAll(() => rmSync(root, { recursive: true, force: true }));

/** The router's tag, without the suffix of the coding it was sent in. */
function tagOf(headers: Headers): string | null {
  return headers.get('etag')?.replace(/-(gz|br)"$/, '"') ?? null;
}

/** One GET, with no coding asked for (a Worker may still send gzip, which is decoded). */
function get(port: number, agent: Agent, target: string): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: '127.0.0.1', port, agent, path: target }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('error', reject);
      res.on('end', () => {
        const raw = Buffer.concat(chunks);
        const body = res.headers['content-encoding'] === 'gzip' ? gunzipSync(raw) : raw;
        const headers = new Headers({ etag: String(res.headers.etag ?? '') });
        resolve({ status: res.statusCode!, tag: tagOf(headers) || null, body: body.toString() });
      });
    });
    req.on('error', reject);
    req.end();
  });
}

/**
 * A load of four connections over every URL until stopped. Each answer is checked against both
 * builds: `seen` counts the answers of each, `problems` lists any that is neither (or, with
 * `tags` false, whose body is neither: nginx tags the files it sends itself), and any answer of
 * the old build after the new one answered every URL in turn.
 */
function load(port: number, tags: boolean, from: Version) {
  const to: Version = from === 'A' ? 'B' : 'A';
  const agent = new Agent({ keepAlive: true, maxSockets: 4 });
  const seen = { A: 0, B: 0 };
  const problems: string[] = [];
  /** The URLs the new build has answered since the last answer of the old one. */
  const newSince = new Set<string>();
  let switched = false;
  let running = true;
  const same = (got: Answer, want: Answer) =>
    got.status === want.status && got.body === want.body && (!tags || got.tag === want.tag);
  const loop = async (offset: number) => {
    for (let i = offset; running; i++) {
      const url = urls[i % urls.length]!;
      let got: Answer;
      try {
        got = await get(port, agent, url);
      } catch (e) {
        problems.push(`${url}: ${e}`);
        continue;
      }
      const version = (['A', 'B'] as const).find((v) => same(got, expected[v].get(url)!));
      if (!version) {
        const half = (['A', 'B'] as const).find((v) => got.body === expected[v].get(url)!.body);
        problems.push(
          half
            ? `${url}: the body of ${half} with the tag ${got.tag}`
            : `${url}: ${got.status}, neither build's answer: ${got.body.slice(0, 200)}`,
        );
        continue;
      }
      seen[version]++;
      if (version === to) newSince.add(url);
      else if (switched) problems.push(`${url}: the old build again after the new one`);
      else newSince.clear();
      if (newSince.size === urls.length) switched = true;
    }
  };
  const loops = [0, 1, 2, 3].map((n) => loop(n * 2));
  const until = async (what: () => boolean, seconds: number, doing: string) => {
    const deadline = Date.now() + seconds * 1000;
    while (!what()) {
      if (Date.now() > deadline || problems.length > 0) throw new Error(`${doing}: ${problems}`);
      await new Promise((r) => setTimeout(r, 20));
    }
  };
  return {
    seen,
    problems,
    /** Waits until every URL has been answered by the new build, and some more. */
    async settled(): Promise<void> {
      await until(() => switched, 60, `the server did not follow the publish of ${to}`);
      const after = seen[to];
      await until(() => seen[to] >= after + 3 * urls.length, 30, 'the load stopped');
    },
    async stop(): Promise<void> {
      running = false;
      await Promise.all(loops);
      agent.destroy();
    },
    /** Waits until each URL has been asked a few times. */
    warm: () => until(() => seen[from] >= 2 * urls.length, 60, `${from} was not served`),
  };
}

/** A server under test: how it starts on the tree or the archive. */
interface Adapter {
  name: string;
  source: 'tree' | 'archive';
  /** False for nginx, which tags the files it sends itself. */
  tags: boolean;
  start(): Promise<{ port: number; stop(): Promise<void> }>;
}

const served = (source: 'tree' | 'archive') =>
  source === 'tree' ? ['--dir', tree] : ['--archive', archive];
const adapters: Adapter[] = [];
for (const source of ['tree', 'archive'] as const) {
  adapters.push({
    name: `node on the ${source}`,
    source,
    tags: true,
    start: () => startServer(served(source)),
  });
}
if (runtimesToTest())
  for (const runtime of ['deno', 'bun', 'worker'] as const)
    for (const source of ['tree', 'archive'] as const)
      adapters.push({
        name: `${runtime} on the ${source}`,
        source,
        tags: true,
        start: () => {
          const args = ['--runtime', runtime, ...served(source)];
          // The Worker checks its object for a new upload every second, not every minute.
          if (runtime !== 'worker') return startServer(args);
          args.push('--persist-to', join(root, `worker-${source}`));
          return startServer(args, { FOOTBALL_API_WORKER_CHECK_SECONDS: '1' });
        },
      });
if (nginxToTest())
  adapters.push({
    name: 'nginx in front of the node router, on the tree',
    source: 'tree',
    tags: false,
    start: () => startNginxInFront(tree, join(root, 'ngx')),
  });

describe('a build published under load', () => {
  it('every URL asked differs between the two builds', () => {
    expect(urls.length).toBe(17);
    for (const url of urls) expect(expected.A.get(url)!.body).not.toBe(expected.B.get(url)!.body);
  });

  it.each(adapters)('$name answers from one build at a time and follows it', async (adapter) => {
    const from = holds[adapter.source];
    const to: Version = from === 'A' ? 'B' : 'A';
    const server = await adapter.start();
    const traffic = load(server.port, adapter.tags, from);
    try {
      await traffic.warm();
      await publish(adapter.source, to);
      await traffic.settled();
    } finally {
      await traffic.stop();
      await server.stop();
    }
    expect(traffic.problems.slice(0, 10)).toEqual([]);
    expect(traffic.seen[from]).toBeGreaterThan(0);
    expect(traffic.seen[to]).toBeGreaterThan(0);
  });
});
