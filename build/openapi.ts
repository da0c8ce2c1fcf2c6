import type { FieldType } from '../contract/manifest.ts';
import { unknownKind } from '../contract/manifest.ts';
import { MAX_PAGE_SIZE } from './layouts.ts';
import {
  responseKey,
  type CollectionLike,
  type DocumentDef,
  type FieldDef,
  type LinkTemplate,
  type ResourceDef,
} from './registry/define.ts';
import type { Registry } from './registry/index.ts';
import { DuplicateOutputError } from './sink.ts';
import type { Example } from './write-collection.ts';

/**
 * `/openapi.json`: an OpenAPI 3.1 document of v1 and v0, generated from the registry, the source
 * of the files, the manifest and OPTIONS, so it cannot drift from them. Every path a resource
 * answers, with its path parameters, filters (typed, with a `pattern` where a standard `format`
 * would refuse valid input: ids without hyphens, wildcards), paging and sort; the envelope, page
 * and error schemas; a record schema per resource; and the statuses each path answers.
 */

/** A JSON Schema or OpenAPI object, as plain JSON. */
type Json = Record<string, unknown>;

/** The file of the document in every build, at the root of the output. */
export const OPENAPI_FILE = 'openapi.json';

const ref = (kind: 'schemas' | 'parameters' | 'responses', name: string) => ({
  $ref: `#/components/${kind}/${name}`,
});

/** Ids as published: 32 lowercase hex digits. */
const UUID_OUT = '^[0-9a-f]{32}$';
/** Ids as accepted: any case, with or without the hyphens of the usual form. */
const UUID_IN = '^([0-9a-fA-F]{32}|[0-9a-fA-F]{8}(-[0-9a-fA-F]{4}){3}-[0-9a-fA-F]{12})$';

/** A value as a record holds it. */
function valueSchema(type: FieldType): Json {
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
      return { type: 'string', pattern: '^\\d{2}:\\d{2}:\\d{2}$' };
    case 'string':
      return { type: 'string' };
    default:
      return unknownKind(type);
  }
}

/**
 * A filter's value as the router accepts it (DECISIONS, "Filters and sort"): a `*` is a wildcard
 * in text, date and time values, which is why dates and times take a pattern, not a `format`.
 */
function filterSchema(type: FieldType): Json {
  switch (type) {
    case 'uuid':
      return { type: 'string', pattern: UUID_IN };
    case 'integer':
      return { type: 'integer' };
    case 'float':
      return { type: 'number' };
    case 'boolean':
      return { type: 'string', pattern: '^([Tt][Rr][Uu][Ee]|[Ff][Aa][Ll][Ss][Ee]|1|0)$' };
    case 'date':
      return { type: 'string', pattern: '^(\\d{4}-\\d{2}-\\d{2}|[\\d*-]*\\*[\\d*-]*)$' };
    case 'time':
      return { type: 'string', pattern: '^(\\d{2}:\\d{2}(:\\d{2})?|[\\d*:]*\\*[\\d*:]*)$' };
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
const idSchema = (def: ResourceDef) => ({
  ...valueSchema(def.idType),
  ...(def.ids ? { enum: def.ids } : {}),
});

/** The `link` object of a record: its templates, each present when its target exists. */
function linksSchema(links: Record<string, LinkTemplate>): Json {
  return {
    type: 'object',
    properties: Object.fromEntries(
      Object.entries(links).map(([name, link]) => [
        name,
        typeof link === 'string'
          ? { type: 'string', description: `\`${link}\`` }
          : linksSchema(link),
      ]),
    ),
  };
}

/** The schema of one record of a resource. */
function recordSchema(def: ResourceDef, example: Json | null): Json {
  const fields = def.fields.map((f) => [responseKey(def, f), fieldSchema(f)] as const);
  return {
    type: 'object',
    description: def.description,
    properties: {
      id:
        def.kind === 'document' && def.numbered
          ? { type: 'integer', minimum: 1, description: "The record's number, from 1." }
          : { ...idSchema(def), description: 'The record id.' },
      ...Object.fromEntries(fields),
      uri: { type: 'string', description: "The record's own path." },
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

/** An example's record, parsed. */
const sampleOf = (example: Example | undefined): Json | null =>
  example ? (JSON.parse(example.record) as Json) : null;

/** A component name of a resource (`v1_clubs_matches_goals`). */
const nameOf = (path: string) => path.replaceAll('/', '_');

/** An envelope around `result`, its `meta` the schema named `meta`. */
function envelopeSchema(result: Json, meta: string): Json {
  return {
    type: 'object',
    required: ['attribution', 'meta', 'result'],
    properties: { attribution: ref('schemas', 'Attribution'), meta: ref('schemas', meta), result },
  };
}

/** A 200 answer with a body of `schema`. */
function okResponse(description: string, schema: Json): Json {
  return {
    description,
    headers: { ETag: { $ref: '#/components/headers/ETag' } },
    content: { 'application/json': { schema } },
  };
}

/** The statuses every GET answers besides its 200. */
const GET_ERRORS = {
  '206': ref('responses', 'PartialContent'),
  '304': ref('responses', 'NotModified'),
  '400': ref('responses', 'BadRequest'),
  '404': ref('responses', 'NotFound'),
  '416': ref('responses', 'RangeNotSatisfiable'),
};

const GET_HEADERS = [ref('parameters', 'IfNoneMatch'), ref('parameters', 'Range')];

/** A path parameter of an id of `type`, one of `ids` where they are a fixed list. */
function idParameter(
  name: string,
  type: FieldType,
  description: string,
  example: unknown,
  ids?: readonly number[],
): Json {
  return {
    name,
    in: 'path',
    required: true,
    description,
    schema: { ...filterSchema(type), ...(ids ? { enum: ids } : {}) },
    ...(example === undefined || example === null
      ? {}
      : { example: type === 'integer' ? Number(example) : String(example) }),
  };
}

/**
 * The query parameters of a collection: its filters, then paging and sort. `given` is a filter
 * the path already gives (a match's lineups, an action's modifiers), which the query may not.
 */
function collectionParameters(def: CollectionLike, sample: Json | null, given?: string): Json[] {
  const filters = def.fields
    .filter((f) => (f.filter ?? 'indexed') !== 'none' && f.name !== given)
    .map((f) => {
      // The example record's own value, which the filter selects.
      const value = f.list ? null : sample?.[responseKey(def, f)];
      return {
        name: f.name,
        in: 'query',
        required: false,
        description: `${f.description} Filter: records whose ${f.name} equals this value.`,
        schema: filterSchema(f.type),
        ...(value === null || value === undefined
          ? {}
          : { example: typeof value === 'boolean' ? String(value) : value }),
      };
    });
  return [
    ...filters,
    ...(def.paging.kind === 'pages'
      ? [ref('parameters', 'records'), ref('parameters', 'page')]
      : []),
    ref('parameters', 'sort'),
    ...GET_HEADERS,
  ];
}

/** One operation; its id names the path it answers. */
function operation(id: string, summary: string, tag: string, rest: Json): Json {
  return { operationId: id, summary, tags: [tag], ...rest };
}

/** The paths of one resource, by path template. */
function resourcePaths(def: ResourceDef, example: Example | undefined): [string, Json][] {
  const tag = def.version;
  const name = nameOf(def.path);
  const record = ref('schemas', name);
  const sample = sampleOf(example);
  const idParam = (n: string) =>
    idParameter(n, def.idType, `Id of a record of /${def.path}.`, example?.id, def.ids);
  switch (def.kind) {
    case 'collection':
    case 'nested':
    case 'parent-record': {
      const { aliases, pathFilter } = def.routing ?? {};
      const paging = def.paging;
      const pageBody = envelopeSchema(
        { type: 'array', items: record },
        paging.kind === 'pages'
          ? paging.totals === 'snake'
            ? 'PageMetaSnake'
            : 'PageMeta'
          : 'NoMeta',
      );
      const oneBody = envelopeSchema({ type: 'array', items: record, maxItems: 1 }, 'NoMeta');
      const page = okResponse(`A page of /${def.path}.`, pageBody);
      const one = okResponse('The record.', oneBody);
      const list = operation(`list_${name}`, def.title, tag, {
        description: def.description,
        parameters: collectionParameters(def, sample),
        responses: { '200': page, ...GET_ERRORS },
      });
      const paths: [string, Json][] = [
        [`/${def.path}`, readable(list, true)],
        [
          `/${def.path}/{id}`,
          readable(
            operation(`get_${name}`, `One record of ${def.title}`, tag, {
              ...(pathFilter
                ? {
                    // SPEC's `/events/actions/<action id>`: the action's records, paged and
                    // filtered like the collection, else the record of that id.
                    description:
                      `{id} is a ${pathFilter} id (its records, as ?${pathFilter}=<id>) ` +
                      'or, when no record has it, a record id.',
                    parameters: [
                      // The example is the example record's own action, so it lists records.
                      idParameter(
                        'id',
                        def.idType,
                        `A ${pathFilter} id, or a record id of /${def.path}.`,
                        sample?.[
                          responseKey(
                            def,
                            def.fields.find((f) => f.name === pathFilter)!,
                          )
                        ] ?? example?.id,
                      ),
                      ...collectionParameters(def, sample, pathFilter),
                    ],
                    responses: {
                      '200': okResponse('A page, or one record.', { anyOf: [pageBody, oneBody] }),
                      ...GET_ERRORS,
                    },
                  }
                : {
                    description: `A record of /${def.path}.`,
                    parameters: [idParam('id'), ...GET_HEADERS],
                    responses: { '200': one, ...GET_ERRORS },
                  }),
            }),
            false,
          ),
        ],
      ];
      for (const alias of aliases ?? []) {
        const [listed, one] = paths.map(([, item]) => item['get'] as Json);
        paths.push([
          `/${alias}`,
          readable({ ...listed, operationId: `list_${nameOf(alias)}` }, true),
        ]);
        paths.push([
          `/${alias}/{id}`,
          readable({ ...one, operationId: `get_${nameOf(alias)}` }, false),
        ]);
      }
      if (def.kind === 'collection') return paths;
      const { path, name: child, param } = def.parent;
      // A parent record's view has the parent's id; a nested record names its parent in a field.
      const parentId =
        def.kind === 'parent-record'
          ? example?.id
          : sample?.[
              responseKey(
                def,
                def.fields.find((f) => f.name === param)!,
              )
            ];
      const parentParam = idParameter(param, def.idType, `Id of a record of /${path}.`, parentId);
      if (def.kind === 'parent-record')
        return [
          ...paths,
          [
            `/${path}/{${param}}/${child}`,
            readable(
              operation(`get_${name}_of_${param}`, `${def.title} of one ${param}`, tag, {
                parameters: [parentParam, ...GET_HEADERS],
                responses: { '200': one, ...GET_ERRORS },
              }),
              false,
            ),
          ],
        ];
      return [
        ...paths,
        [
          `/${path}/{${param}}/${child}`,
          readable(
            operation(`list_${name}_of_${param}`, `${def.title} of one ${param}`, tag, {
              parameters: [parentParam, ...collectionParameters(def, sample, param)],
              responses: { '200': page, ...GET_ERRORS },
            }),
            true,
          ),
        ],
        [
          `/${path}/{${param}}/${child}/{id}`,
          readable(
            operation(`get_${name}_of_${param}`, `One record of one ${param}`, tag, {
              parameters: [parentParam, idParam('id'), ...GET_HEADERS],
              responses: { '200': one, ...GET_ERRORS },
            }),
            false,
          ),
        ],
      ];
    }
    case 'document':
      return documentPaths(def, record, tag, name, example?.id);
    default:
      return unknownKind(def);
  }
}

/** The paths of a document resource: one document per match, at each of its addresses. */
function documentPaths(
  def: DocumentDef,
  record: Json,
  tag: string,
  name: string,
  matchId: string | undefined,
): [string, Json][] {
  const { path, name: child, param, aliases } = def.parent;
  const result = def.result === 'object' ? record : { type: 'array', items: record };
  const parameters = [
    idParameter(param, def.idType, `The ${param}'s id.`, matchId),
    ...(def.time
      ? [
          {
            name: 'time',
            in: 'query',
            required: false,
            description: `The match state at a time: ${def.time}.`,
            schema: { type: 'string' },
          },
        ]
      : []),
    ...GET_HEADERS,
  ];
  // Under its match a document answers OPTIONS with its description; at its own path, 405.
  const get = (id: string, underMatch: boolean) =>
    readable(
      operation(id, `${def.title} of one ${param}`, tag, {
        description: def.description,
        parameters,
        responses: {
          '200': okResponse(def.title, envelopeSchema(result, 'NoMeta')),
          ...GET_ERRORS,
        },
      }),
      underMatch,
    );
  return [
    [`/${path}/{${param}}/${child}`, get(`get_${name}`, true)],
    ...(aliases ?? []).map((alias): [string, Json] => [
      `/${path}/{${param}}/${alias}`,
      get(`get_${name}_as_${alias}`, true),
    ]),
    [`/${def.path}/{${param}}`, get(`get_${name}_by_path`, false)],
  ];
}

/** The schemas and answers every path shares. */
function sharedComponents(): Json {
  const text = { type: 'string' };
  const link = { type: ['string', 'null'] };
  const pageMeta = (totals: [string, string]) => ({
    type: 'object',
    required: ['first', 'last', 'next', 'prev', 'page', 'records', ...totals],
    properties: {
      first: text,
      last: text,
      next: link,
      prev: link,
      page: { type: 'integer', minimum: 1 },
      records: { type: 'integer', minimum: 1, maximum: MAX_PAGE_SIZE },
      [totals[0]]: { type: 'integer', minimum: 0 },
      [totals[1]]: { type: 'integer', minimum: 0 },
    },
  });
  const error = (description: string) => ({
    description,
    content: { 'application/json': { schema: ref('schemas', 'Error') } },
  });
  return {
    headers: {
      ETag: {
        description: 'A strong tag of the answer, fixed at build time.',
        schema: { type: 'string' },
      },
    },
    schemas: {
      Attribution: {
        type: 'object',
        description: 'Who serves the data and who it comes from, with their licences.',
        required: ['html', 'logo', 'source', 'text', 'url'],
        properties: {
          html: text,
          logo: text,
          text,
          url: text,
          source: {
            type: 'object',
            description: "The records' providers ({} for reference data).",
          },
        },
      },
      PageMeta: pageMeta(['totalPages', 'totalRecords']),
      PageMetaSnake: pageMeta(['total_pages', 'total_records']),
      NoMeta: { type: 'object', maxProperties: 0 },
      Error: {
        type: 'object',
        required: ['status', 'message', 'uri', 'errors'],
        properties: {
          status: { type: 'integer' },
          message: text,
          uri: text,
          errors: {
            type: 'array',
            items: {
              type: 'object',
              required: ['parameter', 'message'],
              properties: { parameter: text, message: text },
            },
          },
        },
      },
    },
    parameters: {
      records: {
        name: 'records',
        in: 'query',
        required: false,
        description: 'Records per page.',
        schema: { type: 'integer', minimum: 1, maximum: MAX_PAGE_SIZE },
      },
      page: {
        name: 'page',
        in: 'query',
        required: false,
        description: 'Page number, from 1.',
        schema: { type: 'integer', minimum: 1 },
      },
      sort: {
        name: 'sort',
        in: 'query',
        required: false,
        description: 'Comma-separated field names; a leading - sorts descending. Ties break on id.',
        schema: { type: 'string', pattern: '^-?[a-z0-9_]+(,-?[a-z0-9_]+)*$' },
      },
      IfNoneMatch: {
        name: 'If-None-Match',
        in: 'header',
        required: false,
        description:
          'A tag from an earlier answer (weak comparison), or * for any: 304 when it still ' +
          'holds, whatever Cache-Control the request carries.',
        schema: text,
      },
      Range: {
        name: 'Range',
        in: 'header',
        required: false,
        description: 'One byte range of the answer (bytes=a-b).',
        schema: text,
      },
    },
    responses: {
      NotModified: { description: 'The tag in If-None-Match is still current.' },
      PartialContent: { description: 'The byte range asked for.' },
      Preflight: { description: 'A CORS preflight (OPTIONS with Access-Control-Request-Method).' },
      Options: {
        description: 'The collection described (fields, filters, paging, sort, links).',
        content: { 'application/json': { schema: { type: 'object' } } },
      },
      BadRequest: error('A parameter the resource does not take, or a value it cannot read.'),
      NotFound: error('No such path or record.'),
      MethodNotAllowed: {
        ...error('The API is read-only; OPTIONS documents collections only.'),
        headers: { Allow: { description: 'The methods the path takes.', schema: text } },
      },
      RangeNotSatisfiable: error('The range starts past the end of the answer.'),
    },
  };
}

/** The OpenAPI document of a registry, as JSON text. */
export function openApiDocument(
  registry: Registry,
  examples: ReadonlyMap<string, Example>,
): string {
  const paths: Record<string, Json> = {
    '/v1': readable(rootOperation('v1'), false),
    '/v0': readable(rootOperation('v0'), false),
  };
  const schemas: Record<string, Json> = {};
  for (const def of registry.resources) {
    const example = examples.get(def.path);
    schemas[nameOf(def.path)] = recordSchema(def, sampleOf(example));
    for (const [path, item] of resourcePaths(def, example)) {
      // Two resources at one path: their files collide too, which the sinks refuse the same way.
      if (paths[path]) throw new DuplicateOutputError(`${path} (in ${OPENAPI_FILE})`);
      paths[path] = item;
    }
  }
  const shared = sharedComponents();
  const doc = {
    openapi: '3.1.0',
    info: {
      title: 'Football Static API',
      version: '1',
      description:
        'Football data published as pre-rendered JSON files with a thin router in front. ' +
        'Read-only: GET and HEAD on every path, OPTIONS on collections; any other method ' +
        'answers 405 with an Allow header. Every answer carries its attribution and licences.',
      license: {
        name: 'MIT (the software; each record credits its data and its licence)',
        identifier: 'MIT',
      },
    },
    servers: [{ url: '/' }],
    security: [],
    tags: [
      { name: 'v1', description: 'The current API: uuid ids, camelCase keys.' },
      { name: 'v0', description: 'The earlier API: integer ids, as SPEC keeps it.' },
    ],
    paths,
    components: { ...shared, schemas: { ...(shared['schemas'] as Json), ...schemas } },
  };
  return JSON.stringify(doc);
}

/**
 * A path with its GET and its OPTIONS, as the router answers them: a listing (a collection, or a
 * document under its match) documents itself (200), any other path refuses OPTIONS (405); a CORS
 * preflight gets 204 anywhere.
 */
function readable(get: Json, listing: boolean): Json {
  const { operationId, summary, tags, parameters } = get as {
    operationId: string;
    summary: string;
    tags: string[];
    parameters?: Json[];
  };
  const inPath = (parameters ?? []).filter((p) => p['in'] === 'path');
  return {
    get,
    options: {
      operationId: `options_${operationId}`,
      summary: `OPTIONS of ${summary}`,
      tags,
      ...(inPath.length > 0 ? { parameters: inPath } : {}),
      responses: listing
        ? {
            '200': ref('responses', 'Options'),
            '204': ref('responses', 'Preflight'),
            '400': ref('responses', 'BadRequest'),
          }
        : { '204': ref('responses', 'Preflight'), '405': ref('responses', 'MethodNotAllowed') },
    },
  };
}

/** A version's root: links to every collection. */
function rootOperation(version: 'v1' | 'v0'): Json {
  return operation(`root_${version}`, `The ${version} root`, version, {
    description: `Links to every collection of ${version}.`,
    parameters: GET_HEADERS,
    responses: {
      '200': {
        description: 'Links to every collection.',
        content: { 'application/json': { schema: { type: 'object' } } },
      },
      ...GET_ERRORS,
    },
  });
}
