import { geojsonParser, geopointParser, jsonParser } from './json.ts';
import { integerParser, numberParser } from './numbers.ts';
import { temporalParser } from './temporal.ts';
import {
  booleanParser,
  DURATION,
  listParser,
  matching,
  stringParser,
  yearMonthParser,
} from './text.ts';
import {
  a,
  FieldDescriptorError,
  type FieldDescriptor,
  type FieldType,
  type Parse,
} from './types.ts';

/**
 * A field's type and format, and the cast they make: the one place that knows every type, and
 * hands each to the file of its kind.
 */

/** A field's format, `default` when absent; a `fmt:` prefix (Data Package v0) is dropped. */
export function formatOf(field: FieldDescriptor): string {
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
export function parserOf(field: FieldDescriptor): Parse {
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
      return listParser(field, parserOf);
    default:
      return unknownType(field);
  }
}

/** A type the switch does not know: the type-check says none is left; a descriptor may. */
function unknownType(field: never): never {
  const { name, type } = field as { name: string; type: unknown };
  throw new FieldDescriptorError(name, `unknown type ${JSON.stringify(type)}`);
}
