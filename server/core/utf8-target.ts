/**
 * Request targets whose text arrived as raw bytes rather than percent-encoded: what each server
 * makes of them before the router reads the target, which is always percent-encoded ASCII.
 */

/** The message of the 400 for a target whose bytes are not UTF-8. */
export const NOT_UTF8 =
  'The path or query is not UTF-8 (U+FFFD stands for bytes that were not): ' +
  'send text as UTF-8, percent-encoded.';

/** A raw target read as UTF-8: each byte at or above 0x80 percent-encoded, either way. */
export type RawTarget =
  /** The bytes are UTF-8: `target` is what a browser sends for the same text. */
  | { kind: 'utf8'; target: string }
  /** Some bytes are not UTF-8: `target` names them as they came, for the 400's `uri`. */
  | { kind: 'not-utf8'; target: string };

// `fatal` turns the decoder into a validator: it throws where it would otherwise put U+FFFD.
const strict = new TextDecoder('utf-8', { fatal: true });

/**
 * Reads a target's raw bytes as UTF-8, percent-encoding each byte at or above 0x80 (in upper
 * case, as browsers and `encodeURIComponent` do) and keeping the ASCII bytes as they are.
 */
export function percentEncodeTarget(bytes: Uint8Array): RawTarget {
  let target = '';
  for (const byte of bytes)
    target += byte < 0x80 ? String.fromCharCode(byte) : `%${byte.toString(16).toUpperCase()}`;
  try {
    strict.decode(bytes);
    return { kind: 'utf8', target };
  } catch {
    return { kind: 'not-utf8', target };
  }
}

/** U+FFFD, raw or percent-encoded in UTF-8 (hex digits of either case). */
const REPLACEMENT = /\uFFFD|%EF%BF%BD/i;

/**
 * Whether a target holds U+FFFD. Bun and workerd put it in place of bytes that are not UTF-8
 * before any handler sees the request, so it stands for bytes lost on the way, and the router
 * refuses it like them rather than search for it (no source the API reads writes it).
 */
export function holdsReplacement(target: string): boolean {
  return REPLACEMENT.test(target);
}
