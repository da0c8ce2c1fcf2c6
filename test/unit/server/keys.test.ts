import Database from 'better-sqlite3';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { registerFunctions } from '../../../build/define/sql.ts';
import { compareValues, filterKey, parseValue, wildcardMatcher } from '../../../contract/keys.ts';
import type { Manifest } from '../../../contract/manifest.ts';
import { isSafeRelativePath, valueSegment } from '../../../contract/paths.ts';
import { parseTarget } from '../../../server/core/query.ts';
import { route, routeTable } from '../../../server/core/route.ts';

/** Properties of the value semantics and the URL <-> file mapping, over generated inputs. */

const anyText = fc.string({ unit: 'binary', maxLength: 40 });

describe('isSafeRelativePath', () => {
  it('refuses exactly the paths with an empty, . or .. segment, a backslash or a NUL', () => {
    // The rule as it reads, segment by segment.
    const safe = (file: string) =>
      !file.includes('\\') &&
      !file.includes('\0') &&
      file.split('/').every((s) => s !== '' && s !== '.' && s !== '..');
    const path = fc.string({
      unit: fc.constantFrom('a', 'b', '.', '/', '\\', '\0', '..', '...'),
      maxLength: 12,
    });
    fc.assert(
      fc.property(path, (file) => {
        expect(isSafeRelativePath(file), JSON.stringify(file)).toBe(safe(file));
      }),
      { numRuns: 5000 },
    );
    for (const file of ['', '/a', 'a/', 'a//b', '.', '..', 'a/./b', 'a/../b', 'a\\b', 'a\0'])
      expect(isSafeRelativePath(file), JSON.stringify(file)).toBe(false);
    for (const file of ['a', 'a/b.json', '.a/b', 'a/...', 'a/..b/c', 'v1/x/_by/f/%2E/1.json'])
      expect(isSafeRelativePath(file), file).toBe(true);
  });
});

describe('valueSegment', () => {
  it('is always one safe file-name segment', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 400 }), (key) => {
        const segment = valueSegment(key);
        expect(segment).toMatch(/^[A-Za-z0-9_%-]+$/);
        expect(segment.length).toBeLessThanOrEqual(160);
        expect(isSafeRelativePath(`v1/x/_by/f/${segment}/index.json`)).toBe(true);
      }),
    );
  });

  it('never maps two keys to one segment', () => {
    fc.assert(
      fc.property(
        fc.string({ unit: 'binary', maxLength: 200 }),
        fc.string({ unit: 'binary', maxLength: 200 }),
        (a, b) => {
          fc.pre(a !== b);
          expect(valueSegment(a)).not.toBe(valueSegment(b));
        },
      ),
    );
  });
});

describe('parseTarget', () => {
  const pieces = fc.constantFrom(
    'v1',
    'persons',
    '..',
    '.',
    '%2e%2e',
    '%2E.',
    '%2f',
    '%5c',
    '%00',
    '',
    'a b',
    '%',
    '%zz',
    '\\',
    '~',
  );
  it('never yields a segment that could leave the output folder', () => {
    fc.assert(
      fc.property(fc.array(fc.oneof(pieces, anyText), { maxLength: 8 }), (parts) => {
        const { segments } = parseTarget(`/${parts.join('/')}`);
        if (segments === null) return;
        for (const s of segments) {
          expect(['', '.', '..']).not.toContain(s);
          expect(s).not.toMatch(/[/\\\0]/);
        }
      }),
    );
  });

  it('decodes each query value exactly once and keeps + as a plus sign', () => {
    expect(parseTarget('/v1/x?time=90+3&name=%2541&a=%C3%BC').params).toEqual([
      ['time', '90+3'],
      ['name', '%41'],
      ['a', 'ü'],
    ]);
  });
});

describe('route over arbitrary targets', () => {
  const manifest: Manifest = {
    format: 4,
    providers: {},
    build: 'b',
    encodings: [],
    roots: [{ version: 'v1', hash: 'r' }],
    assets: [],
    resources: [
      {
        path: 'v1/persons',
        version: 'v1',
        title: 'p',
        description: 'p',
        idType: 'uuid',
        paginated: true,
        records: { default: 10, max: 100 },
        sort: { default: ['id'], fields: ['name'] },
        totals: 'camel',
        buckets: 0,
        kind: 'collection',
        implied: [],
        refused: null,
        count: 0,
        hash: 'h',
        fields: [
          {
            name: 'name',
            key: 'name',
            type: 'string',
            nullable: true,
            filter: 'indexed',
            description: 'n',
          },
        ],
      },
    ],
  };
  const table = routeTable(manifest);
  it('never throws, and every file it names is inside the output folder', () => {
    const target = fc
      .tuple(
        fc.array(fc.oneof(fc.constantFrom('v1', 'persons', '..', '%2e%2e', '%2f'), anyText), {
          maxLength: 5,
        }),
        fc.array(
          fc.tuple(
            fc.oneof(fc.constantFrom('name', 'page', 'records', 'sort', 'app_id'), anyText),
            anyText,
          ),
          { maxLength: 4 },
        ),
      )
      .map(([path, query]) => `/${path.join('/')}?${query.map(([k, v]) => `${k}=${v}`).join('&')}`);
    fc.assert(
      fc.property(fc.constantFrom('GET', 'HEAD', 'OPTIONS', 'POST'), target, (method, t) => {
        const plan = route(method, t, table);
        if (plan.kind === 'file') expect(isSafeRelativePath(plan.file)).toBe(true);
        if (plan.kind === 'error') expect([400, 404, 405]).toContain(plan.status);
      }),
    );
  });
});

describe('value semantics', () => {
  it('string filter keys ignore case but not diacritics', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme', maxLength: 30 }), (s) => {
        expect(filterKey('string', s.toUpperCase())).toBe(filterKey('string', s.toLowerCase()));
      }),
    );
    expect(filterKey('string', 'Arsène')).not.toBe(filterKey('string', 'Arsene'));
    expect(filterKey('string', 'MÜLLER')).toBe(filterKey('string', 'müller'));
    expect(filterKey('string', 'STRASSE')).toBe(filterKey('string', 'Straße'));
    expect(filterKey('string', 'ẞ')).toBe(filterKey('string', 'ß'));
  });

  it('numbers and booleans key by value', () => {
    expect(filterKey('integer', parseValue('integer', '007')!)).toBe(filterKey('integer', 7));
    expect(filterKey('float', parseValue('float', '5.50')!)).toBe(filterKey('float', 5.5));
    expect(filterKey('boolean', parseValue('boolean', 'TRUE')!)).toBe(filterKey('boolean', 1));
    expect(filterKey('boolean', parseValue('boolean', '0')!)).toBe(filterKey('boolean', false));
  });

  it('a wildcard matches exactly what the equivalent regular expression does', () => {
    const piece = fc.string({ unit: fc.constantFrom('a', 'b', '*', 'É', 'é'), maxLength: 8 });
    fc.assert(
      fc.property(
        piece,
        fc.string({ unit: fc.constantFrom('a', 'b', 'é', 'É'), maxLength: 10 }),
        (pattern, text) => {
          const regex = new RegExp(`^${pattern.toLowerCase().split('*').join('.*')}$`, 's');
          const key = filterKey('string', text);
          expect(wildcardMatcher(pattern)(key)).toBe(regex.test(key));
        },
      ),
    );
    // A pattern that makes a backtracking regex take seconds is answered at once, correctly.
    expect(wildcardMatcher(`${'*'.repeat(40)}z`)('a'.repeat(5000))).toBe(false);
    const match = wildcardMatcher('*1/4*');
    expect(match(filterKey('string', 'Quarter-final (1/4)'))).toBe(true);
    expect(match(filterKey('string', 'Semi-final (1/2)'))).toBe(false);
    expect(wildcardMatcher('d*')(filterKey('string', "D'Amato"))).toBe(true);
    expect(wildcardMatcher('a.b')('axb')).toBe(false);
  });

  it('wildcards match case and accents aside; equality keeps accents', () => {
    const key = (text: string) => filterKey('string', text);
    expect(wildcardMatcher('*muller*')(key('Thomas Müller'))).toBe(true);
    expect(wildcardMatcher('MÜLLER')(key('muller'))).toBe(true);
    expect(wildcardMatcher('*odegaard')(key('Martin Ødegaard'))).toBe(true);
    expect(wildcardMatcher('*lodz*')(key('ŁKS Łódź'))).toBe(true);
    expect(wildcardMatcher('strasse*')(key('Straße 1'))).toBe(true);
    expect(wildcardMatcher('*muller*')(key('Thomas Mueller'))).toBe(false);
    expect(key('Arsène')).not.toBe(key('Arsene'));
  });

  it("the router sorts text exactly as the build's SQL does", () => {
    const db = new Database(':memory:');
    registerFunctions(db);
    db.exec('CREATE TABLE t (id INTEGER PRIMARY KEY, v TEXT)');
    const insert = db.prepare('INSERT INTO t (v) VALUES (?)');
    const sample = fc.array(
      fc.oneof(
        fc.string({ unit: 'binary', maxLength: 8 }),
        fc.constantFrom(
          'Álvarez',
          'alvarez',
          'Zubi',
          'Øst',
          'ost',
          "O'Neill",
          'van Dijk',
          'Çelik',
          null,
        ),
      ),
      { minLength: 2, maxLength: 30 },
    );
    fc.assert(
      fc.property(sample, (values) => {
        db.exec('DELETE FROM t');
        for (const v of values) insert.run(v);
        const fromSql = (
          db.prepare('SELECT id, v FROM t ORDER BY fold(v), v, id').all() as {
            id: number;
            v: string | null;
          }[]
        ).map((r) => r.id);
        const rowsJs = (
          db.prepare('SELECT id, v FROM t').all() as { id: number; v: string | null }[]
        )
          .sort((a, b) => compareValues(a.v, b.v) || a.id - b.id)
          .map((r) => r.id);
        expect(rowsJs).toEqual(fromSql);
      }),
      { numRuns: 200 },
    );
    db.close();
  });
});
