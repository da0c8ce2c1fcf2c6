import {
  ARCHIVE_META,
  ARCHIVE_PARAM,
  CLIENT_FILE,
  OPENING_READS,
  ORIGINS_META,
  sourceOf,
  type OpeningRead,
  type Source,
} from './source.ts';

/**
 * The pages' `fetch` of an API URL: the page's own origin, or the client over an archive, as
 * `source.ts` decides from the page's address and meta tags. The client is loaded only then.
 */

/**
 * What the pages use of the client's module (`server/client/client.ts`, built to `CLIENT_FILE`),
 * which they load at run time rather than import.
 */
interface ClientModule {
  openArchive(url: string, options: { fetch: typeof fetch }): Promise<ApiClient>;
}
interface ApiClient {
  fetch(path: string, init?: RequestInit): Promise<Response>;
}

/**
 * The site's root: both pages' scripts are one folder below it. Read as the script starts, the
 * only time the page says which script it is.
 */
const ROOT =
  typeof document === 'undefined'
    ? null
    : new URL('../', (document.currentScript as HTMLScriptElement | null)?.src ?? location.href);

/** The content of one of the page's meta tags; null where it has none. */
const metaOf = (name: string): string | null =>
  document.querySelector<HTMLMetaElement>(`meta[name="${name}"]`)?.content ?? null;

let source: Source | null = null;

/** Where this page reads the API from, worked out once. */
export const pageSource = (): Source =>
  (source ??= sourceOf(
    new URL(location.href),
    { archive: metaOf(ARCHIVE_META), origins: metaOf(ORIGINS_META) },
    ROOT!,
  ));

/** Whether an answer to a read made with no condition meets the condition `headers` name. */
function meets(response: Response, headers: Headers): boolean {
  const etag = headers.get('if-match');
  const date = headers.get('if-unmodified-since');
  if (etag !== null) return response.headers.get('etag') === etag;
  if (date !== null) return response.headers.get('last-modified') === date;
  return true;
}

/**
 * The reads the page's head started, by range and URL, taken once: an opening tried again after a
 * failure reads for itself, as the head's answers may have been used.
 */
function openingReads(): Map<string, Promise<Response | null>> {
  const global = globalThis as Record<string, unknown>;
  const started = (global[OPENING_READS] ?? []) as OpeningRead[];
  delete global[OPENING_READS];
  return new Map(started.map((read) => [`${read.range} ${read.url}`, read.response]));
}

/**
 * The `fetch` the client reads the archive with: each read the page's head started (the
 * archive's first bytes, which hold the manifest, and the leaf of the index of the value the
 * page's address names) answers the client's same read once, when it meets the read's condition
 * (the archive is still the version opened); every other read goes to the network.
 */
function withOpeningReads(reads: Map<string, Promise<Response | null>>): typeof fetch {
  return async (input, init) => {
    const headers = new Headers(init?.headers);
    const key = `${headers.get('range')} ${String(input)}`;
    const early = reads.get(key);
    reads.delete(key);
    const response = await early;
    if (response && meets(response, headers)) return response;
    await response?.body?.cancel();
    return fetch(input, init);
  };
}

/**
 * Lets go of the reads the client did not take up: a leaf the page's calls did not need, or reads
 * of a site written for another build of the archive.
 */
function dropReads(reads: Map<string, Promise<Response | null>>): void {
  for (const response of reads.values()) void response.then((r) => r?.body?.cancel());
  reads.clear();
}

let client: Promise<ApiClient> | null = null;

/** The client over the page's archive, loaded and opened once; a failure is tried again. */
function clientOf(url: string): Promise<ApiClient> {
  return (client ??= openClient(url).catch((error: unknown) => {
    client = null;
    throw error;
  }));
}

/**
 * Loads the client and opens the archive, with the reads the page's head started. Those the
 * opening leaves are for the page's first calls, which ask together: they go once the first
 * answer is made.
 */
async function openClient(url: string): Promise<ApiClient> {
  const reads = openingReads();
  try {
    const module = (await import(new URL(CLIENT_FILE, ROOT!).href)) as ClientModule;
    const api = await module.openArchive(url, { fetch: withOpeningReads(reads) });
    return {
      // After a turn of the event loop: the client gathers the reads asked for together on a
      // timer, and a call made with the first may not have asked for its reads yet.
      fetch: (path, init) =>
        api.fetch(path, init).finally(() => setTimeout(() => dropReads(reads), 0)),
    };
  } catch (error) {
    dropReads(reads);
    throw error;
  }
}

/** An API URL (`/v1/...`) answered from wherever the page reads the API. */
export async function apiFetch(path: string, init?: RequestInit): Promise<Response> {
  const at = pageSource();
  switch (at.kind) {
    case 'router':
      return fetch(path, init);
    case 'archive':
      return (await clientOf(at.url)).fetch(path, init);
    case 'refused':
      throw new Error(at.reason);
    default:
      return at satisfies never;
  }
}

/**
 * The page's links to the site's other page keep the archive the page was asked to read, and
 * its links to the router's own URLs go when there is none.
 */
export function linkSite(): void {
  const at = pageSource();
  if (at.kind === 'router') return;
  document.querySelectorAll('a[data-router]').forEach((link) => link.remove());
  if (at.kind !== 'archive' || at.named !== 'page') return;
  const asked = new URL(location.href).searchParams.get(ARCHIVE_PARAM)!;
  document.querySelectorAll<HTMLAnchorElement>('a[data-page]').forEach((link) => {
    const url = new URL(link.href);
    url.searchParams.set(ARCHIVE_PARAM, asked);
    link.href = url.href;
  });
}
