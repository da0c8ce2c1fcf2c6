import { readFileSync, statSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { join } from 'node:path';
import sirv from 'sirv';
import { createHandler, errorOutcome, type Handler, type Outcome } from './handler.ts';
import { MANIFEST_FILE, type Manifest } from './manifest.ts';
import { nodeFiles } from './node-files.ts';

/**
 * The preview server: Node's http server with the router in front and sirv sending the pre-rendered
 * files (streaming, ranges, content length). sirv runs in `dev` mode, which looks files up on each
 * request instead of indexing the whole tree at start-up (about 1.2 KB of heap per file, too much
 * for millions of files).
 */
export function createPreviewServer(dir: string): Server {
  const handlerFor = reloadingHandler(dir);
  const missing = new WeakMap<IncomingMessage, () => Outcome>();
  const send = sirv(dir, {
    dev: true,
    etag: false,
    extensions: [],
    dotfiles: false,
    onNoMatch: (req, res) => write(req, res, missing.get(req)!()),
  });

  const server = createServer((req, res) => {
    const method = (req.method ?? 'GET').toUpperCase();
    Promise.resolve()
      .then(() =>
        handlerFor().resolve({
          method,
          target: req.url ?? '/',
          header: (name) => headerValue(req.headers[name]),
        }),
      )
      .then((outcome) => {
        if (!outcome.file) return write(req, res, outcome);
        for (const [name, value] of Object.entries(outcome.headers)) res.setHeader(name, value);
        missing.set(req, outcome.file.missing);
        // sirv decodes the URL once; our file names may contain `%`, so encode each segment.
        req.url = '/' + outcome.file.path.split('/').map(encodeURIComponent).join('/');
        send(req, res);
      })
      .catch((err: unknown) => {
        console.error(err);
        write(
          req,
          res,
          errorOutcome(
            500,
            'The server failed to answer this request; please report it.',
            req.url ?? '/',
          ),
        );
      });
  });
  // Requests Node cannot parse (raw non-ASCII bytes in the target, malformed headers) still get
  // JSON.
  server.on('clientError', (_err, socket) => {
    if (!socket.writable) return;
    const body = JSON.stringify({
      status: 400,
      message: 'The request could not be parsed; percent-encode the path and query.',
      uri: '',
      errors: [],
    });
    socket.end(
      `HTTP/1.1 400 Bad Request\r\nContent-Type: application/json; charset=utf-8\r\nAccess-Control-Allow-Origin: *\r\n` +
        `Cache-Control: no-cache\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    );
  });
  return server;
}

function headerValue(value: string | string[] | undefined): string | null {
  return value === undefined ? null : Array.isArray(value) ? value.join(', ') : value;
}

function write(req: IncomingMessage, res: ServerResponse, outcome: Outcome): void {
  for (const name of res.getHeaderNames()) res.removeHeader(name);
  const body =
    outcome.body === null
      ? null
      : typeof outcome.body === 'string'
        ? Buffer.from(outcome.body)
        : outcome.body;
  const headers = body
    ? { ...outcome.headers, 'Content-Length': String(body.byteLength) }
    : outcome.headers;
  res.writeHead(outcome.status, headers);
  res.end(req.method === 'HEAD' ? undefined : (body ?? undefined));
}

/**
 * A handler that follows rebuilds: the manifest is re-read when its file changes (checked at most
 * once a second), so `npm run build` while the server runs takes effect without a restart. While a
 * rebuild swaps folders the manifest may be missing for a moment; the last good one keeps serving.
 */
function reloadingHandler(dir: string): () => Handler {
  const file = join(dir, MANIFEST_FILE);
  const files = nodeFiles(dir);
  let handler: Handler | null = null;
  let stamp = '';
  let checked = 0;
  return () => {
    const now = Date.now();
    if (handler && now - checked < 1000) return handler;
    checked = now;
    const stat = statSync(file, { throwIfNoEntry: false });
    const current = stat ? `${stat.mtimeMs}:${stat.size}:${stat.ino}` : '';
    if (!handler || (current !== stamp && current !== '')) {
      try {
        handler = createHandler({
          manifest: JSON.parse(readFileSync(file, 'utf8')) as Manifest,
          files,
        });
        stamp = current;
      } catch (e) {
        if (!handler) throw e;
      }
    }
    return handler;
  };
}
