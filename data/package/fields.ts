import { constraintChecks } from './fields/constraints.ts';
import { parserOf } from './fields/parse.ts';
import {
  Mismatch,
  type Cast,
  type CellValue,
  type CompiledField,
  type FieldDescriptor,
  type MissingValues,
} from './fields/types.ts';

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
 *
 * The rules lie in `fields/`, a file per concept: the descriptor's types (`types.ts`), the cast
 * of each type (`parse.ts`, which hands it to `text.ts`, `numbers.ts`, `json.ts`, `temporal.ts`
 * with `moment.ts` and `strptime.ts`), and the constraints (`constraints.ts`). This module is
 * their entry: a field compiled, a cell cast, a column's uniqueness.
 */

export type {
  Cast,
  Categories,
  CellValue,
  CompiledField,
  Constraints,
  FieldDescriptor,
  FieldType,
  ListItemType,
  MissingValues,
} from './fields/types.ts';
export { FieldDescriptorError } from './fields/types.ts';

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

const NULL: Cast = { ok: true, value: null };
const REQUIRED: Cast = new Mismatch('a value (the field is required)');

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
