import {
  createServer,
  maxHeaderSize,
  STATUS_CODES,
  type IncomingMessage,
  type Server,
  type ServerResponse,
} from 'node:http';
import type { Duplex } from 'node:stream';
import {
  errorOutcome,
  unparsedOutcome,
  type FileOutcome,
  type Outcome,
  type RequestFacts,
} from '../core/outcome.ts';
import { followArchive, followTree, withBuild, type LocalBuilds } from '../disk/local-builds.ts';
import { failureOutcome } from '../core/web-router.ts';
import { Unavailable } from '../core/health.ts';
import { NOT_UTF8 } from '../core/utf8-target.ts';
import { readRefused, type ParseError } from './refused-request.ts';

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

/** Answers a request and hands the answer to the function given. */
type Answer = (request: RequestFacts, deliver: (outcome: Outcome) => void) => Promise<void>;

/**
 * The http server around the router, answering every request from the current build. The build
 * open when the server closes is let go once its last request is done.
 */
function serve(builds: LocalBuilds): Server {
  const answer = answerWithBuild(builds);
  // The router needs no Host header, so a request without one is answered like any other, not
  // with Node's bare 400.
  const server = createServer({ requireHostHeader: false }, (req, res) => {
    const request = {
      method: (req.method ?? 'GET').toUpperCase(),
      target: req.url ?? '/',
      header: (name: string) => headerValue(req.headers[name]),
    };
    void answer(request, (outcome) => write(req, res, outcome));
  });
  answerRefused(server, answer);
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

/**
 * Answers a request from the current build and hands the answer to `deliver`; a failure, of
 * the answer or of its delivery, is delivered as the JSON 500 (503 while there is no build).
 */
function answerWithBuild(builds: LocalBuilds): Answer {
  return (request, deliver) =>
    // One build answers the whole request: its manifest, its router and its files.
    withBuild(builds, async ({ handler }) => {
      const outcome = await handler.resolve(request);
      const range = request.header('range');
      return outcome.file ? handler.send(outcome as FileOutcome, range, request.target) : outcome;
    })
      .then(deliver)
      .catch((err: unknown) => {
        // Having no build yet is a state, not a fault: its 503 says so to the client.
        if (!(err instanceof Unavailable)) console.error(err);
        deliver(failureOutcome(err, request.target));
      });
}

/**
 * Requests Node cannot parse still get JSON, a HEAD among them its headers only, as a client
 * of HEAD reads no body. A GET or HEAD of a target in raw UTF-8, which Node refuses, is read
 * again from its bytes and answered as its percent-encoded form (`refused-request.ts`).
 */
function answerRefused(server: Server, answer: Answer): void {
  // Node reports each later packet of a connection it refused as another error; the first
  // one's answer is the connection's only one.
  const refused = new WeakSet<Duplex>();
  server.on('clientError', (err: Error & ParseError, socket: Duplex) => {
    if (refused.has(socket)) return;
    refused.add(socket);
    const request = readRefused(err, maxHeaderSize);
    switch (request.kind) {
      case 'readable': {
        const { method, target, headers } = request;
        const header = (name: string) => headers.get(name) ?? null;
        const body = method === 'GET';
        void answer({ method, target, header }, (outcome) => endWith(socket, outcome, body));
        return;
      }
      case 'not-utf8':
        endWith(socket, errorOutcome(400, NOT_UTF8, request.target), request.method === 'GET');
        return;
      case 'unparsed':
        endWith(socket, unparsedOutcome(), !request.head);
        return;
      default:
        return request satisfies never;
    }
  });
}

const EXPECTATION = 'The API meets no expectation but 100-continue: send the request without it.';
const READ_ONLY = 'The API is read-only and opens no tunnel: use GET or HEAD.';

/** Writes an answer on a socket Node's HTTP layer does not answer on, and closes it. */
function endWith(socket: Duplex, outcome: Outcome, withBody: boolean): void {
  if (!socket.writable) {
    socket.destroy();
    return;
  }
  const { headers, body } = framed(outcome);
  const lines = Object.entries(headers)
    .map(([name, value]) => `${name}: ${value}\r\n`)
    .join('');
  const reason = STATUS_CODES[outcome.status] ?? '';
  const head = Buffer.from(
    `HTTP/1.1 ${outcome.status} ${reason}\r\n${lines}Connection: close\r\n\r\n`,
  );
  // Closed once written: a client that keeps its side open holds no socket of the server.
  socket.end(withBody && body ? Buffer.concat([head, body]) : head, () => socket.destroy());
}

function headerValue(value: string | string[] | undefined): string | null {
  return value === undefined ? null : Array.isArray(value) ? value.join(', ') : value;
}

/** An answer's body as bytes, and its headers with the body's length when it has one. */
function framed(outcome: Outcome): { headers: Record<string, string>; body: Uint8Array | null } {
  const body = typeof outcome.body === 'string' ? Buffer.from(outcome.body) : outcome.body;
  const headers = body
    ? { ...outcome.headers, 'Content-Length': String(body.byteLength) }
    : outcome.headers;
  return { headers, body };
}

function write(req: IncomingMessage, res: ServerResponse, outcome: Outcome): void {
  const { headers, body } = framed(outcome);
  res.writeHead(outcome.status, headers);
  res.end(req.method === 'HEAD' ? undefined : (body ?? undefined));
}
