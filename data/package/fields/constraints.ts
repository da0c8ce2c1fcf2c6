import { Ajv, type ValidateFunction } from 'ajv';
import { isObject } from './json.ts';
import { formatOf, parserOf } from './parse.ts';
import { instant } from './temporal.ts';
import {
  a,
  FieldDescriptorError,
  Mismatch,
  type CellValue,
  type Constraints,
  type FieldDescriptor,
  type FieldType,
  type Parse,
} from './types.ts';

/**
 * The constraints of a field, checked on a cell's value once it is cast: which apply to which
 * type, a bound or an `enum` value read as a value of the field, and the check of each (`unique`
 * aside: it needs the whole column, `uniqueTracker`).
 */

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
export function constraintChecks(field: FieldDescriptor, parse: Parse): Check[] {
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
