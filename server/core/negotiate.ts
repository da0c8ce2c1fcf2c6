import fresh from 'fresh';
import Negotiator from 'negotiator';

/**
 * HTTP negotiation for the router, on any runtime: which content coding to send (`negotiator`,
 * the parser Express and Koa use), whether a conditional request may get a 304 (`fresh`, the same
 * projects' check), and gzip on the fly through the web-standard `CompressionStream`. Both
 * libraries are plain JavaScript with no runtime dependency.
 */

/** A content coding the router sends: brotli only from files a build made, gzip from anywhere. */
export type Encoding = 'br' | 'gzip';

/**
 * The coding to send among `available` (in order of preference) that the client's
 * `Accept-Encoding` allows; undefined for the identity.
 */
export function chooseEncoding(
  available: readonly Encoding[],
  accept: string | null,
): Encoding | undefined {
  if (!accept || available.length === 0) return undefined;
  const negotiator = new Negotiator({ headers: { 'accept-encoding': accept } });
  const preference = [...available];
  // Ties go to the server's order (brotli first): negotiator has taken `preferred` since 1.0,
  // which its published types do not show yet.
  const chosen = (negotiator.encoding as Choose).call(negotiator, preference, {
    preferred: preference,
  });
  return available.find((coding) => coding === chosen);
}

type Choose = (available: string[], options: { preferred: string[] }) => string | undefined;

/**
 * True when a GET or HEAD may be answered 304 for a response with tag `etag`, which exists:
 * `If-None-Match` names the tag, by weak comparison (`W/"…"` matches), or is `*` (RFC 9110
 * §13.1.2). The request's `Cache-Control` and `Pragma` play no part: `no-cache` tells caches to
 * revalidate with the origin (RFC 9111 §5.2.1.4), which a conditional request is doing, and Node's
 * `fetch` adds it to every request that sets `If-None-Match` itself; `fresh` would read it as a
 * reload and send the whole body.
 */
export function isFresh(header: (name: string) => string | null, etag: string): boolean {
  const ifNoneMatch = header('if-none-match')?.trim();
  return ifNoneMatch ? fresh({ 'if-none-match': ifNoneMatch }, { etag }) : false;
}

/** Answers larger than this are sent as they are rather than compressed on the fly. */
export const LARGEST_ON_THE_FLY = 8 * 1024 * 1024;

/** `data` gzip-compressed, with the web-standard stream every runtime has. */
export async function gzip(data: Uint8Array | string): Promise<Uint8Array> {
  const bytes = typeof data === 'string' ? new TextEncoder().encode(data) : data;
  const stream = new Blob([bytes as Uint8Array<ArrayBuffer>])
    .stream()
    .pipeThrough(new CompressionStream('gzip'));
  return new Uint8Array(await new Response(stream).arrayBuffer());
}
