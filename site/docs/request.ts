import { apiFetch } from '../explorer/api-fetch.ts';
import { h } from '../explorer/dom.ts';
import type { Source } from '../explorer/source.ts';

/**
 * "Try it": the request an operation's filled-in parameters make, sent from the page to the API
 * of its own origin, and its answer as it came (status, headers, body). Parameters left empty are
 * left out, so a reader who types one filter gets the records of that filter.
 */

/** Where a parameter goes. */
export type Place = 'path' | 'query' | 'header';

/** A parameter given a value. */
export interface Given {
  name: string;
  in: Place;
  value: string;
}

/** A request to send. */
export interface Request {
  method: string;
  /** The path and query, as a link of the API: `/v1/persons?last_name=M%C3%BCller`. */
  url: string;
  headers: [string, string][];
}

/**
 * Headers the browser sets itself and a page may not (`Access-Control-Request-Method` of a
 * preflight): the page shows them in the curl command only.
 */
export const browserSets = (name: string): boolean =>
  /^(access-control-request-|origin$)/i.test(name);

/** The request of `method` on the path template `path` with the parameters given. */
export function requestOf(method: string, path: string, given: readonly Given[]): Request {
  const filled = given.filter((parameter) => parameter.value !== '');
  const values = (place: Place) => filled.filter((parameter) => parameter.in === place);
  let url = path;
  for (const { name, value } of values('path'))
    url = url.replace(`{${name}}`, encodeURIComponent(value));
  // Percent-encoding, not form encoding: `+` in a match time (`45+2`) stays a plus.
  const query = values('query').map(
    ({ name, value }) => `${encodeURIComponent(name)}=${encodeURIComponent(value)}`,
  );
  if (query.length > 0) url += `?${query.join('&')}`;
  return {
    method: method.toUpperCase(),
    url,
    headers: values('header').map(({ name, value }) => [name, value]),
  };
}

/** The request as a curl command a reader can copy. */
export function curlOf(request: Request, origin: string): string {
  const quote = (text: string) => `'${text.replaceAll("'", `'\\''`)}'`;
  const method =
    request.method === 'GET' ? [] : request.method === 'HEAD' ? ['-I'] : ['-X', request.method];
  const headers = request.headers.flatMap(([name, value]) => ['-H', quote(`${name}: ${value}`)]);
  return ['curl', '-i', ...method, ...headers, quote(`${origin}${request.url}`)].join(' ');
}

/**
 * The request as the page's reader can send it again: a curl command to the router of the page's
 * origin or, where the page reads an archive through the client, the client's call.
 */
export function commandOf(request: Request, source: Source, origin: string): string {
  if (source.kind !== 'archive') return curlOf(request, origin);
  const { method } = request;
  const headers = Object.fromEntries(request.headers);
  const init =
    method === 'GET' && request.headers.length === 0
      ? ''
      : `, ${JSON.stringify({ method, headers })}`;
  return [
    `const api = await openArchive(${JSON.stringify(source.url)});`,
    `const res = await api.fetch(${JSON.stringify(request.url)}${init});`,
  ].join('\n');
}

/** Bodies longer than this are cut in the page; the link has all of it. */
const SHOWN_BYTES = 200_000;

/** A body as the page shows it: JSON indented, anything else as it came. */
function shownBody(text: string, type: string): string {
  let shown = text;
  if (/json/.test(type)) {
    try {
      shown = JSON.stringify(JSON.parse(text), null, 2);
    } catch {
      // Not JSON after all: shown as it came.
    }
  }
  return shown.length > SHOWN_BYTES ? `${shown.slice(0, SHOWN_BYTES)}\n… (cut here)` : shown;
}

/** Sends a request and shows its answer, or why there is none. */
export async function send(request: Request): Promise<HTMLElement> {
  const started = performance.now();
  try {
    const reply = await apiFetch(request.url, {
      method: request.method,
      headers: request.headers.filter(([name]) => !browserSets(name)),
      cache: 'no-store',
    });
    const body = request.method === 'HEAD' ? '' : await reply.text();
    const ms = Math.round(performance.now() - started);
    const type = reply.headers.get('content-type') ?? '';
    const headers: HTMLElement[] = [];
    reply.headers.forEach((value, name) => headers.push(h('dt', null, name), h('dd', null, value)));
    return h(
      'div',
      { class: 'reply', 'data-status': reply.status },
      h(
        'p',
        { class: 'status' },
        h('strong', null, `${reply.status} ${reply.statusText}`),
        ` in ${ms} ms`,
      ),
      h('details', { class: 'headers' }, h('summary', null, 'Headers'), h('dl', null, headers)),
      // A scrolled body takes the focus, so the keyboard scrolls it too.
      body === ''
        ? null
        : h(
            'pre',
            { class: 'body', tabindex: '0', 'aria-label': 'Response body' },
            h('code', null, shownBody(body, type)),
          ),
    );
  } catch (error) {
    return h('p', { class: 'error', role: 'alert' }, `No answer: ${String(error)}`);
  }
}
