import { mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { HEALTH_PATH } from '../../../contract/health.ts';
import { archivedManifest } from '../../../build/archive/publish.ts';
import { MANIFEST_FILE } from '../../../contract/manifest.ts';
import { createHandler, type FileSource, type Handler } from '../../../server/core/handler.ts';
import { RETRY_AFTER_SECONDS } from '../../../server/core/health.ts';
import { route, routeTable } from '../../../server/core/route.ts';
import { guarded } from '../../../server/core/web-router.ts';
import { nodeFiles } from '../../../server/disk/node-files.ts';
import { createPreviewServer } from '../../../server/adapters/node.ts';
import { archiveHandlerFor, call, demo, type Reply } from '../../helpers/http/api.ts';
import { expectError } from '../../helpers/http/shapes.ts';

/**
 * The health check (`/healthz`) of the router core, which every adapter answers with: the build's
 * identity while the build can be read, a 503 with Retry-After while it cannot, never cached; and
 * the 503 of a server that has no build at all (a tree gone before the first request).
 */

const { dist, manifest } = demo();
const fromArchive = await archiveHandlerFor(demo().archive);
const scratch = mkdtempSync(join(demo().root, 'health-'));
afterAll(async () => {
  await fromArchive.close();
  rmSync(scratch, { recursive: true, force: true });
});

/** The router over the demo tree with `read` in place of the disk's. */
const routerWith = (read: FileSource['read']): Handler =>
  createHandler({ manifest, files: { read } });

/** A 503 of a server that cannot answer from a build now. */
function expectUnavailable(reply: Reply, target: string): void {
  expectError(reply, 503, target);
  expect(reply.headers.get('retry-after')).toBe(String(RETRY_AFTER_SECONDS));
  expect(reply.headers.get('cache-control')).toBe('no-store');
  expect(reply.json.message).toMatch(/^The API is not available: .+\. Try again shortly\.$/);
}

describe('the health check', () => {
  it('is routed before any file, with the methods and parameters of a page', () => {
    const table = routeTable(manifest);
    for (const target of [HEALTH_PATH, `${HEALTH_PATH}/`, `${HEALTH_PATH}?app_id=1`])
      for (const method of ['GET', 'HEAD'])
        expect(route(method, target, table), `${method} ${target}`).toEqual({ kind: 'health' });
    expect(route('POST', HEALTH_PATH, table)).toMatchObject({ status: 405, allow: 'GET, HEAD' });
    expect(route('OPTIONS', HEALTH_PATH, table)).toMatchObject({ status: 405 });
    expect(route('GET', `${HEALTH_PATH}?x=1`, table)).toMatchObject({ status: 400 });
    expect(route('GET', `${HEALTH_PATH}/more`, table)).toMatchObject({ status: 404 });
  });

  it.each([
    ['tree', () => createHandler({ manifest, files: nodeFiles(dist) })],
    ['archive', () => fromArchive.handler],
  ])('answers from the %s with the build it serves, uncompressed and uncached', async (_, make) => {
    const api = make();
    const served = _ === 'tree' ? manifest : (await archivedManifest(demo().archive))!;
    // Whatever the client takes or holds: no coding, no tag, no 304, no range.
    const headers = { 'Accept-Encoding': 'gzip, br', 'If-None-Match': '*', Range: 'bytes=0-1' };
    const reply = await call(api, HEALTH_PATH, { headers });
    expect(reply.status).toBe(200);
    expect(reply.json).toEqual({ status: 'ok', build: served.build, format: served.format });
    expect(reply.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(reply.headers.get('cache-control')).toBe('no-store');
    expect(reply.headers.get('access-control-allow-origin')).toBe('*');
    for (const name of ['etag', 'content-encoding', 'content-range'])
      expect(reply.headers.get(name), name).toBeNull();
    const head = await call(api, HEALTH_PATH, { method: 'HEAD' });
    expect([head.status, head.text, head.headers.get('cache-control')]).toEqual([
      200,
      '',
      'no-store',
    ]);
  });

  it('reads the build at each check: a manifest gone is a 503, back again a 200', async () => {
    let gone = false;
    const disk = nodeFiles(dist);
    const api = routerWith(async (file) =>
      gone && file === MANIFEST_FILE ? null : disk.read(file),
    );
    expect((await call(api, HEALTH_PATH)).status).toBe(200);
    gone = true;
    const reply = await call(api, HEALTH_PATH);
    expectUnavailable(reply, HEALTH_PATH);
    expect(reply.json.message).toContain(`the build has no ${MANIFEST_FILE}`);
    // The API itself still answers from what the router holds.
    expect((await call(api, '/v1/')).status).toBe(200);
    gone = false;
    expect((await call(api, HEALTH_PATH)).status).toBe(200);
  });

  it('answers 503, not 500, when reading the build fails; other paths keep their 500', async () => {
    const broken = routerWith(() => Promise.reject(new Error('EIO: i/o error, read')));
    const fetch = guarded((request) => broken.fetch(request));
    const answer = async (target: string) => {
      const res = await fetch(new Request(`http://api.test${target}`));
      const text = await res.text();
      return { status: res.status, headers: res.headers, text, json: JSON.parse(text) } as Reply;
    };
    const health = await answer(HEALTH_PATH);
    expectUnavailable(health, HEALTH_PATH);
    expect(health.json.message).toContain('EIO');
    expectError(await answer('/v1/'), 500, '/v1/');
  });

  it('the preview server answers 503 with Retry-After while its folder holds no build', async () => {
    // The served folder is a link, as `--out` is, removed before the first request.
    const link = join(scratch, 'dist');
    symlinkSync(dist, link);
    const server = createPreviewServer(link);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      rmSync(link);
      const port = (server.address() as AddressInfo).port;
      for (const target of ['/v1/', HEALTH_PATH]) {
        const res = await fetch(`http://127.0.0.1:${port}${target}`);
        const text = await res.text();
        const reply = { status: res.status, headers: res.headers, text, json: JSON.parse(text) };
        expectUnavailable(reply, target);
        expect(reply.json.message).toContain(`${link} does not exist`);
      }
      // Once the folder is back, it serves.
      symlinkSync(dist, link);
      expect((await fetch(`http://127.0.0.1:${port}${HEALTH_PATH}`)).status).toBe(200);
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });
});
