import { answer, answering, preflightOutcome, type Answering } from './answer.ts';
import { CACHE_MB, megabytes } from './cache-budget.ts';
import { encoded } from './encoding.ts';
import { MANIFEST_FORMAT, type Manifest } from '../../contract/manifest.ts';
import {
  errorOutcome,
  type FileOutcome,
  type FileSource,
  type Outcome,
  type RequestFacts,
} from './outcome.ts';
import { route } from './route.ts';
import { fileSender, webResponse, type FileSender } from './send.ts';
import { holdsReplacement, NOT_UTF8 } from './utf8-target.ts';

export type { FileSource } from './outcome.ts';

/**
 * The router as a web-standard handler, `(Request) => Promise<Response>`, with file access passed
 * in: the same code answers in the Node preview server, in tests (no port) and on any fetch-API
 * runtime. Its steps: answering (`answer.ts`), encoding and revalidation (`encoding.ts`), and
 * sending (`send.ts`).
 */

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
  if (manifest.format !== MANIFEST_FORMAT)
    throw new Error(
      `the build's manifest has format ${manifest.format}, ` +
        `this router reads ${MANIFEST_FORMAT}: build it again`,
    );
  const send = fileSender(files, budget / 2);
  const from = answering(manifest, files, budget / 2);
  const resolve = (request: RequestFacts) => resolveFrom(from, request);
  return { resolve, send, fetch: (request) => fetchFrom(resolve, send, request) };
}

/**
 * Plans and answers a request (`answer`), then codes and revalidates the answer (`encoded`); a
 * CORS preflight, a target that is not UTF-8 and a health check are answered as they are.
 */
async function resolveFrom(from: Answering, request: RequestFacts): Promise<Outcome> {
  const { method, target } = request;
  if (method === 'OPTIONS' && request.header('access-control-request-method'))
    return preflightOutcome(request);
  // U+FFFD is what Bun and workerd leave of bytes that are not UTF-8: refused, not searched.
  if (holdsReplacement(target)) return errorOutcome(400, NOT_UTF8, target);
  const planned = route(method, target, from.table);
  if (planned.kind === 'within' && (await from.reads.json(planned.file)) === null)
    return errorOutcome(404, planned.message, target);
  const plan = planned.kind === 'within' ? planned.plan : planned;
  // The health check is never compressed, tagged or answered 304: each one reads the build.
  if (plan.kind === 'health') return answer(plan, target, from);
  const answered = await answer(plan, target, from);
  return encoded(answered, request, from.files, from.manifest.encodings);
}

/** Answers a fetch-API request: resolved, its file sent when it names one. */
async function fetchFrom(
  resolve: Handler['resolve'],
  send: FileSender,
  request: Request,
): Promise<Response> {
  const target = targetOf(request.url);
  const outcome = await resolve({
    method: request.method.toUpperCase(),
    target,
    header: (name) => request.headers.get(name),
  });
  const final = outcome.file
    ? await send(outcome as FileOutcome, request.headers.get('range'), target)
    : outcome;
  return webResponse(final, request.method);
}
