import { AsyncLocalStorage } from 'node:async_hooks';
import { brotliDecompressSync } from 'node:zlib';
import CRC32 from 'crc-32';
import { entryOf, partedSource, partLength } from '../../contract/archive-parts.ts';
import { ArchiveError, type Codec, type RangeSource } from '../../contract/archive-reader.ts';
import type { Handler } from '../core/handler.ts';
import { archiveRouter, guarded } from '../core/web-router.ts';
import { Unavailable } from '../core/health.ts';
import { megabytes, WORKER_CACHE_MB } from '../core/cache-budget.ts';

/**
 * The router on Cloudflare Workers, over the archive in an R2 bucket, read with range requests
 * (`wrangler.json` binds the bucket as `API` and names the object in `ARCHIVE`: an archive, or
 * the entry point of an archive in parts, whose parts are objects beside it). The archive is
 * opened once per isolate. Every read is made on the condition that the object is still the one
 * opened, and every `CHECK_SECONDS` (60) one request checks the object's tag, so an archive
 * uploaded over it is noticed at the next read or check (answers from the router's caches read
 * nothing) and opened afresh, and no answer mixes two archives.
 */

/** The parts of the Workers R2 API used here (types from `@cloudflare/workers-types`). */
interface R2Object {
  readonly size: number;
  readonly etag: string;
}
interface R2ObjectBody extends R2Object {
  arrayBuffer(): Promise<ArrayBuffer>;
}
interface R2Bucket {
  head(key: string): Promise<R2Object | null>;
  get(
    key: string,
    options: { range: { offset: number; length: number }; onlyIf?: { etagMatches: string } },
  ): Promise<R2ObjectBody | R2Object | null>;
}

/** The Worker's bindings. */
export interface Env {
  API: R2Bucket;
  ARCHIVE: string;
  /** Seconds between checks of the archive for a new upload (default 60). */
  CHECK_SECONDS?: string;
}

/** The archive was replaced while it was being read. */
class Replaced extends Error {}

/**
 * One version of an object of `length` bytes as a range source: every read is made on the
 * condition that the object's tag is `etag` (learnt at the first read when null), and a read of
 * an object gone or of another length means a new upload replaced it.
 */
function r2Ranges(bucket: R2Bucket, key: string, length: number, etag: string | null): RangeSource {
  return {
    length,
    async read(offset, size) {
      const end = Math.min(size, length - offset);
      if (end <= 0) return new Uint8Array(0);
      const range = { offset, length: end };
      const object = await bucket.get(key, {
        range,
        ...(etag === null ? {} : { onlyIf: { etagMatches: etag } }),
      });
      if (!object || !('arrayBuffer' in object) || object.size !== length) throw new Replaced();
      etag ??= object.etag;
      return new Uint8Array(await object.arrayBuffer());
    },
  };
}

/**
 * The archive whose object `head` is: the object itself, or, when it is the entry point of an
 * archive in parts, its parts (objects beside it, whose names change with every build).
 */
async function archiveSource(bucket: R2Bucket, key: string, head: R2Object): Promise<RangeSource> {
  const object = r2Ranges(bucket, key, head.size, head.etag);
  const entry = await entryOf(object);
  if (!entry) return object;
  const folder = key.slice(0, key.lastIndexOf('/') + 1);
  const parts = entry.parts.map((name, index): RangeSource => {
    const part = r2Ranges(bucket, folder + name, partLength(entry, index), null);
    return {
      length: part.length,
      // A part gone or changed under the entry point still uploaded is a damaged archive.
      read: (offset, length) =>
        part.read(offset, length).catch(async (error: unknown) => {
          if (!(error instanceof Replaced) || (await bucket.head(key))?.etag !== head.etag)
            throw error;
          throw new ArchiveError(
            `its part ${folder + name} is missing or is not the one ${key} names`,
          );
        }),
    };
  });
  return partedSource(entry, (index) => parts[index]!);
}

/**
 * The router's caches: an isolate has 128 MB of memory, which also holds the archive's index
 * while it is read.
 */
const ISOLATE_CACHE_BYTES = megabytes(WORKER_CACHE_MB);

/**
 * The Worker's codec: CRC-32 in plain JavaScript, and the runtime's own Brotli (`node:zlib`, with
 * `nodejs_compat` in `wrangler.json`), native where the client's decoder runs JavaScript.
 */
const WORKER_CODEC: Codec = {
  crc32: (data) => CRC32.buf(data) >>> 0,
  decompress: (data) => brotliDecompressSync(data),
};

/** A check for a new archive that has not ended after this long is left, and another begins. */
const CHECK_GIVEN_UP_MS = 10_000;

/** The archive as opened: its router, its object's tag, and when that tag was last checked. */
interface Opened {
  handler: Handler;
  etag: string;
  checked: number;
}

let router: Opened | null = null;
/**
 * The request each read is made for: a request waits only on reads it began itself, which
 * Workers requires (a request waiting on another's read is cancelled as hung).
 */
const requests = new AsyncLocalStorage<object>();
/** When a request began checking the archive for a new version; 0 when none is. */
let checking = 0;

async function open(env: Env, head: R2Object | null): Promise<Opened> {
  // Before the first upload (a local run fills its bucket after it opens its port), every
  // request is a 503 that asks to try again, the health check's included.
  if (!head) throw new Unavailable(`the bucket holds no archive ${env.ARCHIVE} yet`);
  const source = await archiveSource(env.API, env.ARCHIVE, head);
  const handler = await archiveRouter(source, WORKER_CODEC, ISOLATE_CACHE_BYTES, () =>
    requests.getStore(),
  );
  return { handler, etag: head.etag, checked: Date.now() };
}

/** `CHECK_SECONDS` in milliseconds; 60 s unless it is a positive number. */
function checkEveryMs(env: Env): number {
  const seconds = Number(env.CHECK_SECONDS);
  return (Number.isFinite(seconds) && seconds > 0 ? seconds : 60) * 1000;
}

/**
 * Answers from the archive as it is now: a replaced archive is opened again, once. No request
 * waits on another's opening or check: Workers forbids I/O begun for one request to go on in
 * another. A request that finds no router opens one. When the tag is `CHECK_SECONDS` old, one
 * request checks it while the others go on; an unchanged archive keeps its router and caches, and
 * a failed check keeps answering from the archive open.
 */
async function answer(request: Request, env: Env, retry = true): Promise<Response> {
  let current = router;
  const now = Date.now();
  if (current === null) {
    current = router = await open(env, await env.API.head(env.ARCHIVE));
  } else if (now - current.checked > checkEveryMs(env) && now - checking > CHECK_GIVEN_UP_MS) {
    checking = now;
    try {
      const head = await env.API.head(env.ARCHIVE);
      if (head?.etag === current.etag) current.checked = Date.now();
      else current = router = await open(env, head);
    } catch (e) {
      console.error('The archive could not be checked; answering from the one open:', e);
    } finally {
      checking = 0;
    }
  }
  try {
    return await current.handler.fetch(request);
  } catch (e) {
    if (router === current) router = null;
    if (e instanceof Replaced && retry) return answer(request, env, false);
    throw e;
  }
}

/**
 * Bytes already compressed are sent as they are (`encodeBody: 'manual'`); by default the runtime
 * would compress them again. Cloudflare's edge decodes them for a client that takes no gzip.
 */
function sent(response: Response): Response {
  const { status, headers, body } = response;
  if (status === 206) {
    // A range is of the file's own bytes: the runtime must not compress it.
    const ranged = new Headers(headers);
    ranged.set('Content-Encoding', 'identity');
    return new Response(body, { status, headers: ranged });
  }
  if (!headers.has('content-encoding')) return response;
  return new Response(body, { status, headers, encodeBody: 'manual' } as ResponseInit);
}

export default {
  fetch: (request: Request, env: Env) =>
    requests.run({}, () => guarded((r) => answer(r, env).then(sent))(request)),
};
