import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { inject } from 'vitest';
import { createHandler, type Handler } from '../../../server/core/handler.ts';
import { MANIFEST_FILE, type Manifest } from '../../../contract/manifest.ts';
import { nodeFiles } from '../../../server/disk/node-files.ts';
import { createArchiveHandler } from '../../../server/core/archive-handler.ts';
import { openLocalArchive } from '../../../contract/node/archive-file.ts';

/** The demo build made by the global setup. */
export function demo(): {
  root: string;
  db: string;
  dist: string;
  archive: string;
  manifest: Manifest;
} {
  const paths = inject('demo');
  const manifest = JSON.parse(readFileSync(join(paths.dist, MANIFEST_FILE), 'utf8')) as Manifest;
  return { ...paths, manifest };
}

/** A decoded response of the in-process handler. */
export interface Reply {
  status: number;
  headers: Headers;
  text: string;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  json: any;
}

/** Calls a handler in-process (no port), like Hono's `app.request()`; gzip is decoded. */
export async function call(
  handler: Handler,
  target: string,
  init: RequestInit = {},
): Promise<Reply> {
  const res = await handler.fetch(new Request(`http://api.test${target}`, init));
  // A gzip body is decoded, as an HTTP client does.
  const text =
    res.headers.get('content-encoding') === 'gzip' && res.body
      ? await new Response(res.body.pipeThrough(new DecompressionStream('gzip'))).text()
      : await res.text();
  let json: unknown = undefined;
  try {
    json = text ? JSON.parse(text) : undefined;
  } catch {
    json = undefined;
  }
  return { status: res.status, headers: res.headers, text, json };
}

/** The router over a built folder. */
export function handlerFor(dist: string): Handler {
  const manifest = JSON.parse(readFileSync(join(dist, MANIFEST_FILE), 'utf8')) as Manifest;
  return createHandler({ manifest, files: nodeFiles(dist) });
}

/** The router over an archive, as the archive preview server has it, and a way to close it. */
export async function archiveHandlerFor(
  file: string,
): Promise<{ handler: Handler; close: () => Promise<void> }> {
  const { reader, close } = await openLocalArchive(file);
  return { handler: await createArchiveHandler(reader), close };
}

/** Every record of a paginated collection, read page by page (100 records a page). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function allRecords(handler: Handler, path: string): Promise<any[]> {
  const out = [];
  for (let page = 1; ; page++) {
    const reply = await call(
      handler,
      `${path}${path.includes('?') ? '&' : '?'}records=100&page=${page}`,
    );
    if (reply.status !== 200) throw new Error(`${path}: ${reply.status}`);
    out.push(...reply.json.result);
    if (page >= reply.json.meta.totalPages) return out;
  }
}
