import { describe, expect, it } from 'vitest';
import {
  REFERENCE,
  field,
  type CollectionDef,
  type FieldDef,
  type PagingDef,
  type ResourceDef,
} from '../../../build/define/resource.ts';
import { REGISTRY } from '../../../build/registry/index.ts';

/**
 * The registry's kinds are a discriminated union, so an illegal definition does not compile. Each
 * `@ts-expect-error` below is checked by `tsc --noEmit` (which covers test/): were the line legal,
 * the directive itself would be the error. Every value is used, so no other error (an unused
 * variable) can stand in for the one expected.
 */

const base = {
  path: 'v1/things',
  version: 'v1',
  group: 'reference',
  title: 'Things',
  description: 'Things.',
  idType: 'uuid',
  sql: { id: 't.id', from: 'FROM thing t' },
  fields: [] as FieldDef[],
  links: {},
  credit: REFERENCE,
} as const;
const listing = { paging: { kind: 'pages' }, recordFiles: 'one' } as const;
const parent = { path: 'v1/owners', name: 'things', param: 'owner' };

const legal: ResourceDef[] = [
  { ...base, ...listing, kind: 'collection' },
  { ...base, ...listing, kind: 'nested', parent },
  { ...base, ...listing, kind: 'parent-record', parent },
  { ...base, kind: 'document', parent, result: 'array' },
];

const illegal = [
  // @ts-expect-error a document is addressed under its parent, which it must name
  ((): ResourceDef => ({ ...base, kind: 'document', result: 'object' }))(),
  // @ts-expect-error a nested collection must name its parent
  ((): ResourceDef => ({ ...base, ...listing, kind: 'nested' }))(),
  // @ts-expect-error a parent-record collection must name its parent
  ((): ResourceDef => ({ ...base, ...listing, kind: 'parent-record' }))(),
  ((): ResourceDef => ({
    ...base,
    kind: 'document',
    parent,
    result: 'array',
    // @ts-expect-error a document has no listing, so no paging
    paging: { kind: 'single' },
  }))(),
  // @ts-expect-error every collection says how its records are stored
  ((): CollectionDef => ({ ...base, kind: 'collection', paging: { kind: 'pages' } }))(),
  // @ts-expect-error only id fields may be bucket filters (their values key bucket files)
  field('name', 'string', 'Name.', 't.name', { filter: 'bucket' }),
  // @ts-expect-error the same, written out
  ((): FieldDef => ({ name: 'n', type: 'date', description: '', sql: '', filter: 'bucket' }))(),
];

/** A collection's optional concerns are groups that admit only the combinations the code reads. */
const illegalGroups = [
  // @ts-expect-error a listing answered whole has no page size
  ((): PagingDef => ({ kind: 'single', size: 10 }))(),
  // @ts-expect-error nor totals to spell
  ((): PagingDef => ({ kind: 'single', totals: 'snake' }))(),
  ((): ResourceDef => ({
    ...base,
    kind: 'document',
    parent,
    result: 'array',
    // @ts-expect-error a document is addressed under its parent: no path filter, no aliases
    routing: { pathFilter: 'owner' },
  }))(),
];

describe('registry kinds', () => {
  it('the legal shapes compile and the illegal ones are refused (see tsc)', () => {
    expect(legal.map((r) => r.kind)).toEqual(['collection', 'nested', 'parent-record', 'document']);
    expect(illegal).toHaveLength(7);
    expect(field('player', 'uuid', 'Player.', 'p.id', { filter: 'bucket' }).filter).toBe('bucket');
  });

  it("a collection's groups admit only the combinations the code reads (see tsc)", () => {
    expect(illegalGroups).toHaveLength(3);
  });

  it('every resource of the registry is one of the four kinds, with what its kind needs', () => {
    const kinds = new Set(['collection', 'nested', 'parent-record', 'document']);
    for (const r of REGISTRY.resources) {
      expect(kinds.has(r.kind), r.path).toBe(true);
      expect('parent' in r, r.path).toBe(r.kind !== 'collection');
      if (r.kind === 'document') {
        expect('paging' in r, r.path).toBe(false);
        expect('order' in r, r.path).toBe(false);
        expect('recordFiles' in r, r.path).toBe(false);
      } else expect(['one', 'bucket'], r.path).toContain(r.recordFiles);
      for (const f of r.fields.filter((f) => f.filter === 'bucket'))
        expect(['uuid', 'integer'], `${r.path} ${f.name}`).toContain(f.type);
    }
    expect(REGISTRY.resources.filter((r) => r.kind === 'document').length).toBeGreaterThan(0);
  });

  it('a collection stored by a field names an indexed filter: micro-events and macro by match', () => {
    const stored = REGISTRY.resources.flatMap((r) =>
      r.kind !== 'document' && r.storedBy ? [r] : [],
    );
    for (const r of stored) {
      const field = r.fields.find((f) => f.name === r.storedBy!.field);
      expect(field && (field.filter ?? 'indexed'), `${r.path}`).toBe('indexed');
      // Ordered by a hidden column the query selects: a match's date.
      expect(r.sql.hidden?.[r.storedBy!.order], r.path).toMatch(/\.match_date$/);
    }
    const events = stored.filter((r) => r.group === 'micro-events');
    expect(events.map((r) => r.path).sort()).toEqual(
      REGISTRY.resources
        .filter((r) => r.group === 'micro-events')
        .map((r) => r.path)
        .sort(),
    );
    expect(events.length).toBe(6);
    // A match's lineups and macro-events, whose default orders spread a match over the resource.
    const paths = stored.map((r) => r.path);
    for (const path of [
      'v1/national/matches/lineups',
      'v1/clubs/matches/goals',
      'v1/clubs/matches/substitutions',
      'v0/events/offenses',
      'v0/matches/lineups',
    ])
      expect(paths, path).toContain(path);
    expect(new Set(stored.map((r) => r.storedBy!.field))).toEqual(new Set(['match']));
  });

  it('a collection answered whole is reference data: filtered, it credits no provider', () => {
    // The router filters such a collection in memory and credits what its one page does, which
    // is exact only when that is nothing (`server/core/compose.ts`).
    const whole = REGISTRY.resources.filter(
      (r) => r.kind !== 'document' && r.paging.kind === 'single',
    );
    expect(whole.length).toBeGreaterThan(0);
    for (const r of whole) expect(r.credit.kind, r.path).toBe('reference');
  });
});
