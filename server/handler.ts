import { sha1 } from '@noble/hashes/legacy.js';
import { utf8ToBytes } from '@noble/hashes/utils.js';
import { byteRange } from './byte-range.ts';
import { compose } from './compose.ts';
import {
  JSON_TYPE,
  attribution,
  envelope,
  errorBody,
  pageMeta,
  type Attribution,
  type ParamError,
} from './envelope.ts';
import { MANIFEST_FORMAT, type Manifest } from './manifest.ts';
import { chooseEncoding, gzip, isFresh, LARGEST_ON_THE_FLY, type Encoding } from './negotiate.ts';
import { encodedFile } from './paths.ts';
import { route, routeTable, type Missing, type SimplePlan } from './route.ts';
import { stateAt, type Timeline } from './timeline.ts';

/**
 * The router as a web-standard handler, `(Request) => Promise<Response>`, with file access passed
 * in: the same code answers in the Node preview server, in tests (no port) and on any fetch-API
 * runtime.
 */

/** Read access to the built files; `read` returns null for a file that does not exist. */
export interface FileSource {
  read(file: string): Promise<Uint8Array | null>;
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

/** A strong entity tag from some content or content-derived basis, suffixed by its coding. */
function entityTag(basis: string | Uint8Array, encoding?: Encoding): string {
  const digest = sha1(typeof basis === 'string' ? utf8ToBytes(basis) : basis);
  const hash = btoa(String.fromCharCode(...digest))
    .replaceAll('+', '-')
    .replaceAll('/', '_')
    .slice(0, 24);
  return `"${hash}${encoding ? `-${SUFFIX[encoding]}` : ''}"`;
}

/** The ETag suffix of each coding, so that a cache never confuses two codings of one answer. */
const SUFFIX: Record<Encoding, string> = { br: 'br', gzip: 'gz' };

function bodyOutcome(status: number, body: string, extra: Record<string, string> = {}): Outcome {
  return {
    status,
    headers: {
      ...BASE_HEADERS,
      'Content-Type': JSON_TYPE,
      'Cache-Control': status === 200 ? CACHE_OK : CACHE_ERROR,
      ETag: entityTag(body),
      ...extra,
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

/** The router: answers requests from the manifest and the files of one build. */
export interface Handler {
  /** Plans and answers a request, leaving pre-rendered files for the adapter to send. */
  resolve(request: RequestFacts): Promise<Outcome>;
  /** The fetch-API form: reads any file itself. */
  fetch(request: Request): Promise<Response>;
}

/** Creates the router for one build. */
export function createHandler(options: { manifest: Manifest; files: FileSource }): Handler {
  const { manifest, files } = options;
  if (manifest.format !== MANIFEST_FORMAT)
    throw new Error(
      `the build's manifest has format ${manifest.format}, ` +
        `this router reads ${MANIFEST_FORMAT}: build it again`,
    );
  const table = routeTable(manifest);
  /** Codings of the files themselves (a precompressed tree, an archive); else gzip on the fly. */
  const stored = manifest.encodings;
  const readJson = async (file: string): Promise<unknown> => {
    const bytes = await files.read(file);
    return bytes === null ? null : JSON.parse(new TextDecoder().decode(bytes));
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
        const limit = plan.resource.scanLimit ?? manifest.scanLimit;
        const composed = await compose(plan, readJson, limit);
        if (composed.status !== 200)
          return errorOutcome(
            composed.status,
            composed.error.message,
            target,
            composed.error.errors,
          );
        // A path id that lists nothing may be a record's own id (`/events/actions/<modifier id>`).
        if (composed.total === 0 && plan.fallback) return answer(plan.fallback, target);
        return bodyOutcome(200, composed.body);
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
        return bodyOutcome(200, body, { ETag: entityTag(plan.tag) });
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
        return bodyOutcome(200, body, { ETag: entityTag(plan.tag) });
      }
      case 'file':
        return plan.check ? ownedFile(plan, plan.check, target) : fileOutcome(plan, target);
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
    const bytes = await files.read(plan.file);
    const doc =
      bytes &&
      (JSON.parse(new TextDecoder().decode(bytes)) as { result: Record<string, unknown>[] });
    const missing = plan.missing.kind === 'not-found' ? plan.missing.message : 'Not found.';
    // The parent id in the path is text; the record's may be a number (v0's integer ids).
    const owner = doc?.result[0]?.[check.key];
    if (!bytes || owner === undefined || owner === null || String(owner) !== check.value)
      return errorOutcome(404, missing, target);
    return { ...bodyOutcome(200, '', { ETag: entityTag(plan.tag) }), body: bytes };
  }

  /** A pre-rendered file, left for the adapter to send. */
  function fileOutcome(plan: FilePlan, target: string): Outcome {
    const { missing } = plan;
    return {
      status: 200,
      headers: { ...FILE_HEADERS, 'Content-Type': plan.contentType, ETag: entityTag(plan.tag) },
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
    if (isFresh(request.header, headers['ETag']!)) return { status: 304, headers, body: null };
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
    const planned = route(method, target, table);
    if (planned.kind === 'within' && (await files.read(planned.file)) === null)
      return errorOutcome(404, planned.message, target);
    const plan = planned.kind === 'within' ? planned.plan : planned;
    return encoded(await answer(plan, target), request);
  }

  async function fetch(request: Request): Promise<Response> {
    const url = new URL(request.url);
    const target = url.pathname + url.search;
    const outcome = await resolve({
      method: request.method.toUpperCase(),
      target,
      header: (name) => request.headers.get(name),
    });
    let final = outcome;
    if (outcome.file) {
      const bytes = await files.read(outcome.file.path);
      final =
        bytes === null
          ? outcome.file.missing()
          : await fileAnswer(outcome, bytes, request.headers.get('range'), target);
    }
    const body =
      request.method.toUpperCase() === 'HEAD' || final.status === 204 || final.status === 304
        ? null
        : final.body;
    // Node typings disagree on which Uint8Array a BodyInit takes; the bytes are a plain Buffer.
    return new Response(body as BodyInit | null, { status: final.status, headers: final.headers });
  }

  return { resolve, fetch };
}

/**
 * The answer that sends a file's bytes: all of them, or the one range a `Range` header asks for
 * (206), or a JSON 416 when that range is past the end.
 */
export async function fileAnswer(
  outcome: Outcome,
  bytes: Uint8Array,
  range: string | null,
  target: string,
): Promise<Outcome> {
  if (outcome.file?.gzip)
    return { status: outcome.status, headers: outcome.headers, body: await gzip(bytes) };
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
