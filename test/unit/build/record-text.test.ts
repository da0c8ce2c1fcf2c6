import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  responseKey,
  type LinkTemplate,
  type ResourceDef,
} from '../../../build/define/resource.ts';
import { REGISTRY } from '../../../build/registry/index.ts';
import { recordRenderer, recordText } from '../../../build/write/render.ts';

/**
 * The build renders each record of a collection straight to its JSON text: for every resource of
 * the registry and any row (nulls, booleans as 0 and 1, numbers, text of any characters, values
 * that links must escape), the text is what serialising the rendered record gives.
 */

/** The columns a resource's records read: the id, its fields and its links' placeholders. */
function columnsOf(def: ResourceDef): string[] {
  const names = new Set(['id', ...def.fields.map((f) => f.name)]);
  const placeholders = (t: LinkTemplate): void => {
    if (typeof t !== 'string') return Object.values(t).forEach(placeholders);
    for (const [, name] of t.matchAll(/\{(\w+)\}/g)) names.add(name!);
  };
  placeholders(def.links);
  if (def.routing?.uri) placeholders(def.routing.uri);
  return [...names];
}

const scalar = fc.oneof(
  fc.constant(null),
  fc.constantFrom(0, 1),
  fc.integer(),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.string({ unit: 'grapheme', maxLength: 8 }),
  fc.constantFrom('a"b', 'back\\slash', 'line\nbreak', 'ü/ß?&=#', ''),
);

describe('records rendered as text', () => {
  const defs = REGISTRY.resources.filter((def) => def.kind !== 'document');

  it('renders every resource of the registry as JSON.stringify of its record', () => {
    expect(defs.length).toBeGreaterThan(100);
    for (const def of defs) {
      const columns = columnsOf(def);
      const text = recordText(def, columns);
      expect(text, def.path).not.toBeNull();
      const object = recordRenderer(def, columns);
      fc.assert(
        fc.property(
          fc.array(scalar, { minLength: columns.length, maxLength: columns.length }),
          (row) => {
            expect(text!(row)).toBe(JSON.stringify(object(row)));
          },
        ),
        { numRuns: 40 },
      );
    }
  });

  it('leaves to the record a resource whose keys an object would reorder or merge', () => {
    const def = defs[0]!;
    const first = responseKey(def, def.fields[0]!);
    for (const key of ['id', 'uri', 'link', '7', first]) {
      const extra = { ...def.fields[0]!, name: 'extra', key };
      const keyed = { ...def, fields: [...def.fields, extra] } as ResourceDef;
      expect(recordText(keyed, columnsOf(def)), key).toBeNull();
    }
  });
});
