import type { RangeSource } from '../archive.ts';
import type { Handler } from '../handler.ts';
import { WEB_CODEC } from '../web-codec.ts';
import { archiveRouter, guarded } from '../web-router.ts';

/**
 * The router on Cloudflare Workers, over the archive in an R2 bucket, read with range requests
 * (`wrangler.json` binds the bucket as `API` and names the object in `ARCHIVE`). The archive is
 * opened once per isolate and again after `REOPEN_SECONDS` (60); every read is made on the condition that
 * the object is still the one opened, so an archive uploaded over it is noticed at the next read
 * (or at the next opening, when every answer came from the router's caches) and opened afresh, and
 * no answer mixes two archives.
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
    options: { range: { offset: number; length: number }; onlyIf: { etagMatches: string } },
  ): Promise<R2ObjectBody | R2Object | null>;
}

/** The Worker's bindings. */
export interface Env {
  API: R2Bucket;
  ARCHIVE: string;
  /** How long one opening of the archive answers (default 60). */
  REOPEN_SECONDS?: string;
}

/** The archive was replaced while it was being read. */
class Replaced extends Error {}

/** One version of the archive object as a range source. */
async function r2Ranges(bucket: R2Bucket, key: string): Promise<RangeSource> {
  const head = await bucket.head(key);
  if (!head) throw new Error(`the bucket holds no object ${key}`);
  return {
    length: head.size,
    async read(offset, length) {
      const end = Math.min(length, head.size - offset);
      if (end <= 0) return new Uint8Array(0);
      const range = { offset, length: end };
      const object = await bucket.get(key, { range, onlyIf: { etagMatches: head.etag } });
      if (!object || !('arrayBuffer' in object)) throw new Replaced();
      return new Uint8Array(await object.arrayBuffer());
    },
  };
}

/**
 * The router's caches: an isolate has 128 MB of memory, which also holds the archive's index
 * while it is read.
 */
const CACHE_BYTES = 16 * 1024 * 1024;

/** The router of the archive as last opened, and when. */
let router: { handler: Handler; opened: number } | null = null;
let reopening = false;

/**
 * Answers from the archive as it is now: a replaced archive is opened again, once. No request
 * waits on another's opening: Workers forbids I/O begun for one request to go on in another. A
 * request that finds no router opens one; when the router is `REOPEN_SECONDS` old, one request
 * opens the next while the others go on with it.
 */
async function answer(request: Request, env: Env, retry = true): Promise<Response> {
  let current = router;
  const reopenMs = Number(env.REOPEN_SECONDS ?? 60) * 1000;
  if (current === null || (Date.now() - current.opened > reopenMs && !reopening)) {
    reopening = current !== null;
    try {
      const source = await r2Ranges(env.API, env.ARCHIVE);
      current = {
        handler: await archiveRouter(source, WEB_CODEC, CACHE_BYTES),
        opened: Date.now(),
      };
      router = current;
    } finally {
      reopening = false;
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
  fetch: (request: Request, env: Env) => guarded((r) => answer(r, env).then(sent))(request),
};
