import { describe, expect, it } from 'vitest';
import { call, demo, handlerFor } from './helpers/api.ts';
import { expectEnvelope } from './helpers/shapes.ts';

/**
 * Follows every link from /v1/ (root links, record links, record uris, pagination links) and fails on
 * any that does not resolve. Links into resources later work adds (events, statistics, analytics) are
 * listed separately and must be exactly those.
 */

const { dist } = demo();
const api = handlerFor(dist);

/** Paths that may not resolve yet: micro-events, statistics and analytics. */
const PENDING = /^\/v1\/((clubs|national)\/(events|stats)|analytics)\//;

/** The shape of a pending link (ids and query values blanked), so each shape is requested a few times, not thousands. */
const shapeOf = (link: string) => link.split('?')[0]!.replace(/[0-9a-f]{32}/g, ':id');

function linksIn(value: unknown, out: string[]): void {
  if (typeof value === 'string') out.push(value);
  else if (value && typeof value === 'object') for (const v of Object.values(value)) linksIn(v, out);
}

describe('link crawl from /v1/', () => {
  it('every link resolves, except the pending event, statistics and analytics links', async () => {
    const seen = new Set<string>(['/v1/']);
    const queue = ['/v1/'];
    const broken: string[] = [];
    const pending = new Set<string>();
    const pendingShapes = new Map<string, number>();
    while (queue.length > 0) {
      expect(seen.size, 'crawl cap').toBeLessThan(300_000);
      const target = queue.shift()!;
      const reply = await call(api, target);
      if (reply.status !== 200) {
        if (PENDING.test(target) && reply.status === 404) pending.add(target.split('?')[0]!);
        else broken.push(`${target} -> ${reply.status}`);
        continue;
      }
      const found: string[] = [];
      if (target === '/v1/') {
        expectEnvelope(reply, { root: true });
        linksIn(reply.json.result.link, found);
      } else {
        for (const record of reply.json.result) {
          found.push(record.uri);
          linksIn(record.link, found);
        }
        for (const key of ['first', 'last', 'next', 'prev']) if (typeof reply.json.meta[key] === 'string') found.push(reply.json.meta[key]);
      }
      for (const link of found) {
        expect(link.startsWith('/'), link).toBe(true);
        if (PENDING.test(link)) {
          const shape = shapeOf(link);
          const n = pendingShapes.get(shape) ?? 0;
          pendingShapes.set(shape, n + 1);
          if (n >= 2) continue;
        }
        if (!seen.has(link)) {
          seen.add(link);
          queue.push(link);
        }
      }
    }
    expect(broken).toEqual([]);
    expect(seen.size).toBeGreaterThan(10_000);
    // Match data is crawled through: every match type's info, lineups and events were reached.
    for (const mt of ['clubs', 'national']) {
      for (const kind of ['info', 'conditions', 'lineups', 'goals', 'penalties', 'offenses', 'substitutions', 'shootouts']) {
        expect([...seen].some((u) => u.startsWith(`/v1/${mt}/matches/`) && u.includes(`/${kind}`)), `${mt} ${kind}`).toBe(true);
      }
    }
    // The pending links are exactly the event and statistics collections, and the analytics, still to come.
    const kinds = new Set([...pending].map((p) => shapeOf(p).replace(/^\/v1\/(clubs|national)\//, '')));
    expect([...kinds].sort()).toEqual([
      '/v1/analytics/match/:id/segments', '/v1/analytics/match/:id/state', '/v1/analytics/match/:id/tsr',
      'events/actions', 'events/all', 'events/touches',
      ...['crosses/corners', 'crosses/totals', 'defense/actions', 'defense/blocks', 'defense/clearances', 'defense/goalline',
        'defense/tackles', 'fouls/cards', 'fouls/wins', 'goalkeeper/actions', 'goalkeeper/goals', 'goalkeeper/saves',
        'goalkeeper/shots', 'goals/assists', 'goals/bodyparts', 'goals/locations', 'goals/penalties', 'goals/totals',
        'passes/directions', 'passes/lengths', 'passes/locations', 'passes/totals', 'setpieces/corners',
        'setpieces/freekicks', 'setpieces/throwins', 'shots/bodyparts', 'shots/locations', 'shots/plays', 'shots/totals',
        'touches/duels', 'touches/locations', 'touches/totals'].flatMap((s) => [`stats/${s}`, `stats/${s}/:id`]),
    ].sort());
  });
});
