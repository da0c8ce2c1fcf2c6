import { expect } from 'vitest';
import type { Handler } from '../../../server/core/handler.ts';
import { call } from './api.ts';
import { expectEnvelope } from './shapes.ts';

/**
 * Follows `next` from a collection's first page until it is null (at most `cap` pages), checking
 * the envelope of every page, and returns the records in order with the totals the pages announced.
 */
export async function walk(
  handler: Handler,
  target: string,
  cap = 500,
): Promise<{
  records: Record<string, unknown>[];
  pages: number;
  totalRecords: number;
  totalPages: number;
}> {
  const records: Record<string, unknown>[] = [];
  let next: string | null = target;
  let pages = 0;
  let totals: { totalRecords: number; totalPages: number } | null = null;
  while (next !== null) {
    expect(pages, `more than ${cap} pages from ${target}`).toBeLessThan(cap);
    const reply = await call(handler, next);
    // v0's macro-events (/v0/events/*) spell the totals in snake_case.
    const snakeTotals = next.startsWith('/v0/events/');
    expectEnvelope(reply, { paginated: true, snakeTotals });
    const { meta, result } = reply.json;
    pages++;
    expect(meta.page).toBe(pages);
    const announced = snakeTotals
      ? { totalRecords: meta.total_records as number, totalPages: meta.total_pages as number }
      : { totalRecords: meta.totalRecords as number, totalPages: meta.totalPages as number };
    totals ??= announced;
    expect(announced.totalRecords).toBe(totals.totalRecords);
    records.push(...result);
    next = meta.next;
  }
  return { records, pages, ...totals! };
}
