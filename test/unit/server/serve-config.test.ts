import { describe, expect, it } from 'vitest';
import { CACHE_MB, megabytes } from '../../../server/core/cache-budget.ts';
import { SERVE_ENV, serveConfig } from '../../../server/disk/config.ts';

/** What the launcher hands a runtime's adapter in its environment, read back. */
describe('serveConfig', () => {
  it('reads the archive, the address and the cache budget the launcher set', () => {
    const config = serveConfig({
      [SERVE_ENV.archive]: '/srv/api.archive',
      [SERVE_ENV.port]: '9090',
      [SERVE_ENV.host]: '0.0.0.0',
      [SERVE_ENV.cacheMb]: '300',
    });
    expect(config.source).toEqual({ kind: 'archive', path: '/srv/api.archive' });
    expect([config.port, config.host]).toEqual([9090, '0.0.0.0']);
    expect(config.cacheBytes).toBe(300 * 1024 * 1024);
  });

  it('serves dist/ on 8080 with the default cache when told nothing', () => {
    const config = serveConfig({});
    expect(config.source).toEqual({ kind: 'tree', path: 'dist' });
    expect(config.port).toBe(8080);
    expect(config.cacheBytes).toBe(megabytes(CACHE_MB));
  });

  it('takes a budget of 0: a router that keeps nothing', () => {
    expect(serveConfig({ [SERVE_ENV.cacheMb]: '0' }).cacheBytes).toBe(0);
  });
});
