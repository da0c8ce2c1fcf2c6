import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createHandler, type FileSource } from '../../../server/core/handler.ts';
import { HotCache } from '../../../server/core/hot-cache.ts';
import { MANIFEST_FILE, type Manifest } from '../../../contract/manifest.ts';
import { nodeFiles } from '../../../server/disk/node-files.ts';
import { call, demo } from '../../helpers/http/api.ts';

/** The cache of hot files: bounded, least recently used out first, one load per miss. */

const bytes = (size: number) => new Uint8Array(size);

describe('HotCache', () => {
  it('holds what a plain LRU list of the same budget holds, and never more than the budget', async () => {
    const budget = 800;
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.tuple(fc.integer({ min: 0, max: 9 }), fc.integer({ min: 1, max: 150 })), {
          maxLength: 200,
        }),
        async (accesses) => {
          const cache = new HotCache<Uint8Array>(budget, (b) => b.byteLength);
          // The model: keys from least to most recently used, with their sizes.
          let model: { key: string; size: number }[] = [];
          for (const [n, size] of accesses) {
            const key = `k${n}`;
            const held = model.find((e) => e.key === key);
            let loads = 0;
            const got = await cache.get(key, async () => {
              loads++;
              return bytes(size);
            });
            expect(loads).toBe(held ? 0 : 1);
            expect(got!.byteLength).toBe(held ? held.size : size);
            model = model.filter((e) => e.key !== key);
            if (held) model.push(held);
            else if (size <= budget / 8) model.push({ key, size });
            while (model.reduce((sum, e) => sum + e.size, 0) > budget) model.shift();
            expect(cache.size).toBe(model.reduce((sum, e) => sum + e.size, 0));
            expect(cache.size).toBeLessThanOrEqual(budget);
          }
        },
      ),
    );
  });

  it('counts a key loaded by concurrent misses once, and keeps the first load', async () => {
    const cache = new HotCache<Uint8Array>(1000, (b) => b.byteLength);
    const load = (delay: number) => async () => {
      await new Promise((r) => setTimeout(r, delay));
      return bytes(10);
    };
    const all = await Promise.all([5, 10, 15].map((delay) => cache.get('a', load(delay))));
    expect(cache.size).toBe(10);
    expect(await cache.get('a', load(0))).toBe(all[0]);
  });

  it('keeps neither a missing file nor a failed read: the next ask reads again', async () => {
    const cache = new HotCache<Uint8Array>(1000, (b) => b.byteLength);
    let loads = 0;
    expect(await cache.get('a', async () => (loads++, null))).toBeNull();
    await expect(
      cache.get('a', async () => {
        loads++;
        throw new Error('damaged');
      }),
    ).rejects.toThrow('damaged');
    expect(await cache.get('a', async () => (loads++, bytes(3)))).toHaveLength(3);
    expect(loads).toBe(3);
    expect(cache.size).toBe(3);
  });

  it('keeps nothing with a budget of 0', async () => {
    const cache = new HotCache<Uint8Array>(0, (b) => b.byteLength);
    let loads = 0;
    for (let i = 0; i < 3; i++) await cache.get('a', async () => (loads++, bytes(1)));
    expect(loads).toBe(3);
    expect(cache.size).toBe(0);
  });
});

describe('the router reads each hot file once', () => {
  /** The demo's router over a file source that counts its reads. */
  function countingRouter(cacheBytes?: number) {
    const { dist } = demo();
    const manifest = JSON.parse(readFileSync(join(dist, MANIFEST_FILE), 'utf8')) as Manifest;
    const files = nodeFiles(dist);
    const reads = new Map<string, number>();
    const counted: FileSource = {
      read(file) {
        reads.set(file, (reads.get(file) ?? 0) + 1);
        return files.read(file);
      },
    };
    return { handler: createHandler({ manifest, files: counted, cacheBytes }), reads };
  }

  it('sends a record, a page and a compressed page from memory after the first time', async () => {
    const { handler, reads } = countingRouter();
    const targets = ['/v1/persons?page=2', '/v1/competitions', '/v1/persons?records=25&page=3'];
    const first = await Promise.all(targets.map((t) => call(handler, t)));
    const gzip = { headers: { 'Accept-Encoding': 'gzip' } };
    const firstGzip = await call(handler, '/v1/persons?page=2', gzip);
    const before = new Map(reads);
    for (let i = 0; i < 3; i++) {
      const again = await Promise.all(targets.map((t) => call(handler, t)));
      expect(again.map((r) => [r.status, r.text, r.headers.get('etag')])).toEqual(
        first.map((r) => [r.status, r.text, r.headers.get('etag')]),
      );
      const gz = await call(handler, '/v1/persons?page=2', gzip);
      expect(gz.headers.get('content-encoding')).toBe('gzip');
      expect([gz.text, gz.headers.get('etag')]).toEqual([
        firstGzip.text,
        firstGzip.headers.get('etag'),
      ]);
    }
    expect(reads).toEqual(before);
  });

  it('reads again what its budget cannot hold', async () => {
    const { handler, reads } = countingRouter(0);
    for (let i = 0; i < 3; i++) expect((await call(handler, '/v1/competitions')).status).toBe(200);
    expect(reads.get('v1/competitions/index.json')).toBe(3);
  });
});
