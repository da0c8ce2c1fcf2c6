import { ByteWriter, jsonStringEnd, Varint } from './bytes.ts';

/**
 * A record's tail, as a block of an archive stores it (docs/archive.md, "Blocks"): the members
 * from its top-level `uri` to its end (`uri`, `link`), which spell the record's own values (its
 * id, the ids it links to) again inside URLs. A block stores such a record without its tail, and
 * the tail once for all its records as a *pattern*: literal bytes and *holes*, each naming a
 * top-level member of the record whose value's text fills it. A micro-event's id is then stored
 * once where its JSON spells it four times. Unfolding is exact by construction: a hole stands
 * for bytes the folded record holds, so the record is made again byte for byte.
 */

const QUOTE = 0x22;
const COMMA = 0x2c;
const COLON = 0x3a;
const OPEN_OBJECT = 0x7b;
const CLOSE_OBJECT = 0x7d;
const OPEN_ARRAY = 0x5b;
const CLOSE_ARRAY = 0x5d;
const SLASH = 0x2f;
const EQUALS = 0x3d;

/** The key that opens a tail. */
const URI = new TextEncoder().encode('uri');

/** A top-level member of a JSON object: its key's text and its value's, as byte offsets. */
interface Member {
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
function members(bytes: Uint8Array, until?: Uint8Array): { list: Member[]; tail: number } | null {
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

function sameAt(bytes: Uint8Array, at: number, word: Uint8Array, from = 0, to = word.length) {
  if (at + to - from > bytes.length) return false;
  for (let i = from; i < to; i++) if (bytes[at + i - from] !== word[i]) return false;
  return true;
}

/**
 * A record as a block stores it: folded, with its tail's pattern (null: stored whole). The
 * pattern is a view the next call reuses: a caller that keeps it copies it.
 */
export interface Folded {
  stored: Uint8Array;
  pattern: Uint8Array | null;
}

/** The pattern being coded, reused from record to record. */
const pattern = new ByteWriter();

/** A byte that may follow a hole: the end of a URL's segment (`/ " ? & #`). */
function isDelimiter(c: number | undefined): boolean {
  return c === SLASH || c === QUOTE || c === 0x3f || c === 0x26 || c === 0x23;
}

/**
 * Folds a record: without its tail, and the tail's pattern, where it has a tail (a top-level
 * `uri` past its first member); else the record whole.
 */
export function foldRecord(record: Uint8Array): Folded {
  const body = members(record, URI);
  if (!body || body.tail < 2) return { stored: record, pattern: null };
  const { list: all, tail } = body;
  const at = all.length;
  const tailStart = tail - 1; // its comma
  const stored = new Uint8Array(tailStart + 1);
  stored.set(record.subarray(0, tailStart));
  stored[tailStart] = CLOSE_OBJECT;
  const parts: number[] = []; // from, to, and 1 for a hole's key or 0 for a literal
  const end = record.length - 1;
  let literal = tailStart;
  for (let i = tailStart; i < end; i++) {
    // A hole is a whole segment of a URL (after a slash or an equals sign, up to the next
    // delimiter) that equals a value of the body: the first member's that does.
    const before = record[i - 1];
    if (before !== SLASH && before !== EQUALS) continue;
    let next = i;
    while (next < end && !isDelimiter(record[next]!)) next++;
    const length = next - i;
    if (length === 0) continue;
    for (let k = 0; k < at; k++) {
      const m = all[k]!;
      if (
        m.valueEnd - m.valueStart !== length ||
        !sameAt(record, i, record, m.valueStart, m.valueEnd) ||
        firstOfKey(record, all, m) !== m // a reader fills a hole with its key's first value
      )
        continue;
      if (i > literal) parts.push(literal, i, 0);
      parts.push(m.keyStart, m.keyEnd, 1);
      literal = next;
      break;
    }
    i = next - 1;
  }
  if (end > literal) parts.push(literal, end, 0);
  pattern.clear();
  pattern.varint(parts.length / 3);
  for (let k = 0; k < parts.length; k += 3) {
    const from = parts[k]!;
    const to = parts[k + 1]!;
    pattern.varint(2 * (to - from) + parts[k + 2]!);
    pattern.bytes(record.subarray(from, to));
  }
  return { stored, pattern: pattern.view() };
}

/** The first member of `all` whose key is `m`'s. */
function firstOfKey(bytes: Uint8Array, all: readonly Member[], m: Member): Member | undefined {
  const length = m.keyEnd - m.keyStart;
  return all.find(
    (o) =>
      o.keyEnd - o.keyStart === length && sameAt(bytes, o.keyStart, bytes, m.keyStart, m.keyEnd),
  );
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
  let length = stored.length;
  for (let n = in_.read(); n > 0; n--) {
    const code = in_.read();
    const bytes = in_.take(code >>> 1);
    let piece = bytes;
    if (code & 1) {
      const m = all.find(
        (o) => o.keyEnd - o.keyStart === bytes.length && sameAt(stored, o.keyStart, bytes),
      );
      if (!m) throw new RangeError('a record lacks the member its tail names');
      piece = stored.subarray(m.valueStart, m.valueEnd);
    }
    pieces.push(piece);
    length += piece.length;
  }
  const out = new Uint8Array(length);
  let at = 0;
  for (const piece of pieces) {
    out.set(piece, at);
    at += piece.length;
  }
  out[at] = CLOSE_OBJECT;
  return out;
}
