import { epoch, offsetOf, valid, type Moment, type Temporal } from './moment.ts';
import { FieldDescriptorError } from './types.ts';

/**
 * The temporal formats other than `default`: a strptime pattern (`%d/%m/%Y`), read as Python's
 * `strptime` reads it, and `any`, the unambiguous forms a person types. Both name the months in
 * English.
 */

/** The English names of the months, which `%b`, `%B` and the `any` format read. */
const MONTH_NAMES = [
  'january',
  'february',
  'march',
  'april',
  'may',
  'june',
  'july',
  'august',
  'september',
  'october',
  'november',
  'december',
];

/** The month (1-12) a name or its abbreviation (`Jan`, `Sept`) says, or 0. */
function monthNumber(name: string): number {
  const lower = name.toLowerCase();
  if (lower.length < 3) return 0;
  const index = MONTH_NAMES.findIndex((full) => full === lower || full.slice(0, 3) === lower);
  return index >= 0 ? index + 1 : lower === 'sept' ? 9 : 0;
}

/**
 * The strptime directives a pattern may use: what each matches (Python's widths: one or two
 * digits for a month, a day, an hour), and how the error writes it for a person.
 */
const DIRECTIVES: Record<string, readonly [regex: string, shown: string]> = {
  Y: ['\\d{4}', 'YYYY'],
  y: ['\\d{2}', 'YY'],
  m: ['\\d{1,2}', 'MM'],
  d: ['\\d{1,2}', 'DD'],
  b: ['[A-Za-z]{3}', 'Jan'],
  B: ['[A-Za-z]+', 'January'],
  a: ['[A-Za-z]{3}', 'Mon'],
  A: ['[A-Za-z]+', 'Monday'],
  H: ['\\d{1,2}', 'HH'],
  I: ['\\d{1,2}', 'hh'],
  p: ['[AaPp][Mm]', 'AM/PM'],
  M: ['\\d{1,2}', 'MM'],
  S: ['\\d{1,2}', 'SS'],
  f: ['\\d{1,6}', 'ffffff'],
  z: ['Z|[+-]\\d{2}:?\\d{2}', '+HH:MM'],
};

/** A strptime pattern as the error says it: `%d/%m/%Y` as `DD/MM/YYYY`. */
export function readablePattern(format: string): string {
  return format.replace(/%(.)/g, (all, letter: string) =>
    letter === '%' ? '%' : (DIRECTIVES[letter]?.[1] ?? all),
  );
}

/**
 * A reader of a strptime pattern (`%d/%m/%Y %H:%M`), compiled to one regular expression. Its
 * white space matches any run of white space, as Python's `strptime`; parts it does not give are
 * those of 1900-01-01 00:00:00, as there. A pattern without a directive (`DD/MM/YYYY`, a common
 * slip) or with one not in `DIRECTIVES` is a `FieldDescriptorError`.
 */
export function patternReader(name: string, format: string): (text: string) => Moment | null {
  const letters: string[] = [];
  let source = '';
  for (let i = 0; i < format.length; i++) {
    const c = format[i]!;
    if (c !== '%') {
      if (!/\s/.test(c)) source += c.replace(/[.*+?^${}()|[\]\\/-]/g, '\\$&');
      else if (!source.endsWith('\\s+')) source += '\\s+';
      continue;
    }
    const letter = format[++i] ?? '';
    if (letter === '%') source += '%';
    else if (DIRECTIVES[letter] === undefined) {
      const known = Object.keys(DIRECTIVES).map((l) => `%${l}`);
      const problem = `%${letter} is not supported (only ${known.join(' ')})`;
      throw new FieldDescriptorError(name, `format "${format}": ${problem}`);
    } else {
      letters.push(letter);
      source += `(${DIRECTIVES[letter][0]})`;
    }
  }
  if (letters.length === 0)
    throw new FieldDescriptorError(
      name,
      `format "${format}" has no % directive: write a pattern such as %d/%m/%Y`,
    );
  const pattern = new RegExp(`^${source}$`);
  return (text) => {
    const match = pattern.exec(text);
    return match ? momentOf(letters, match) : null;
  };
}

/** The moment a pattern's match gives, by the directive of each group; null if it cannot be. */
function momentOf(letters: readonly string[], match: RegExpExecArray): Moment | null {
  const m = epoch();
  let twelveHour = false;
  let pm = false;
  for (let k = 0; k < letters.length; k++) {
    const text = match[k + 1]!;
    const n = Number(text);
    switch (letters[k]) {
      case 'Y':
        m.year = n;
        break;
      case 'y': // Python's pivot: 69-99 are 1969-1999, 00-68 are 2000-2068
        m.year = n < 69 ? 2000 + n : 1900 + n;
        break;
      case 'm':
        m.month = n;
        break;
      case 'b':
      case 'B':
        m.month = monthNumber(text);
        break;
      case 'd':
        m.day = n;
        break;
      case 'H':
        m.hour = n;
        break;
      case 'I':
        [m.hour, twelveHour] = [n, true];
        break;
      case 'p':
        pm = text.toLowerCase() === 'pm';
        break;
      case 'M':
        m.minute = n;
        break;
      case 'S':
        m.second = n;
        break;
      case 'f':
        m.fraction = text;
        break;
      case 'z': {
        const offset = offsetOf(text);
        if (offset === null) return null;
        m.offset = offset;
        break;
      }
      // %a and %A: the weekday is matched, not checked against the date
    }
  }
  if (!twelveHour) return m;
  if (m.hour < 1 || m.hour > 12) return null;
  m.hour = (m.hour % 12) + (pm ? 12 : 0);
  return m;
}

/** A date written with numbers: `2024/01/26`, `26.01.2024`, `1/26/2024`. */
const NUMERIC_DATE = /^(\d{1,4})([-/.])(\d{1,2})\2(\d{1,4})$/;
/** A date with its month's name: `26 January 2024`, `26-Jan-2024`, `26th Jan. 2024`. */
const DAY_MONTH_YEAR = /^(\d{1,2})(?:st|nd|rd|th)?[ -]([A-Za-z]+)\.?,?[ -](\d{4})$/;
/** `January 26, 2024`, `Jan 26 2024`. */
const MONTH_DAY_YEAR = /^([A-Za-z]+)\.? (\d{1,2})(?:st|nd|rd|th)?,? (\d{4})$/;
/** A time of day: `15:00`, `15:00:30.5`, `3:00 pm`, `3 p.m.` is not (no minutes). */
const LOOSE_TIME = /^(\d{1,2}):(\d{2})(?::(\d{2})(?:\.(\d+))?)?(?:\s*([AaPp])\.?[Mm]\.?)?$/;
/** A date, then a time after a `T` or a space, then an offset. */
const LOOSE_DATETIME =
  /^(.+?)(?:T|\s+)(\d{1,2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:\s*[AaPp]\.?[Mm]\.?)?)\s*(Z|[+-]\d{2}:?\d{2})?$/;

/**
 * The `any` format: the forms a person types that say one moment only. A date with numbers whose
 * day and month could be swapped (`03/04/2024`) is refused, as is a two-digit year: guessing
 * would store a wrong date without a word, which is why the specification advises against `any`.
 */
export function anyMoment(type: Temporal, text: string): Moment | null {
  const trimmed = text.trim();
  if (type === 'date') return anyDate(trimmed);
  if (type === 'time') return anyTime(trimmed, epoch());
  const match = LOOSE_DATETIME.exec(trimmed);
  const date = match ? anyDate(match[1]!) : null;
  if (match === null || date === null || anyTime(match[2]!, date) === null) return null;
  const offset = match[3] === undefined ? '' : offsetOf(match[3]);
  if (offset === null) return null;
  date.offset = offset;
  return date;
}

/** A date in one of the forms `anyMoment` reads. */
function anyDate(text: string): Moment | null {
  const numeric = NUMERIC_DATE.exec(text);
  if (numeric) {
    const [a, b, c] = [numeric[1]!, numeric[3]!, numeric[4]!];
    if (a.length === 4) return dated(+a, +b, +c);
    if (c.length !== 4 || a.length > 2) return null;
    const dayFirst = dated(+c, +b, +a);
    const monthFirst = dated(+c, +a, +b);
    return dayFirst && monthFirst && +a !== +b ? null : (dayFirst ?? monthFirst);
  }
  const dmy = DAY_MONTH_YEAR.exec(text);
  if (dmy) return dated(+dmy[3]!, monthNumber(dmy[2]!), +dmy[1]!);
  const mdy = MONTH_DAY_YEAR.exec(text);
  if (mdy) return dated(+mdy[3]!, monthNumber(mdy[1]!), +mdy[2]!);
  const compact = /^(\d{4})(\d{2})(\d{2})$/.exec(text);
  return compact ? dated(+compact[1]!, +compact[2]!, +compact[3]!) : null;
}

/** The moment of a date, or null if the calendar has no such day. */
function dated(year: number, month: number, day: number): Moment | null {
  const m = { ...epoch(), year, month, day };
  return valid(m) ? m : null;
}

/** A time of day in `moment`, read as `LOOSE_TIME` says; null if it is not one. */
function anyTime(text: string, moment: Moment): Moment | null {
  const match = LOOSE_TIME.exec(text);
  if (!match) return null;
  moment.hour = Number(match[1]);
  moment.minute = Number(match[2]);
  moment.second = Number(match[3] ?? 0);
  moment.fraction = match[4] ?? '';
  const half = match[5]?.toLowerCase();
  if (half === undefined) return moment;
  if (moment.hour < 1 || moment.hour > 12) return null;
  moment.hour = (moment.hour % 12) + (half === 'p' ? 12 : 0);
  return moment;
}
