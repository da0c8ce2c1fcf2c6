/**
 * The words of the field rules, which every other file of `fields/` uses: the descriptor as Table
 * Schema v2 writes it, a cell's value and its cast, and the two ways a rule says no (a
 * `Mismatch` for a cell, a `FieldDescriptorError` for the descriptor).
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
export interface Numeric {
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

/**
 * A cast that failed: what the cell should have been. A class, so that a parser's result is told
 * from a value by `instanceof` (a JSON object value could have any keys); one instance per field
 * and reason, made when the field is compiled, so that a bad cell allocates nothing.
 */
export class Mismatch {
  readonly ok = false;
  constructor(readonly expected: string) {}
}

/** From a text to its value, or to what it should have been. */
export type Parse = (text: string) => CellValue | Mismatch;

/** A noun (a type's name, a list's entry) after its article: `an integer`, `a card`. */
export function a(noun: string): string {
  return `${/^[aeiou]/.test(noun) ? 'an' : 'a'} ${noun}`;
}
