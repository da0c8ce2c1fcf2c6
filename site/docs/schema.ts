import { h, type Child } from '../explorer/dom.ts';
import { prose } from './prose.ts';

/**
 * A JSON Schema of the document (its references already resolved, `local-refs.ts`) as a list a
 * reader scans: each property with its type, whether it is always there, and its description;
 * objects nested in it open on demand, so an envelope shows its three keys first.
 */

/** A schema of the document, as the page reads it. */
export type Schema = { readonly [key: string]: unknown };

const isSchema = (value: unknown): value is Schema =>
  value !== null && typeof value === 'object' && !Array.isArray(value);

/** At most this many values of an enumeration are listed; the rest are counted. */
const ENUM_SHOWN = 12;

/** A JSON value, short: for enumerations, constants and examples. */
const short = (value: unknown, length = 200): string => {
  const text = JSON.stringify(value) ?? String(value);
  return text.length > length ? `${text.slice(0, length - 1)}…` : text;
};

/** The alternatives of a schema (`oneOf`, `anyOf`), if it has them. */
const variantsOf = (schema: Schema): Schema[] =>
  [schema['oneOf'], schema['anyOf']].flatMap((list) =>
    Array.isArray(list) ? list.filter(isSchema) : [],
  );

/** The type of a schema in a few words: `string | null`, `array of object`, `date`. */
export function typeOf(schema: Schema): string {
  if (typeof schema['$ref'] === 'string') return String(schema['$ref']).split('/').pop()!;
  if ('const' in schema) return short(schema['const']);
  // Raw bytes, as OpenAPI 3.1 describes them: the media type they are bytes of, no JSON type.
  if (schema['type'] === undefined && typeof schema['contentMediaType'] === 'string')
    return `bytes of ${schema['contentMediaType']}`;
  const types = Array.isArray(schema['type']) ? schema['type'] : [schema['type']];
  const named = types
    .filter((type): type is string => typeof type === 'string')
    .map((type) => {
      const items = schema['items'];
      if (type === 'array' && isSchema(items)) return `array of ${typeOf(items)}`;
      if (type === 'string' && typeof schema['format'] === 'string') return schema['format'];
      return type;
    });
  if (named.length > 0) return named.join(' | ');
  const variants = variantsOf(schema);
  return variants.length > 0 ? variants.map(typeOf).join(' | ') : 'any';
}

/** What else a schema says of its values: its values listed, its pattern, its bounds. */
function constraintsOf(schema: Schema): string[] {
  const said: string[] = [];
  const values = schema['enum'];
  if (Array.isArray(values)) {
    const listed = values.slice(0, ENUM_SHOWN).map((value) => short(value, 40));
    const more = values.length - listed.length;
    said.push(`one of ${listed.join(', ')}${more > 0 ? ` and ${more} more` : ''}`);
  }
  if (typeof schema['pattern'] === 'string') said.push(`pattern ${schema['pattern']}`);
  for (const [key, words] of [
    ['minimum', 'at least'],
    ['maximum', 'at most'],
  ] as const)
    if (typeof schema[key] === 'number') said.push(`${words} ${String(schema[key])}`);
  const items = schema['items'];
  if (isSchema(items)) said.push(...constraintsOf(items).map((text) => `each ${text}`));
  const count = (n: unknown) => `${String(n)} ${n === 1 ? 'item' : 'items'}`;
  if (typeof schema['minItems'] === 'number') said.push(`at least ${count(schema['minItems'])}`);
  if (typeof schema['maxItems'] === 'number') said.push(`at most ${count(schema['maxItems'])}`);
  if ('default' in schema) said.push(`default ${short(schema['default'], 40)}`);
  return said;
}

/** What a description and a schema say of a value: the description, then the constraints. */
export function described(description: string | undefined, schema: Schema): HTMLElement[] {
  return [
    ...prose(description, 'about'),
    ...constraintsOf(schema).map((text) => h('p', { class: 'about constraint' }, text)),
  ];
}

/** The schema whose properties a reader opens: an object's own, or an array's items'. */
function inner(schema: Schema): Schema | null {
  if (isSchema(schema['properties'])) return schema;
  const items = schema['items'];
  if (isSchema(items) && isSchema(items['properties'])) return items;
  return null;
}

/** One property: its name, type, whether it is required, what it is, and what it holds. */
function property(name: string, schema: Schema, required: boolean, depth: number): HTMLElement {
  const nested = inner(schema);
  const head: Child[] = [
    h('code', { class: 'name' }, name),
    ' ',
    h('span', { class: 'type' }, typeOf(schema)),
    required ? null : h('span', { class: 'optional' }, ' optional'),
  ];
  const about = described(schema['description'] as string | undefined, schema);
  if (nested === null) return h('li', null, head, about, variants(schema, depth));
  return h(
    'li',
    null,
    h(
      'details',
      { open: depth === 0 },
      h('summary', null, head),
      about,
      schemaView(nested, depth + 1),
    ),
  );
}

/** A schema's alternatives, each shown in turn. */
function variants(schema: Schema, depth: number): HTMLElement | null {
  const list = variantsOf(schema).filter((variant) => inner(variant) !== null);
  if (list.length === 0) return null;
  return h(
    'ol',
    { class: 'variants' },
    list.map((variant) =>
      h('li', null, h('span', { class: 'type' }, 'one of: '), schemaView(variant, depth + 1)),
    ),
  );
}

/** A schema as a list of its properties, and its first example. */
export function schemaView(schema: Schema, depth = 0): HTMLElement {
  const own = inner(schema);
  const properties = own && isSchema(own['properties']) ? Object.entries(own['properties']) : [];
  const required = new Set(Array.isArray(own?.['required']) ? (own['required'] as string[]) : []);
  const examples = own?.['examples'];
  return h(
    'div',
    { class: 'schema' },
    properties.length === 0
      ? h(
          'p',
          { class: 'about' },
          h('span', { class: 'type' }, typeOf(schema)),
          variants(schema, depth),
        )
      : h(
          'ul',
          { class: 'properties' },
          properties.map(([name, value]) =>
            property(name, isSchema(value) ? value : {}, required.has(name), depth),
          ),
        ),
    Array.isArray(examples) && examples.length > 0
      ? h(
          'details',
          { class: 'example' },
          h('summary', null, 'Example'),
          h('pre', null, h('code', null, JSON.stringify(examples[0], null, 2))),
        )
      : null,
  );
}
