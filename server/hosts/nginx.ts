import { FILE_HEADERS, unparsedOutcome } from '../core/outcome.ts';
import type { Manifest } from '../../contract/manifest.ts';
import { fileRoutes, type FileRoute, type QuerySlot, type SlotValue } from './file-routes.ts';

/**
 * An nginx configuration for a built folder: nginx sends from disk what a file answers byte for
 * byte as the router would (records, default pages, `?page=N`, single filters whose values are
 * already canonical), and passes every other request to the Node router. Which requests those are
 * is decided on the raw request target (`$request_uri`), so a target with any other spelling
 * (percent-encoding, upper case, dot segments, extra parameters, another order) goes to the router,
 * which alone knows the canonical forms.
 */

/** What the configuration needs. */
export interface NginxOptions {
  /** The built folder (absolute). */
  root: string;
  /** The Node router for everything else, e.g. `http://127.0.0.1:8080`. */
  router: string;
  /** Where nginx listens: a port, or `host:port`. */
  listen: string;
}

/** What each slot matches: values as the router writes them and the build names files. */
const SLOT_PATTERN: Record<SlotValue, string> = {
  // No sign on zero, no leading zeros.
  integer: '-?[1-9][0-9]{0,15}|0',
  // Lowercase uuids without hyphens.
  uuid: '[0-9a-f]{32}',
  // Pages beyond 1 (page 1 is the default page, `index.json`).
  page: '[2-9]|[1-9][0-9]{1,8}',
};

/** A regular expression for a literal path. */
const literal = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** A route's map entry: the pattern of its request target and its file, slots as variables. */
function entry(route: FileRoute): [string, string] {
  const file = route.file.replace(/\{(\w+)\}/g, '$$$1');
  const slot = (name: string, value: SlotValue) => `(?<${name}>${SLOT_PATTERN[value]})`;
  switch (route.kind) {
    case 'root':
      return [route.path, file];
    case 'collection': {
      const value = (q: QuerySlot) =>
        q.kind === 'slot' ? slot(q.slot, q.value) : literal(q.value);
      const query = route.query.map((q) => `${literal(q.param)}=${value(q)}`);
      const search = query.length ? `\\?${query.join('&')}` : '';
      return [`~^${literal(route.path)}/?${search}$`, file];
    }
    case 'record':
      return [`~^${literal(route.path)}/${slot('id', route.id)}${literal(route.suffix)}$`, file];
    default:
      return route satisfies never;
  }
}

/**
 * Whether a route is a canonical spelling. `?page=1` is the default page's file, but nginx sends
 * only canonical spellings from disk (its own ETag on them): the router answers the others with
 * the ETag it gives them.
 */
const canonical = (route: FileRoute) =>
  route.kind !== 'collection' || route.query.every((q) => q.kind === 'slot');

/** A text in double quotes, as nginx reads a quoted parameter. */
const quote = (text: string) => `"${text.replace(/["\\]/g, '\\$&')}"`;

/** The configuration, for nginx's `http` block (`conf.d/` or an `include`). */
export function nginxConfig(manifest: Manifest, options: NginxOptions): string {
  const precompressed = manifest.encodings.includes('gzip');
  return `# Written by \`npm run nginx\` from the build ${manifest.build}; run it again when the
# project is upgraded (which files exist depends on its registry, not on the data).
# nginx answers from disk the requests a file answers exactly as the router would; everything
# else goes to the Node router at ${options.router}.

map $request_uri $football_api_file {
  default "";
${fileMap(manifest).join('\n')}
}
${precompressed ? '' : ACCEPT_MAP}
upstream football_api_router {
  server ${new URL(options.router).host};
  keepalive 32;
}

${serverBlock(options, precompressed)}`;
}

/** The lines of the map from a request target to the file that answers it. */
function fileMap(manifest: Manifest): string[] {
  return fileRoutes(manifest)
    .filter(canonical)
    .map(entry)
    .map(([pattern, file]) => `  ${quote(pattern)} ${quote(file)};`);
}

/** Which clients take gzip: without compressed copies in the build, those go to the router. */
const ACCEPT_MAP = `
# Without --precompress, a client that takes gzip is sent to the router, which compresses on the
# fly and keeps a strong ETag (nginx's gzip filter would weaken it).
map $http_accept_encoding $football_api_plain {
  default 1;
  "~*gzip" 0;
}
`;

/** `add_header` lines for `values` but their type, which nginx gives itself. */
function addHeaders(values: Record<string, string>, always: string): string {
  return Object.entries(values)
    .filter(([name]) => name !== 'Content-Type')
    .map(([name, value]) => `\n    add_header ${name} ${quote(value)}${always};`)
    .join('');
}

/** The `server` block: files from disk, everything else to the router. */
function serverBlock(options: NginxOptions, precompressed: boolean): string {
  const unparsed = unparsedOutcome();
  const gzipStatic = precompressed ? '\n    gzip_static on;' : '';
  const plainOnly = precompressed
    ? ''
    : `
    if ($football_api_plain = 0) {
      set $file "";
    }`;
  return `server {
  listen ${options.listen};
  root ${quote(options.root)};
  charset utf-8;
  charset_types application/json text/markdown;
  max_ranges 1;
  etag on;
  server_tokens off;
  types {
    application/json json;
  }
  default_type application/json;
  # What nginx itself refuses (a malformed request, a method on a file, a range past the end)
  # is answered by the router, in JSON.
  error_page 403 404 405 411 413 500 502 503 504 = @router;
  # A target nginx refuses to parse (a dot segment above the root, a NUL byte), too long a
  # request line (414) or too large a header (494, sent as 400), never reaches a location: it
  # gets the error the Node server gives a request it cannot parse.
  error_page 400 /.football-api-unparsed;
  error_page 414 494 =400 /.football-api-unparsed;
  # 418 is this configuration's own: "not a file, ask the router".
  error_page 418 = @router;

  location / {
    set $file $football_api_file;${plainOnly}
    # Ranges go to the router too: its 416 is JSON, and its headers are not doubled by nginx's.
    if ($http_range) {
      set $file "";
    }
    if ($file = "") {
      return 418;
    }
    try_files $file =404;${addHeaders(FILE_HEADERS, '')}${gzipStatic}
  }

  location = /.football-api-unparsed {
    internal;${addHeaders(unparsed.headers, ' always')}
    return 400 ${quote(unparsed.body as string)};
  }

  location @router {
    proxy_pass http://football_api_router;
    proxy_http_version 1.1;
    proxy_set_header Connection "";
    proxy_set_header Host $host;
  }
}
`;
}
