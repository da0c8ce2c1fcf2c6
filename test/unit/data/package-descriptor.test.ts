import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import {
  describeProblem,
  loadDescriptor,
  validateDescriptor,
  type Profile,
} from '../../../data/package/descriptor.ts';
import { SourceFileError } from '../../../data/import/source-file.ts';

/** The parts of a package descriptor the tests change; anything may be set, valid or not. */
interface Field {
  name: string;
  type?: string;
  format?: string;
  constraints?: Record<string, unknown>;
  [key: string]: unknown;
}
interface Resource {
  name?: string;
  path?: unknown;
  data?: unknown;
  schema?: { fields: Field[]; missingValues?: unknown[]; [key: string]: unknown };
  [key: string]: unknown;
}
interface Package {
  resources?: Resource[];
  [key: string]: unknown;
}

/** A valid Data Package v2 with one resource, changed by `edit` (a new one each time). */
function dataPackage(edit: (descriptor: Package) => void = () => {}): unknown {
  const descriptor: Package = {
    $schema: 'https://datapackage.org/profiles/2.0/datapackage.json',
    name: 'my-league',
    title: 'My league, 2023-24',
    licenses: [{ name: 'CC-BY-4.0', path: 'https://creativecommons.org/licenses/by/4.0/' }],
    resources: [
      {
        name: 'matches',
        path: 'data/matches.csv',
        format: 'csv',
        mediatype: 'text/csv',
        schema: {
          fields: [
            { name: 'id', type: 'integer', constraints: { required: true, unique: true } },
            { name: 'date', type: 'date' },
            { name: 'side', type: 'string', constraints: { enum: ['home', 'away'] } },
          ],
          primaryKey: ['id'],
          missingValues: ['', '-'],
        },
      },
    ],
  };
  edit(descriptor);
  return descriptor;
}

/** The first resource of a package made by `dataPackage`. */
const resource = (d: Package): Resource => d.resources![0]!;
/** The fields of the first resource of a package made by `dataPackage`. */
const fields = (d: Package): Field[] => resource(d).schema!.fields;

/** The problems, each as one line. */
const problems = (descriptor: unknown, profile?: Profile) =>
  validateDescriptor(descriptor, profile).map(describeProblem);

describe('validateDescriptor against the Data Package v2 profiles', () => {
  it('passes a valid package', () => {
    expect(validateDescriptor(dataPackage())).toEqual([]);
  });

  it('passes the smallest package: one resource with inline data', () => {
    expect(validateDescriptor({ resources: [{ name: 'a', data: [] }] })).toEqual([]);
  });

  it('names a missing resources list, at the root', () => {
    const found = validateDescriptor(dataPackage((d) => delete d.resources));
    expect(found).toEqual([{ path: '', message: "must have required property 'resources'" }]);
    expect(found.map(describeProblem)).toEqual([
      "the descriptor: must have required property 'resources'",
    ]);
  });

  it('refuses an empty resources list and a descriptor that is not an object', () => {
    expect(problems(dataPackage((d) => (d.resources = [])))).toEqual([
      '/resources: must NOT have fewer than 1 items',
    ]);
    expect(problems([])).toEqual(['the descriptor: must be object']);
  });

  it('says a resource needs a path or data, as one problem', () => {
    const found = problems(dataPackage((d) => delete resource(d).path));
    expect(found).toEqual(["/resources/0: must have required property 'data' or 'path'"]);
  });

  it('says a resource with both a path and data has one too many', () => {
    const found = problems(dataPackage((d) => (resource(d).data = [])));
    expect(found).toEqual(["/resources/0: must have only one of 'data' or 'path'"]);
  });

  it('names a resource without a name, and its missing path besides', () => {
    const found = problems({ resources: [{ schema: { fields: [{ name: 'a' }] } }] });
    expect(found).toEqual([
      "/resources/0: must have required property 'name'",
      "/resources/0: must have required property 'data' or 'path'",
    ]);
  });

  it('says an unknown field type once, at the field type, listing the types', () => {
    const found = validateDescriptor(dataPackage((d) => (fields(d)[0]!.type = 'text')));
    expect(found).toHaveLength(1);
    expect(found[0]!.path).toBe('/resources/0/schema/fields/0/type');
    expect(found[0]!.message).toMatch(/^must be one of: string, number, integer, date, time/);
    expect(found[0]!.message).toContain('list');
  });

  it("keeps the field type's alternative the author meant: a bad format of an integer", () => {
    const found = problems(dataPackage((d) => (fields(d)[0]!.format = 'hex')));
    expect(found).toEqual(['/resources/0/schema/fields/0/format: must be one of: default']);
  });

  it("keeps the field type's alternative: a string's format", () => {
    const found = problems(dataPackage((d) => (fields(d)[2]!.format = 'phone')));
    expect(found).toEqual([
      '/resources/0/schema/fields/2/format: must be one of: default, email, uri, binary, uuid',
    ]);
  });

  it('passes the list type, which the published 2.0 profile forgot, and checks its itemType', () => {
    const list = (itemType: string) =>
      dataPackage((d) => fields(d).push({ name: 'scorers', type: 'list', itemType }));
    expect(validateDescriptor(list('integer'))).toEqual([]);
    expect(problems(list('year'))).toEqual([
      '/resources/0/schema/fields/3/itemType: must be one of: string, number, integer, boolean, datetime, date, time',
    ]);
  });

  it('refuses a licence name against its pattern, in words', () => {
    const found = validateDescriptor(dataPackage((d) => (d['licenses'] = [{ name: 'CC BY 4.0' }])));
    expect(found).toHaveLength(1);
    expect(found[0]!.path).toBe('/licenses/0/name');
    expect(found[0]!.message).toMatch(/^must be a licence identifier .* such as CC-BY-4.0/);
  });

  it.each(['../secret.csv', '/etc/passwd', './matches.csv', 'file:///tmp/a.csv', '~/a.csv'])(
    'refuses the path %s, which leaves the package or is not relative',
    (path) => {
      const found = validateDescriptor(dataPackage((d) => (resource(d).path = path)));
      expect(found).toHaveLength(1);
      expect(found[0]!.path).toBe('/resources/0/path');
      expect(found[0]!.message).toMatch(/^must be a path inside the package's folder/);
    },
  );

  it('names the bad path among several, and passes URLs', () => {
    const paths = ['a.csv', 'https://example.org/b.csv', '../c.csv'];
    const found = validateDescriptor(dataPackage((d) => (resource(d).path = paths)));
    expect(found.map((p) => p.path)).toEqual(['/resources/0/path/2']);
    expect(problems(dataPackage((d) => (resource(d).path = 5)))).toEqual([
      '/resources/0/path: must be string or array',
    ]);
  });

  it('says a bad missing value once, at the value', () => {
    const found = problems(dataPackage((d) => (resource(d).schema!.missingValues = ['', 99])));
    expect(found).toEqual(['/resources/0/schema/missingValues/1: must be string']);
  });

  it('lists every problem of a descriptor, none of them the profile alternatives noise', () => {
    const found = problems(
      dataPackage((d) => {
        d['created'] = 'yesterday';
        fields(d)[1]!.type = 'datum';
        fields(d)[0]!.constraints!['required'] = 'yes';
        d.resources!.push({ path: 'b.csv' });
      }),
    );
    expect(found).toEqual([
      '/created: must match format "date-time"',
      '/resources/0/schema/fields/0/constraints/required: must be boolean',
      expect.stringMatching(/^\/resources\/0\/schema\/fields\/1\/type: must be one of: string/),
      "/resources/1: must have required property 'name'",
    ]);
    expect(found.join('\n')).not.toMatch(/oneOf|anyOf|allowed values/);
  });

  it('checks a Table Schema of its own file against the tableschema profile', () => {
    const schema = { fields: [{ name: 'when', type: 'date', format: '%d/%m/%Y' }] };
    expect(validateDescriptor(schema, 'tableschema')).toEqual([]);
    expect(problems({ fields: [] }, 'tableschema')).toEqual([
      '/fields: must NOT have fewer than 1 items',
    ]);
    expect(problems({ delimiter: 5 }, 'tabledialect')).toEqual(['/delimiter: must be string']);
    expect(problems({ name: 'a' }, 'dataresource')).toEqual([
      "the descriptor: must have required property 'data' or 'path'",
    ]);
  });
});

describe('the profiles', () => {
  const dir = new URL('../../../data/package/profiles/', import.meta.url);
  /** The git blob ids of `public/profiles/2.0/` in frictionlessdata/datapackage, as published. */
  const PUBLISHED = {
    'datapackage.json': ['Data Package', '686dcad75a1ea3fbba864f2810a234d8d4361072'],
    'dataresource.json': ['Data Resource', 'efeaec10abcc848dff4ab4b004d7f60a13e63c8d'],
    'tableschema.json': ['Table Schema', 'f3a76baa91472161315582df9ae9c56e7316892c'],
    'tabledialect.json': ['Table Dialect', '00293e71975a11356adee3444a84dd5c7bd5b738'],
  };

  it.each(Object.entries(PUBLISHED))('%s is the published draft-07 profile', (file, expected) => {
    const [title, blob] = expected;
    const bytes = readFileSync(new URL(file, dir));
    const profile = JSON.parse(bytes.toString('utf8')) as Record<string, unknown>;
    expect(profile['$schema']).toBe('http://json-schema.org/draft-07/schema#');
    expect(profile['title']).toBe(title);
    // Byte for byte: the id git gives the file's content.
    const header = Buffer.from(`blob ${bytes.length}\0`);
    const id = createHash('sha1')
      .update(Buffer.concat([header, bytes]))
      .digest('hex');
    expect(id).toBe(blob);
  });

  it('says where they come from and that they are public domain', () => {
    const readme = readFileSync(new URL('README.md', dir), 'utf8');
    expect(readme).toContain('https://datapackage.org');
    expect(readme).toContain('Unlicense');
    expect(readme).toContain('2.0');
  });
});

describe('loadDescriptor', () => {
  const root = mkdtempSync(join(tmpdir(), 'football-datapackage-'));
  afterAll(() => rmSync(root, { recursive: true, force: true }));
  let count = 0;
  /** A file with this text. */
  const file = (text: string) => {
    const path = join(root, `${++count}.json`);
    writeFileSync(path, text);
    return path;
  };
  /** The message of the error loading a file throws. */
  const failure = (path: string) => {
    try {
      loadDescriptor(path);
    } catch (error) {
      expect(error).toBeInstanceOf(SourceFileError);
      return (error as Error).message;
    }
    throw new Error(`${path} loaded`);
  };

  it('reads a descriptor, skipping a byte order mark', () => {
    const descriptor = { resources: [{ name: 'a', path: 'a.csv' }] };
    expect(loadDescriptor(file(JSON.stringify(descriptor)))).toEqual(descriptor);
    expect(loadDescriptor(file(`\uFEFF${JSON.stringify(descriptor)}`))).toEqual(descriptor);
  });

  it('names a missing file, a folder and an empty file', () => {
    const missing = join(root, 'nowhere', 'datapackage.json');
    expect(failure(missing)).toBe(`${missing}: missing source file`);
    const folder = join(root, 'folder');
    mkdirSync(folder);
    expect(failure(folder)).toBe(`${folder}: is a folder, not a datapackage.json`);
    const empty = file('');
    expect(failure(empty)).toBe(`${empty}: the file is empty`);
  });

  it('says where a JSON syntax error is: line and column', () => {
    const path = file('{\n  "name": "a",\n  "resources": [}\n}');
    expect(failure(path)).toBe(
      `${path}: not valid JSON at line 3, column 17: Unexpected token '}'`,
    );
  });

  it('says where for the errors whose message has a position, and at the end of the text', () => {
    const comma = file('{\n  "name": "a",\n}');
    expect(failure(comma)).toBe(
      `${comma}: not valid JSON at line 3, column 1: Expected double-quoted property name`,
    );
    const cut = file('{"resources": [');
    expect(failure(cut)).toMatch(/: not valid JSON at line 1, column 16: Unexpected end/);
  });
});
