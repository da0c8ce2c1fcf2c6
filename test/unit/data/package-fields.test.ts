import { describe, expect, it } from 'vitest';
import {
  castCell,
  compileField,
  FieldDescriptorError,
  uniqueTracker,
  type CellValue,
  type FieldDescriptor,
  type MissingValues,
} from '../../../data/package/fields.ts';

/**
 * The cast of CSV cells by Table Schema v2 fields. The first part goes through the
 * specification's own examples (content/docs/standard/table-schema.mdx of
 * frictionlessdata/datapackage, published at datapackage.org/standard/table-schema), each under
 * the section it comes from; then the edge cases the specification leaves to implementations.
 */

/** A cast that succeeded with this value. */
const ok = (value: CellValue) => ({ ok: true, value });
/** A cast that failed, saying what the cell should have been. */
const no = (expected: string) => ({ ok: false, expected });

/** The casts of several cells of one field. */
const casts = (field: FieldDescriptor, cells: string[], missingValues?: MissingValues) =>
  cells.map((cell) => castCell(field, cell, missingValues));

describe('the specification: missing values', () => {
  // "Properties > Schema > missingValues": 'The default value [ "" ] means that empty strings
  // will be converted to null before any other processing takes place.'
  it('makes an empty cell null by default, before the type is looked at', () => {
    expect(castCell({ name: 'n', type: 'integer' }, '')).toEqual(ok(null));
    expect(castCell({ name: 's', type: 'string' }, '')).toEqual(ok(null));
  });

  // Same section: 'Providing the empty list [] means that no conversion to null will be done,
  // on any value.'
  it('converts nothing with an empty list', () => {
    expect(castCell({ name: 's', type: 'string' }, '', [])).toEqual(ok(''));
    expect(castCell({ name: 'n', type: 'integer' }, '', [])).toEqual(no('an integer'));
  });

  // Same section, the examples `"missingValues": ["-"]` and `["NaN", "-"]`, and "Why strings":
  // 'a `number` field to have missing values indicated by `-`'.
  it('takes the texts listed, whatever the type', () => {
    const field: FieldDescriptor = { name: 'n', type: 'number' };
    expect(casts(field, ['-', '', '1.5'], ['-'])).toEqual([ok(null), no('a number'), ok(1.5)]);
    expect(casts(field, ['NaN', '-', 'nan'], ['NaN', '-'])).toEqual([ok(null), ok(null), ok(NaN)]);
  });

  // The profile's example of `missingValues` (profiles/2.0/tableschema.json): ["-", "NaN", ""].
  it('makes NaN a missing value rather than a number when listed', () => {
    const field: FieldDescriptor = { name: 'n', type: 'number' };
    expect(casts(field, ['', '-', 'NaN', '0'], ['', '-', 'NaN'])).toEqual([
      ok(null),
      ok(null),
      ok(null),
      ok(0),
    ]);
  });

  // Same section: 'each object MUST have a unique `value` and optional unique `label`':
  // [{ "value": "", "label": "OMITTED" }, { "value": "-99", "label": "REFUSED" }].
  it('takes missing values with labels', () => {
    const missing = [
      { value: '', label: 'OMITTED' },
      { value: '-99', label: 'REFUSED' },
    ];
    const field: FieldDescriptor = { name: 'n', type: 'integer' };
    expect(casts(field, ['', '-99', '-98'], missing)).toEqual([ok(null), ok(null), ok(-98)]);
  });

  // "Properties > Field > missingValues": a field's list 'takes precedence over the schema-level
  // property and completely replaces it'. Schema ["", "NA"], column2 ["-"].
  it("uses a field's own list instead of the schema's", () => {
    const schema = ['', 'NA'];
    const column1: FieldDescriptor = { name: 'column1' };
    const column2: FieldDescriptor = { name: 'column2', missingValues: ['-'] };
    expect(casts(column1, ['', 'NA', '-'], schema)).toEqual([ok(null), ok(null), ok('-')]);
    expect(casts(column2, ['', 'NA', '-'], schema)).toEqual([ok(''), ok('NA'), ok(null)]);
  });
});

describe('the specification: field types', () => {
  // "Properties > Field > type and format": 'If type is not provided a consumer MUST utilize
  // the any type'; "Field Types > any": the CSV `1,apple` gives {id: "1", name: "apple"}.
  it('keeps the text of a field of type any, or of no type', () => {
    expect(castCell({ name: 'id', type: 'any' }, '1')).toEqual(ok('1'));
    expect(castCell({ name: 'name' }, 'apple')).toEqual(ok('apple'));
  });

  // "Field Types > string": formats default, email, uri, binary, uuid.
  it('checks the formats of strings', () => {
    const format = (f: string, cell: string) =>
      castCell({ name: 's', type: 'string', format: f } as FieldDescriptor, cell);
    expect(format('default', 'any text at all')).toEqual(ok('any text at all'));
    expect(format('email', 'someone@example.org')).toEqual(ok('someone@example.org'));
    expect(format('email', 'someone at example.org')).toEqual(no('an email address'));
    expect(format('uri', 'https://example.org/a?b=c')).toEqual(ok('https://example.org/a?b=c'));
    expect(format('uri', 'example dot org')).toEqual(no('a URI such as https://example.org/page'));
    expect(format('uuid', '123e4567-e89b-12d3-a456-426614174000')).toMatchObject({ ok: true });
    expect(format('uuid', '123e4567')).toEqual(no('a UUID'));
    expect(format('binary', 'aGVsbG8=')).toEqual(ok('aGVsbG8='));
    expect(format('binary', 'hello!')).toEqual(no('base64 data'));
  });

  // "Field Types > number": "'-1.23', '12678967.543233', '+100000.00', '210'", an exponent,
  // and NaN, INF, -INF ('case need not be respected').
  it('casts the numbers of XML Schema decimal, and the special values', () => {
    const field: FieldDescriptor = { name: 'n', type: 'number' };
    expect(casts(field, ['-1.23', '12678967.543233', '+100000.00', '210'])).toEqual([
      ok(-1.23),
      ok(12678967.543233),
      ok(100000),
      ok(210),
    ]);
    expect(casts(field, ['1E3', '1.5e-2', '2E+2'])).toEqual([ok(1000), ok(0.015), ok(200)]);
    expect(casts(field, ['NaN', 'nan', 'INF', 'inf', '-INF', '-Inf'])).toEqual([
      ok(NaN),
      ok(NaN),
      ok(Infinity),
      ok(Infinity),
      ok(-Infinity),
      ok(-Infinity),
    ]);
  });

  // "Field Types > number": decimalChar (default ".") and groupChar ('A common value is ","
  // e.g. "100,000"'); the 1,000.5 of a grouped decimal.
  it('reads the decimal and group characters of numbers', () => {
    const grouped: FieldDescriptor = { name: 'n', type: 'number', groupChar: ',' };
    expect(casts(grouped, ['100,000', '1,000.5'])).toEqual([ok(100000), ok(1000.5)]);
    const european: FieldDescriptor = {
      name: 'n',
      type: 'number',
      decimalChar: ',',
      groupChar: '.',
    };
    expect(casts(european, ['1.000,5', '0,25'])).toEqual([ok(1000.5), ok(0.25)]);
    const comma: FieldDescriptor = { name: 'n', type: 'number', decimalChar: ',' };
    expect(casts(comma, ['3,14', '3.14'])).toEqual([
      ok(3.14),
      no('a number with "," as decimal mark'),
    ]);
  });

  // "Field Types > number" and "integer", bareNumber: 'trailing characters such as percentages
  // e.g. `95%` or leading characters such as currencies e.g. `€95` or `EUR 95`'.
  it('strips the text around a number that is not bare', () => {
    const number: FieldDescriptor = { name: 'n', type: 'number', bareNumber: false };
    expect(casts(number, ['95%', '€95', 'EUR 95', '€95.00', '-€95', '$.5'])).toEqual([
      ok(95),
      ok(95),
      ok(95),
      ok(95),
      ok(-95),
      ok(0.5),
    ]);
    const integer: FieldDescriptor = { name: 'i', type: 'integer', bareNumber: false };
    expect(casts(integer, ['95%', '€95', 'EUR 95'])).toEqual([ok(95), ok(95), ok(95)]);
    const bare: FieldDescriptor = { name: 'n', type: 'number' };
    expect(casts(bare, ['95%', '€95'])).toEqual([no('a number'), no('a number')]);
  });

  // "Field Types > integer": groupChar, 'e.g. "100,000"'.
  it('reads the group character of integers', () => {
    const field: FieldDescriptor = { name: 'i', type: 'integer', groupChar: ',' };
    expect(casts(field, ['100,000', '1,234,567', '-2,000'])).toEqual([
      ok(100000),
      ok(1234567),
      ok(-2000),
    ]);
  });

  // "Field Types > boolean": trueValues [ "true", "True", "TRUE", "1" ], falseValues
  // [ "false", "False", "FALSE", "0" ], 'customised to user need'.
  it('casts booleans by their true and false texts', () => {
    const field: FieldDescriptor = { name: 'b', type: 'boolean' };
    expect(casts(field, ['true', 'True', 'TRUE', '1'])).toEqual(Array(4).fill(ok(true)));
    expect(casts(field, ['false', 'False', 'FALSE', '0'])).toEqual(Array(4).fill(ok(false)));
    expect(castCell(field, 'yes')).toEqual(
      no('true or false: true, True, TRUE, 1, false, False, FALSE or 0'),
    );
    const custom: FieldDescriptor = {
      name: 'b',
      type: 'boolean',
      trueValues: ['yes', 'Y'],
      falseValues: ['no', 'N'],
    };
    expect(casts(custom, ['Y', 'no', 'true'])).toEqual([
      ok(true),
      ok(false),
      no('true or false: yes, Y, no or N'),
    ]);
  });

  // "Field Types > object" and "array": 'a valid JSON object', 'a valid JSON array'.
  it('parses JSON objects and arrays', () => {
    const object: FieldDescriptor = { name: 'o', type: 'object' };
    expect(casts(object, ['{"value": 100}', '[1]', '{bad'])).toEqual([
      ok({ value: 100 }),
      no('a JSON object such as {"a": 1}'),
      no('a JSON object such as {"a": 1}'),
    ]);
    const array: FieldDescriptor = { name: 'a', type: 'array' };
    expect(casts(array, ['[1, "a", null]', '{}'])).toEqual([
      ok([1, 'a', null]),
      no('a JSON array such as [1, 2]'),
    ]);
  });

  // "Field Types > list": 'values separated by a delimiter which is `,` (comma) by default e.g.
  // `value1,value2`'; itemType, 'for a list with itemType set to date, items have to be in
  // default form for dates i.e. yyyy-mm-dd'.
  it('splits lists and casts their items by the item type', () => {
    expect(castCell({ name: 'l', type: 'list' }, 'value1,value2')).toEqual(
      ok(['value1', 'value2']),
    );
    const dates: FieldDescriptor = { name: 'l', type: 'list', itemType: 'date', delimiter: ';' };
    expect(casts(dates, ['2024-01-26;2024-01-27', '2024-01-26;26/01/2024'])).toEqual([
      ok(['2024-01-26', '2024-01-27']),
      no('a list of date values separated by ";"'),
    ]);
    const integers: FieldDescriptor = { name: 'l', type: 'list', itemType: 'integer' };
    expect(casts(integers, ['1,2,3', '7'])).toEqual([ok([1, 2, 3]), ok([7])]);
  });

  // "Field Types > datetime": 'for example, `2024-01-26T15:00:00` or
  // `2024-01-26T15:00:00.300-05:00`', and the pattern "%d/%m/%Y %H:%M:%S" for
  // `12/11/2018 09:15:32`.
  it('casts datetimes in the default format and by a pattern', () => {
    const field: FieldDescriptor = { name: 'd', type: 'datetime' };
    expect(casts(field, ['2024-01-26T15:00:00', '2024-01-26T15:00:00.300-05:00'])).toEqual([
      ok('2024-01-26T15:00:00'),
      ok('2024-01-26T15:00:00.300-05:00'),
    ]);
    expect(castCell(field, '2024-01-26T15:00:00Z')).toEqual(ok('2024-01-26T15:00:00Z'));
    expect(castCell(field, '2024-01-26 15:00:00')).toEqual(
      no('a date and time as YYYY-MM-DDTHH:MM:SS'),
    );
    const pattern: FieldDescriptor = { name: 'd', type: 'datetime', format: '%d/%m/%Y %H:%M:%S' };
    expect(castCell(pattern, '12/11/2018 09:15:32')).toEqual(ok('2018-11-12T09:15:32'));
    expect(castCell(pattern, '2018-11-12T09:15:32')).toEqual(
      no('a date and time as DD/MM/YYYY HH:MM:SS'),
    );
  });

  // "Field Types > date": 'default: The lexical representation MUST be `yyyy-mm-dd` e.g.
  // `2024-01-26`'; <PATTERN>: 'The same as for datetime'.
  it('casts dates in the default format and by a pattern', () => {
    const field: FieldDescriptor = { name: 'd', type: 'date' };
    expect(casts(field, ['2024-01-26', '26/01/2024'])).toEqual([
      ok('2024-01-26'),
      no('a date as YYYY-MM-DD'),
    ]);
    const pattern: FieldDescriptor = { name: 'd', type: 'date', format: '%d/%m/%Y' };
    expect(casts(pattern, ['26/01/2024', '6/1/2024', '2024-01-26'])).toEqual([
      ok('2024-01-26'),
      ok('2024-01-06'),
      no('a date as DD/MM/YYYY'),
    ]);
    const named: FieldDescriptor = { name: 'd', type: 'date', format: '%d %B %Y' };
    expect(castCell(named, '26 January 2024')).toEqual(ok('2024-01-26'));
    const short: FieldDescriptor = { name: 'd', type: 'date', format: '%d-%b-%y' };
    expect(casts(short, ['26-Jan-24', '01-Jul-70'])).toEqual([ok('2024-01-26'), ok('1970-07-01')]);
  });

  // "Field Types > time": 'default: The lexical representation MUST be `hh:mm:ss` e.g.
  // `15:00:00`'.
  it('casts times in the default format and by a pattern', () => {
    const field: FieldDescriptor = { name: 't', type: 'time' };
    expect(casts(field, ['15:00:00', '15:00:00.300', '15:00', '3:00:00'])).toEqual([
      ok('15:00:00'),
      ok('15:00:00.300'),
      no('a time as HH:MM:SS'),
      no('a time as HH:MM:SS'),
    ]);
    const minutes: FieldDescriptor = { name: 't', type: 'time', format: '%H:%M' };
    expect(castCell(minutes, '15:00')).toEqual(ok('15:00:00'));
    const twelve: FieldDescriptor = { name: 't', type: 'time', format: '%I:%M %p' };
    expect(casts(twelve, ['3:05 PM', '12:00 am', '12:30 pm', '13:00 pm'])).toEqual([
      ok('15:05:00'),
      ok('00:00:00'),
      ok('12:30:00'),
      no('a time as hh:MM AM/PM'),
    ]);
  });

  // "Properties > Field > type and format", Backward Compatibility: 'If format property start
  // with `fmt:` prefix, an implementation MUST remove the prefix'.
  it('drops the fmt: prefix of a format', () => {
    const field: FieldDescriptor = { name: 'd', type: 'date', format: 'fmt:%d/%m/%Y' };
    expect(castCell(field, '26/01/2024')).toEqual(ok('2024-01-26'));
  });

  // "Field Types > date/time/datetime", any: 'Any parsable representation of the value'.
  it('casts the unambiguous forms of the any format, and refuses the ambiguous ones', () => {
    const date: FieldDescriptor = { name: 'd', type: 'date', format: 'any' };
    const forms = ['2024-01-26', '2024/01/26', '26/01/2024', '1/26/2024', '26 January 2024'];
    expect(casts(date, [...forms, 'Jan 26, 2024', '26th Jan 2024', '20240126'])).toEqual(
      Array(8).fill(ok('2024-01-26')),
    );
    const ambiguous = no('a date such as YYYY-MM-DD, or another unambiguous form');
    expect(casts(date, ['03/04/2024', '26/01/24', '2024-02-30'])).toEqual(Array(3).fill(ambiguous));
    expect(castCell(date, '04/04/2024')).toEqual(ok('2024-04-04'));
    const time: FieldDescriptor = { name: 't', type: 'time', format: 'any' };
    expect(casts(time, ['15:05', '3:05 pm', '15:05:07.5'])).toEqual([
      ok('15:05:00'),
      ok('15:05:00'),
      ok('15:05:07.5'),
    ]);
    const datetime: FieldDescriptor = { name: 'd', type: 'datetime', format: 'any' };
    expect(
      casts(datetime, ['2024-01-26 15:00', '26 January 2024 3:00 pm', '2024-01-26T15:00+0100']),
    ).toEqual([
      ok('2024-01-26T15:00:00'),
      ok('2024-01-26T15:00:00'),
      ok('2024-01-26T15:00:00+01:00'),
    ]);
  });

  // "Field Types > year": 'Usual lexical representation is `YYYY`'; "yearmonth": `YYYY-MM`.
  it('casts years and year-months', () => {
    expect(casts({ name: 'y', type: 'year' }, ['2024', '24'])).toEqual([
      ok(2024),
      no('a year as YYYY'),
    ]);
    expect(casts({ name: 'm', type: 'yearmonth' }, ['2024-01', '2024-13', '2024-1'])).toEqual([
      ok('2024-01'),
      no('a month as YYYY-MM'),
      no('a month as YYYY-MM'),
    ]);
  });

  // "Field Types > duration": 'the ISO 8601 extended format PnYnMnDTnHnMnS ... Date and time
  // elements including their designator MAY be omitted if their value is zero'.
  it('checks durations', () => {
    const field: FieldDescriptor = { name: 'd', type: 'duration' };
    expect(casts(field, ['P1Y2M3DT4H5M6S', 'PT90M', 'P1D', 'PT0.5S'])).toEqual([
      ok('P1Y2M3DT4H5M6S'),
      ok('PT90M'),
      ok('P1D'),
      ok('PT0.5S'),
    ]);
    const bad = no('a duration such as P1Y2M3DT4H5M6S');
    expect(casts(field, ['P', 'PT', '1D', 'P1H'])).toEqual(Array(4).fill(bad));
  });

  // "Field Types > geopoint": default `"90.50, 45.50"` ('the space is optional after the ,'),
  // array `[90.50, 45.50]`, object `{"lon": 90.50, "lat": 45.50}`.
  it('casts geopoints in their three formats, as [lon, lat]', () => {
    const point = (format: string, cell: string) =>
      castCell({ name: 'p', type: 'geopoint', format } as FieldDescriptor, cell);
    expect(point('default', '90.50, 45.50')).toEqual(ok([90.5, 45.5]));
    expect(point('default', '90.50,45.50')).toEqual(ok([90.5, 45.5]));
    expect(point('array', '[90.50, 45.50]')).toEqual(ok([90.5, 45.5]));
    expect(point('object', '{"lon": 90.50, "lat": 45.50}')).toEqual(ok([90.5, 45.5]));
    expect(point('default', '45.50, 190')).toEqual(
      no('a point as "lon, lat" such as "90.50, 45.50"'),
    );
  });

  // "Field Types > geojson": 'A geojson object as per the GeoJSON spec', or topojson.
  it('checks GeoJSON and TopoJSON objects', () => {
    const geojson: FieldDescriptor = { name: 'g', type: 'geojson' };
    expect(castCell(geojson, '{"type": "Point", "coordinates": [1, 2]}')).toEqual(
      ok({ type: 'Point', coordinates: [1, 2] }),
    );
    expect(castCell(geojson, '{"type": "Circle"}')).toEqual(no('a GeoJSON object'));
    const topo: FieldDescriptor = { name: 'g', type: 'geojson', format: 'topojson' };
    expect(castCell(topo, '{"type": "Topology", "objects": {}}')).toMatchObject({ ok: true });
  });
});

describe('the specification: categories and constraints', () => {
  // "Properties > Field > categories": fruit ["apple", "orange", "banana"], and an integer
  // field with { "value": 0, "label": "apple" }, ...
  it('allows only the categories', () => {
    const fruit: FieldDescriptor = {
      name: 'fruit',
      type: 'string',
      categories: ['apple', 'orange', 'banana'],
    };
    expect(casts(fruit, ['apple', 'kiwi'])).toEqual([
      ok('apple'),
      no('one of apple, orange, banana'),
    ]);
    const coded: FieldDescriptor = {
      name: 'fruit',
      type: 'integer',
      categories: [
        { value: 0, label: 'apple' },
        { value: 1, label: 'orange' },
        { value: 2, label: 'banana' },
      ],
    };
    expect(casts(coded, ['1', '3'])).toEqual([ok(1), no('one of 0, 1, 2')]);
  });

  // "Field Constraints > required": the row `2,` 'Will be invalid because the name field is
  // missing a value for the second row'.
  it('refuses a missing value of a required field', () => {
    const name: FieldDescriptor = { name: 'name', type: 'string', constraints: { required: true } };
    expect(casts(name, ['apple', ''])).toEqual([
      ok('apple'),
      no('a value (the field is required)'),
    ]);
  });

  // "Field Constraints > unique": `apple` twice 'Will be invalid because the name field has a
  // duplicate value'; "uniqueKeys": null values 'MUST be excluded from the uniqueness check'.
  it('finds a duplicate with the tracker of a unique field, nulls excepted', () => {
    const seen = uniqueTracker();
    expect(['apple', 'apple'].map(seen)).toEqual([true, false]);
    const ids = uniqueTracker();
    const id = compileField({ name: 'id', type: 'integer', constraints: { unique: true } });
    const values = ['1', '', '01', ''].map((cell) => {
      const cast = id(cell);
      return cast.ok ? cast.value : undefined;
    });
    expect(values.map((v) => ids(v!))).toEqual([true, true, false, true]);
  });

  // "Field Constraints > minLength" (5: `plum` too short) and "maxLength" (5: `grapefruit`
  // too long).
  it('checks lengths', () => {
    const min: FieldDescriptor = { name: 'name', type: 'string', constraints: { minLength: 5 } };
    expect(casts(min, ['apple', 'plum'])).toEqual([ok('apple'), no('at least 5 characters')]);
    const max: FieldDescriptor = { name: 'name', type: 'string', constraints: { maxLength: 5 } };
    expect(casts(max, ['apple', 'grapefruit'])).toEqual([ok('apple'), no('at most 5 characters')]);
    const list: FieldDescriptor = { name: 'l', type: 'list', constraints: { maxLength: 2 } };
    expect(castCell(list, 'a,b,c')).toEqual(no('at most 2 items'));
  });

  // "Field Constraints > minimum" (100: 50 too low), "maximum" (100: 150 too high),
  // "exclusiveMinimum" (0: 0 too low), "exclusiveMaximum" (150: 150 too high).
  it('checks the bounds of the specification', () => {
    const bounded = (constraints: object): FieldDescriptor => ({
      name: 'price',
      type: 'integer',
      constraints,
    });
    expect(casts(bounded({ minimum: 100 }), ['100', '50'])).toEqual([ok(100), no('at least 100')]);
    expect(casts(bounded({ maximum: 100 }), ['100', '150'])).toEqual([ok(100), no('at most 100')]);
    expect(casts(bounded({ exclusiveMinimum: 0 }), ['100', '0'])).toEqual([
      ok(100),
      no('more than 0'),
    ]);
    expect(casts(bounded({ exclusiveMaximum: 150 }), ['100', '150'])).toEqual([
      ok(100),
      no('less than 150'),
    ]);
  });

  // "Field Constraints": 'constraint values MAY be ... represented as strings that are castable
  // with the type and format rules of the field'.
  it('reads bounds written as text by the rules of the field', () => {
    const price: FieldDescriptor = { name: 'p', type: 'integer', constraints: { maximum: '100' } };
    expect(castCell(price, '101')).toEqual(no('at most 100'));
    const day: FieldDescriptor = {
      name: 'd',
      type: 'date',
      format: '%d/%m/%Y',
      constraints: { minimum: '01/08/2023', maximum: '2024-05-31' },
    };
    expect(casts(day, ['01/08/2023', '31/07/2023', '01/06/2024'])).toEqual([
      ok('2023-08-01'),
      no('at least 2023-08-01'),
      no('at most 2024-05-31'),
    ]);
    const kickoff: FieldDescriptor = {
      name: 'k',
      type: 'datetime',
      constraints: { maximum: '2024-01-01T00:00:00Z' },
    };
    // Datetimes with offsets compare as instants: 01:00+02:00 is 23:00 UTC the day before.
    expect(casts(kickoff, ['2024-01-01T01:00:00+02:00', '2024-01-01T01:00:00Z'])).toEqual([
      ok('2024-01-01T01:00:00+02:00'),
      no('at most 2024-01-01T00:00:00Z'),
    ]);
  });

  // "Field Constraints > jsonSchema": {"value": "bad"} 'Will be invalid because the price field
  // has a value that is not an integer'.
  it('checks an object against its JSON Schema', () => {
    const price: FieldDescriptor = {
      name: 'price',
      type: 'object',
      constraints: {
        jsonSchema: { type: 'object', properties: { value: { type: 'integer' } } },
      },
    };
    expect(casts(price, ['{"value": 100}', '{"value": "bad"}'])).toEqual([
      ok({ value: 100 }),
      no("a value matching the field's jsonSchema (/value must be integer)"),
    ]);
  });

  // "Field Constraints > pattern": "^a.*$", `orange` 'does not match the pattern'.
  it('checks a pattern against the whole text', () => {
    const name: FieldDescriptor = {
      name: 'name',
      type: 'string',
      constraints: { pattern: '^a.*$' },
    };
    expect(casts(name, ['apple', 'orange'])).toEqual([
      ok('apple'),
      no('a value matching the pattern ^a.*$'),
    ]);
    // XML Schema's patterns are anchored: [A-Z]{3} is three letters, not three among more.
    const code: FieldDescriptor = {
      name: 'c',
      type: 'string',
      constraints: { pattern: '[A-Z]{3}' },
    };
    expect(casts(code, ['ENG', 'ENGL', 'xENG'])).toEqual([
      ok('ENG'),
      no('a value matching the pattern [A-Z]{3}'),
      no('a value matching the pattern [A-Z]{3}'),
    ]);
  });

  // "Field Constraints > enum": ["apple"], `orange` 'is not in the enum array'.
  it('allows only the values of an enum', () => {
    const name: FieldDescriptor = {
      name: 'name',
      type: 'string',
      constraints: { enum: ['apple'] },
    };
    expect(casts(name, ['apple', 'orange'])).toEqual([ok('apple'), no('one of apple')]);
  });
});

describe('the edge cases', () => {
  it('keeps the spaces of a string and refuses them around a number, a date or a boolean', () => {
    expect(castCell({ name: 's', type: 'string' }, ' Arsenal ')).toEqual(ok(' Arsenal '));
    expect(castCell({ name: 'i', type: 'integer' }, ' 1')).toEqual(no('an integer'));
    expect(castCell({ name: 'n', type: 'number' }, '1.5 ')).toEqual(no('a number'));
    expect(castCell({ name: 'd', type: 'date' }, ' 2024-01-26')).toEqual(
      no('a date as YYYY-MM-DD'),
    );
    expect(castCell({ name: 'b', type: 'boolean' }, 'true ')).toMatchObject({ ok: false });
    // A cell of spaces is not the empty missing value.
    expect(castCell({ name: 'i', type: 'integer' }, ' ')).toEqual(no('an integer'));
  });

  it('refuses the decimals and exponents of an integer', () => {
    const field: FieldDescriptor = { name: 'i', type: 'integer' };
    expect(casts(field, ['1.0', '1e3', '1.', '0x10', '1_000', '½'])).toEqual(
      Array(6).fill(no('an integer')),
    );
    expect(casts(field, ['+5', '007', '-12'])).toEqual([ok(5), ok(7), ok(-12)]);
  });

  it('makes -0 an integer 0, and keeps the sign of a number -0', () => {
    const integer = castCell({ name: 'i', type: 'integer' }, '-0');
    expect(integer.ok && Object.is(integer.value, 0)).toBe(true);
    const number = castCell({ name: 'n', type: 'number' }, '-0');
    expect(number.ok && Object.is(number.value, -0)).toBe(true);
  });

  it('refuses an integer a JS number cannot hold exactly, rather than round it', () => {
    const field: FieldDescriptor = { name: 'i', type: 'integer' };
    const past = no('an integer between -9007199254740991 and 9007199254740991');
    expect(casts(field, ['9007199254740991', '-9007199254740991'])).toEqual([
      ok(Number.MAX_SAFE_INTEGER),
      ok(-Number.MAX_SAFE_INTEGER),
    ]);
    expect(casts(field, ['9007199254740992', '99999999999999999999999'])).toEqual([past, past]);
    expect(castCell({ name: 'n', type: 'number' }, '1e400')).toEqual(
      no('a number of at most 1.8e308'),
    );
  });

  it('refuses a date the calendar does not have', () => {
    const field: FieldDescriptor = { name: 'd', type: 'date' };
    const bad = no('a date as YYYY-MM-DD');
    expect(
      casts(field, ['2023-02-30', '2023-02-29', '2023-13-01', '2023-00-10', '2023-04-31']),
    ).toEqual(Array(5).fill(bad));
    expect(casts(field, ['2024-02-29', '2000-02-29', '1900-02-28'])).toEqual([
      ok('2024-02-29'),
      ok('2000-02-29'),
      ok('1900-02-28'),
    ]);
    expect(castCell(field, '1900-02-29')).toEqual(bad);
    const pattern: FieldDescriptor = { name: 'd', type: 'date', format: '%d/%m/%Y' };
    expect(castCell(pattern, '30/02/2023')).toEqual(no('a date as DD/MM/YYYY'));
    expect(castCell({ name: 't', type: 'time' }, '24:00:00')).toEqual(no('a time as HH:MM:SS'));
  });

  it('compares an integer enum as integers: the cell is cast, then compared', () => {
    const field: FieldDescriptor = {
      name: 'round',
      type: 'integer',
      constraints: { enum: [1, 2, '3'] },
    };
    expect(casts(field, ['1', '02', '3', '4', 'one'])).toEqual([
      ok(1),
      ok(2),
      ok(3),
      no('one of 1, 2, 3'),
      no('an integer'),
    ]);
  });

  it('says what to be, not only what is wrong, for each constraint in turn', () => {
    const side: FieldDescriptor = {
      name: 'side',
      type: 'string',
      constraints: { required: true, enum: ['home', 'away'] },
    };
    expect(casts(side, ['home', 'draw', ''])).toEqual([
      ok('home'),
      no('one of home, away'),
      no('a value (the field is required)'),
    ]);
    const many = Array.from({ length: 12 }, (_, i) => `t${i}`);
    const team: FieldDescriptor = { name: 't', type: 'string', constraints: { enum: many } };
    expect(castCell(team, 'x')).toEqual(
      no('one of t0, t1, t2, t3, t4, t5, t6, t7, t8, t9, ... (12 values)'),
    );
  });

  it('counts characters, not UTF-16 units, for lengths', () => {
    const field: FieldDescriptor = { name: 's', type: 'string', constraints: { maxLength: 3 } };
    expect(casts(field, ['Pelé', 'Zé⚽', '⚽⚽⚽', '😀😀😀'])).toEqual([
      no('at most 3 characters'),
      ok('Zé⚽'),
      ok('⚽⚽⚽'),
      ok('😀😀😀'),
    ]);
  });

  it('compiles a field once for castCell, and gives what compileField gives', () => {
    const field: FieldDescriptor = { name: 'g', type: 'integer', constraints: { minimum: 0 } };
    const compiled = compileField(field);
    for (const cell of ['3', '-1', '', 'x']) expect(castCell(field, cell)).toEqual(compiled(cell));
  });
});

describe('descriptors the rules cannot apply', () => {
  /** The message of the error compiling a field throws. */
  const refusal = (field: object) => {
    try {
      compileField(field as FieldDescriptor);
    } catch (error) {
      expect(error).toBeInstanceOf(FieldDescriptorError);
      return (error as Error).message;
    }
    throw new Error('compiled');
  };

  it('refuses an unknown type or format', () => {
    expect(refusal({ name: 'a', type: 'text' })).toBe('field a: unknown type "text"');
    expect(refusal({ name: 'a', type: 'integer', format: 'hex' })).toBe(
      'field a: format "hex" is not one of default for an integer',
    );
    expect(refusal({ name: 'a', type: 'string', format: 'phone' })).toBe(
      'field a: format "phone" is not one of default, email, uri, uuid, binary for a string',
    );
  });

  it('refuses a date pattern without a directive, or with one it does not read', () => {
    expect(refusal({ name: 'a', type: 'date', format: 'DD/MM/YYYY' })).toBe(
      'field a: format "DD/MM/YYYY" has no % directive: write a pattern such as %d/%m/%Y',
    );
    expect(refusal({ name: 'a', type: 'date', format: '%d/%m/%Y %Q' })).toMatch(
      /^field a: format "%d\/%m\/%Y %Q": %Q is not supported \(only %Y %y %m %d/,
    );
  });

  it('refuses a constraint that is unknown, not for the type, or not a value of the field', () => {
    expect(refusal({ name: 'a', type: 'string', constraints: { maxLenght: 3 } })).toBe(
      'field a: unknown constraint maxLenght',
    );
    expect(refusal({ name: 'a', type: 'integer', constraints: { pattern: '\\d+' } })).toBe(
      'field a: the constraint pattern cannot apply to an integer',
    );
    expect(refusal({ name: 'a', type: 'duration', constraints: { minimum: 'P1D' } })).toBe(
      'field a: the constraint minimum cannot apply to a duration',
    );
    expect(refusal({ name: 'a', type: 'integer', constraints: { minimum: 'ten' } })).toBe(
      'field a: "ten" is not an integer value',
    );
    expect(refusal({ name: 'a', type: 'date', constraints: { maximum: 2024 } })).toBe(
      'field a: 2024 is not a date value',
    );
    expect(refusal({ name: 'a', type: 'string', constraints: { pattern: '(' } })).toBe(
      'field a: pattern ( is not a regular expression',
    );
  });
});
