import { digitsAt } from './numbers.ts';
import {
  Mismatch,
  type CellValue,
  type FieldDescriptor,
  type ListItemType,
  type Parse,
} from './types.ts';

/**
 * The types read from the text as it is: `string` and its formats, `boolean`, `list`, and those
 * a single pattern decides (`year`, `yearmonth`, `duration`).
 */

/** A parser that takes a text matching a pattern, as `value` makes it. */
export function matching(
  pattern: RegExp,
  expected: string,
  value: (text: string) => CellValue,
): Parse {
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
export function stringParser(format: string): Parse {
  const rule = STRING_FORMATS[format];
  return rule ? matching(rule[0], rule[1], String) : (text) => text;
}

/** An ISO 8601 duration as XML Schema has it: at least one part, a `T` before the time's. */
export const DURATION =
  /^-?P(?=\d|T\d)(?:\d+Y)?(?:\d+M)?(?:\d+D)?(?:T(?=\d)(?:\d+H)?(?:\d+M)?(?:\d+(?:\.\d+)?S)?)?$/;

/** A `yearmonth` field: `YYYY-MM`, as XML Schema's gYearMonth without a zone. */
export function yearMonthParser(): Parse {
  const mismatch = new Mismatch('a month as YYYY-MM');
  return (text) => {
    const month = text.length === 7 && text[4] === '-' ? digitsAt(text, 5, 7) : -1;
    return month >= 1 && month <= 12 && digitsAt(text, 0, 4) >= 0 ? text : mismatch;
  };
}

/** The `true` and `false` texts of a boolean field, by default those of the specification. */
export function booleanParser(field: {
  trueValues?: readonly string[];
  falseValues?: readonly string[];
}) {
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
 * default format, as the specification says. Its items are never missing values. The cast of the
 * item type is `parserOf`, passed by it (`parse.ts`) rather than imported, so that the two
 * modules do not import each other.
 */
export function listParser(
  field: { name: string; delimiter?: string; itemType?: ListItemType },
  parserOf: (field: FieldDescriptor) => Parse,
) {
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
