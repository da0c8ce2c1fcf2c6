import { ArchiveReader } from '../../contract/archive-reader.ts';
import { createArchiveHandler } from '../core/archive-handler.ts';
import { archiveBudget, megabytes } from '../core/cache-budget.ts';
import { MANIFEST_FILE, type Manifest } from '../../contract/manifest.ts';
import { isSafeRelativePath } from '../../contract/paths.ts';
import { createHandler, targetOf, type FileSource, type Handler } from '../core/handler.ts';
import { webCodec } from './web-codec.ts';
import { failureOutcome } from '../core/web-router.ts';
import { openHttpArchive } from './http-ranges.ts';
import { ArchiveReplaced, type ReadCounts } from './read-errors.ts';

export { ArchiveReplaced, RangesRefused, type ReadCounts } from './read-errors.ts';

/**
 * The API with no server: the router itself, run in the browser or any JavaScript runtime, over
 * an archive on a static host or bucket read by HTTP ranges. It answers every API URL as the
 * servers do, with the same core (`createArchiveHandler`), so status, headers and bytes are the
 * servers' for the same build.
 *
 *     const api = await openArchive('https://example.org/football/api.archive');
 *     const persons = await (await api.fetch('/v1/persons?last_name=M%C3%BCller')).json();
 */

/** How `openArchive` reads and what it may hold. */
export interface ClientOptions {
  /** The memory the client may hold for the archive's index and answers (default 32 MB). */
  cacheBytes?: number;
  /** The function that makes the range requests (default: the global `fetch`). */
  fetch?: typeof fetch;
  /**
   * Seconds between checks that the archive at the URL is still the one opened (default 60):
   * answers held in memory read nothing, so a new archive is noticed by a check or a read.
   */
  checkSeconds?: number;
}

/** The API answered in the client. */
export interface ApiClient {
  /**
   * Answers an API URL (`/v1/...`, absolute or relative to any origin; only its path and query
   * count) as the server would, with a standard `Response`. A failure is the servers' JSON error.
   */
  fetch(input: string | URL | Request, init?: RequestInit): Promise<Response>;
  /** What the client has read from the host so far. */
  readonly counts: ReadCounts;
}

/** The memory a client holds unless told otherwise: a browser tab's share. */
export const CLIENT_CACHE_BYTES = megabytes(32);

/** An API URL as a request: relative ones are read against a placeholder origin. */
function requestOf(input: string | URL | Request, init?: RequestInit): Request {
  if (input instanceof Request) return init ? new Request(input, init) : input;
  return new Request(new URL(input, 'http://api.invalid/'), init);
}

/** An archive as opened: its router, its check, and when it was last checked. */
interface Opened {
  handler: Handler;
  check(): Promise<void>;
  checked: number;
}

/**
 * The archive at `href` opened for answers: one range read, while the decoder is instantiated.
 */
async function openOnce(
  href: string,
  fetcher: typeof fetch,
  counts: ReadCounts,
  budget: ReturnType<typeof archiveBudget>,
): Promise<Opened> {
  const [archive, codec] = await Promise.all([openHttpArchive(href, fetcher, counts), webCodec()]);
  const reader = await ArchiveReader.open(
    archive.source,
    codec,
    budget.index,
    undefined,
    budget.blocks,
  );
  const handler = await createArchiveHandler(reader, budget.router);
  return { handler, check: archive.check, checked: Date.now() };
}

/**
 * Opens the archive at `url` (one range read) and answers API URLs from it. An archive copied
 * over it is noticed at the next read, or by the check made every `checkSeconds`, and opened
 * afresh; an answer that was being made from the old one is made again, once, from the new.
 */
export async function openArchive(
  url: string | URL,
  options: ClientOptions = {},
): Promise<ApiClient> {
  const href = String(url);
  const fetcher = options.fetch ?? globalThis.fetch.bind(globalThis);
  const budget = archiveBudget(options.cacheBytes ?? CLIENT_CACHE_BYTES);
  const checkMs = (options.checkSeconds ?? 60) * 1000;
  const counts: ReadCounts = { reads: 0, bytes: 0, checks: 0 };
  // The archive opened, or being opened; a failed opening is tried again by the next request.
  let opened: Promise<Opened> | null = null;
  const current = () =>
    (opened ??= openOnce(href, fetcher, counts, budget).catch((error: unknown) => {
      opened = null;
      throw error;
    }));
  await current();
  /** Whether a request is checking the archive: the others answer meanwhile. */
  let checking = false;
  const check = async (archive: Opened) => {
    if (checking || Date.now() - archive.checked < checkMs) return;
    checking = true;
    try {
      await archive.check();
    } catch (error) {
      // A check that failed for another reason (the network) leaves the archive open: the
      // answers' own reads say what is wrong.
      if (error instanceof ArchiveReplaced) throw error;
    } finally {
      archive.checked = Date.now();
      checking = false;
    }
  };
  const answer = async (request: Request, again: boolean): Promise<Response> => {
    const pending = current();
    try {
      const archive = await pending;
      await check(archive);
      return await archive.handler.fetch(request);
    } catch (error) {
      if (!(error instanceof ArchiveReplaced) || again) throw error;
      if (opened === pending) opened = null;
      return answer(request, true);
    }
  };
  return clientOf((request) => answer(request, false), counts);
}

/**
 * Opens a tree of built files at the base URL `url` (a folder on any static host) and answers API
 * URLs from it: one plain request per file, none for an answer held in memory. A tree has no one
 * version to hold on to, so a build published over it while it is read can meet the old one in
 * an answer; publish archives where that matters.
 */
export async function openTree(url: string | URL, options: ClientOptions = {}): Promise<ApiClient> {
  const base = new URL(url);
  if (!base.pathname.endsWith('/')) base.pathname += '/';
  const fetcher = options.fetch ?? globalThis.fetch.bind(globalThis);
  const counts: ReadCounts = { reads: 0, bytes: 0, checks: 0 };
  const files: FileSource = {
    async read(file) {
      if (!isSafeRelativePath(file)) return null;
      counts.reads++;
      // The files' names are URL paths already encoded (`%` included): each byte is sent as named.
      const name = file.split('/').map(encodeURIComponent).join('/');
      const response = await fetcher(new URL(name, base));
      // A bucket answers a missing object with 403 when it may not list the others.
      if (response.status === 404 || response.status === 403) {
        await response.body?.cancel();
        return null;
      }
      if (!response.ok) {
        await response.body?.cancel();
        throw new Error(`${new URL(name, base)} answered ${response.status}`);
      }
      const bytes = new Uint8Array(await response.arrayBuffer());
      counts.bytes += bytes.byteLength;
      return bytes;
    },
  };
  const manifest = await files.read(MANIFEST_FILE);
  if (!manifest) throw new Error(`${base} holds no ${MANIFEST_FILE}: it is not a built API`);
  const handler = createHandler({
    manifest: JSON.parse(new TextDecoder().decode(manifest)) as Manifest,
    files,
    cacheBytes: options.cacheBytes ?? CLIENT_CACHE_BYTES,
  });
  return clientOf((request) => handler.fetch(request), counts);
}

/** The client over `answer`: any failure is the servers' JSON error. */
function clientOf(answer: (request: Request) => Promise<Response>, counts: ReadCounts): ApiClient {
  return {
    counts,
    async fetch(input, init) {
      const request = requestOf(input, init);
      try {
        return await answer(request);
      } catch (error) {
        const { status, headers, body } = failureOutcome(error, targetOf(request.url));
        return new Response(body as BodyInit | null, { status, headers });
      }
    },
  };
}
