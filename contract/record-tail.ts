import { concatBytes, jsonStringEnd, sameAt, Varint } from './bytes.ts';

/**
 * A record's tail, as a block of an archive stores it (docs/archive.md, "Blocks"): the members
 * from its top-level `uri` to its end (`uri`, `link`), which spell the record's own values (its
 * id, the ids it links to) again inside URLs. A block stores such a record without its tail, and
 * the tail once for all its records as a *pattern*: literal bytes and *holes*, each naming a
 * top-level member of the record whose value's text fills it. This is the reader's side; the
 * build folds records in `build/output/record-fold.ts`.
 */

const QUOTE = 0x22;
const COMMA = 0x2c;
const COLON = 0x3a;
const OPEN_OBJECT = 0x7b;
export const CLOSE_OBJECT = 0x7d;
const OPEN_ARRAY = 0x5b;
const CLOSE_ARRAY = 0x5d;

/** A top-level member of a JSON object: its key's text and its value's, as byte offsets. */
export interface Member {
  /** The opening quote of its key. */
  start: number;
  keyStart: number;
  keyEnd: number;
  /** The value's text: a string's without its quotes. */
  valueStart: number;
  valueEnd: number;
}

/**
 * The top-level members of a compact JSON object (as the build writes it: no white space), or
 * null when `bytes` are not one. With `until`, they stop before the first member of that key,
 * whose start `tail` gives (-1 when there is none): the rest is not read.
 */
export function members(
  bytes: Uint8Array,
  until?: Uint8Array,
): { list: Member[]; tail: number } | null {
  const last = bytes.length - 1;
  if (last < 1 || bytes[0] !== OPEN_OBJECT || bytes[last] !== CLOSE_OBJECT) return null;
  const list: Member[] = [];
  if (last === 1) return { list, tail: -1 };
  for (let at = 1; ;) {
    if (bytes[at] !== QUOTE) return null;
    const keyEnd = jsonStringEnd(bytes, at);
    if (keyEnd < 0 || bytes[keyEnd + 1] !== COLON) return null;
    if (until && keyEnd - at - 1 === until.length && sameAt(bytes, at + 1, until))
      return { list, tail: at };
    const valueAt = keyEnd + 2;
    const end = valueEnd(bytes, valueAt, last);
    if (end < 0) return null;
    const quoted = bytes[valueAt] === QUOTE;
    list.push({
      start: at,
      keyStart: at + 1,
      keyEnd,
      valueStart: quoted ? valueAt + 1 : valueAt,
      valueEnd: quoted ? end - 1 : end,
    });
    if (end === last) return { list, tail: -1 };
    if (bytes[end] !== COMMA) return null;
    at = end + 1;
  }
}

/** The end (exclusive) of the JSON value at `at`, which ends by `last`; -1 when it does not. */
function valueEnd(bytes: Uint8Array, at: number, last: number): number {
  const first = bytes[at];
  if (first === QUOTE) {
    const close = jsonStringEnd(bytes, at);
    return close < 0 ? -1 : close + 1;
  }
  if (first === OPEN_OBJECT || first === OPEN_ARRAY) {
    let depth = 0;
    for (let i = at; i < last; i++) {
      const c = bytes[i]!;
      if (c === QUOTE) {
        i = jsonStringEnd(bytes, i);
        if (i < 0) return -1;
      } else if (c === OPEN_OBJECT || c === OPEN_ARRAY) depth++;
      else if (c === CLOSE_OBJECT || c === CLOSE_ARRAY) {
        if (--depth === 0) return i + 1;
      }
    }
    return -1;
  }
  let i = at;
  while (i < last && bytes[i] !== COMMA) i++;
  return i === at ? -1 : i;
}

/**
 * Unfolds a record stored without its tail: the record, then the pattern's literals and the
 * values its holes name. Throws a RangeError when the record is not a JSON object or lacks a
 * member a hole names.
 */
export function unfoldRecord(stored: Uint8Array, pattern: Uint8Array): Uint8Array {
  const all = members(stored)?.list;
  if (!all) throw new RangeError('a folded record is not a JSON object');
  const in_ = new Varint(pattern);
  const pieces: Uint8Array[] = [stored.subarray(0, stored.length - 1)];
  for (let n = in_.read(); n > 0; n--) {
    const code = in_.read();
    const bytes = in_.take(code >>> 1);
    if (code & 1) {
      const m = memberOf(stored, all, bytes);
      if (!m) throw new RangeError('a record lacks the member its tail names');
      pieces.push(stored.subarray(m.valueStart, m.valueEnd));
    } else pieces.push(bytes);
  }
  pieces.push(CLOSE);
  return concatBytes(pieces);
}

const CLOSE = new Uint8Array([CLOSE_OBJECT]);

/** The first of `all`, members of `bytes`, whose key is `key`: the one a hole of `key` names. */
export function memberOf(
  bytes: Uint8Array,
  all: readonly Member[],
  key: Uint8Array,
): Member | undefined {
  return all.find((m) => m.keyEnd - m.keyStart === key.length && sameAt(bytes, m.keyStart, key));
}
