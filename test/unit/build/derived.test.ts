import { describe, expect, it } from 'vitest';
import { derivedTables } from '../../../build/derived/tables.ts';
import type { ResourceDef, DerivedTable } from '../../../build/define/resource.ts';
import { REGISTRY } from '../../../build/registry/index.ts';

/** A table that fills nothing, reading `reads`. */
const table = (name: string, reads: DerivedTable[] = []): DerivedTable => ({
  name,
  fill: () => {},
  reads,
});

/** Just what `derivedTables` reads of a resource. */
const reading = (...temp: DerivedTable[]) => ({ sql: { temp } }) as unknown as ResourceDef;

describe('derived tables', () => {
  it('come each after the tables its fill reads, once, with those no resource names', () => {
    const events = table('events');
    const sources = table('sources');
    const stats = table('stats', [events]);
    const order = table('order');
    const tables = derivedTables([
      reading(sources),
      reading(order, stats),
      reading(stats, sources),
    ]);
    // `events` is named by no resource, but `stats` reads it: filled all the same, and before it.
    expect(tables.map((t) => t.name)).toEqual(['sources', 'order', 'events', 'stats']);
  });

  it('every resource names the derived tables its SQL reads', () => {
    for (const def of REGISTRY.resources) {
      const sql = [
        def.sql.id,
        def.sql.from,
        ...def.fields.map((f) => f.sql),
        ...Object.values(def.sql.hidden ?? {}),
        def.credit.kind === 'data' ? def.credit.sourceSql : '',
      ].join(' ');
      const read = [...sql.matchAll(/\bderived\.(\w+)/g)].map((m) => m[1]);
      const named = derivedTables([def]).flatMap((t) => [t.name, ...(t.also ?? [])]);
      for (const name of read) expect(named, `${def.path} reads derived.${name}`).toContain(name);
    }
  });

  it('refuse tables that read each other, and two tables of one name', () => {
    const a = table('a');
    const b = table('b', [a]);
    a.reads = [b];
    expect(() => derivedTables([reading(b)])).toThrow(/read each other: b,a,b/);
    expect(() => derivedTables([reading(table('x')), reading(table('x'))])).toThrow(/two .* x/);
  });

  it("the registry's: the statistics after the micro-events they are computed from", () => {
    const names = derivedTables(REGISTRY.resources).map((t) => t.name);
    expect(new Set(names).size).toBe(names.length);
    expect(names).toEqual(
      expect.arrayContaining(['micro_event', 'match_source', 'lineup_stat', 'lineup_order']),
    );
    expect(names.indexOf('micro_event')).toBeLessThan(names.indexOf('lineup_stat'));
    for (const t of derivedTables(REGISTRY.resources))
      for (const read of t.reads ?? [])
        expect(names.indexOf(read.name), `${t.name} reads ${read.name}`).toBeLessThan(
          names.indexOf(t.name),
        );
  });
});
