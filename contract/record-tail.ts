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

/**
 * The top-level members of a compact JSON object (as the build writes it: no white space), as
 * numbers rather than an object a member: a reader and the build read them for every record of a
 * block, millions on a season. Member `i`'s key is the bytes from `keyStart(i)` to `keyEnd(i)`,
 * its value's text those from `valueStart(i)` to `valueEnd(i)` (a string's without its quotes).
 */
export class Members {
  /** Four numbers a member: its key's start and end, its value's start and end. */
  private at = new Int32Array(4 * 32);
  /** The number of members read. */
  count = 0;
  /** The start (its key's opening quote) of the member `read` stopped before, or -1. */
  tail = -1;

  /**
   * Reads the members of `bytes`; false when they are not a compact JSON object. With `until`,
   * it stops before the first member of that key, whose start `tail` gives: the rest is not read.
   */
  read(bytes: Uint8Array, until?: Uint8Array): boolean {
    this.count = 0;
    this.tail = -1;
    const last = bytes.length - 1;
    if (last < 1 || bytes[0] !== OPEN_OBJECT || bytes[last] !== CLOSE_OBJECT) return false;
    if (last === 1) return true;
    for (let at = 1; ;) {
      if (bytes[at] !== QUOTE) return false;
      const keyEnd = jsonStringEnd(bytes, at);
      if (keyEnd < 0 || bytes[keyEnd + 1] !== COLON) return false;
      if (until && keyEnd - at - 1 === until.length && sameAt(bytes, at + 1, until)) {
        this.tail = at;
        return true;
      }
      const valueAt = keyEnd + 2;
      const end = valueEnd(bytes, valueAt, last);
      if (end < 0) return false;
      const quoted = bytes[valueAt] === QUOTE ? 1 : 0;
      this.push(at + 1, keyEnd, valueAt + quoted, end - quoted);
      if (end === last) return true;
      if (bytes[end] !== COMMA) return false;
      at = end + 1;
    }
  }

  keyStart(i: number): number {
    return this.at[4 * i]!;
  }

  keyEnd(i: number): number {
    return this.at[4 * i + 1]!;
  }

  valueStart(i: number): number {
    return this.at[4 * i + 2]!;
  }

  valueEnd(i: number): number {
    return this.at[4 * i + 3]!;
  }

  /**
   * The first member of `bytes` (the object read) whose key is `key` from `from` to `to`: the one
   * a hole of that key names; -1 when there is none.
   */
  find(bytes: Uint8Array, key: Uint8Array, from = 0, to = key.length): number {
    for (let i = 0; i < this.count; i++) {
      const start = this.keyStart(i);
      if (this.keyEnd(i) - start === to - from && sameAt(bytes, start, key, from, to)) return i;
    }
    return -1;
  }

  private push(keyStart: number, keyEnd: number, valueStart: number, valueEnd: number): void {
    if (4 * this.count === this.at.length) {
      const grown = new Int32Array(this.at.length * 2);
      grown.set(this.at);
      this.at = grown;
    }
    const at = 4 * this.count++;
    this.at[at] = keyStart;
    this.at[at + 1] = keyEnd;
    this.at[at + 2] = valueStart;
    this.at[at + 3] = valueEnd;
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
  if (!unfolding.read(stored)) throw new RangeError('a folded record is not a JSON object');
  const pieces: Uint8Array[] = [stored.subarray(0, stored.length - 1)];
  const whole = tailParts(pattern, stored, unfolding, (bytes, from, to) => {
    pieces.push(bytes.subarray(from, to));
    return true;
  });
  if (!whole) throw new RangeError('a record lacks the member its tail names');
  pieces.push(CLOSE);
  return concatBytes(pieces);
}

/**
 * Hands `part` each piece of the tail `pattern` makes of a record, `members` holding the
 * record's (from `record`): a literal as its place in the pattern, a hole as the place of the
 * value it names in the record. False when a hole names no member, or `part` says to stop: the
 * reader unfolds a record so, and the build checks that a pattern makes a record's tail so.
 */
export function tailParts(
  pattern: Uint8Array,
  record: Uint8Array,
  members: Members,
  part: (bytes: Uint8Array, from: number, to: number) => boolean,
): boolean {
  const in_ = new Varint(pattern);
  for (let n = in_.read(); n > 0; n--) {
    const code = in_.read();
    const from = in_.at;
    const to = from + in_.take(code >>> 1).length;
    if (code & 1) {
      const m = members.find(record, pattern, from, to);
      if (m < 0 || !part(record, members.valueStart(m), members.valueEnd(m))) return false;
    } else if (!part(pattern, from, to)) return false;
  }
  return true;
}

/** The members of the record being unfolded (reused: unfolding is synchronous). */
const unfolding = new Members();

const CLOSE = new Uint8Array([CLOSE_OBJECT]);
