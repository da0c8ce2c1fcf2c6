import { createHash } from 'node:crypto';
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
import type { Manifest } from './manifest.ts';
import { encodedFile } from './paths.ts';
import { route, routeTable, type Missing, type Plan } from './route.ts';
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
  /** Send this file as the body; when it does not exist, answer `missing()` instead. */
  file?: { path: string; missing: () => Outcome };
}

/** The request facts the router looks at. */
export interface RequestFacts {
  method: string;
  /** Path and query as received. */
  target: string;
  header(name: string): string | null;
}

const BASE_HEADERS = {
  'Access-Control-Allow-Origin': '*',
  'Access-Control-Expose-Headers': 'ETag, Content-Length',
};
const CACHE_OK = 'public, max-age=300';
const CACHE_ERROR = 'no-cache';

/** A strong entity tag from some content or content-derived basis. */
function entityTag(basis: string | Uint8Array, encoding?: string): string {
  const hash = createHash('sha1').update(basis).digest('base64url').slice(0, 24);
  return `"${hash}${encoding ? `-${encoding}` : ''}"`;
}

/**
 * True when an If-None-Match header lists the tag (weak comparison, as RFC 9110 asks for this
 * header).
 * `*` is not honoured: it would answer 304 before the router knows whether the file exists.
 */
function matchesTag(header: string | null, tag: string): boolean {
  if (!header) return false;
  return header.split(',').some((t) => t.trim().replace(/^W\//, '') === tag);
}

/**
 * The content coding to send, preferring brotli, among those the build made and the client accepts.
 */
function chooseEncoding(
  available: readonly string[],
  accept: string | null,
): 'br' | 'gzip' | undefined {
  if (!accept || available.length === 0) return undefined;
  const accepted = new Map<string, number>();
  for (const part of accept.split(',')) {
    const [name, ...opts] = part.trim().toLowerCase().split(';');
    const q = opts.map((o) => /^\s*q=(.*)$/.exec(o)?.[1]).find((x) => x !== undefined);
    if (name) accepted.set(name, q === undefined ? 1 : Number(q));
  }
  const ok = (name: string) => (accepted.get(name) ?? accepted.get('*') ?? 0) > 0;
  if (available.includes('br') && ok('br')) return 'br';
  if (available.includes('gzip') && ok('gzip')) return 'gzip';
  return undefined;
}

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

/**
 * The answer for a valid filter whose pre-rendered collection does not exist: no record matches. It
 * keeps the tag the file would have had, so conditional requests revalidate it like any file.
 */
function emptyOutcome(
  plan: Extract<Plan, { kind: 'file' }>,
  missing: Extract<Missing, { kind: 'empty' }>,
  tag: string,
): Outcome {
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
  return bodyOutcome(200, envelope({ attribution: attribution(null), meta, result: [] }), {
    ETag: tag,
  });
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
  const table = routeTable(manifest);
  const readJson = async (file: string): Promise<unknown> => {
    const bytes = await files.read(file);
    return bytes === null ? null : JSON.parse(new TextDecoder().decode(bytes));
  };

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
    let plan = planned.kind === 'within' ? planned.plan : planned;
    const ifNoneMatch = request.header('if-none-match');
    if (plan.kind === 'compose') {
      const composed = await compose(plan, readJson, plan.resource.scanLimit ?? manifest.scanLimit);
      if (composed.status !== 200)
        return errorOutcome(composed.status, composed.error.message, target, composed.error.errors);
      // A path id that lists nothing may be a record's own id (`/events/actions/<modifier id>`).
      if (composed.total > 0 || !plan.fallback) {
        const outcome = bodyOutcome(200, composed.body);
        return matchesTag(ifNoneMatch, outcome.headers['ETag']!) ? notModified(outcome) : outcome;
      }
      plan = plan.fallback;
    }
    if (plan.kind === 'error') {
      return errorOutcome(
        plan.status,
        plan.message,
        target,
        plan.errors,
        plan.allow ? { Allow: plan.allow } : {},
      );
    }
    if (plan.kind === 'bucket') {
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
      const outcome = bodyOutcome(200, body, { ETag: entityTag(plan.tag) });
      return matchesTag(ifNoneMatch, outcome.headers['ETag']!) ? notModified(outcome) : outcome;
    }
    if (plan.kind === 'timeline') {
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
      const outcome = bodyOutcome(200, body, { ETag: entityTag(plan.tag) });
      return matchesTag(ifNoneMatch, outcome.headers['ETag']!) ? notModified(outcome) : outcome;
    }
    if (plan.check) {
      // A record addressed under its parent (a lineup under its match) is sent only if it belongs
      // there.
      const bytes = await files.read(plan.file);
      const doc =
        bytes &&
        (JSON.parse(new TextDecoder().decode(bytes)) as { result: Record<string, unknown>[] });
      const missing = plan.missing.kind === 'not-found' ? plan.missing.message : 'Not found.';
      // The parent id in the path is text; the record's may be a number (v0's integer ids).
      const owner = doc?.result[0]?.[plan.check.key];
      if (!bytes || owner === undefined || owner === null || String(owner) !== plan.check.value)
        return errorOutcome(404, missing, target);
      const outcome: Outcome = {
        ...bodyOutcome(200, '', { ETag: entityTag(plan.tag) }),
        body: bytes,
      };
      return matchesTag(ifNoneMatch, outcome.headers['ETag']!) ? notModified(outcome) : outcome;
    }
    const isJson = plan.contentType.startsWith('application/json');
    const encoding = isJson
      ? chooseEncoding(manifest.encodings, request.header('accept-encoding'))
      : undefined;
    const headers: Record<string, string> = {
      ...BASE_HEADERS,
      'Content-Type': plan.contentType,
      'Cache-Control': CACHE_OK,
      ETag: entityTag(plan.tag, encoding === 'gzip' ? 'gz' : encoding),
      ...(manifest.encodings.length > 0 && isJson ? { Vary: 'Accept-Encoding' } : {}),
      ...(encoding ? { 'Content-Encoding': encoding } : {}),
    };
    const outcome: Outcome = { status: 200, headers, body: null };
    if (matchesTag(ifNoneMatch, headers['ETag']!)) return notModified(outcome);
    const { missing } = plan;
    outcome.file = {
      path: encoding ? encodedFile(plan.file, encoding) : plan.file,
      missing: () =>
        missing.kind === 'empty'
          ? emptyOutcome(plan, missing, headers['ETag']!)
          : errorOutcome(404, missing.message, target),
    };
    return outcome;
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
          : fileAnswer(outcome, bytes, request.headers.get('range'), target);
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
export function fileAnswer(
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

/** 304 keeps every header (ETag and Cache-Control included) and drops the body. */
function notModified(outcome: Outcome): Outcome {
  return { status: 304, headers: outcome.headers, body: null };
}
