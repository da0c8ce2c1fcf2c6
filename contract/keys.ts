import type { FieldType } from './manifest.ts';

/**
 * Value semantics shared by the build (which groups records by filter value and orders them) and
 * the router (which parses query values, matches records and sorts them): one definition, so a
 * pre-rendered collection and a composed one always agree.
 */

/** A value as stored in a record or a database row. */
export type Scalar = string | number | boolean | null;

const UUID = /^[0-9a-f]{32}$/;
const UUID_DASHED = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const INTEGER = /^[+-]?\d+$/;
const FLOAT = /^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/;
const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const TIME = /^([01]\d|2[0-3]):([0-5]\d)(?::([0-5]\d))?$/;

/** What each type accepts, for error messages. */
export const TYPE_HINT: Record<FieldType, string> = {
  integer: 'an integer',
  float: 'a number',
  string: 'text',
  boolean: 'true, false, 1 or 0',
  date: 'a date as YYYY-MM-DD',
  time: 'a time as HH:MM or HH:MM:SS',
  uuid: 'a 32-digit hexadecimal id',
};

/**
 * Parses a query value of the given type into its canonical form, or returns undefined when it is
 * not of that type. uuids are accepted in either case and with or without hyphens.
 */
export function parseValue(type: FieldType, raw: string): Scalar | undefined {
  switch (type) {
    case 'integer':
      return INTEGER.test(raw) && Number.isSafeInteger(Number(raw)) ? Number(raw) : undefined;
    case 'float':
      return FLOAT.test(raw) && Number.isFinite(Number(raw)) ? Number(raw) : undefined;
    case 'boolean': {
      const v = raw.toLowerCase();
      return v === 'true' || v === '1' ? true : v === 'false' || v === '0' ? false : undefined;
    }
    case 'date': {
      const m = DATE.exec(raw);
      if (!m) return undefined;
      const d = new Date(`${raw}T00:00:00Z`);
      return !Number.isNaN(d.getTime()) && d.toISOString().startsWith(raw) ? raw : undefined;
    }
    case 'time': {
      const m = TIME.exec(raw);
      return m ? `${m[1]}:${m[2]}:${m[3] ?? '00'}` : undefined;
    }
    case 'uuid': {
      const v = raw.toLowerCase();
      if (UUID.test(v)) return v;
      return UUID_DASHED.test(v) ? v.replaceAll('-', '') : undefined;
    }
    case 'string':
      return raw;
  }
}

/**
 * The grouping key of a value: two values are equal for filtering exactly when their keys are
 * equal. Strings compare case-insensitively but keep diacritics ("Arsène" is not "Arsene"); numbers
 * by value; booleans stored as 0/1 and true/false alike.
 */
export function filterKey(type: FieldType, value: Scalar): string {
  if (value === null) return '';
  switch (type) {
    case 'string':
      return caseFold(String(value));
    case 'boolean':
      return value === true || value === 1 || value === '1' || value === 'true' ? 'true' : 'false';
    case 'integer':
    case 'float':
      return String(Number(value));
    default:
      return String(value);
  }
}

/**
 * Case folding for comparisons: lower-, upper- then lower-casing maps every case variant to one
 * form, also where lower-casing alone does not ("STRASSE" and "Straße" both become "strasse", as
 * the capital "ẞ", whose upper case is itself, does by way of "ß"); accents stay.
 */
function caseFold(value: string): string {
  // ASCII is its own normal form and lowercases to its fold: most keys (ids, codes) skip the
  // rest, which costs microseconds a key.
  if (ASCII.test(value)) return value.toLowerCase();
  return value.normalize('NFC').toLowerCase().toUpperCase().toLowerCase().normalize('NFC');
}

/** Text of ASCII characters only. */
const ASCII = /^[\x00-\x7f]*$/;

/** True when a string filter value is a wildcard pattern (`*1/4*`). */
export function isWildcard(raw: string): boolean {
  return raw.includes('*');
}

/** Types on which `*` wildcards are allowed. */
export const WILDCARD_TYPES: readonly FieldType[] = ['string', 'date', 'time'];

/** Letters that carry their mark in themselves, not as one that decomposes, and their base. */
const BASE_LETTERS: Record<string, string> = {
  ø: 'o',
  ł: 'l',
  đ: 'd',
  ð: 'd',
  ı: 'i',
  æ: 'ae',
  œ: 'oe',
  þ: 'th',
};

/**
 * A case-folded text without its accents, for wildcard patterns: "Müller" and "muller", "Ødegaard"
 * and "odegaard" are one.
 */
function unaccented(folded: string): string {
  if (ASCII.test(folded)) return folded;
  return folded
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .replace(/[øłđðıæœþ]/g, (c) => BASE_LETTERS[c]!);
}

/**
 * A text as wildcard patterns compare it: case and accents aside ("Müller" is "muller"). The
 * explorer's search index keys names the same way, so that it finds what the API's patterns find.
 */
export function looseKey(value: string): string {
  return unaccented(caseFold(value));
}

/**
 * A predicate for a wildcard pattern, matched against filter keys: case and accents aside, so
 * `*muller*` finds "Müller", where equality keeps accents. `*` matches any run of characters.
 * Matching is greedy with one backtrack point, so it takes linear time whatever the pattern (a
 * regular expression with many `.*` can take seconds on a crafted pattern).
 */
export function wildcardMatcher(pattern: string): (key: string) => boolean {
  const parts = unaccented(caseFold(pattern)).split('*');
  const head = parts[0]!;
  const tail = parts.length > 1 ? parts[parts.length - 1]! : null;
  const middle = parts.slice(1, -1).filter((p) => p !== '');
  return (folded) => {
    const key = unaccented(folded);
    if (tail === null) return key === head;
    if (!key.startsWith(head) || key.length < head.length + tail.length || !key.endsWith(tail))
      return false;
    let at = head.length;
    const end = key.length - tail.length;
    for (const part of middle) {
      const found = key.indexOf(part, at);
      if (found === -1 || found + part.length > end) return false;
      at = found + part.length;
    }
    return true;
  };
}

/**
 * The sort key of a string: accents and case folded away, so "Álvarez" sorts with "Alvarez" and
 * before "Baker". Ties are broken on the raw value, then on the record id.
 */
export function fold(value: string): string {
  // ASCII has no marks to strip (see `caseFold`).
  if (ASCII.test(value)) return value.toLowerCase();
  return value.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
}

/** Compares two strings by code point (the order SQLite's BINARY collation gives UTF-8 text). */
export function compareCodePoints(a: string, b: string): number {
  if (a === b) return 0;
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) {
    const x = a.codePointAt(i)!;
    const y = b.codePointAt(i)!;
    if (x !== y) return x < y ? -1 : 1;
    if (x > 0xffff) i++;
  }
  return a.length - b.length < 0 ? -1 : a.length === b.length ? 0 : 1;
}

/**
 * Compares two field values the way the build's SQL orders them: NULL first, numbers by value,
 * booleans false before true, strings by folded form and then by raw form.
 */
export function compareValues(a: Scalar, b: Scalar): number {
  if (a === b) return 0;
  if (a === null) return -1;
  if (b === null) return 1;
  if (typeof a === 'string' && typeof b === 'string') {
    return compareCodePoints(fold(a), fold(b)) || compareCodePoints(a, b);
  }
  const x = Number(a);
  const y = Number(b);
  return x < y ? -1 : x > y ? 1 : 0;
}

/**
 * A field value as a key whose plain order is `compareValues`' order: numbers and null as they
 * are (booleans as 0 and 1), a string as its folded form, a separator, and the string itself, so
 * that SQLite's BINARY collation (code point order of UTF-8) and `compareSortKeys` order such keys
 * as `compareValues` orders the values. The build sorts millions of records by these keys on disk.
 * The separator is NUL then U+0001, and a NUL inside the folded form becomes NUL then U+0002: a
 * folded form that is a prefix of another still sorts first, whatever character follows.
 */
export function sortKey(value: Scalar): Scalar {
  if (typeof value === 'string')
    return `${fold(value).replaceAll('\0', '\0\u0002')}\0\u0001${value}`;
  if (typeof value === 'boolean') return value ? 1 : 0;
  return value;
}

/** The order of two `sortKey`s: null first, numbers by value, strings by code point. */
export function compareSortKeys(a: Scalar, b: Scalar): number {
  if (a === b) return 0;
  if (a === null) return -1;
  if (b === null) return 1;
  if (typeof a === 'string' && typeof b === 'string') return compareCodePoints(a, b);
  const x = Number(a);
  const y = Number(b);
  return x < y ? -1 : x > y ? 1 : 0;
}
