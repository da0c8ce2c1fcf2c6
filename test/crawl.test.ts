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

/** Paths that may not resolve yet: micro-events and statistics. */
const PENDING = /^\/v1\/(clubs|national)\/(events|stats)\//;

describe('link crawl from /v1/', () => {
  it('every link resolves, except the pending event and statistics links', async () => {
    const { seen, broken, pending } = await crawl(api, { pending: PENDING });
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
    // The pending links are exactly the event and statistics collections, still to come.
    const kinds = new Set([...pending].map((p) => shapeOf(p).replace(/^\/v1\/(clubs|national)\//, '')));
    expect([...kinds].sort()).toEqual([
      'events/actions', 'events/all', 'events/touches',
    ].sort());
  });
});
