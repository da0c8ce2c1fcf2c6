/**
 * Where a page of the site (the explorer, the reference) reads the API from. Served by a router,
 * it asks its own origin, as any client of the API does. On a static host, with no router, it
 * answers its own requests through the client over an archive: the one the site was written for
 * (`npm run site`, in a meta tag of the page), or one named by the page's `?archive=` parameter.
 * A parameter is a link anyone can send, so it is followed only under the site's own root or to
 * an origin the site lists: a link cannot make these pages show another site's data as theirs.
 */

/** Where the build writes the client the pages import on a static host, under the site's root. */
export const CLIENT_FILE = 'explorer/client.js';

/** The meta tag naming the archive the site was written for, relative to the site's root. */
export const ARCHIVE_META = 'football-api-archive';
/** The meta tag listing, space-separated, the other origins an `?archive=` may name. */
export const ORIGINS_META = 'football-api-origins';
/** The page's query parameter that names an archive. */
export const ARCHIVE_PARAM = 'archive';
/**
 * The global where a page's head leaves the reads it started for the client as the page loads
 * (`npm run site` writes the script): those that open its archive and, on the explorer's page of
 * an id, the read of the leaf of the index that holds the id's files: `OpeningRead[]`.
 */
export const OPENING_READS = 'footballApiOpeningReads';

/** A read of the archive a page's head started: its URL, its `Range`, and its answer. */
export interface OpeningRead {
  url: string;
  range: string;
  /** Null when the request failed: the client then makes it itself. */
  response: Promise<Response | null>;
}

/** Where the page reads the API from. */
export type Source =
  /** The page's own origin, which a router answers. */
  | { kind: 'router' }
  /** An archive at an absolute URL, through the client. */
  | { kind: 'archive'; url: string; named: 'site' | 'page' }
  /** An archive the page was asked to read and may not: why. */
  | { kind: 'refused'; reason: string };

/** What the site's meta tags say; null where a page has none. */
export interface SiteMeta {
  archive: string | null;
  origins: string | null;
}

/** The origins the site lists, as URL origins; anything else in the list is not one. */
export const originsOf = (list: string | null): string[] =>
  (list ?? '')
    .split(/\s+/)
    .filter((origin) => origin !== '')
    .flatMap((origin) => {
      try {
        return [new URL(origin).origin];
      } catch {
        return [];
      }
    });

/**
 * Where the page at `page` reads the API from, given its site's meta tags and its site's root
 * (the folder of `index.html`), which the site's archive is named from.
 */
export function sourceOf(page: URL, meta: SiteMeta, root: URL): Source {
  const asked = page.searchParams.get(ARCHIVE_PARAM);
  if (asked === null || asked === '') {
    if (meta.archive === null || meta.archive === '') return { kind: 'router' };
    return { kind: 'archive', url: new URL(meta.archive, root).href, named: 'site' };
  }
  let url: URL;
  try {
    url = new URL(asked, page);
  } catch {
    return { kind: 'refused', reason: `The page's archive, ${asked}, is not a URL.` };
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:')
    return { kind: 'refused', reason: `The page reads archives over HTTP only, not ${asked}.` };
  // Under the site's own root, not anywhere on its origin: a bucket's host can be every
  // bucket's origin.
  const own = url.origin === root.origin && url.pathname.startsWith(root.pathname);
  if (!own && !originsOf(meta.origins).includes(url.origin))
    return {
      kind: 'refused',
      reason:
        `This page reads archives under its own site, ${root.href}, and from the origins its ` +
        `site lists, not ${url.href}.`,
    };
  return { kind: 'archive', url: url.href, named: 'page' };
}
