import { readFileSync, statSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { join } from 'node:path';
import sirv from 'sirv';
import { createHandler, type Handler, type Outcome } from './handler.ts';
import { MANIFEST_FILE, type Manifest } from './manifest.ts';
import { nodeFiles } from './node-files.ts';

/**
 * The preview server: Node's http server with the router in front and sirv sending the pre-rendered
 * files (streaming, ranges, content length). sirv runs in `dev` mode, which looks files up on each
 * request instead of indexing the whole tree at start-up (about 1.2 KB of heap per file, too much for
 * millions of files).
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

  return createServer((req, res) => {
    const method = (req.method ?? 'GET').toUpperCase();
    handlerFor()
      .resolve({ method, target: req.url ?? '/', header: (name) => headerValue(req.headers[name]) })
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
        const body = JSON.stringify({ status: 500, message: 'The server failed to answer; please report this.', uri: req.url, errors: [] });
        write(req, res, { status: 500, headers: { 'Content-Type': 'application/json; charset=utf-8', 'Access-Control-Allow-Origin': '*', 'Cache-Control': 'no-store' }, body });
      });
  });
}

function headerValue(value: string | string[] | undefined): string | null {
  return value === undefined ? null : Array.isArray(value) ? value.join(', ') : value;
}

function write(req: IncomingMessage, res: ServerResponse, outcome: Outcome): void {
  for (const name of res.getHeaderNames()) res.removeHeader(name);
  const body = outcome.body === null ? null : typeof outcome.body === 'string' ? Buffer.from(outcome.body) : outcome.body;
  const headers = body ? { ...outcome.headers, 'Content-Length': String(body.byteLength) } : outcome.headers;
  res.writeHead(outcome.status, headers);
  res.end(req.method === 'HEAD' ? undefined : body ?? undefined);
}

/**
 * A handler that follows rebuilds: the manifest is re-read when its file changes (checked at most
 * once a second), so `npm run build` while the server runs takes effect without a restart.
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
    if (!handler || current !== stamp) {
      const manifest = JSON.parse(readFileSync(file, 'utf8')) as Manifest;
      handler = createHandler({ manifest, files });
      stamp = current;
    }
    return handler;
  };
}
