import { describe, expect, it } from 'vitest';
import { call, demo, handlerFor } from './helpers/api.ts';
import { expectEnvelope } from './helpers/shapes.ts';

/**
 * Follows every link from /v1/ (root links, record links, record uris, pagination links) and fails on
 * any that does not resolve. Links into resources later work adds (matches, events, statistics,
 * analytics) are listed separately and must be exactly those.
 */

const { dist } = demo();
const api = handlerFor(dist);

/** Paths that may not resolve yet: match data, micro-events, statistics and analytics. */
const PENDING = /^\/v1\/(clubs|national|analytics)\//;

function linksIn(value: unknown, out: string[]): void {
  if (typeof value === 'string') out.push(value);
  else if (value && typeof value === 'object') for (const v of Object.values(value)) linksIn(v, out);
}

describe('link crawl from /v1/', () => {
  it('every link resolves, except the pending match-data links', async () => {
    const seen = new Set<string>(['/v1/']);
    const queue = ['/v1/'];
    const broken: string[] = [];
    const pending = new Set<string>();
    while (queue.length > 0) {
      expect(seen.size, 'crawl cap').toBeLessThan(60_000);
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
        if (!seen.has(link)) {
          seen.add(link);
          queue.push(link);
        }
      }
    }
    expect(broken).toEqual([]);
    expect(seen.size).toBeGreaterThan(2000);
    // The pending links are exactly the match-data collections the next resources will answer.
    const kinds = new Set([...pending].map((p) => p.replace(/^\/v1\/(clubs|national)\//, '')));
    expect([...kinds].sort()).toEqual([
      'events/actions', 'events/all', 'events/touches',
      'matches/conditions', 'matches/goals', 'matches/info', 'matches/lineups', 'matches/offenses', 'matches/penalties',
      'matches/substitutions',
      ...['crosses/corners', 'crosses/totals', 'defense/actions', 'defense/blocks', 'defense/clearances', 'defense/goalline',
        'defense/tackles', 'fouls/cards', 'fouls/wins', 'goalkeeper/actions', 'goalkeeper/goals', 'goalkeeper/saves',
        'goalkeeper/shots', 'goals/assists', 'goals/bodyparts', 'goals/locations', 'goals/penalties', 'goals/totals',
        'passes/directions', 'passes/lengths', 'passes/locations', 'passes/totals', 'setpieces/corners',
        'setpieces/freekicks', 'setpieces/throwins', 'shots/bodyparts', 'shots/locations', 'shots/plays', 'shots/totals',
        'touches/duels', 'touches/locations', 'touches/totals'].map((s) => `stats/${s}`),
    ].sort());
  });
});
