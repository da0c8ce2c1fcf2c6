import { Ajv, type ValidateFunction } from 'ajv';

/**
 * The rules of Table Schema v2 (datapackage.org/standard/table-schema) that turn one CSV cell, a
 * string, into a typed value by its field's descriptor, and check the field's constraints. The
 * importer calls it on millions of cells: a field is compiled once (`compileField`), its format,
 * missing values and constraints read then, so a cell costs a lookup, a test and the cast.
 *
 * Values are as the importer stores them in SQLite: integers and numbers as JS numbers (an
 * integer past `Number.MAX_SAFE_INTEGER` is refused, not rounded), booleans as `true`/`false`,
 * dates as `YYYY-MM-DD`, times as `HH:MM:SS` (with the fraction of a second when the cell has
 * one: `HH:MM:SS.fff`), datetimes as ISO 8601 `YYYY-MM-DDTHH:MM:SS` with the fraction and the
 * offset (`Z`, `+01:00`) the cell has, years as numbers, year-months as `YYYY-MM`, durations as
 * the ISO 8601 text given, geopoints as `[lon, lat]`, lists as arrays, objects, arrays and GeoJSON
 * as parsed JSON, `any` as the text itself.
 */

/** The field types of Table Schema v2. */
export type FieldType =
  | 'string'
  | 'number'
  | 'integer'
  | 'boolean'
  | 'object'
  | 'array'
  | 'list'
  | 'date'
  | 'time'
  | 'datetime'
  | 'year'
  | 'yearmonth'
  | 'duration'
  | 'geopoint'
  | 'geojson'
  | 'any';

/** The item types a `list` field may have. */
export type ListItemType =
  'string' | 'integer' | 'number' | 'boolean' | 'date' | 'time' | 'datetime';

/**
 * The texts that mean "no value": strings, or objects with a `value` and a `label` saying why it
 * is missing. A field's own list replaces the schema's.
 */
export type MissingValues =
  readonly string[] | readonly { readonly value: string; readonly label?: string }[];

/** The logical value of a cell; `null` for a missing value. */
export type CellValue =
  string | number | boolean | null | readonly CellValue[] | { readonly [key: string]: CellValue };

/** The constraints of a field, as the descriptor gives them. */
export interface Constraints {
  readonly required?: boolean;
  /** Needs the whole column: the caller checks it with `uniqueTracker`. */
  readonly unique?: boolean;
  readonly minLength?: number;
  readonly maxLength?: number;
  /** A bound: a JSON number, or a text cast by the field's own rules (`"2024-01-01"`). */
  readonly minimum?: string | number;
  readonly maximum?: string | number;
  readonly exclusiveMinimum?: string | number;
  readonly exclusiveMaximum?: string | number;
  /** A regular expression the whole text must match. */
  readonly pattern?: string;
  /** The values allowed, as JSON values or as texts cast by the field's own rules. */
  readonly enum?: readonly CellValue[];
  /** A JSON Schema the value of an `object` or `array` field must satisfy. */
  readonly jsonSchema?: object;
}

/** The values of a `string` or `integer` field: bare, or with labels. */
export type Categories =
  | readonly (string | number)[]
  | readonly { readonly value: string | number; readonly label?: string }[];

/** What every field descriptor may have, whatever its type. */
interface FieldCommon {
  readonly name: string;
  readonly title?: string;
  readonly description?: string;
  /** `default` when absent; the temporal types take `any` or a strptime pattern. */
  readonly format?: string;
  readonly constraints?: Constraints;
  readonly missingValues?: MissingValues;
}

/** The numeric notation of `integer` and `number` fields. */
interface Numeric {
  /** Stripped before the cast: `100,000` with `","`. */
  readonly groupChar?: string;
  /** `false`: text before and after the number (`€95`, `95%`) is stripped. Default `true`. */
  readonly bareNumber?: boolean;
}

/**
 * A field of a Table Schema v2, by its type (no `type` is `any`, as the specification says).
 * Read from a descriptor checked by `validateDescriptor`: what the profile leaves open (a format
 * pattern, a constraint's value) is checked by `compileField`.
 */
export type FieldDescriptor =
  | (FieldCommon & { readonly type?: 'any' })
  | (FieldCommon & { readonly type: 'string'; readonly categories?: Categories })
  | (FieldCommon & Numeric & { readonly type: 'integer'; readonly categories?: Categories })
  | (FieldCommon & Numeric & { readonly type: 'number'; readonly decimalChar?: string })
  | (FieldCommon & {
      readonly type: 'boolean';
      readonly trueValues?: readonly string[];
      readonly falseValues?: readonly string[];
    })
  | (FieldCommon & {
      readonly type: 'list';
      readonly delimiter?: string;
      readonly itemType?: ListItemType;
    })
  | (FieldCommon & {
      readonly type: Exclude<
        FieldType,
        'any' | 'string' | 'integer' | 'number' | 'boolean' | 'list'
      >;
    });

/**
 * A cell cast: its value, or what it should have been, as a short phrase for the error (`an
 * integer`, `a date as YYYY-MM-DD`, `one of home, away`, `at most 100`).
 */
export type Cast =
  | { readonly ok: true; readonly value: CellValue }
  | { readonly ok: false; readonly expected: string };

/** A field's cast, compiled: from a cell's text to its value or what it should have been. */
export type CompiledField = (cell: string) => Cast;

/** A field descriptor the rules cannot apply: an unknown format, a bound that is not a value. */
export class FieldDescriptorError extends Error {
  constructor(
    readonly field: string,
    problem: string,
  ) {
    super(`field ${field}: ${problem}`);
    this.name = 'FieldDescriptorError';
  }
}

/** The schema's missing values when it gives none: an empty cell is no value. */
const DEFAULT_MISSING: MissingValues = [''];

/**
 * A cell cast once: `compileField` for that field, kept per descriptor, so that a caller that
 * casts cell by cell still compiles each field once.
 */
export function castCell(
  field: FieldDescriptor,
  cell: string,
  missingValues: MissingValues = DEFAULT_MISSING,
): Cast {
  let cached = compiledFields.get(field);
  if (cached?.missingValues !== missingValues) {
    cached = { missingValues, cast: compileField(field, missingValues) };
    compiledFields.set(field, cached);
  }
  return cached.cast(cell);
}

/** The fields `castCell` has compiled, with the schema's missing values they were compiled for. */
const compiledFields = new WeakMap<
  FieldDescriptor,
  { missingValues: MissingValues; cast: CompiledField }
>();

/**
 * A field's cast, compiled: its missing values (the field's own, else the schema's, `[""]` by
 * default) become null before anything else, as the specification requires; then the text is
 * cast by the field's type and format; then the constraints are checked on the value (`unique`
 * excepted, which needs the column: `uniqueTracker`). Throws `FieldDescriptorError` for a
 * descriptor the rules cannot apply, once, here, rather than on every cell.
 */
export function compileField(
  field: FieldDescriptor,
  missingValues: MissingValues = DEFAULT_MISSING,
): CompiledField {
  const missing = missingSet(field.missingValues ?? missingValues);
  const parse = parserOf(field);
  const checks = constraintChecks(field, parse);
  const none: Cast = field.constraints?.required === true ? REQUIRED : NULL;
  return (cell) => {
    if (missing(cell)) return none;
    const value = parse(cell);
    if (value instanceof Mismatch) return value;
    for (const check of checks) {
      const mismatch = check(value);
      if (mismatch !== null) return mismatch;
    }
    return { ok: true, value };
  };
}

/** What a cell of a `unique` field must be when `uniqueTracker` finds it again. */
export const UNIQUE_EXPECTED = 'a value no other row has (the field is unique)';

/**
 * The check of a `unique` constraint over a column: called with each row's value in turn, says
 * whether it is new (`false`: a duplicate, to report with `UNIQUE_EXPECTED`). Null values are
 * never duplicates, as in SQL (the specification's `uniqueKeys`). Values are compared as cast:
 * `1` and `01` of an integer field are one value.
 */
export function uniqueTracker(): (value: CellValue) => boolean {
  const seen = new Set<unknown>();
  return (value) => {
    if (value === null) return true;
    const key = typeof value === 'object' ? JSON.stringify(value) : value;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  };
}

/**
 * A cast that failed: what the cell should have been. A class, so that a parser's result is told
 * from a value by `instanceof` (a JSON object value could have any keys); one instance per field
 * and reason, made when the field is compiled, so that a bad cell allocates nothing.
 */
class Mismatch {
  readonly ok = false;
  constructor(readonly expected: string) {}
}

const NULL: Cast = { ok: true, value: null };
const REQUIRED: Cast = new Mismatch('a value (the field is required)');

/** From a text to its value, or to what it should have been. */
type Parse = (text: string) => CellValue | Mismatch;

/** Whether a cell is one of the missing values: a plain comparison for the usual one or none. */
function missingSet(values: MissingValues): (cell: string) => boolean {
  const texts = new Set<string>(values.map((v) => (typeof v === 'string' ? v : v.value)));
  if (texts.size === 0) return () => false;
  if (texts.size === 1) {
    const only = [...texts][0]!;
    return (cell) => cell === only;
  }
  return (cell) => texts.has(cell);
}

// ---------------------------------------------------------------------------------------------
// Types and formats

/** A field's format, `default` when absent; a `fmt:` prefix (Data Package v0) is dropped. */
function formatOf(field: FieldDescriptor): string {
  const format = field.format ?? 'default';
  return format.startsWith('fmt:') ? format.slice(4) : format;
}

/**
 * The formats of each type but the temporal ones (which take a pattern too) and `any` (which has
 * none): `default` alone where a type is not listed.
 */
const FORMATS: Partial<Record<FieldType, readonly string[]>> = {
  string: ['default', 'email', 'uri', 'uuid', 'binary'],
  geopoint: ['default', 'array', 'object'],
  geojson: ['default', 'topojson'],
};

/** A format the field's type does not have is a `FieldDescriptorError`. */
function checkFormat(field: FieldDescriptor, format: string): void {
  const type = field.type ?? 'any';
  if (type === 'any' || type === 'date' || type === 'time' || type === 'datetime') return;
  const formats = FORMATS[type] ?? ['default'];
  if (!formats.includes(format)) {
    const problem = `format "${format}" is not one of ${formats.join(', ')} for ${a(type)}`;
    throw new FieldDescriptorError(field.name, problem);
  }
}

/** The cast of a field's type and format. */
function parserOf(field: FieldDescriptor): Parse {
  const format = formatOf(field);
  checkFormat(field, format);
  switch (field.type) {
    case undefined:
    case 'any':
      return (text) => text; // as in the source: a CSV has only text
    case 'string':
      return stringParser(format);
    case 'integer':
      return integerParser(field);
    case 'number':
      return numberParser(field);
    case 'boolean':
      return booleanParser(field);
    case 'date':
    case 'time':
    case 'datetime':
      return temporalParser(field.name, field.type, format);
    case 'year':
      return matching(/^\d{4}$/, 'a year as YYYY', Number);
    case 'yearmonth':
      return yearMonthParser();
    case 'duration':
      return matching(DURATION, 'a duration such as P1Y2M3DT4H5M6S', String);
    case 'object':
    case 'array':
      return jsonParser(field.type);
    case 'geopoint':
      return geopointParser(format);
    case 'geojson':
      return geojsonParser(format);
    case 'list':
      return listParser(field);
    default:
      return unknownType(field);
  }
}

/** A type the switch does not know: the type-check says none is left; a descriptor may. */
function unknownType(field: never): never {
  const { name, type } = field as { name: string; type: unknown };
  throw new FieldDescriptorError(name, `unknown type ${JSON.stringify(type)}`);
}

/** A parser that takes a text matching a pattern, as `value` makes it. */
function matching(pattern: RegExp, expected: string, value: (text: string) => CellValue): Parse {
  const mismatch = new Mismatch(expected);
  return (text) => (pattern.test(text) ? value(text) : mismatch);
}

/**
 * The string formats: what a text must match. Checks, not full RFC grammars: an address with one
 * `@` and a dot after it, an absolute URI (a scheme, then no space), a UUID in hex groups, base64.
 */
const STRING_FORMATS: Record<string, readonly [RegExp, string]> = {
  email: [/^[^\s@]+@[^\s@]+\.[^\s@]+$/, 'an email address'],
  uri: [/^[A-Za-z][A-Za-z0-9+.-]*:[^\s]*$/, 'a URI such as https://example.org/page'],
  uuid: [/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i, 'a UUID'],
  binary: [/^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/, 'base64 data'],
};

/** A `string` field: any text, or one its format allows. */
function stringParser(format: string): Parse {
  const rule = STRING_FORMATS[format];
  return rule ? matching(rule[0], rule[1], String) : (text) => text;
}

/** An ISO 8601 duration as XML Schema has it: at least one part, a `T` before the time's. */
const DURATION =
  /^-?P(?=\d|T\d)(?:\d+Y)?(?:\d+M)?(?:\d+D)?(?:T(?=\d)(?:\d+H)?(?:\d+M)?(?:\d+(?:\.\d+)?S)?)?$/;

/** A `yearmonth` field: `YYYY-MM`, as XML Schema's gYearMonth without a zone. */
function yearMonthParser(): Parse {
  const mismatch = new Mismatch('a month as YYYY-MM');
  return (text) => {
    const month = text.length === 7 && text[4] === '-' ? digitsAt(text, 5, 7) : -1;
    return month >= 1 && month <= 12 && digitsAt(text, 0, 4) >= 0 ? text : mismatch;
  };
}

/** The `true` and `false` texts of a boolean field, by default those of the specification. */
function booleanParser(field: { trueValues?: readonly string[]; falseValues?: readonly string[] }) {
  const trueValues = field.trueValues ?? ['true', 'True', 'TRUE', '1'];
  const falseValues = field.falseValues ?? ['false', 'False', 'FALSE', '0'];
  const values = new Map<string, boolean>();
  for (const text of trueValues) values.set(text, true);
  for (const text of falseValues) values.set(text, false);
  const all = [...trueValues, ...falseValues];
  const mismatch = new Mismatch(`true or false: ${all.slice(0, -1).join(', ')} or ${all.at(-1)}`);
  return (text: string): CellValue | Mismatch => values.get(text) ?? mismatch;
}

/**
 * A `list` field: texts separated by the delimiter (`,` by default), each cast by the item type's
 * default format, as the specification says. Its items are never missing values.
 */
function listParser(field: { name: string; delimiter?: string; itemType?: ListItemType }) {
  const delimiter = field.delimiter ?? ',';
  const itemType = field.itemType ?? 'string';
  const item = parserOf({ name: field.name, type: itemType } as FieldDescriptor);
  const mismatch = new Mismatch(`a list of ${itemType} values separated by "${delimiter}"`);
  return (text: string): CellValue | Mismatch => {
    const items = text.split(delimiter);
    const values: CellValue[] = [];
    for (const t of items) {
      const value = item(t);
      if (value instanceof Mismatch) return mismatch;
      values.push(value);
    }
    return values;
  };
}

// ---------------------------------------------------------------------------------------------
// Numbers

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
function integerParser(field: Numeric): Parse {
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
function numberParser(field: Numeric & { decimalChar?: string }): Parse {
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
function digitsAt(text: string, from: number, to: number): number {
  if (to > text.length || from >= to) return -1;
  let n = 0;
  for (let i = from; i < to; i++) {
    const d = text.charCodeAt(i) - 48;
    if (d < 0 || d > 9) return -1;
    n = n * 10 + d;
  }
  return n;
}

// ---------------------------------------------------------------------------------------------
// Dates and times

/** The parts of a date, a time or both, as a cell or a pattern gives them. */
interface Moment {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
  /** The digits after the decimal point of the seconds, or `''`. */
  fraction: string;
  /** `Z`, `+hh:mm`, or `''` when the cell gives no offset. */
  offset: string;
}

type Temporal = 'date' | 'time' | 'datetime';

/** How a moment of each temporal type is written as its value. */
const WRITE: Record<Temporal, (m: Moment) => string> = {
  date: (m) => `${pad(m.year, 4)}-${pad(m.month, 2)}-${pad(m.day, 2)}`,
  time: (m) => `${pad(m.hour, 2)}:${pad(m.minute, 2)}:${pad(m.second, 2)}${dot(m.fraction)}`,
  datetime: (m) => `${WRITE.date(m)}T${WRITE.time(m)}${m.offset}`,
};

const pad = (n: number, width: number) => String(n).padStart(width, '0');
const dot = (fraction: string) => (fraction === '' ? '' : `.${fraction}`);

/** The default formats, as the error says them. */
const DEFAULT_EXPECTED: Record<Temporal, string> = {
  date: 'a date as YYYY-MM-DD',
  time: 'a time as HH:MM:SS',
  datetime: 'a date and time as YYYY-MM-DDTHH:MM:SS',
};

/**
 * A `date`, `time` or `datetime` field's cast: `default` (ISO 8601 as the specification writes
 * it), `any` (`anyMoment`) or a strptime pattern (`patternReader`). Every date is checked on the
 * calendar: 2023-02-30 is refused.
 */
function temporalParser(name: string, type: Temporal, format: string): Parse {
  let read: (text: string) => Moment | null;
  let expected: string;
  if (format === 'default') {
    read = DEFAULT_READERS[type];
    expected = DEFAULT_EXPECTED[type];
  } else if (format === 'any') {
    read = (text) => DEFAULT_READERS[type](text) ?? anyMoment(type, text);
    expected = `${DEFAULT_EXPECTED[type].replace(' as ', ' such as ')}, or another unambiguous form`;
  } else {
    read = patternReader(name, format);
    expected = `${DEFAULT_EXPECTED[type].replace(/ as .*/, '')} as ${readablePattern(format)}`;
  }
  const mismatch = new Mismatch(expected);
  // A text in the default format is already written as the value: it is kept, not rewritten.
  const write = format === 'default' ? null : WRITE[type];
  return (text) => {
    const moment = read(text);
    if (moment === null || !valid(moment)) return mismatch;
    return write === null ? text : write(moment);
  };
}

/** Whether a moment's parts make a real date and time (a day the month has, no hour 24). */
function valid(m: Moment): boolean {
  if (m.month < 1 || m.month > 12 || m.day < 1) return false;
  const leap = m.year % 4 === 0 && (m.year % 100 !== 0 || m.year % 400 === 0);
  const days = m.month === 2 ? (leap ? 29 : 28) : MONTH_DAYS[m.month - 1]!;
  return m.day <= days && m.hour < 24 && m.minute < 60 && m.second < 60;
}

const MONTH_DAYS = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

/** A moment at midnight of 1900-01-01, the parts a pattern does not give (as Python's). */
const epoch = (): Moment => ({
  year: 1900,
  month: 1,
  day: 1,
  hour: 0,
  minute: 0,
  second: 0,
  fraction: '',
  offset: '',
});

/** `YYYY-MM-DD` at `text[from]`, read by character codes: the hot path of most files. */
function isoDate(text: string, moment: Moment, from = 0): boolean {
  if (text[from + 4] !== '-' || text[from + 7] !== '-') return false;
  moment.year = digitsAt(text, from, from + 4);
  moment.month = digitsAt(text, from + 5, from + 7);
  moment.day = digitsAt(text, from + 8, from + 10);
  return moment.year >= 0 && moment.month >= 0 && moment.day >= 0;
}

/** `HH:MM:SS` with an optional fraction at `text[from]`; the index after it, or -1. */
function isoTime(text: string, moment: Moment, from: number): number {
  if (text[from + 2] !== ':' || text[from + 5] !== ':') return -1;
  moment.hour = digitsAt(text, from, from + 2);
  moment.minute = digitsAt(text, from + 3, from + 5);
  moment.second = digitsAt(text, from + 6, from + 8);
  if (moment.hour < 0 || moment.minute < 0 || moment.second < 0) return -1;
  let end = from + 8;
  if (text[end] === '.') {
    end++;
    while (digitsAt(text, end, end + 1) >= 0) end++;
    moment.fraction = text.slice(from + 9, end);
    if (moment.fraction === '') return -1;
  }
  return end;
}

/** A time zone offset: `Z` or `±hh:mm` up to 14:00, as XML Schema allows. */
const OFFSET = /^(?:Z|[+-](?:(?:0\d|1[0-3]):[0-5]\d|14:00))$/;

/** The default formats, as XML Schema's date, time and dateTime (the specification). */
const DEFAULT_READERS: Record<Temporal, (text: string) => Moment | null> = {
  date: (text) => {
    const m = epoch();
    return text.length === 10 && isoDate(text, m) ? m : null;
  },
  time: (text) => {
    const m = epoch();
    return isoTime(text, m, 0) === text.length ? m : null;
  },
  datetime: (text) => {
    const m = epoch();
    if (text[10] !== 'T' || !isoDate(text, m)) return null;
    const end = isoTime(text, m, 11);
    if (end < 0) return null;
    m.offset = text.slice(end);
    return m.offset === '' || OFFSET.test(m.offset) ? m : null;
  },
};

/** A time zone offset as a pattern's `%z` or a loose datetime gives it, as `Z` or `±hh:mm`. */
function offsetOf(text: string): string | null {
  const offset = text.length === 5 ? `${text.slice(0, 3)}:${text.slice(3)}` : text;
  return OFFSET.test(offset) ? offset : null;
}

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
function readablePattern(format: string): string {
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
function patternReader(name: string, format: string): (text: string) => Moment | null {
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
function anyMoment(type: Temporal, text: string): Moment | null {
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

// ---------------------------------------------------------------------------------------------
// JSON and geographic types

/** A text parsed as JSON, or `undefined` (which JSON cannot be) when it is not JSON. */
function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/** A JSON object: not an array, not null. */
function isObject(value: unknown): value is { readonly [key: string]: CellValue } {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** An `object` or `array` field: the text is JSON of that kind. */
function jsonParser(type: 'object' | 'array'): Parse {
  const array = type === 'array';
  const mismatch = new Mismatch(
    array ? 'a JSON array such as [1, 2]' : 'a JSON object such as {"a": 1}',
  );
  return (text) => {
    const value = parseJson(text);
    return (array ? Array.isArray(value) : isObject(value)) ? (value as CellValue) : mismatch;
  };
}

/** How each format of a `geopoint` writes a point, for the error. */
const GEOPOINT_EXPECTED: Record<string, string> = {
  default: 'a point as "lon, lat" such as "90.50, 45.50"',
  array: 'a point as [lon, lat] such as [90.50, 45.50]',
  object: 'a point as {"lon": 90.50, "lat": 45.50}',
};

const DECIMAL = '([+-]?(?:\\d+(?:\\.\\d*)?|\\.\\d+))';
/** "lon, lat": two decimal numbers, the space after the comma optional (the specification). */
const LON_LAT = new RegExp(`^${DECIMAL}, ?${DECIMAL}$`);

/**
 * A `geopoint` field, in any of its three formats, as `[lon, lat]`: a longitude within ±180, a
 * latitude within ±90.
 */
function geopointParser(format: string): Parse {
  const mismatch = new Mismatch(GEOPOINT_EXPECTED[format]!);
  const read = (text: string): unknown[] | null => {
    if (format === 'default') {
      const match = LON_LAT.exec(text);
      return match ? [Number(match[1]), Number(match[2])] : null;
    }
    const json = parseJson(text);
    if (format === 'array') return Array.isArray(json) && json.length === 2 ? json : null;
    const keys = isObject(json) ? Object.keys(json).sort().join() : '';
    return isObject(json) && keys === 'lat,lon' ? [json['lon'], json['lat']] : null;
  };
  return (text) => {
    const point = read(text);
    if (point === null) return mismatch;
    const [lon, lat] = point;
    if (typeof lon !== 'number' || typeof lat !== 'number') return mismatch;
    return Math.abs(lon) <= 180 && Math.abs(lat) <= 90 ? [lon, lat] : mismatch;
  };
}

/** The `type` of a GeoJSON object (RFC 7946). */
const GEOJSON_TYPES = new Set([
  'Point',
  'MultiPoint',
  'LineString',
  'MultiLineString',
  'Polygon',
  'MultiPolygon',
  'GeometryCollection',
  'Feature',
  'FeatureCollection',
]);

/**
 * A `geojson` field: a JSON object of a GeoJSON type, or with the `topojson` format a TopoJSON
 * topology with its `objects`. Its type is checked, not its geometry.
 */
function geojsonParser(format: string): Parse {
  const topo = format === 'topojson';
  const mismatch = new Mismatch(topo ? 'a TopoJSON object' : 'a GeoJSON object');
  return (text) => {
    const value = parseJson(text);
    if (!isObject(value)) return mismatch;
    const type = value['type'];
    const ok = topo
      ? type === 'Topology' && isObject(value['objects'])
      : typeof type === 'string' && GEOJSON_TYPES.has(type);
    return ok ? value : mismatch;
  };
}

// ---------------------------------------------------------------------------------------------
// Constraints

/** A constraint's check of a value: null when it holds, else what the value should have been. */
type Check = (value: CellValue) => Mismatch | null;

/** The types whose values have a length: characters, items or keys. */
const SIZED = new Set<FieldType>(['string', 'any', 'list', 'array', 'object', 'geojson']);
/** The types whose values have an order, and the key that orders them. */
const ORDER: Partial<Record<FieldType, (value: CellValue) => number | string>> = {
  integer: Number,
  number: Number,
  year: Number,
  date: String, // YYYY-MM-DD, HH:MM:SS[.f] and YYYY-MM sort as text
  time: String,
  yearmonth: String,
  datetime: (value) => instant(String(value)),
};

/**
 * Which constraints apply to which types, from the specification and the profile. Those of text
 * (`pattern`, lengths) also apply to `any`, whose value in a CSV is its text. Durations have no
 * bounds here: a month has no fixed number of days, so P1M and P30D do not compare.
 */
const APPLIES: Record<keyof Constraints, (type: FieldType) => boolean> = {
  required: () => true,
  unique: () => true,
  enum: () => true,
  minLength: (type) => SIZED.has(type),
  maxLength: (type) => SIZED.has(type),
  minimum: (type) => type in ORDER,
  maximum: (type) => type in ORDER,
  exclusiveMinimum: (type) => type in ORDER,
  exclusiveMaximum: (type) => type in ORDER,
  pattern: (type) => type === 'string' || type === 'any',
  jsonSchema: (type) => type === 'object' || type === 'array',
};

/**
 * The checks of a field's constraints and categories, in the order a person mends a value: the
 * values allowed, the length, the bounds, the pattern, the JSON Schema. A constraint unknown, or
 * not for the field's type, is a `FieldDescriptorError`: the specification asks implementations
 * to say so rather than pass the value unchecked.
 */
function constraintChecks(field: FieldDescriptor, parse: Parse): Check[] {
  const type: FieldType = field.type ?? 'any';
  const constraints = field.constraints ?? {};
  for (const key of Object.keys(constraints)) {
    const applies = APPLIES[key as keyof Constraints] as ((t: FieldType) => boolean) | undefined;
    if (applies === undefined)
      throw new FieldDescriptorError(field.name, `unknown constraint ${key}`);
    if (!applies(type))
      throw new FieldDescriptorError(
        field.name,
        `the constraint ${key} cannot apply to ${a(type)}`,
      );
  }
  const logical = logicalOf(field, parse);
  const checks: Check[] = [];
  if (constraints.enum !== undefined) checks.push(oneOf(constraints.enum.map(logical)));
  if ('categories' in field && field.categories !== undefined) {
    const values = field.categories.map((c) => (typeof c === 'object' ? c.value : c));
    checks.push(oneOf(values.map(logical)));
  }
  checks.push(...lengthChecks(field.name, type, constraints));
  checks.push(...boundChecks(type, constraints, logical));
  if (constraints.pattern !== undefined) checks.push(patternCheck(field.name, constraints.pattern));
  if (constraints.jsonSchema !== undefined)
    checks.push(jsonSchemaCheck(field.name, constraints.jsonSchema));
  return checks;
}

/** The JSON kind of each type's values, which a constraint's JSON value must have. */
const KIND: Record<FieldType, 'string' | 'number' | 'boolean' | 'object'> = {
  string: 'string',
  number: 'number',
  integer: 'number',
  boolean: 'boolean',
  object: 'object',
  array: 'object',
  list: 'object',
  date: 'string',
  time: 'string',
  datetime: 'string',
  year: 'number',
  yearmonth: 'string',
  duration: 'string',
  geopoint: 'object',
  geojson: 'object',
  any: 'string',
};

/**
 * A constraint's value as a value of the field: a text cast by the field's rules (a date bound
 * may also be written in the default format when the field has a pattern); a JSON value of the
 * kind the field's values are, as it is (a number, or a number's text, for `any`, whose values
 * are the cells' texts). Anything else is a `FieldDescriptorError`.
 */
function logicalOf(field: FieldDescriptor, parse: Parse): (raw: CellValue) => CellValue {
  const type = field.type ?? 'any';
  const byDefault =
    formatOf(field) === 'default' ? parse : parserOf({ ...field, format: 'default' });
  return (raw) => {
    if (typeof raw === 'string')
      for (const cast of [parse, byDefault]) {
        const value = cast(raw);
        if (!(value instanceof Mismatch)) return value;
      }
    else if (type === 'any' && (typeof raw === 'number' || typeof raw === 'boolean'))
      return String(raw);
    else if (raw !== null && typeof raw === KIND[type]) return raw;
    throw new FieldDescriptorError(field.name, `${JSON.stringify(raw)} is not ${a(type)} value`);
  };
}

/** A type's name after its article: `an integer`, `a date`. */
function a(type: FieldType): string {
  return `${/^[aeiou]/.test(type) ? 'an' : 'a'} ${type}`;
}

/** A value written for a person: a text as it is, anything else as JSON. */
function shown(value: CellValue): string {
  return typeof value === 'string' ? value : JSON.stringify(value);
}

/**
 * The check that a value is one of a list (`enum`, `categories`), compared as values: `1` in an
 * integer field's `enum` allows the cell `01`. The error lists the first ten.
 */
function oneOf(values: readonly CellValue[]): Check {
  const key = (v: CellValue) => (typeof v === 'object' && v !== null ? JSON.stringify(v) : v);
  const allowed = new Set(values.map(key));
  const listed = values.slice(0, 10).map(shown).join(', ');
  const more = values.length > 10 ? `, ... (${values.length} values)` : '';
  const mismatch = new Mismatch(`one of ${listed}${more}`);
  return (value) => (allowed.has(key(value)) ? null : mismatch);
}

/** The length of a value: characters (code points) of a text, items of a list, keys of an object. */
function lengthOf(value: CellValue): number {
  if (typeof value === 'string') {
    let n = value.length;
    // A character past the BMP is two UTF-16 units: its second one is not counted.
    for (let i = 0; i < value.length; i++) if ((value.charCodeAt(i) & 0xfc00) === 0xdc00) n--;
    return n;
  }
  if (Array.isArray(value)) return value.length;
  return isObject(value) ? Object.keys(value).length : 0;
}

/** What the length of a type's values counts, when not keys. */
const LENGTH_UNIT: Partial<Record<FieldType, string>> = {
  string: 'character',
  any: 'character',
  list: 'item',
  array: 'item',
};

/** The checks of `minLength` and `maxLength`. */
function lengthChecks(name: string, type: FieldType, constraints: Constraints): Check[] {
  const unit = LENGTH_UNIT[type] ?? 'key';
  const checks: Check[] = [];
  for (const [key, phrase, holds] of [
    ['minLength', 'at least', (length: number, limit: number) => length >= limit],
    ['maxLength', 'at most', (length: number, limit: number) => length <= limit],
  ] as const) {
    const limit = constraints[key];
    if (limit === undefined) continue;
    if (!Number.isInteger(limit) || limit < 0)
      throw new FieldDescriptorError(name, `${key} ${JSON.stringify(limit)} is not a count`);
    const mismatch = new Mismatch(`${phrase} ${limit} ${unit}${limit === 1 ? '' : 's'}`);
    checks.push((value) => (holds(lengthOf(value), limit) ? null : mismatch));
  }
  return checks;
}

/** The bounds of ordered values, and how the error says each. */
const BOUNDS = [
  ['minimum', 'at least', (key: number | string, limit: number | string) => key >= limit],
  ['maximum', 'at most', (key: number | string, limit: number | string) => key <= limit],
  ['exclusiveMinimum', 'more than', (key: number | string, limit: number | string) => key > limit],
  ['exclusiveMaximum', 'less than', (key: number | string, limit: number | string) => key < limit],
] as const;

/** The checks of `minimum`, `maximum` and their exclusive kinds, on the values' order. */
function boundChecks(
  type: FieldType,
  constraints: Constraints,
  logical: (raw: CellValue) => CellValue,
): Check[] {
  const order = ORDER[type];
  if (order === undefined) return [];
  const checks: Check[] = [];
  for (const [key, phrase, holds] of BOUNDS) {
    const raw = constraints[key];
    if (raw === undefined) continue;
    const bound = logical(raw);
    const limit = order(bound);
    const mismatch = new Mismatch(`${phrase} ${shown(bound)}`);
    checks.push((value) => (holds(order(value), limit) ? null : mismatch));
  }
  return checks;
}

/**
 * The instant a datetime value (as `WRITE.datetime` makes it) stands for, in milliseconds, to
 * order datetimes with offsets. One without an offset is taken as UTC: the specification gives
 * no zone to assume, and a file's datetimes usually all have one or none.
 */
function instant(iso: string): number {
  const date = new Date(0);
  date.setUTCFullYear(
    Number(iso.slice(0, 4)),
    Number(iso.slice(5, 7)) - 1,
    Number(iso.slice(8, 10)),
  );
  date.setUTCHours(Number(iso.slice(11, 13)), Number(iso.slice(14, 16)), Number(iso.slice(17, 19)));
  const rest = /^(?:\.(\d+))?(Z|[+-]\d{2}:\d{2})?$/.exec(iso.slice(19));
  const fraction = rest?.[1] === undefined ? 0 : Number(`0.${rest[1]}`) * 1000;
  const offset = rest?.[2] === undefined || rest[2] === 'Z' ? 0 : offsetMinutes(rest[2]);
  return date.getTime() + fraction - offset * 60_000;
}

/** The minutes of an offset `±hh:mm`. */
function offsetMinutes(offset: string): number {
  const minutes = Number(offset.slice(1, 3)) * 60 + Number(offset.slice(4, 6));
  return offset[0] === '-' ? -minutes : minutes;
}

/**
 * The check of a `pattern`: the whole text must match, as in XML Schema, whose regular
 * expressions are anchored (`^` and `$` in the pattern are harmless). Unicode mode first, for
 * `\p{L}`; a pattern only the older mode reads is read so.
 */
function patternCheck(name: string, pattern: string): Check {
  let regex: RegExp | undefined;
  for (const flags of ['u', '']) {
    try {
      regex ??= new RegExp(`^(?:${pattern})$`, flags);
    } catch {
      // the next mode, or the error below
    }
  }
  if (regex === undefined)
    throw new FieldDescriptorError(name, `pattern ${pattern} is not a regular expression`);
  const test = regex;
  const mismatch = new Mismatch(`a value matching the pattern ${pattern}`);
  return (value) => (typeof value !== 'string' || test.test(value) ? null : mismatch);
}

/** The Ajv instance of the fields' JSON Schemas, made when a field first has one. */
let jsonSchemas: Ajv | undefined;

/** The check of a `jsonSchema` constraint on an `object` or `array` value. */
function jsonSchemaCheck(name: string, schema: object): Check {
  jsonSchemas ??= new Ajv({ strict: false, logger: false });
  let validate: ValidateFunction;
  try {
    validate = jsonSchemas.compile(schema);
  } catch (error) {
    const problem = `jsonSchema is not a JSON Schema (${(error as Error).message})`;
    throw new FieldDescriptorError(name, problem);
  }
  return (value) => {
    if (validate(value)) return null;
    const error = validate.errors?.[0];
    const why = error ? ` (${error.instancePath || 'the value'} ${error.message ?? ''})` : '';
    return new Mismatch(`a value matching the field's jsonSchema${why}`);
  };
}
