import { expect } from 'vitest';
import type { Reply } from './api.ts';

/**
 * The one success-envelope check and the one error-shape check, applied to every endpoint the tests
 * touch (as Datasette's test_success_envelope / test_error_shape do).
 */

const JSON_TYPE = 'application/json; charset=utf-8';

/** Headers every response carries (docs/http.md#headers). */
export function expectCommonHeaders(reply: Reply): void {
  expect(reply.headers.get('content-type')).toBe(JSON_TYPE);
  expect(reply.headers.get('access-control-allow-origin')).toBe('*');
  expect(reply.headers.get('etag')).toMatch(/^"[^"]+"$/);
  expect(reply.headers.get('cache-control')).toBeTruthy();
}

/** A link object: every value a root-relative path, or a nested object of them (never null). */
export function expectLinks(link: unknown): void {
  expect(link !== null && typeof link === 'object').toBe(true);
  for (const value of Object.values(link as object)) {
    if (typeof value === 'string') expect(value.startsWith('/'), value).toBe(true);
    else expectLinks(value);
  }
}

/** A successful response in the common envelope. */
export function expectEnvelope(
  reply: Reply,
  opts: { paginated?: boolean; root?: boolean; snakeTotals?: boolean } = {},
): void {
  expect(reply.status, `${reply.text.slice(0, 200)}`).toBe(200);
  expectCommonHeaders(reply);
  const body = reply.json;
  if (opts.root) {
    expect(Object.keys(body)).toEqual(['meta', 'result']);
    expect(body.meta).toEqual({});
    expect(typeof body.result.link).toBe('object');
    return;
  }
  expect(Object.keys(body)).toEqual(['attribution', 'meta', 'result']);
  expect(Object.keys(body.attribution).sort()).toEqual(['html', 'logo', 'source', 'text', 'url']);
  expect(typeof body.attribution.source).toBe('object');
  expect(Array.isArray(body.result)).toBe(true);
  for (const record of body.result) {
    expect(typeof record.uri).toBe('string');
    expect(record.uri.startsWith('/')).toBe(true);
    expectLinks(record.link);
    expect(record.id).not.toBeUndefined();
  }
  if (opts.paginated === true) {
    // v0's macro-events spell the totals in snake_case (docs/api.md#the-v0-api).
    const totals = opts.snakeTotals
      ? ['total_pages', 'total_records']
      : ['totalPages', 'totalRecords'];
    expect(Object.keys(body.meta)).toEqual([
      'first',
      'last',
      'next',
      'prev',
      'page',
      'records',
      ...totals,
    ]);
    for (const k of ['page', 'records', ...totals])
      expect(Number.isInteger(body.meta[k])).toBe(true);
    expect(body.meta.first).toMatch(/[?&]records=\d+&page=1$/);
    expect(body.result.length).toBeLessThanOrEqual(body.meta.records);
  } else if (opts.paginated === false) {
    expect(body.meta).toEqual({});
  }
}

/** An error response in the one error shape, with the given status. */
export function expectError(reply: Reply, status: number, target?: string): void {
  expect(reply.status, reply.text.slice(0, 300)).toBe(status);
  expectCommonHeaders(reply);
  const body = reply.json;
  expect(Object.keys(body).sort()).toEqual(['errors', 'message', 'status', 'uri']);
  expect(body.status).toBe(status);
  expect(typeof body.message).toBe('string');
  expect(body.message.length).toBeGreaterThan(10);
  expect(Array.isArray(body.errors)).toBe(true);
  for (const e of body.errors) {
    expect(typeof e.parameter).toBe('string');
    expect(typeof e.message).toBe('string');
  }
  if (target !== undefined) expect(body.uri).toBe(target);
}
