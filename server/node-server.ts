import { lstatSync, readFileSync, realpathSync, statSync } from 'node:fs';
import {
  createServer,
  STATUS_CODES,
  type IncomingMessage,
  type Server,
  type ServerResponse,
} from 'node:http';
import type { Duplex } from 'node:stream';
import { join, resolve } from 'node:path';
import { createArchiveHandler } from './archive.ts';
import {
  createHandler,
  errorOutcome,
  unparsedOutcome,
  type FileOutcome,
  type Handler,
  type Outcome,
} from './handler.ts';
import { MANIFEST_FILE, type Manifest } from './manifest.ts';
import { fileStamp, openLocalArchive } from './node-archive.ts';
import { nodeFiles } from './node-files.ts';
import { failureOutcome } from './web-router.ts';

/** One published build as the server answers from it. */
interface Build {
  handler: Handler;
  /** Marks a request as being answered by this build; the returned function, as done. */
  hold(): () => void;
}

/**
 * The preview server of a built folder: Node's http server with the router in front. Files are
 * read when first asked for and the hot ones are then sent from memory (`hot-cache.ts`); nothing
 * indexes the tree at start-up, which may hold millions of files.
 */
export function createPreviewServer(dir: string): Server {
  return serve(pinnedTree(dir));
}

/**
 * The preview server of an archive (`npm run build -- --archive`), read in place with range
 * reads. Files are sent gzip-encoded to clients that accept it, straight from the archive, and
 * decoded for the others. Rejects when the file is not a good archive.
 */
export async function createArchiveServer(file: string): Promise<Server> {
  const pinned = await pinnedArchive(file);
  const server = serve(pinned.current);
  // The archive open when the server closes is closed once its last request is done.
  server.on('close', pinned.close);
  return server;
}

/** The http server around the router, answering every request from the current build. */
function serve(current: () => Build): Server {
  // The router needs no Host header, so a request without one is answered like any other, not
  // with Node's bare 400.
  const server = createServer({ requireHostHeader: false }, (req, res) => {
    const method = (req.method ?? 'GET').toUpperCase();
    // One build answers the whole request: its manifest, its router and its files.
    let release = () => {};
    Promise.resolve()
      .then(async () => {
        const build = current();
        release = build.hold();
        const outcome = await build.handler.resolve({
          method,
          target: req.url ?? '/',
          header: (name) => headerValue(req.headers[name]),
        });
        const range = headerValue(req.headers.range);
        const answer = outcome.file
          ? await build.handler.send(outcome as FileOutcome, range, req.url ?? '/')
          : outcome;
        write(req, res, answer);
      })
      .catch((err: unknown) => {
        console.error(err);
        write(req, res, failureOutcome(err, req.url ?? '/'));
      })
      .finally(() => release());
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

/**
 * The build the served folder holds now. `--out` is a link that a publish flips to another
 * build's folder and then moves the old folder aside at once (`build/publish.ts`), so every
 * request looks at the link: one `lstat`, since a flip renames a new link over the old and so
 * changes its inode, and a `realpath` only when it changed. A plain folder rebuilt in place keeps
 * its path: its manifest is checked at most once a second.
 */
function pinnedTree(dir: string): () => Build {
  const path = resolve(dir);
  let build: (Build & { root: string; stamp: string }) | null = null;
  let link: { ino: number; mtimeMs: number; root: string } | null = null;
  let checked = 0;
  /** The folder `path` names now, or null while it is missing (a publish moving it). */
  const currentRoot = (): string | null => {
    let stat;
    try {
      stat = lstatSync(path, { throwIfNoEntry: false });
    } catch {
      return null; // unreadable for a moment: the current build answers
    }
    if (!stat) return null;
    if (!stat.isSymbolicLink()) return path;
    if (link?.ino !== stat.ino || link.mtimeMs !== stat.mtimeMs) {
      let root: string;
      try {
        root = realpathSync(path);
      } catch {
        return null; // replaced between the two calls: the next request looks again
      }
      link = { ino: stat.ino, mtimeMs: stat.mtimeMs, root };
    }
    return link.root;
  };
  return () => {
    const root = currentRoot();
    if (root === null) {
      if (build) return build;
      throw new Error(`${path} does not exist`);
    }
    const now = Date.now();
    if (build && build.root === root && now - checked < 1000) return build;
    checked = now;
    const stat = statSync(join(root, MANIFEST_FILE), { throwIfNoEntry: false });
    const stamp = stat ? `${root}:${stat.mtimeMs}:${stat.size}:${stat.ino}` : '';
    if (build && (stamp === build.stamp || stamp === '')) return build;
    try {
      const manifest = JSON.parse(readFileSync(join(root, MANIFEST_FILE), 'utf8')) as Manifest;
      const handler = createHandler({ manifest, files: nodeFiles(root) });
      build = { root, stamp, handler, hold: () => () => {} };
    } catch (e) {
      if (!build) throw e;
    }
    return build;
  };
}

/**
 * The archive `file` holds now. A new archive is renamed over the old one (`build/publish.ts`):
 * the server checks the file once a second and, when it is another, opens it and answers new
 * requests from it; the old one is closed when its last request is done. An archive that fails to
 * open is reported and the last good one keeps serving.
 */
async function pinnedArchive(
  file: string,
): Promise<{ current: () => ArchiveBuild; close: () => void }> {
  let build = await openArchiveBuild(file);
  let checked = Date.now();
  let opening = false;
  let closed = false;
  const close = () => {
    closed = true;
    build.retire();
  };
  const current = () => {
    const now = Date.now();
    if (now - checked >= 1000 && !opening) {
      checked = now;
      const stat = statSync(file, { throwIfNoEntry: false });
      if (stat && fileStamp(stat) !== build.stamp) {
        opening = true;
        openArchiveBuild(file)
          .then(
            (next) => {
              build.retire();
              build = next;
              if (closed) next.retire();
            },
            (e: Error) =>
              console.error(`${file} changed but does not open; serving the last good one: ${e}`),
          )
          .finally(() => (opening = false));
      }
    }
    return build;
  };
  return { current, close };
}

/** An archive opened as a build: its router, and a count of the requests it answers. */
interface ArchiveBuild extends Build {
  /** Identifies the file opened. */
  stamp: string;
  /** Closes the archive once the requests it is answering are done. */
  retire(): void;
}

async function openArchiveBuild(file: string): Promise<ArchiveBuild> {
  const archive = await openLocalArchive(file);
  let handler: Handler;
  try {
    handler = await createArchiveHandler(archive.reader);
  } catch (e) {
    await archive.close();
    throw e;
  }
  let users = 0;
  let retired = false;
  const closeIfDone = () => {
    if (retired && users === 0) void archive.close();
  };
  return {
    stamp: archive.stamp,
    handler,
    hold() {
      users++;
      let held = true;
      return () => {
        if (!held) return;
        held = false;
        users--;
        closeIfDone();
      };
    },
    retire() {
      retired = true;
      closeIfDone();
    },
  };
}
