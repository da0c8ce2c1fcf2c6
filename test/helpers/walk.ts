import { expect } from 'vitest';
import type { Handler } from '../../server/handler.ts';
import { call } from './api.ts';
import { expectEnvelope } from './shapes.ts';

/**
 * Follows `next` from a collection's first page until it is null (at most `cap` pages), checking the
 * envelope of every page, and returns the records in order with the totals the pages announced.
 */
export async function walk(handler: Handler, target: string, cap = 500): Promise<{
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
    expectEnvelope(reply, { paginated: true });
    const { meta, result } = reply.json;
    pages++;
    expect(meta.page).toBe(pages);
    totals ??= { totalRecords: meta.totalRecords, totalPages: meta.totalPages };
    expect(meta.totalRecords).toBe(totals.totalRecords);
    records.push(...result);
    next = meta.next;
  }
  return { records, pages, ...totals! };
}
