import type { FieldType } from '../../contract/manifest.ts';
import { unknownKind } from '../../contract/manifest.ts';
import { MAX_PAGE_SIZE } from '../write/layouts.ts';
import {
  responseKey,
  type DocumentDef,
  type FieldDef,
  type LinkTemplate,
  type ResourceDef,
} from '../define/resource.ts';

/**
 * The schemas of `/openapi.json`: of a record of each resource, and of every other body the API
 * answers with (the envelope and its attribution, pages, errors, OPTIONS documents, the version
 * roots). Every object is declared with its properties, closed where the API writes it whole, so
 * that a generated client's types and a validator both hold an answer to exactly its shape.
 */

/** A JSON Schema or OpenAPI object, as plain JSON. */
export type Json = Record<string, unknown>;

/** A reference to a shared component. */
export const ref = (
  kind: 'schemas' | 'parameters' | 'responses' | 'headers',
  name: string,
): Json => ({ $ref: `#/components/${kind}/${name}` });

/** Ids as published: 32 lowercase hex digits. */
export const UUID_OUT = '^[0-9a-f]{32}$';
/** Ids as accepted: any case, with or without the hyphens of the usual form. */
export const UUID_IN = '^([0-9a-fA-F]{32}|[0-9a-fA-F]{8}(-[0-9a-fA-F]{4}){3}-[0-9a-fA-F]{12})$';

/**
 * A path the API links to, relative to its origin (`/v1/persons?country=...`): a URI reference,
 * which is what `format: uri-reference` checks, starting with the slash of an absolute path.
 */
const PATH = { type: 'string', format: 'uri-reference', pattern: '^/' };

/** A value as a record holds it. */
export function valueSchema(type: FieldType): Json {
  switch (type) {
    case 'uuid':
      return { type: 'string', pattern: UUID_OUT };
    case 'integer':
      return { type: 'integer' };
    case 'float':
      return { type: 'number' };
    case 'boolean':
      return { type: 'boolean' };
    case 'date':
      return { type: 'string', format: 'date' };
    case 'time':
      // Times of day as the build writes them (`keys.ts` parses filters into the same form).
      return { type: 'string', pattern: '^([01]\\d|2[0-3]):[0-5]\\d:[0-5]\\d$' };
    case 'string':
      return { type: 'string' };
    default:
      return unknownKind(type);
  }
}

/** A field's schema in a record: its type, a list of it, and null where the source may not say. */
function fieldSchema(field: FieldDef): Json {
  const nullable = field.nullable ?? true;
  // A fixed reference list's ids or labels, all the values there are.
  const values = field.values ? { enum: [...field.values, ...(nullable ? [null] : [])] } : {};
  const value = field.list
    ? { type: 'array', items: valueSchema(field.type) }
    : { ...valueSchema(field.type), ...values };
  const schema = nullable ? { ...value, type: [value['type'] as string, 'null'] } : (value as Json);
  return { ...schema, description: field.description };
}

/** The schema of a resource's record ids: all of them where it is a fixed reference list. */
export const idSchema = (def: ResourceDef): Json => ({
  ...valueSchema(def.idType),
  ...(def.ids ? { enum: def.ids } : {}),
});

/**
 * The `link` object of a record or a root: its templates, each a path. A record's link is present
 * only when its target exists (`render.ts`); a root has every link (`required`).
 */
export function linksSchema(links: Record<string, LinkTemplate>, required = false): Json {
  return {
    type: 'object',
    additionalProperties: false,
    properties: Object.fromEntries(
      Object.entries(links).map(([name, link]) => [
        name,
        typeof link === 'string'
          ? required
            ? { ...PATH, const: link }
            : { ...PATH, description: `\`${link}\`` }
          : linksSchema(link, required),
      ]),
    ),
    ...(required ? { required: Object.keys(links) } : {}),
  };
}

/** The id of a record: a document's number, or the resource's id. */
function recordIdSchema(def: ResourceDef): Json {
  return def.kind === 'document' && (def as DocumentDef).numbered
    ? { type: 'integer', minimum: 1, description: "The record's number, from 1." }
    : { ...idSchema(def), description: 'The record id.' };
}

/** The schema of one record of a resource, with the first record the build wrote as example. */
export function recordSchema(def: ResourceDef, example: Json | null): Json {
  const fields = def.fields.map((f) => [responseKey(def, f), fieldSchema(f)] as const);
  return {
    type: 'object',
    description: def.description,
    additionalProperties: false,
    properties: {
      id: recordIdSchema(def),
      ...Object.fromEntries(fields),
      uri: { ...PATH, description: "The record's own path." },
      link: linksSchema(def.links),
    },
    required: [
      'id',
      ...def.fields.filter((f) => !f.omitNull).map((f) => responseKey(def, f)),
      'uri',
      'link',
    ],
    ...(example ? { examples: [example] } : {}),
  };
}

/** An envelope around `result`, its `meta` the schema named `meta`. */
export function envelopeSchema(result: Json, meta: string): Json {
  return {
    type: 'object',
    additionalProperties: false,
    required: ['attribution', 'meta', 'result'],
    properties: { attribution: ref('schemas', 'Attribution'), meta: ref('schemas', meta), result },
  };
}

/**
 * A version root (`/v1/`): links to every collection, in a body without attribution (it has no
 * records to credit), as the build writes it.
 */
export function rootSchema(version: string, links: Record<string, LinkTemplate>): Json {
  return {
    type: 'object',
    description: `The ${version} root: a link to every collection of ${version}.`,
    additionalProperties: false,
    required: ['meta', 'result'],
    properties: {
      meta: ref('schemas', 'NoMeta'),
      result: {
        type: 'object',
        additionalProperties: false,
        required: ['link'],
        properties: { link: linksSchema(links, true) },
      },
    },
  };
}

const text = { type: 'string' };
const texts = { type: 'array', items: text };

/** A pagination object, its totals spelled `totals` (`envelope.ts`, `pageMeta`). */
function pageMeta(totals: [string, string]): Json {
  const link = { ...PATH, description: 'A page of the same query.' };
  return {
    type: 'object',
    additionalProperties: false,
    required: ['first', 'last', 'next', 'prev', 'page', 'records', ...totals],
    properties: {
      first: link,
      last: link,
      next: { ...link, type: ['string', 'null'], description: 'The next page; null on the last.' },
      prev: {
        ...link,
        type: ['string', 'null'],
        description: 'The page before; null on the first.',
      },
      page: { type: 'integer', minimum: 1 },
      records: { type: 'integer', minimum: 1, maximum: MAX_PAGE_SIZE },
      [totals[0]]: { type: 'integer', minimum: 0 },
      [totals[1]]: { type: 'integer', minimum: 0 },
    },
  };
}

/** A provider of records, as `attribution.source` credits it (`Provider` in `envelope.ts`). */
const PROVIDER = {
  type: 'object',
  description: 'A provider of the records, with the credit and licence it requires.',
  additionalProperties: false,
  required: ['name', 'url', 'html', 'logo', 'license'],
  properties: { name: text, url: text, html: text, logo: text, license: text },
};

/**
 * `attribution.source` (`envelope.ts`, `sourceOf`): one provider; several, joined, with the list
 * of them in `providers`; or `{}` for reference data and answers with no records.
 */
const SOURCE = {
  description: "The records' providers: one, several (listed in providers), or {} for none.",
  oneOf: [
    ref('schemas', 'Provider'),
    {
      type: 'object',
      title: 'Providers',
      description: 'Several providers: their names, credits and licences joined, and the list.',
      additionalProperties: false,
      required: ['name', 'url', 'html', 'logo', 'license', 'providers'],
      properties: {
        ...PROVIDER.properties,
        providers: { type: 'array', minItems: 2, items: ref('schemas', 'Provider') },
      },
    },
    {
      type: 'object',
      title: 'NoProvider',
      description: 'Reference data, or no records: nobody to credit.',
      additionalProperties: false,
      properties: {},
    },
  ],
};

/** A field of a resource as OPTIONS documents it (`describe.ts`). */
const OPTIONS_FIELD = {
  type: 'object',
  required: ['name', 'key', 'type', 'nullable', 'description', 'filter'],
  properties: {
    name: { ...text, description: 'The filter and sort name.' },
    key: { ...text, description: 'The key in records.' },
    type: { ...text, description: 'The value type; `<type>[]` for a list of values.' },
    nullable: { type: 'boolean' },
    description: text,
    filter: { type: 'boolean', description: 'Whether the field is a filter parameter.' },
  },
};

/** How the records of a resource are addressed, as OPTIONS documents it. */
const OPTIONS_ID = {
  type: 'object',
  required: ['type', 'path'],
  properties: {
    type: { enum: ['uuid', 'integer', null] },
    path: { ...text, description: 'The path template of one record (or document).' },
    note: text,
  },
};

/** What every OPTIONS document has (`describe.ts`), whatever the resource's kind. */
const OPTIONS_COMMON = {
  resource: { ...PATH, description: 'The path of the resource.' },
  title: text,
  description: text,
  methods: { type: 'array', items: { enum: ['GET', 'HEAD', 'OPTIONS'] } },
  id: OPTIONS_ID,
  fields: { type: 'array', items: OPTIONS_FIELD },
  parameters: { ...texts, description: 'The query parameters besides the filters.' },
  links: ref('schemas', 'LinkTemplates'),
};

/**
 * An OPTIONS body: `{meta: {}, result: [description]}`, the description of the schema `name`.
 * The descriptions stay open (no `additionalProperties: false`): OPTIONS may say more about a
 * resource later without a client that reads it breaking.
 */
function optionsBody(name: string): Json {
  return {
    type: 'object',
    additionalProperties: false,
    required: ['meta', 'result'],
    properties: {
      meta: ref('schemas', 'NoMeta'),
      result: { type: 'array', minItems: 1, maxItems: 1, items: ref('schemas', name) },
    },
  };
}

/** The schemas every path shares. */
export function sharedSchemas(): Record<string, Json> {
  return {
    ...envelopeSchemas(),
    Error: errorSchema(),
    Health: healthSchema(),
    ...optionsSchemas(),
  };
}

/** The schemas of an envelope's parts: the attribution, its providers, and the `meta`s. */
function envelopeSchemas(): Record<string, Json> {
  return {
    Attribution: {
      type: 'object',
      description: 'Who serves the data and who it comes from, with their licences.',
      additionalProperties: false,
      required: ['html', 'logo', 'source', 'text', 'url'],
      properties: { html: text, logo: PATH, source: SOURCE, text, url: PATH },
    },
    Provider: PROVIDER,
    PageMeta: pageMeta(['totalPages', 'totalRecords']),
    PageMetaSnake: pageMeta(['total_pages', 'total_records']),
    NoMeta: { type: 'object', additionalProperties: false, properties: {} },
  };
}

/** The body of an error answer: its status, message, address, and the parameters at fault. */
function errorSchema(): Json {
  return {
    type: 'object',
    additionalProperties: false,
    required: ['status', 'message', 'uri', 'errors'],
    properties: {
      status: { type: 'integer', minimum: 400, maximum: 599 },
      message: text,
      uri: { ...text, description: 'The path and query as received.' },
      errors: {
        type: 'array',
        items: {
          type: 'object',
          additionalProperties: false,
          required: ['parameter', 'message'],
          properties: { parameter: text, message: text },
        },
      },
    },
  };
}

/** The body of the health check (`contract/health.ts`). */
function healthSchema(): Json {
  return {
    type: 'object',
    description: 'The build the server answers from, read again for this answer.',
    additionalProperties: false,
    required: ['status', 'build', 'format'],
    properties: {
      status: { const: 'ok' },
      build: { ...text, description: 'The content hash of the whole build.' },
      format: { type: 'integer', minimum: 1, description: "The manifest's format." },
    },
  };
}

/** The schemas of OPTIONS: a listing's links, its description, and the bodies around them. */
function optionsSchemas(): Record<string, Json> {
  return {
    LinkTemplates: {
      type: 'object',
      description: 'Link templates by name: a path with {field} placeholders, or more of them.',
      additionalProperties: { anyOf: [text, ref('schemas', 'LinkTemplates')] },
    },
    CollectionDescription: collectionDescription(),
    DocumentDescription: documentDescription(),
    CollectionOptions: optionsBody('CollectionDescription'),
    DocumentOptions: optionsBody('DocumentDescription'),
  };
}

/** A collection as OPTIONS describes it (`describe.ts`). */
function collectionDescription(): Json {
  const limit = { type: ['integer', 'null'], minimum: 1 };
  return {
    type: 'object',
    description: 'A collection: its fields, filters, paging, sort and links.',
    required: [...Object.keys(OPTIONS_COMMON), 'paginated', 'records', 'sort', 'queries'],
    properties: {
      ...OPTIONS_COMMON,
      aliases: { type: 'array', items: PATH, description: 'Other paths of the collection.' },
      paginated: { type: 'boolean' },
      records: {
        type: 'object',
        description: 'Records per page, by default and at most; null when not paginated.',
        required: ['default', 'max'],
        properties: { default: limit, max: limit },
      },
      sort: {
        type: 'object',
        required: ['default', 'fields'],
        properties: {
          default: { ...texts, description: 'The default order.' },
          fields: { ...texts, description: 'The names sort takes.' },
          order: { ...text, description: 'The default order in words.' },
        },
      },
      queries: {
        type: 'object',
        description:
          'What answering a query reads, by kind of query (filter, wildcard, sort, records), ' +
          'and `refused`: which valid queries are refused (none).',
        required: ['refused'],
        properties: { refused: text },
        additionalProperties: text,
      },
    },
  };
}

/** A per-match document as OPTIONS describes it (`describe.ts`). */
function documentDescription(): Json {
  return {
    type: 'object',
    description: 'A per-match document: its fields, links and the one document per match.',
    required: [...Object.keys(OPTIONS_COMMON), 'paginated', 'records', 'result'],
    properties: {
      ...OPTIONS_COMMON,
      paginated: { const: false },
      records: {
        type: 'object',
        required: ['default', 'max'],
        properties: { default: { type: 'null' }, max: { type: 'null' } },
      },
      result: { enum: ['object', 'array'], description: 'One object, or a list of records.' },
    },
  };
}
