import { createHash } from 'node:crypto';
import {
  closeSync,
  fstatSync,
  mkdirSync,
  openSync,
  readFileSync,
  readSync,
  realpathSync,
  rmSync,
  statSync,
} from 'node:fs';
import { dirname, join } from 'node:path';
import { packTree } from '../build/archive/pack.ts';
import { entryAt } from '../build/archive/parts.ts';
import { MANIFEST_FILE } from '../contract/manifest.ts';
import { buildStamp } from '../server/disk/local-builds.ts';
import { fileStamp } from '../contract/node/archive-file.ts';
import { loaderRequest, type LoaderStep } from './bucket-loader.ts';
import type { ServeConfig } from '../server/disk/config.ts';
import { PROJECT, runtimeImport } from './install.ts';

/**
 * `npm run serve -- --runtime worker`: the Worker of `wrangler.json` on the real Workers runtime
 * (workerd, through Miniflare), with the archive in a local R2 bucket kept in `.wrangler/state`
 * between runs, as `wrangler dev` keeps it. The archive is uploaded only when it changed; a tree
 * is packed into an archive first (`build/archive/pack.ts`).
 */

/** What this project's `wrangler.json` holds. */
interface WranglerConfig {
  main: string;
  compatibility_date: string;
  compatibility_flags: string[];
  r2_buckets: { binding: string; bucket_name: string }[];
  vars: { ARCHIVE: string } & Record<string, string>;
}

/**
 * The Worker's variables: those of `wrangler.json`, each overridden by an environment variable
 * `FOOTBALL_API_WORKER_<NAME>` when it is set (as `wrangler dev --var NAME:value` would).
 */
function workerVars(vars: WranglerConfig['vars']): WranglerConfig['vars'] {
  const given = Object.keys(vars).map((name) => [name, process.env[`FOOTBALL_API_WORKER_${name}`]]);
  return { ...vars, ...Object.fromEntries(given.filter(([, value]) => value !== undefined)) };
}

/** The Miniflare API used here. */
interface FetcherLike {
  fetch(url: string, init: RequestInit): Promise<Response>;
}
interface MiniflareLike {
  ready: Promise<URL>;
  getWorker(name: string): Promise<FetcherLike>;
  dispose(): Promise<void>;
}
type MiniflareClass = new (options: Record<string, unknown>) => MiniflareLike;

/** The deploy configuration users deploy with `wrangler deploy`. */
export const WRANGLER_CONFIG = join(PROJECT, 'wrangler.json');
/** Where the local R2 bucket lives between runs (the folder `wrangler dev` uses). */
const STATE = join(PROJECT, '.wrangler', 'state');

/** Where trees are packed for the Worker. */
const PACKED = join(PROJECT, '.cache', 'packed');

/**
 * The archive for a tree: packed once per build, named by its manifest's hash. The link is
 * resolved once, so that the manifest hashed is the one of the build packed.
 */
async function packed(dir: string): Promise<string> {
  const root = realpathSync(dir);
  const manifest = readFileSync(join(root, MANIFEST_FILE));
  const hash = createHash('sha256').update(manifest).digest('hex').slice(0, 16);
  mkdirSync(PACKED, { recursive: true });
  const file = join(PACKED, `${hash}.archive`);
  if (!statSync(file, { throwIfNoEntry: false })) {
    console.error(`Packing ${dir} into ${file} for the Workers runtime...`);
    await packTree(root, file);
  }
  return file;
}

/** Bundles a Worker as `wrangler deploy` does (esbuild, ES modules). */
async function bundle(main: string): Promise<string> {
  const esbuild = await runtimeImport<typeof import('esbuild')>('esbuild');
  const result = await esbuild.build({
    entryPoints: [join(PROJECT, main)],
    bundle: true,
    format: 'esm',
    platform: 'neutral',
    mainFields: ['module', 'main'],
    // The runtime's own Node modules (`nodejs_compat` in `wrangler.json`), as wrangler leaves them.
    external: ['node:*'],
    target: 'es2022',
    write: false,
    logLevel: 'error',
  });
  return result.outputFiles[0]!.text;
}

/** Bytes per part of an upload: R2 takes parts of 5 MiB to 5 GiB, Miniflare up to 128 MiB. */
const PART = 16 * 1024 * 1024;

/** The Worker that fills the bucket, beside the API's (`bucket-loader.ts`). */
const LOADER = 'bucket-loader';
/** Tries of each request to the loader, the first included, before the upload is given up. */
const TRIES = 3;
/** A request to the loader unanswered after this long is given up (a part takes seconds). */
const STEP_TIMEOUT_MS = 60_000;

/** The loader refused a step: sending it again would not help. */
class Refused extends Error {}

/**
 * One step of filling the bucket, sent to the loader. Each request has a connection of its own
 * (`Connection: close`): workerd closes a kept-alive connection that has been idle, and on a busy
 * machine a request sent on one as it closes is lost ("write EPIPE", "other side closed"), which
 * stopped the local run before it listened. A request lost all the same is sent again (every
 * step can be), a bounded number of times, saying so.
 */
async function step(
  loader: FetcherLike,
  key: string,
  what: LoaderStep,
  body?: Uint8Array<ArrayBuffer> | string,
): Promise<Response> {
  const { url, ...init } = loaderRequest(key, what, body);
  const name = what.kind === 'part' ? `part ${what.part}` : `the ${what.kind} step`;
  for (let attempt = 1; ; attempt++) {
    try {
      const response = await loader.fetch(url, {
        ...init,
        headers: { Connection: 'close' },
        signal: AbortSignal.timeout(STEP_TIMEOUT_MS),
      });
      if (!response.ok) throw new Refused(`${name} was refused: ${await response.text()}`);
      return response;
    } catch (e) {
      if (e instanceof Refused || attempt === TRIES) throw e;
      const why = e instanceof Error && e.cause instanceof Error ? e.cause.message : String(e);
      console.error(
        `The local Workers runtime lost ${name} of the upload (${why}); ` +
          `sending it again (try ${attempt + 1} of ${TRIES}).`,
      );
    }
  }
}

/** The stamp the bucket's object was uploaded with, or null when it holds none. */
async function uploadedStamp(loader: FetcherLike, key: string): Promise<string | null> {
  const response = await step(loader, key, { kind: 'stamp' });
  return ((await response.json()) as { stamp: string | null }).stamp;
}

/**
 * Puts the archive into the bucket in parts, as an upload to R2 above 5 GiB must be made, with
 * the local file's stamp, by which the next run knows it is there.
 */
async function upload(
  loader: FetcherLike,
  key: string,
  archive: string,
  stamp: string,
): Promise<void> {
  const created = await step(loader, key, { kind: 'create', stamp });
  const { uploadId } = (await created.json()) as { uploadId: string };
  const fd = openSync(archive, 'r');
  try {
    const parts = [];
    const size = fstatSync(fd).size;
    for (let offset = 0, part = 1; offset < size || part === 1; offset += PART, part++) {
      const bytes = new Uint8Array(Math.min(PART, size - offset));
      readSync(fd, bytes, 0, bytes.length, offset);
      const what = { kind: 'part', uploadId, part, length: bytes.length } as const;
      parts.push(await (await step(loader, key, what, bytes)).json());
    }
    await step(loader, key, { kind: 'complete', uploadId }, JSON.stringify(parts));
  } catch (e) {
    await step(loader, key, { kind: 'abort', uploadId }).catch(() => {});
    throw e;
  } finally {
    closeSync(fd);
  }
}

/**
 * Puts the archive into the bucket under `key`: an archive in parts as its parts beside the key
 * (each a new name, uploaded once), then its entry point, so the Worker never finds an entry
 * point whose parts are not there yet.
 */
async function uploadArchive(
  loader: FetcherLike,
  key: string,
  archive: string,
  stamp: string,
): Promise<void> {
  const folder = key.slice(0, key.lastIndexOf('/') + 1);
  for (const name of entryAt(archive)?.parts ?? []) {
    const part = join(dirname(archive), name);
    const partStamp = fileStamp(statSync(part));
    if ((await uploadedStamp(loader, folder + name)) !== partStamp)
      await upload(loader, folder + name, part, partStamp);
  }
  await upload(loader, key, archive, stamp);
}

/**
 * What `source` holds now, cheaply: an archive's inode, size and time, or the build a tree's link
 * names and its manifest's; empty while it cannot be read.
 */
function sourceStamp(source: ServeConfig['source']): string {
  try {
    if (source.kind === 'archive') return fileStamp(statSync(source.path));
    return buildStamp(realpathSync(source.path));
  } catch {
    return '';
  }
}

/** The archive the Worker serves for `source`: the archive itself, or the tree packed. */
const archiveOf = async (source: ServeConfig['source']): Promise<string> =>
  source.kind === 'archive' ? source.path : packed(source.path);

/**
 * Starts the Worker, its bucket kept in `state` (as `wrangler dev --persist-to`); resolves with a
 * function that stops it. Like the other servers, it follows each publish: once a second it looks
 * at the archive (or the tree's link) and uploads a new build over the object, as a deploy would;
 * the Worker opens it at its next check (`CHECK_SECONDS`).
 */
export async function serveWorker(
  config: ServeConfig,
  state = STATE,
): Promise<() => Promise<void>> {
  const wrangler = JSON.parse(readFileSync(WRANGLER_CONFIG, 'utf8')) as WranglerConfig;
  const archive = await archiveOf(config.source);
  const stamp = fileStamp(statSync(archive));
  const mf = await startMiniflare(wrangler, config, state);
  let loader: FetcherLike;
  const key = wrangler.vars.ARCHIVE;
  try {
    const url = await mf.ready;
    loader = await mf.getWorker(LOADER);
    if ((await uploadedStamp(loader, key)) !== stamp) {
      const bucket = wrangler.r2_buckets[0]!;
      console.error(`Uploading ${archive} to the local R2 bucket ${bucket.bucket_name}...`);
      await uploadArchive(loader, key, archive, stamp);
    }
    config.listening(Number(url.port));
  } catch (e) {
    await mf.dispose();
    throw e;
  }
  const stopFollowing = followPublishes(config.source, loader, key, { archive, stamp });
  // Stopping does not wait for an upload under way: it ends with the runtime.
  return async () => {
    stopFollowing();
    await mf.dispose();
  };
}

/** Miniflare running the API's Worker and the bucket's loader, the bucket kept in `state`. */
async function startMiniflare(
  wrangler: WranglerConfig,
  config: ServeConfig,
  state: string,
): Promise<MiniflareLike> {
  const { Miniflare } = await runtimeImport<{ Miniflare: MiniflareClass }>('miniflare');
  const bucket = wrangler.r2_buckets[0]!;
  const worker = {
    modules: true,
    compatibilityDate: wrangler.compatibility_date,
    compatibilityFlags: wrangler.compatibility_flags,
    r2Buckets: { [bucket.binding]: bucket.bucket_name },
  };
  // The first Worker answers the port; the loader is reached only through `getWorker`.
  return new Miniflare({
    workers: [
      {
        ...worker,
        name: 'api',
        script: await bundle(wrangler.main),
        bindings: workerVars(wrangler.vars),
      },
      { ...worker, name: LOADER, script: await bundle('dev/bucket-loader.ts') },
    ],
    r2Persist: join(state, 'v3', 'r2'),
    host: config.host,
    port: config.port,
  });
}

/**
 * Looks at `source` once a second and uploads each new build to the bucket under `key`, over the
 * one `uploaded` first; returns the function that stops looking.
 */
function followPublishes(
  source: ServeConfig['source'],
  loader: FetcherLike,
  key: string,
  uploaded: { archive: string; stamp: string },
): () => void {
  /** What the served path held at the last look: a cheap stamp, looked at every second. */
  let seen = sourceStamp(source);
  let looking: Promise<void> | null = null;
  let stopped = false;
  const look = async () => {
    const now = sourceStamp(source);
    if (now === seen) return;
    const next = await archiveOf(source);
    const nextStamp = fileStamp(statSync(next));
    if (nextStamp !== uploaded.stamp) {
      console.error(`${next} is a new build: uploading it to the local R2 bucket...`);
      await uploadArchive(loader, key, next, nextStamp);
      // A tree's earlier build, packed for the Worker, is not needed again.
      if (uploaded.archive !== next && dirname(uploaded.archive) === PACKED)
        rmSync(uploaded.archive, { force: true });
      uploaded = { archive: next, stamp: nextStamp };
    }
    seen = now;
  };
  const timer = setInterval(() => {
    // One look at a time: an upload of a large archive takes longer than a second.
    looking ??= look()
      .catch((e: unknown) => {
        // A build moved away meanwhile, or the server stopping: the Worker keeps its archive.
        if (!stopped) console.error(`The new build could not be uploaded yet; trying again: ${e}`);
      })
      .finally(() => (looking = null));
  }, 1000);
  return () => {
    stopped = true;
    clearInterval(timer);
  };
}
