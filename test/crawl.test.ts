import { describe, expect, it } from 'vitest';
import { demo, handlerFor } from './helpers/api.ts';
import { crawl, shapeOf } from './helpers/crawl.ts';

/**
 * Follows every link from /v1/ (root links, record links, record uris, pagination links) and fails on
 * any that does not resolve. Links into resources later work adds (events, statistics, analytics) are
 * listed separately and must be exactly those.
 */

const { dist } = demo();
const api = handlerFor(dist);

/** Paths that may not resolve yet: statistics. */
const PENDING = /^\/v1\/(clubs|national)\/stats\//;

describe('link crawl from /v1/', () => {
  it('every link resolves, except the pending statistics links', async () => {
    // Micro-event records (thousands per demo match) are sampled: 200 links of each shape, more than the
    // 137 matches, so every match's events links are still followed.
    const { seen, broken, pending } = await crawl(api, { pending: PENDING, sampled: { pattern: /^\/v1\/(clubs|national)\/events\//, perShape: 200 } });
    expect(broken).toEqual([]);
    expect(seen.size).toBeGreaterThan(10_000);
    // Match data is crawled through: every match type's info, lineups and events were reached.
    for (const mt of ['clubs', 'national']) {
      for (const kind of ['info', 'conditions', 'lineups', 'goals', 'penalties', 'offenses', 'substitutions', 'shootouts']) {
        expect([...seen].some((u) => u.startsWith(`/v1/${mt}/matches/`) && u.includes(`/${kind}`)), `${mt} ${kind}`).toBe(true);
      }
    }
    // And every match's analytics, linked from the match records.
    for (const name of ['state', 'segments', 'tsr']) {
      expect([...seen].filter((u) => u.startsWith('/v1/analytics/match/') && u.endsWith(`/${name}`)).length, name).toBe(137);
    }
    // The pending links are exactly the statistics collections, still to come.
    const kinds = new Set([...pending].map((p) => shapeOf(p).replace(/^\/v1\/(clubs|national)\//, '')));
    expect([...kinds].sort()).toEqual([
    ].sort());
  });
});
