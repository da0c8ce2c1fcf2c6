import { sha1 } from '@noble/hashes/legacy.js';
import { utf8ToBytes } from '@noble/hashes/utils.js';
import { byteRange } from './byte-range.ts';
import { CACHE_MB, megabytes } from './cache-budget.ts';
import { compose, type Reads } from './compose.ts';
import { decodePage } from './page-text.ts';
import { decodePostings, decodeUint32s } from '../../contract/query-index.ts';
import {
  JSON_TYPE,
  attribution,
  envelope,
  errorBody,
  pageMeta,
  type Attribution,
  type ParamError,
} from '../../contract/envelope.ts';
import { checkHealth, RETRY_AFTER_SECONDS, type HealthCheck } from './health.ts';
import { HotCache } from './hot-cache.ts';
import { MANIFEST_FORMAT, type Manifest } from '../../contract/manifest.ts';
import { chooseEncoding, gzip, isFresh, LARGEST_ON_THE_FLY, type Encoding } from './negotiate.ts';
import { encodedFile } from '../../contract/paths.ts';
import { HTML_TYPE, PAGE_POLICY } from '../../contract/page-policy.ts';
import { route, routeTable, type Missing, type SimplePlan } from './route.ts';
import { stateAt, type Timeline } from '../../contract/timeline.ts';
import { holdsReplacement, NOT_UTF8 } from './utf8-target.ts';

/**
 * The router as a web-standard handler, `(Request) => Promise<Response>`, with file access passed
 * in: the same code answers in the Node preview server, in tests (no port) and on any fetch-API
 * runtime.
 */

/** Read access to the built files; `read` returns null for a file that does not exist. */
export interface FileSource {
  read(file: string): Promise<Uint8Array | null>;
  /**
   * Readies a later read of `file`, where that costs a read of its own (an archive's leaf of its
   * index): asked for beside reads the later one waits for, it saves a round trip over HTTP.
   */
  locate?(file: string): Promise<void>;
}

/** A response before it is written: either a body, or a file of dist/ for the adapter to send. */
export interface Outcome {
  status: number;
  headers: Record<string, string>;
  body: string | Uint8Array | null;
  /**
   * Send this file as the body; when it does not exist, answer `missing()` instead. `gzip`: the
   * client takes gzip and the build has no compressed copy, so compress it on the fly.
   */
  file?: { path: string; missing: () => Outcome; gzip: boolean };
}

/** The request facts the router looks at. */
export interface RequestFacts {
  method: string;
  /** Path and query as received. */
  target: string;
  header(name: string): string | null;
}

type FilePlan = Extract<SimplePlan, { kind: 'file' }>;

const BASE_HEADERS = {
  'Access-Control-Allow-Origin': '*',
  'Access-Control-Expose-Headers': 'ETag, Content-Length',
};
const CACHE_OK = 'public, max-age=300';
/**
 * The headers of every pre-rendered file besides its type and tag: the router's, and those the
 * nginx configuration (`nginx.ts`) adds to the files it sends itself.
 */
export const FILE_HEADERS = {
  ...BASE_HEADERS,
  'Cache-Control': CACHE_OK,
  Vary: 'Accept-Encoding',
};
const CACHE_ERROR = 'no-cache';

/** A strong entity tag from a small content-derived basis (a file's tag) or a small body. */
function entityTag(basis: string | Uint8Array): string {
  return tagText(sha1(typeof basis === 'string' ? utf8ToBytes(basis) : basis));
}

/**
 * The same tag of a large body, hashed by WebCrypto, native on every runtime: a composed page
 * runs to hundreds of KB, where the pure-JS hash took a quarter of the answer's time.
 */
async function bodyTag(body: Uint8Array<ArrayBuffer>): Promise<string> {
  return tagText(new Uint8Array(await crypto.subtle.digest('SHA-1', body)));
}

function tagText(digest: Uint8Array): string {
  const hash = btoa(String.fromCharCode(...digest))
    .replaceAll('+', '-')
    .replaceAll('/', '_')
    .slice(0, 24);
  return `"${hash}"`;
}

/** The weight of a file held parsed: V8 holds it in more memory than its bytes. */
const twice = (size: number): number => 2 * size;

/** How many files' tags a router remembers (about 100 bytes each) before it starts again. */
const FILE_TAGS_KEPT = 20_000;

/** The ETag suffix of each coding, so that a cache never confuses two codings of one answer. */
const SUFFIX: Record<Encoding, string> = { br: 'br', gzip: 'gz' };

/** An answer with a body; its tag hashes the body unless `extra` gives one. */
function bodyOutcome(
  status: number,
  body: string | Uint8Array,
  extra: Record<string, string> = {},
): Outcome {
  return {
    status,
    headers: {
      ...BASE_HEADERS,
      'Content-Type': JSON_TYPE,
      'Cache-Control': status === 200 ? CACHE_OK : CACHE_ERROR,
      ...extra,
      ETag: extra['ETag'] ?? entityTag(body),
    },
    body,
  };
}

/** An error response in the one error shape. */
export function errorOutcome(
  status: number,
  message: string,
  target: string,
  errors: ParamError[] = [],
  extra: Record<string, string> = {},
): Outcome {
  return bodyOutcome(status, JSON.stringify(errorBody(status, message, target, errors)), extra);
}

/** Answers that must never be kept: each one says how the server is now. */
const NO_STORE = { 'Cache-Control': 'no-store' };

/**
 * The 503 of a server that cannot answer from a build now (`Unavailable`, or a health check that
 * failed): the error shape, with the seconds to wait before trying again.
 */
export function unavailableOutcome(reason: string, target: string): Outcome {
  const message = `The API is not available: ${reason}. Try again shortly.`;
  return errorOutcome(503, message, target, [], {
    ...NO_STORE,
    'Retry-After': String(RETRY_AFTER_SECONDS),
  });
}

/** The answer of the health check: the build's identity (200), or why it cannot be read (503). */
function healthOutcome(check: HealthCheck, target: string): Outcome {
  switch (check.kind) {
    case 'ready':
      return {
        status: 200,
        headers: { ...BASE_HEADERS, 'Content-Type': JSON_TYPE, ...NO_STORE },
        body: JSON.stringify(check.health),
      };
    case 'unreadable':
      return unavailableOutcome(check.reason, target);
    default:
      return check satisfies never;
  }
}

/**
 * The path and query of a fetch-API request's URL. A runtime may hand over a target it could not
 * make absolute (Bun, for an HTTP/1.0 request without a Host header, gives the bare path), which
 * is read against a placeholder origin; anything else that is not a URL goes to the router as it
 * is, to be refused there with the JSON error.
 */
export function targetOf(url: string): string {
  try {
    // Read as a path even when it begins with `//`, which a base URL would read as a host.
    const parsed = new URL(url.startsWith('/') ? `http://host.invalid${url}` : url);
    return parsed.pathname + parsed.search;
  } catch {
    return url;
  }
}

/** The error of a request a server cannot parse, answered before any router sees it. */
export const unparsedOutcome = () =>
  errorOutcome(400, 'The request could not be parsed; percent-encode the path and query.', '');

/**
 * The answer for a valid filter whose pre-rendered collection does not exist: no record matches.
 * `encoded()` gives it the tag the file would have had, so it revalidates like any file.
 */
function emptyOutcome(plan: FilePlan, missing: Extract<Missing, { kind: 'empty' }>): Outcome {
  const resource = plan.resource!;
  const meta = resource.paginated
    ? pageMeta({
        path: missing.path,
        params: missing.params,
        page: 1,
        records: missing.records,
        total: 0,
        totals: resource.totals,
      })
    : {};
  return bodyOutcome(200, envelope({ attribution: attribution(null), meta, result: [] }));
}

/** An outcome that sends a file. */
export type FileOutcome = Outcome & { file: NonNullable<Outcome['file']> };

/** The router: answers requests from the manifest and the files of one build. */
export interface Handler {
  /** Plans and answers a request, leaving pre-rendered files for the adapter to send. */
  resolve(request: RequestFacts): Promise<Outcome>;
  /**
   * The answer that sends the file an outcome names: its bytes (from the hot cache when they
   * are there), compressed on the fly when asked, or the part a `Range` header asks for (206),
   * or a JSON 416 past the end; `outcome.file.missing()` when there is no such file.
   */
  send(outcome: FileOutcome, range: string | null, target: string): Promise<Outcome>;
  /** The fetch-API form: reads any file itself. */
  fetch(request: Request): Promise<Response>;
}

/** The default memory budget of a router's caches, in bytes. */
export const CACHE_BYTES = megabytes(CACHE_MB);

/**
 * Creates the router for one build. `cacheBytes`: the memory its caches may hold, half for the
 * bytes of the files it sends most, half for the files it reads to compose answers, decoded.
 */
export function createHandler(options: {
  manifest: Manifest;
  files: FileSource;
  cacheBytes?: number;
}): Handler {
  const { manifest, files } = options;
  const budget = options.cacheBytes ?? CACHE_BYTES;
  /** Bytes to send, keyed by their strong tag: it names the file's content and coding. */
  const sent = new HotCache<Uint8Array>(budget / 2, (bytes) => bytes.byteLength);
  /**
   * Decoded files, keyed by their form and path (one build's files never change), each counted
   * at what it weighs in memory. Callers only read them.
   */
  const decoded = new HotCache<{ doc: unknown; weight: number }>(budget / 2, (p) => p.weight);
  if (manifest.format !== MANIFEST_FORMAT)
    throw new Error(
      `the build's manifest has format ${manifest.format}, ` +
        `this router reads ${MANIFEST_FORMAT}: build it again`,
    );
  const table = routeTable(manifest);
  /** Codings of the files themselves (a precompressed tree, an archive); else gzip on the fly. */
  const stored = manifest.encodings;
  const decoder = new TextDecoder();
  const encoder = new TextEncoder();
  /**
   * A file decoded by `decode` (its `form`, which the cache's key names), from the cache of
   * decoded files; `weigh` gives what it holds in memory from the file's size and the decoded.
   */
  const readDecoded = async <T>(
    form: string,
    file: string,
    decode: (bytes: Uint8Array) => T,
    weigh: (size: number, doc: T) => number,
  ) => {
    const entry = await decoded.get(`${form}:${file}`, async () => {
      const bytes = await files.read(file);
      if (bytes === null) return null;
      const doc = decode(bytes);
      return { doc: doc as unknown, weight: weigh(bytes.byteLength, doc) };
    });
    return (entry?.doc ?? null) as T | null;
  };
  // V8 holds parsed JSON in about twice the memory of its text.
  const readJson = (file: string): Promise<unknown> =>
    readDecoded('json', file, (bytes) => JSON.parse(decoder.decode(bytes)) as unknown, twice);
  const reads: Reads = {
    json: readJson,
    page: (file) => readDecoded('page', file, decodePage, (_, page) => page.weight),
    postings: (file) => readDecoded('postings', file, decodePostings, twice),
    uint32s: (file) => readDecoded('uint32s', file, decodeUint32s, (size) => size),
    keys: (file) => readJson(file) as Promise<string[] | null>,
    locate: async (file) => files.locate?.(file),
  };

  /**
   * Tags of files by their basis (a content hash and a path), remembered: each is the same for
   * every request of a file, and hashing it was a twentieth of a pre-rendered answer's time.
   */
  const fileTags = new Map<string, string>();
  const fileTag = (basis: string): string => {
    let tag = fileTags.get(basis);
    if (tag === undefined) {
      if (fileTags.size >= FILE_TAGS_KEPT) fileTags.clear();
      tag = entityTag(basis);
      fileTags.set(basis, tag);
    }
    return tag;
  };

  /** The answer to a plan, before content coding and conditional requests. */
  async function answer(plan: SimplePlan, target: string): Promise<Outcome> {
    switch (plan.kind) {
      case 'error':
        return errorOutcome(
          plan.status,
          plan.message,
          target,
          plan.errors,
          plan.allow ? { Allow: plan.allow } : {},
        );
      case 'compose': {
        const composed = await compose(plan, reads);
        if (composed.status !== 200)
          return errorOutcome(
            composed.status,
            composed.error.message,
            target,
            composed.error.errors,
          );
        // A path id that lists nothing may be a record's own id (`/events/actions/<modifier id>`).
        if (composed.total === 0 && plan.fallback) return answer(plan.fallback, target);
        const bytes = encoder.encode(composed.body);
        return bodyOutcome(200, bytes, { ETag: await bodyTag(bytes) });
      }
      case 'bucket': {
        const bucket = (await readJson(plan.file)) as Record<
          string,
          { record: unknown; source: Attribution['source'] }
        > | null;
        const entry = bucket?.[plan.id];
        if (!entry) return errorOutcome(404, plan.missing, target);
        const body = envelope({
          attribution: { ...attribution(null), source: entry.source },
          meta: {},
          result: [entry.record],
        });
        return bodyOutcome(200, body, { ETag: fileTag(plan.tag) });
      }
      case 'timeline': {
        // The match state at a time: one small file per match holds every state the match went
        // through.
        const timeline = (await readJson(plan.file)) as Timeline | null;
        if (!timeline) return errorOutcome(404, plan.missing, target);
        const result = stateAt(timeline, plan.time, plan.resource.fields);
        const body = envelope({
          attribution: { ...attribution(null), source: timeline.source },
          meta: {},
          result,
        });
        return bodyOutcome(200, body, { ETag: fileTag(plan.tag) });
      }
      case 'file':
        return plan.check ? ownedFile(plan, plan.check, target) : fileOutcome(plan, target);
      case 'health':
        return healthOutcome(await checkHealth(manifest, files), target);
      default:
        return plan satisfies never;
    }
  }

  /**
   * A record addressed under its parent (a lineup under its match): sent only if it belongs
   * there.
   */
  async function ownedFile(
    plan: FilePlan,
    check: NonNullable<FilePlan['check']>,
    target: string,
  ): Promise<Outcome> {
    const doc = (await readJson(plan.file)) as { result: Record<string, unknown>[] } | null;
    const missing = plan.missing.kind === 'not-found' ? plan.missing.message : 'Not found.';
    // The parent id in the path is text; the record's may be a number (v0's integer ids).
    const owner = doc?.result[0]?.[check.key];
    if (owner === undefined || owner === null || String(owner) !== check.value)
      return errorOutcome(404, missing, target);
    return fileOutcome(plan, target);
  }

  /** A pre-rendered file, left for the adapter to send. */
  function fileOutcome(plan: FilePlan, target: string): Outcome {
    const { missing } = plan;
    return {
      status: 200,
      headers: {
        ...FILE_HEADERS,
        ...(plan.contentType === HTML_TYPE ? { 'Content-Security-Policy': PAGE_POLICY } : {}),
        'Content-Type': plan.contentType,
        ETag: fileTag(plan.tag),
      },
      body: null,
      file: {
        path: plan.file,
        gzip: false,
        missing: () =>
          missing.kind === 'empty'
            ? emptyOutcome(plan, missing)
            : errorOutcome(404, missing.message, target),
      },
    };
  }

  /**
   * The one step after every answer: a 200 is sent in the best coding the client takes (a file's
   * stored copy, or gzip on the fly), and is a 304 when the client holds its tag.
   */
  async function encoded(outcome: Outcome, request: RequestFacts): Promise<Outcome> {
    if (outcome.status !== 200) return outcome;
    const { file, body } = outcome;
    const size = typeof body === 'string' ? body.length : (body?.byteLength ?? 0);
    const codings: readonly Encoding[] =
      file && stored.length > 0 ? stored : size <= LARGEST_ON_THE_FLY ? ['gzip'] : [];
    // A range is of the file's own bytes: a client that asks for one gets them uncompressed
    // (and on Workers every request claims gzip, so ranges would never be answered otherwise).
    const encoding = request.header('range')
      ? undefined
      : chooseEncoding(codings, request.header('accept-encoding'));
    const headers: Record<string, string> = { ...outcome.headers, Vary: 'Accept-Encoding' };
    if (encoding) {
      headers['ETag'] = headers['ETag']!.replace(/"$/, `-${SUFFIX[encoding]}"`);
      headers['Content-Encoding'] = encoding;
    }
    if (isFresh(request.header, headers['ETag']!)) {
      // `*` holds for any resource that exists, and a file planned from its URL may not: a
      // record that is not there is a 404, a filter without a file an empty page (which exists).
      const anyTag = file && request.header('if-none-match')!.trim() === '*';
      if (anyTag && (await files.read(file.path)) === null) {
        const answer = file.missing();
        if (answer.status !== 200) return answer;
      }
      return { status: 304, headers, body: null };
    }
    if (file) {
      const onTheFly = encoding !== undefined && stored.length === 0;
      const path = encoding && !onTheFly ? encodedFile(file.path, encoding) : file.path;
      // The empty page of a filter without a file keeps the tag this request revalidates.
      const missing = () => {
        const answer = file.missing();
        if (answer.status !== 200) return answer;
        return {
          ...answer,
          headers: { ...answer.headers, ETag: headers['ETag']!, Vary: 'Accept-Encoding' },
        };
      };
      return { ...outcome, headers, file: { path, missing, gzip: onTheFly } };
    }
    return { ...outcome, headers, body: encoding && body !== null ? await gzip(body) : body };
  }

  async function resolve(request: RequestFacts): Promise<Outcome> {
    const { method, target } = request;
    if (method === 'OPTIONS' && request.header('access-control-request-method')) {
      return {
        status: 204,
        headers: {
          ...BASE_HEADERS,
          'Access-Control-Allow-Methods': 'GET, HEAD, OPTIONS',
          'Access-Control-Allow-Headers': request.header('access-control-request-headers') ?? '*',
          'Access-Control-Max-Age': '86400',
          'Cache-Control': CACHE_OK,
          'Content-Type': JSON_TYPE,
          ETag: entityTag('preflight'),
        },
        body: null,
      };
    }
    // U+FFFD is what Bun and workerd leave of bytes that are not UTF-8: refused, not searched.
    if (holdsReplacement(target)) return errorOutcome(400, NOT_UTF8, target);
    const planned = route(method, target, table);
    if (planned.kind === 'within' && (await readJson(planned.file)) === null)
      return errorOutcome(404, planned.message, target);
    const plan = planned.kind === 'within' ? planned.plan : planned;
    // The health check is never compressed, tagged or answered 304: each one reads the build.
    if (plan.kind === 'health') return answer(plan, target);
    return encoded(await answer(plan, target), request);
  }

  async function send(outcome: FileOutcome, range: string | null, target: string) {
    const { file } = outcome;
    // The strong tag names these exact bytes: the file's content and its coding.
    const bytes = await sent.get(outcome.headers['ETag']!, async () => {
      const stored = await files.read(file.path);
      if (stored === null) return null;
      // Inflated bytes may be a view of a larger buffer, which the cache would keep whole.
      const own = stored.byteLength < stored.buffer.byteLength ? new Uint8Array(stored) : stored;
      return file.gzip ? gzip(own) : own;
    });
    return bytes === null ? file.missing() : fileAnswer(outcome, bytes, range, target);
  }

  async function fetch(request: Request): Promise<Response> {
    const target = targetOf(request.url);
    const outcome = await resolve({
      method: request.method.toUpperCase(),
      target,
      header: (name) => request.headers.get(name),
    });
    const final = outcome.file
      ? await send(outcome as FileOutcome, request.headers.get('range'), target)
      : outcome;
    const body =
      request.method.toUpperCase() === 'HEAD' || final.status === 204 || final.status === 304
        ? null
        : final.body;
    // Node typings disagree on which Uint8Array a BodyInit takes; the bytes are a plain Buffer.
    return new Response(body as BodyInit | null, { status: final.status, headers: final.headers });
  }

  return { resolve, send, fetch };
}

/**
 * The answer that sends a file's bytes (already in the answer's coding): all of them, or the one
 * range a `Range` header asks for (206), or a JSON 416 when that range is past the end.
 */
function fileAnswer(
  outcome: Outcome,
  bytes: Uint8Array,
  range: string | null,
  target: string,
): Outcome {
  const ask = byteRange(range, bytes.length);
  switch (ask.kind) {
    case 'whole':
      return { status: outcome.status, headers: outcome.headers, body: bytes };
    case 'part':
      return {
        status: 206,
        headers: {
          ...outcome.headers,
          'Accept-Ranges': 'bytes',
          'Content-Range': `bytes ${ask.start}-${ask.end}/${bytes.length}`,
        },
        body: bytes.subarray(ask.start, ask.end + 1),
      };
    case 'unsatisfiable':
      return errorOutcome(
        416,
        `The range ${range} is not satisfiable: the file has ${bytes.length} bytes.`,
        target,
        [],
        { 'Content-Range': `bytes */${bytes.length}` },
      );
    default:
      return ask satisfies never;
  }
}
