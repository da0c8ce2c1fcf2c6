import { describe, expect, it } from 'vitest';
import { demo, handlerFor } from './helpers/api.ts';
import { crawl } from './helpers/crawl.ts';
import { drift, rss } from './helpers/memory.ts';
import { startServer } from './helpers/runtime-server.ts';

/**
 * A soak: the preview server, in its own process as `npm run serve` starts it, kept under full
 * load on the demo (eight requests in flight, the crawl's URLs of v1 and v0: records, pages,
 * filters and composed answers) for `FOOTBALL_SOAK_SECONDS` (12 by default, 60 for the full
 * soak), on the tree and on the archive, after a warm-up of every URL twice. Every answer must
 * be a 200, and the server's resident memory, read from /proc, must stay flat: the lowest of the
 * soak's last third within 20% of the lowest of its first third.
 */

const SECONDS = Number(process.env['FOOTBALL_SOAK_SECONDS'] ?? 12);
const IN_FLIGHT = 8;

const mb = (bytes: number) => `${(bytes / 1e6).toFixed(0)} MB`;

const { dist, archive } = demo();

describe.each([
  ['tree', ['--dir', dist]],
  ['archive', ['--archive', archive]],
] as const)('a soak of the preview server on the %s', (_source, args) => {
  it(`answers ${SECONDS} s of full load with no error and flat memory`, async () => {
    const urls: string[] = [];
    const api = handlerFor(dist);
    for (const root of ['/v1/', '/v0/'])
      urls.push(...(await crawl(api, { root, perShape: 10 })).seen);
    const server = await startServer([...args]);
    const base = `http://127.0.0.1:${server.port}`;
    const errors: string[] = [];
    let answers = 0;
    /** Eight lanes request the URLs in turn until `done()`. */
    const load = (done: (i: number) => boolean) =>
      Promise.all(
        Array.from({ length: IN_FLIGHT }, async (_, lane) => {
          for (let i = lane; !done(i); i += IN_FLIGHT) {
            const url = urls[i % urls.length]!;
            try {
              const res = await fetch(base + url);
              await res.arrayBuffer();
              if (res.status !== 200) errors.push(`${res.status} ${url}`);
            } catch (e) {
              errors.push(`${(e as Error).message} ${url}`);
            }
            answers++;
          }
        }),
      );
    const samples: number[] = [];
    let warm = 0;
    try {
      // The warm-up: every URL twice, which fills the router's caches as far as they go.
      await load((i) => i >= urls.length * 2);
      warm = rss(server.pid) ?? 0;
      const sampler = setInterval(() => samples.push(rss(server.pid) ?? 0), 250);
      const end = Date.now() + SECONDS * 1000;
      await load(() => Date.now() >= end).finally(() => clearInterval(sampler));
    } finally {
      await server.stop();
    }
    expect(errors.slice(0, 10)).toEqual([]);
    expect(answers).toBeGreaterThan(urls.length * 2 + SECONDS * 50);
    if (process.platform !== 'linux') return;
    // Flat after the warm-up: caches are bounded and nothing else grows with the requests. The
    // lowest memory of the soak's last third (after a collection: what the server holds) stays
    // within 20% of the lowest of its first third (`drift`): 4 KB kept per request lifted it by a
    // third, and the clean server by at most 10% in the runs measured.
    expect(samples.length).toBeGreaterThan(SECONDS * 2);
    const { early, late } = drift(samples);
    console.log(
      `soak: ${urls.length} URLs, ${answers} answers; RSS ${mb(warm)} after the warm-up, ` +
        `first third's low ${mb(early)}, last third's low ${mb(late)}`,
    );
    expect(late).toBeLessThan(early * 1.2);
  });
});
