import { compareSortKeys, sortKey, type Scalar } from '../../contract/keys.ts';

/**
 * A field's column coded for the query index (`field-index.ts`): each record gets the code of
 * its value, codes numbered in the order of the values' sort keys, so that a sort and the posting
 * lists are counting sorts of the codes. Three ways, each tried after the one before fails: a
 * map of the values (most fields: a team, a period), sorting numbers as doubles (a match second:
 * millions of values), sorting v1 ids as 128-bit numbers (the action a micro-event belongs to).
 */

/** Most distinct values of a field coded through a map. */
export const MAX_DISTINCT = 1 << 18;

/**
 * A column coded: each record's code in `runs`, codes numbered in the order of their sort keys
 * (equal keys share one), and the value of each code.
 */
export interface Coded {
  runs: Uint32Array;
  distinct: number;
  value: (code: number) => Scalar;
}

/** The column coded through a map of its values, or null past `maxDistinct` of them. */
export function codeByMap(
  values: Iterable<Scalar>,
  total: number,
  maxDistinct: number,
): Coded | null {
  const codes = new Uint32Array(total);
  const seen = new Map<Scalar, number>();
  const distinct: Scalar[] = [];
  let i = 0;
  for (const value of values) {
    let code = seen.get(value);
    if (code === undefined) {
      if (distinct.length === maxDistinct) return null;
      code = distinct.length;
      seen.set(value, code);
      distinct.push(value);
    }
    codes[i++] = code;
  }
  // Renumbered in the order of the sort keys, equal keys (0 and -0) to one code.
  const keys = distinct.map(sortKey);
  const sorted = [...keys.keys()].sort((a, b) => compareSortKeys(keys[a]!, keys[b]!));
  const runOf = new Uint32Array(distinct.length);
  const runValue: Scalar[] = [];
  sorted.forEach((code, i) => {
    if (i === 0 || compareSortKeys(keys[sorted[i - 1]!]!, keys[code]!) !== 0)
      runValue.push(distinct[code]!);
    runOf[code] = runValue.length - 1;
  });
  for (let ord = 0; ord < total; ord++) codes[ord] = runOf[codes[ord]!]!;
  return { runs: codes, distinct: runValue.length, value: (code) => runValue[code]! };
}

/**
 * A column of numbers (and nulls) coded by sorting its distinct values as doubles, however many
 * there are; null when it holds anything else.
 */
export function codeNumbers(values: Iterable<Scalar>, total: number): Coded | null {
  const numbers = new Float64Array(total);
  const nulls = new Uint8Array(total);
  let i = 0;
  let present = 0;
  for (const value of values) {
    if (value === null) nulls[i] = 1;
    else if (typeof value === 'number') numbers[present++] = value;
    else return null;
    i++;
  }
  const sorted = numbers.slice(0, present).sort();
  // The distinct values, 0 and -0 as one, with nulls first as code 0 when there are any.
  const hasNull = present < total ? 1 : 0;
  let distinct = 0;
  for (let j = 0; j < present; j++) {
    if (j === 0 || sorted[j] !== sorted[distinct - 1]) sorted[distinct++] = sorted[j]!;
  }
  const keys = sorted.subarray(0, distinct);
  const runs = new Uint32Array(total);
  let next = 0;
  for (let ord = 0; ord < total; ord++) {
    if (nulls[ord]) continue;
    runs[ord] = hasNull + search(keys, numbers[next++]!);
  }
  return {
    runs,
    distinct: distinct + hasNull,
    value: (code) => (code < hasNull ? null : keys[code - hasNull]!),
  };
}

/** 32 lowercase hex digits: a v1 id. */
const HEX_ID = /^[0-9a-f]{32}$/;

/** The two hex digits of each byte. */
const HEX = Array.from({ length: 256 }, (_, b) => b.toString(16).padStart(2, '0'));

/**
 * A column of v1 ids (and nulls) coded by sorting them as 128-bit numbers, however many there are:
 * their order as numbers is their order as text, and their sort keys' (an id folds to itself).
 * Null when it holds anything else.
 */
export function codeHexIds(values: Iterable<Scalar>, total: number): Coded | null {
  const words = new Uint32Array(4 * total);
  const ords = new Uint32Array(total);
  let count = 0;
  let ord = 0;
  for (const value of values) {
    if (typeof value === 'string' && HEX_ID.test(value)) {
      for (let w = 0; w < 4; w++) words[4 * ord + w] = parseInt(value.slice(8 * w, 8 * w + 8), 16);
      ords[count++] = ord;
    } else if (value !== null) return null;
    ord++;
  }
  const compare = (a: number, b: number) => {
    for (let w = 0; w < 4; w++) {
      const d = words[4 * a + w]! - words[4 * b + w]!;
      if (d !== 0) return d;
    }
    return 0;
  };
  const present = ords.subarray(0, count);
  const sorted = sortIds(words, present, compare);
  const hasNull = count < total ? 1 : 0;
  const runs = new Uint32Array(total);
  /** An ordinal of each distinct id, by code. */
  const first: number[] = [];
  sorted.forEach((ord, i) => {
    if (i === 0 || compare(sorted[i - 1]!, ord) !== 0) first.push(ord);
    runs[ord] = hasNull + first.length - 1;
  });
  const hex = (ord: number) => {
    let text = '';
    for (let w = 4 * ord; w < 4 * ord + 4; w++) {
      const x = words[w]!;
      text += HEX[x >>> 24]! + HEX[(x >>> 16) & 255]! + HEX[(x >>> 8) & 255]! + HEX[x & 255]!;
    }
    return text;
  };
  return {
    runs,
    distinct: first.length + hasNull,
    value: (code) => (code < hasNull ? null : hex(first[code - hasNull]!)),
  };
}

/** Values of one radix digit: 16 bits. */
const DIGITS = 1 << 16;

/**
 * `present` sorted by the ids of their `words` (four a record), in place: a radix sort on the
 * first word, 16 bits at a time, then each run of equal first words by `compare`, which sorts
 * a few ordinals at a time: sorting millions by a comparator took far more memory
 * (`test/bench/results/2026-11-29-brotli.md`).
 */
function sortIds(
  words: Uint32Array,
  present: Uint32Array,
  compare: (a: number, b: number) => number,
): Uint32Array {
  let from: Uint32Array = present;
  let to: Uint32Array = new Uint32Array(present.length);
  for (const shift of [0, 16]) {
    const starts = new Uint32Array(DIGITS + 1);
    for (const ord of from) {
      const digit = ((words[4 * ord]! >>> shift) & 0xffff) + 1;
      starts[digit] = starts[digit]! + 1;
    }
    for (let d = 0; d < DIGITS; d++) starts[d + 1]! += starts[d]!;
    for (const ord of from) to[starts[(words[4 * ord]! >>> shift) & 0xffff]!++] = ord;
    [from, to] = [to, from];
  }
  for (let i = 0; i < from.length;) {
    let j = i + 1;
    while (j < from.length && words[4 * from[j]!] === words[4 * from[i]!]) j++;
    if (j - i > 1) from.subarray(i, j).sort(compare);
    i = j;
  }
  return from;
}

/** The index of `value` in the ascending distinct `keys`, which hold it. */
function search(keys: Float64Array, value: number): number {
  let lo = 0;
  let hi = keys.length - 1;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (keys[mid]! < value) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}
