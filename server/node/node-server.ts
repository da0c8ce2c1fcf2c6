import {
  createServer,
  STATUS_CODES,
  type IncomingMessage,
  type Server,
  type ServerResponse,
} from 'node:http';
import type { Duplex } from 'node:stream';
import { errorOutcome, unparsedOutcome, type FileOutcome, type Outcome } from '../core/handler.ts';
import { followArchive, followTree, withBuild, type LocalBuilds } from '../disk/local-builds.ts';
import { failureOutcome } from '../core/web-router.ts';
import { Unavailable } from '../core/health.ts';

/**
 * The preview server of a built folder: Node's http server with the router in front. Files are
 * read when first asked for and the hot ones are then sent from memory (`hot-cache.ts`); nothing
 * indexes the tree at start-up, which may hold millions of files.
 */
export function createPreviewServer(dir: string, cacheBytes?: number): Server {
  return serve(followTree(dir, cacheBytes));
}

/**
 * The preview server of an archive (`npm run build -- --archive`), read in place with range
 * reads. Files are sent gzip-encoded to clients that accept it, straight from the archive, and
 * decoded for the others. Rejects when the file is not a good archive.
 */
export async function createArchiveServer(file: string, cacheBytes?: number): Promise<Server> {
  return serve(await followArchive(file, cacheBytes));
}

/**
 * The http server around the router, answering every request from the current build. The build
 * open when the server closes is let go once its last request is done.
 */
function serve(builds: LocalBuilds): Server {
  // The router needs no Host header, so a request without one is answered like any other, not
  // with Node's bare 400.
  const server = createServer({ requireHostHeader: false }, (req, res) => {
    const method = (req.method ?? 'GET').toUpperCase();
    // One build answers the whole request: its manifest, its router and its files.
    withBuild(builds, async ({ handler }) => {
      const outcome = await handler.resolve({
        method,
        target: req.url ?? '/',
        header: (name) => headerValue(req.headers[name]),
      });
      const range = headerValue(req.headers.range);
      return outcome.file ? handler.send(outcome as FileOutcome, range, req.url ?? '/') : outcome;
    })
      .then((answer) => write(req, res, answer))
      .catch((err: unknown) => {
        // Having no build yet is a state, not a fault: its 503 says so to the client.
        if (!(err instanceof Unavailable)) console.error(err);
        write(req, res, failureOutcome(err, req.url ?? '/'));
      });
  });
  // Requests Node cannot parse (raw non-ASCII bytes in the target, malformed headers) still get
  // JSON; a HEAD among them gets its headers only, as a client of HEAD reads no body.
  server.on('clientError', (err: Error & { rawPacket?: Buffer }, socket) => {
    const head = err.rawPacket?.subarray(0, 5).toString('latin1') === 'HEAD ';
    endWith(socket, unparsedOutcome(), !head);
  });
  // CONNECT asks for a tunnel, which Node leaves to a listener of its own: it gets the JSON 405.
  server.on('connect', (req: IncomingMessage, socket: Duplex) => {
    endWith(socket, errorOutcome(405, READ_ONLY, req.url ?? '', [], { Allow: 'GET, HEAD' }), true);
  });
  // An `Expect` other than 100-continue, which Node would answer with a bare 417.
  server.on('checkExpectation', (req: IncomingMessage, res: ServerResponse) => {
    write(req, res, errorOutcome(417, EXPECTATION, req.url ?? ''));
  });
  server.on('close', builds.close);
  return server;
}

const EXPECTATION = 'The API meets no expectation but 100-continue: send the request without it.';
const READ_ONLY = 'The API is read-only and opens no tunnel: use GET or HEAD.';

/** Writes an answer on a socket Node's HTTP layer does not answer on, and closes it. */
function endWith(socket: Duplex, { status, headers, body }: Outcome, withBody: boolean): void {
  if (!socket.writable) {
    socket.destroy();
    return;
  }
  const text = typeof body === 'string' ? body : '';
  const lines = Object.entries({ ...headers, 'Content-Length': Buffer.byteLength(text) })
    .map(([name, value]) => `${name}: ${value}\r\n`)
    .join('');
  const reason = STATUS_CODES[status] ?? '';
  // Closed once written: a client that keeps its side open holds no socket of the server.
  socket.end(
    `HTTP/1.1 ${status} ${reason}\r\n${lines}Connection: close\r\n\r\n${withBody ? text : ''}`,
    () => socket.destroy(),
  );
}

function headerValue(value: string | string[] | undefined): string | null {
  return value === undefined ? null : Array.isArray(value) ? value.join(', ') : value;
}

function write(req: IncomingMessage, res: ServerResponse, outcome: Outcome): void {
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
