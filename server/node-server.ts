import { readFileSync, realpathSync, statSync } from 'node:fs';
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
  const current = pinnedBuild(dir);
  const missing = new WeakMap<IncomingMessage, () => Outcome>();
  const onNoMatch = (req: IncomingMessage, res: ServerResponse) =>
    write(req, res, missing.get(req)!());

  const server = createServer((req, res) => {
    const method = (req.method ?? 'GET').toUpperCase();
    // One build answers the whole request: its manifest, its router and its files.
    let build: Build;
    Promise.resolve()
      .then(() => {
        build = current(onNoMatch);
        return build.handler.resolve({
          method,
          target: req.url ?? '/',
          header: (name) => headerValue(req.headers[name]),
        });
      })
      .then((outcome) => {
        if (!outcome.file) return write(req, res, outcome);
        for (const [name, value] of Object.entries(outcome.headers)) res.setHeader(name, value);
        missing.set(req, outcome.file.missing);
        // sirv decodes the URL once; our file names may contain `%`, so encode each segment.
        req.url = '/' + outcome.file.path.split('/').map(encodeURIComponent).join('/');
        build.send(req, res);
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

/** One published build as the server answers from it. */
interface Build {
  /** The build's own folder (the target of the output link), from which every file is read. */
  root: string;
  handler: Handler;
  send: (req: IncomingMessage, res: ServerResponse) => void;
}

/**
 * The build `dir` publishes now. A build is published by flipping the link `dir` to a new folder
 * (`build/publish.ts`), so the server resolves the link on each request (one system call) and,
 * when it points elsewhere, reads the new folder's manifest: a request is answered by one build
 * from start to end, never one build's manifest with another's files. While a previous build
 * written as a plain folder is replaced, the manifest may be missing for a moment; the last good
 * build keeps serving.
 */
function pinnedBuild(
  dir: string,
): (onNoMatch: (req: IncomingMessage, res: ServerResponse) => void) => Build {
  let build: Build | null = null;
  let stamp = '';
  let checked = 0;
  return (onNoMatch) => {
    let root: string;
    try {
      root = realpathSync(dir);
    } catch (e) {
      if (build) return build;
      throw e;
    }
    // A plain folder rebuilt in place keeps its path: its manifest is checked once a second.
    const now = Date.now();
    if (build && build.root === root && now - checked < 1000) return build;
    checked = now;
    const stat = statSync(join(root, MANIFEST_FILE), { throwIfNoEntry: false });
    const current = stat ? `${root}:${stat.mtimeMs}:${stat.size}:${stat.ino}` : '';
    if (build && (current === stamp || current === '')) return build;
    try {
      const manifest = JSON.parse(readFileSync(join(root, MANIFEST_FILE), 'utf8')) as Manifest;
      build = {
        root,
        handler: createHandler({ manifest, files: nodeFiles(root) }),
        send: sirv(root, { dev: true, etag: false, extensions: [], dotfiles: false, onNoMatch }),
      };
      stamp = current;
    } catch (e) {
      if (!build) throw e;
    }
    return build;
  };
}
