import type { Attribution, Provider } from '../../contract/envelope.ts';
import { apiFetch } from './api-fetch.ts';
import type { Links } from './records.ts';

/**
 * How the explorer reads the API: `fetch` of the paths a user could type, so every view can show
 * them as links, answered by the page's own origin or, on a static host, by the client over an
 * archive (`source.ts`). Pages of a collection are read in parallel once the first says how many
 * there are.
 */

/** The largest page the API serves (`records`). */
const MAX_RECORDS = 100;

/** An answer of the API, as the views read it. */
export interface Envelope<T> {
  attribution: Attribution;
  meta: { totalPages?: number; totalRecords?: number; next?: string | null; prev?: string | null };
  result: T;
}

/** An answer that was not a 200, with the API's own message. */
export class ApiError extends Error {
  constructor(
    readonly path: string,
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

/** The providers named by every answer read, for the page's credits. */
export const providers = new Map<string, Provider>();

function remember(attribution: Attribution): void {
  const { source } = attribution;
  for (const provider of source.providers ?? (source.name ? [source as Provider] : []))
    providers.set(provider.name, provider);
}

/** One answer of the API. */
export async function get<T>(path: string): Promise<Envelope<T>> {
  const response = await apiFetch(path, { headers: { Accept: 'application/json' } });
  const body = (await response.json().catch(() => null)) as
    (Envelope<T> & { message?: string }) | null;
  if (!response.ok || body === null)
    throw new ApiError(path, response.status, body?.message ?? `${response.status} from ${path}`);
  remember(body.attribution);
  return body;
}

/** A path with more query parameters. */
export function withQuery(path: string, params: Record<string, string | number>): string {
  const query = new URLSearchParams(Object.entries(params).map(([k, v]) => [k, String(v)]));
  return `${path}${path.includes('?') ? '&' : '?'}${query}`;
}

/** Every record of a collection: the first page, then the others at once. */
export async function all<T>(path: string): Promise<T[]> {
  const first = await get<T[]>(withQuery(path, { records: MAX_RECORDS }));
  const pages = first.meta.totalPages ?? 1;
  const rest = await Promise.all(
    Array.from({ length: Math.max(0, pages - 1) }, (_, i) =>
      get<T[]>(withQuery(path, { records: MAX_RECORDS, page: i + 2 })),
    ),
  );
  return [first, ...rest].flatMap((page) => page.result);
}

/** The path of a collection as the views show it: what `all` read first. */
export const firstPage = (path: string) => withQuery(path, { records: MAX_RECORDS });

/** The path a record's links name at `names`; a missing link is an error in the API. */
export function linkAt(links: Links, ...names: string[]): string {
  let at: string | Links | undefined = links;
  for (const name of names) at = typeof at === 'object' ? at[name] : undefined;
  if (typeof at !== 'string') throw new Error(`The record has no link ${names.join('.')}.`);
  return at;
}
