import { Mismatch, type Numeric, type Parse } from './types.ts';

/**
 * The `integer` and `number` types: the notation of a field (`groupChar`, `decimalChar`,
 * `bareNumber`) undone, then the text read as XML Schema's integer, decimal or double, the
 * special numbers included. Also the reading of fixed digits that dates and months share.
 */

/** The largest magnitude an integer keeps exactly as a JS number (and so in SQLite's REAL). */
const SAFE = `between -${Number.MAX_SAFE_INTEGER} and ${Number.MAX_SAFE_INTEGER}`;

/** A number as XML Schema's decimal and double write it: `-1.23`, `.5`, `2.`, `1E-3`. */
const NUMBER = /^[+-]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d+)?$/;
const INTEGER = /^[+-]?\d+$/;
/** The special numbers, matched whatever their case (the specification). */
const SPECIAL = new Map([
  ['NAN', NaN],
  ['INF', Infinity],
  ['+INF', Infinity],
  ['-INF', -Infinity],
]);

/**
 * The text of a number with its notation undone: with `bareNumber: false`, what stands before and
 * after the number (`€`, `EUR `, `%`) stripped; the group character removed wherever it stands;
 * the decimal character as a period (a period is then not a number's: `1.5` is refused where
 * `decimalChar` is `,`).
 */
function numericText(field: Numeric & { decimalChar?: string }): (text: string) => string | null {
  const decimal = field.decimalChar ?? '.';
  const group = field.groupChar;
  const stripped = field.bareNumber === false;
  // Stripped before: all but a sign and a leading decimal character ($.5), which belong to the
  // number; the sign may stand before the currency (-€95).
  const before = new RegExp(`^([+-]?)[^\\d+\\-${escapeClass(decimal[0] ?? '.')}]+`);
  return (text) => {
    let t = stripped ? text.replace(before, '$1').replace(/\D+$/, '') : text;
    if (group) t = t.replaceAll(group, '');
    if (decimal !== '.') {
      if (t.includes('.')) return null;
      t = t.replace(decimal, '.');
    }
    return t;
  };
}

/**
 * An `integer` field: digits with an optional sign (`+5`, `007`; not `1.0` nor `1e3`), in the
 * range a JS number holds exactly: a larger one is refused rather than stored rounded.
 */
export function integerParser(field: Numeric): Parse {
  const notation = numericText(field);
  const mismatch = new Mismatch('an integer');
  const tooLarge = new Mismatch(`an integer ${SAFE}`);
  return (text) => {
    const t = notation(text);
    if (t === null || !INTEGER.test(t)) return mismatch;
    const n = Number(t);
    if (!Number.isSafeInteger(n)) return tooLarge;
    return n === 0 ? 0 : n; // -0 is 0 for an integer
  };
}

/**
 * A `number` field: a decimal or an exponent, or `NaN`, `INF`, `-INF` in any case (SQLite stores
 * NaN as NULL: the importer decides what to do with it). A number past a double's range, which
 * JS would make Infinity, is refused.
 */
export function numberParser(field: Numeric & { decimalChar?: string }): Parse {
  const notation = numericText(field);
  const decimal = field.decimalChar ?? '.';
  const mismatch = new Mismatch(
    decimal === '.' ? 'a number' : `a number with "${decimal}" as decimal mark`,
  );
  const tooLarge = new Mismatch('a number of at most 1.8e308');
  return (text) => {
    if (text.length <= 4) {
      const special = SPECIAL.get(text.toUpperCase());
      if (special !== undefined) return special;
    }
    const t = notation(text);
    if (t === null || !NUMBER.test(t)) return mismatch;
    const n = Number(t);
    return Number.isFinite(n) ? n : tooLarge;
  };
}

/** A character escaped for a character class of a regular expression. */
function escapeClass(c: string): string {
  return /[\\\]^-]/.test(c) ? `\\${c}` : c;
}

/**
 * The number the digits of `text[from, to)` write, or -1 when one of them is not a digit or lies
 * past the end of the text.
 */
export function digitsAt(text: string, from: number, to: number): number {
  if (to > text.length || from >= to) return -1;
  let n = 0;
  for (let i = from; i < to; i++) {
    const d = text.charCodeAt(i) - 48;
    if (d < 0 || d > 9) return -1;
    n = n * 10 + d;
  }
  return n;
}
