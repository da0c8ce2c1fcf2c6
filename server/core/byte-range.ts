/**
 * Single byte ranges (RFC 9110 section 14): what part of a file a `Range` header asks for. A
 * header this server does not answer (another unit, several ranges, a malformed or reversed range)
 * is ignored, as the RFC allows, and the whole file is sent.
 */

/** What a Range header asks of a file of `size` bytes. */
export type RangeAsk =
  { kind: 'whole' } | { kind: 'part'; start: number; end: number } | { kind: 'unsatisfiable' };

/** Reads a Range header against a file of `size` bytes. */
export function byteRange(header: string | null, size: number): RangeAsk {
  const m = header === null ? null : /^\s*bytes\s*=\s*(\d*)\s*-\s*(\d*)\s*$/i.exec(header);
  if (!m || (m[1] === '' && m[2] === '')) return { kind: 'whole' };
  if (m[1] === '') {
    // A suffix: the last n bytes.
    const n = Number(m[2]);
    if (n === 0 || size === 0) return { kind: 'unsatisfiable' };
    return { kind: 'part', start: Math.max(0, size - n), end: size - 1 };
  }
  const start = Number(m[1]);
  const last = m[2] === '' ? Infinity : Number(m[2]);
  if (last < start) return { kind: 'whole' };
  if (start >= size) return { kind: 'unsatisfiable' };
  return { kind: 'part', start, end: Math.min(last, size - 1) };
}
