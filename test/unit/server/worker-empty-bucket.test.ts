import { describe, expect, it } from 'vitest';
import { HEALTH_PATH } from '../../../contract/health.ts';
import { RETRY_AFTER_SECONDS } from '../../../server/core/health.ts';
import worker, { type Env } from '../../../server/adapters/worker.ts';
import { expectError } from '../../helpers/http/shapes.ts';

/**
 * The Worker before its bucket holds the archive (a local run uploads it after the port opens; a
 * deploy may precede the first upload): every request, the health check's included, is a JSON 503
 * that asks to try again, never the 500 of a fault; and it opens the archive once it is there.
 */

/** A bucket that holds nothing yet, counting the looks at it. */
function emptyBucket(): Env & { looks: number } {
  const env = {
    looks: 0,
    ARCHIVE: 'api.archive',
    API: {
      head: async () => {
        env.looks++;
        return null;
      },
      get: async () => null,
    },
  };
  return env;
}

describe('the Worker with an empty bucket', () => {
  it('answers 503 with Retry-After in the error shape, and looks again at each request', async () => {
    const env = emptyBucket();
    for (const [i, target] of ['/v1/', HEALTH_PATH, '/v1/persons?records=3'].entries()) {
      const res = await worker.fetch(new Request(`http://api.test${target}`), env);
      const text = await res.text();
      const reply = { status: res.status, headers: res.headers, text, json: JSON.parse(text) };
      expectError(reply, 503, target);
      expect(res.headers.get('retry-after')).toBe(String(RETRY_AFTER_SECONDS));
      expect(res.headers.get('cache-control')).toBe('no-store');
      expect(reply.json.message).toBe(
        'The API is not available: the bucket holds no archive api.archive yet. Try again shortly.',
      );
      expect(env.looks).toBe(i + 1);
    }
  });
});
