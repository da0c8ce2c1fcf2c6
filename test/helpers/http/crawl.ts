import { expect } from 'vitest';
import type { Handler } from '../../../server/core/handler.ts';
import { call } from './api.ts';
import { expectEnvelope } from './shapes.ts';

/** What a crawl found. */
export interface CrawlResult {
  /** Every URL queued (the root included). */
  readonly seen: ReadonlySet<string>;
  /** URLs that did not answer 200 and are not pending, with their status. */
  readonly broken: readonly string[];
  /** Pending paths (no query) that answered 404. */
  readonly pending: ReadonlySet<string>;
}

/** What to crawl and how much. */
export interface CrawlOptions {
  /** Links into resources later work adds: a 404 there is recorded as pending, not broken. */
  readonly pending?: RegExp;
  /**
   * Most links of one shape (ids and numbers blanked, query values blanked) to follow; the others
   * are not requested. Pending shapes are always capped at 3. Default: no cap (every link).
   */
  readonly perShape?: number;
  /**
   * Links matching `pattern` are followed at most `perShape` per shape: a sample of resources with
   * thousands of records of one shape (micro-events), whose every record would only repeat the same
   * check.
   */
  readonly sampled?: { readonly pattern: RegExp; readonly perShape: number };
  /** Fails the crawl when it queues more URLs than this. */
  readonly cap?: number;
  /** The version root to start from. Default `/v1/`. */
  readonly root?: string;
}

/** Requests in flight at once. */
const CONCURRENCY = 16;

/** The shape of a link: ids, numbers and query values blanked. */
export const shapeOf = (link: string): string =>
  link
    .replace(/[0-9a-f]{32}/g, ':id')
    .replace(/=[^&]*/g, '=')
    .replace(/\/\d+(?=\/|$|\?)/g, '/:n');

function linksIn(value: unknown, out: string[]): void {
  if (typeof value === 'string') out.push(value);
  else if (value && typeof value === 'object')
    for (const v of Object.values(value)) linksIn(v, out);
}

/**
 * Follows every link from a version root (root links, record links, record uris, pagination links)
 * through the in-process router, breadth first.
 */
export async function crawl(api: Handler, options: CrawlOptions = {}): Promise<CrawlResult> {
  const {
    pending: pendingPattern,
    perShape = Infinity,
    cap = 300_000,
    sampled,
    root = '/v1/',
  } = options;
  const seen = new Set<string>([root]);
  const queue = [root];
  const broken: string[] = [];
  const pending = new Set<string>();
  const shapes = new Map<string, number>();
  // Requests go out a window at a time, so file reads overlap; replies are handled in queue order,
  // so the links found, and the sample per shape, are those of a crawl one request at a time.
  for (let next = 0; next < queue.length;) {
    const window = queue.slice(next, next + CONCURRENCY);
    next += window.length;
    const replies = await Promise.all(window.map((target) => call(api, target)));
    for (const [i, reply] of replies.entries()) {
      expect(seen.size, 'crawl cap').toBeLessThan(cap);
      const target = window[i]!;
      if (reply.status !== 200) {
        if (pendingPattern?.test(target) && reply.status === 404)
          pending.add(target.split('?')[0]!);
        else broken.push(`${target} -> ${reply.status}`);
        continue;
      }
      const found: string[] = [];
      if (target === root) {
        expectEnvelope(reply, { root: true });
        linksIn(reply.json.result.link, found);
      } else {
        // A result is a list of records, or one record (the analytics match state).
        for (const record of [reply.json.result].flat()) {
          found.push(record.uri);
          linksIn(record.link, found);
        }
        for (const key of ['first', 'last', 'next', 'prev'])
          if (typeof reply.json.meta[key] === 'string') found.push(reply.json.meta[key]);
      }
      for (const link of found) {
        expect(link.startsWith('/'), link).toBe(true);
        if (seen.has(link)) continue;
        const isPending = pendingPattern?.test(link) ?? false;
        const limit = isPending ? 3 : sampled?.pattern.test(link) ? sampled.perShape : perShape;
        if (limit !== Infinity) {
          const shape = shapeOf(link);
          const n = shapes.get(shape) ?? 0;
          if (n >= limit) continue;
          shapes.set(shape, n + 1);
        }
        seen.add(link);
        queue.push(link);
      }
    }
  }
  return { seen, broken, pending };
}
