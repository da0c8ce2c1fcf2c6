import { describe, expect, it } from 'vitest';
import { demo, handlerFor } from '../helpers/http/api.ts';
import { crawl } from '../helpers/http/crawl.ts';

/**
 * Follows every link from /v1/ (root links, record links, record uris, pagination links) and fails
 * on any that does not resolve. Links into resources later work adds (events, statistics,
 * analytics) are listed separately and must be exactly those.
 */

const { dist } = demo();
const api = handlerFor(dist);

describe('link crawl from /v1/', () => {
  it('every link resolves', async () => {
    // Micro-event records (thousands per demo match) and statistics (32 per lineup) are sampled:
    // 200 links of each shape, more than the 137 matches, so every match's events and stats links
    // are still followed.
    const { seen, broken } = await crawl(api, {
      sampled: { pattern: /^\/v1\/(clubs|national)\/(events|stats)\//, perShape: 200 },
    });
    expect(broken).toEqual([]);
    expect(seen.size).toBeGreaterThan(10_000);
    // Match data is crawled through: every match type's info, lineups and events were reached.
    for (const mt of ['clubs', 'national']) {
      for (const kind of [
        'info',
        'conditions',
        'lineups',
        'goals',
        'penalties',
        'offenses',
        'substitutions',
        'shootouts',
      ]) {
        expect(
          [...seen].some((u) => u.startsWith(`/v1/${mt}/matches/`) && u.includes(`/${kind}`)),
          `${mt} ${kind}`,
        ).toBe(true);
      }
    }
    // And every match's analytics, linked from the match records.
    for (const name of ['state', 'segments', 'tsr']) {
      expect(
        [...seen].filter((u) => u.startsWith('/v1/analytics/match/') && u.endsWith(`/${name}`))
          .length,
        name,
      ).toBe(137);
    }
    // And the statistics every lineup links to, of every group and name.
    const statsNames = new Set(
      [...seen]
        .filter((u) => u.startsWith('/v1/clubs/stats/'))
        .map((u) => u.split('?')[0]!.split('/').slice(4, 6).join('/')),
    );
    expect(statsNames.size).toBe(32);
  }, 600_000);
});
