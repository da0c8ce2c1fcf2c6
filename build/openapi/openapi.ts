import {
  unknownKind,
  type CollectionLikeManifest,
  type DocumentManifest,
  type FieldType,
  type ImpliedFilter,
  type ResourceManifest,
} from '../../contract/manifest.ts';
import { HEALTH_PATH } from '../../contract/health.ts';
import { MAX_PAGE_SIZE } from '../write/layouts.ts';
import { collectionParameters, queriesNote, timeParameter } from './parameters.ts';
import { documentTags, groupTag, SERVICE_TAG, tagOf } from './tags.ts';
import {
  envelopeSchema,
  recordSchema,
  ref,
  rootSchema,
  sharedSchemas,
  UUID_IN,
  type Json,
} from './schemas.ts';
import {
  responseKey,
  type CollectionLike,
  type DocumentDef,
  type NestedDef,
  type ParentRecordDef,
  type ResourceDef,
} from '../define/resource.ts';
import type { Registry } from '../define/resource.ts';
import { DuplicateOutputError } from '../output/sink.ts';
import type { Example } from '../write/collection.ts';

/**
 * `/openapi.json`: an OpenAPI 3.1 document of v1 and v0, generated from the registry and the
 * manifest the build writes (the router's own description of each resource), so it cannot drift
 * from them. Every path a resource answers, with GET, HEAD and OPTIONS as the router answers
 * them; its path parameters, filters (typed, with a `pattern` where a standard `format` would
 * refuse valid input: ids without hyphens, wildcards), the phase rule, paging and sort; the
 * envelope, page, error and OPTIONS schemas; a record schema per resource; and the statuses each
 * path answers.
 */

/** The file of the document in every build, at the root of the output. */
export const OPENAPI_FILE = 'openapi.json';

/**
 * The heading of the note on what a collection's queries read (`queriesNote`). The note is part of
 * the contract, but a reader comes for the operation: it closes the description, under its own
 * heading, so the operation's own words come first and a page can fold the note away.
 */
export const QUERIES_HEADING = 'What a query reads';

/** A description, then the note on the queries of `entry` under its heading. */
const withQueries = (description: string, entry: CollectionLikeManifest): string =>
  `${description}\n\n### ${QUERIES_HEADING}\n\n${queriesNote(entry)}`;

/** An example's record, parsed. */
const sampleOf = (example: Example | undefined): Json | null =>
  example ? (JSON.parse(example.record) as Json) : null;

/** A component name of a resource (`v1_clubs_matches_goals`). */
const nameOf = (path: string) => path.replaceAll('/', '_');

/** The headers of every answer with a body the router serves whole. */
const OK_HEADERS = {
  ETag: ref('headers', 'ETag'),
  'Cache-Control': ref('headers', 'Cache-Control'),
  'Access-Control-Allow-Origin': ref('headers', 'Access-Control-Allow-Origin'),
};

/** A 200 answer with a body of `schema`. */
function okResponse(description: string, schema: Json): Json {
  return { description, headers: OK_HEADERS, content: { 'application/json': { schema } } };
}

/** The statuses every GET answers besides its 200. */
const GET_ERRORS = {
  '206': ref('responses', 'PartialContent'),
  '304': ref('responses', 'NotModified'),
  '400': ref('responses', 'BadRequest'),
  '404': ref('responses', 'NotFound'),
  '416': ref('responses', 'RangeNotSatisfiable'),
};

/** The statuses of a HEAD: a GET's, with the headers and without the body. */
const HEAD_RESPONSES = {
  '200': ref('responses', 'HeadOk'),
  '206': ref('responses', 'HeadPartialContent'),
  '304': ref('responses', 'NotModified'),
  '400': ref('responses', 'HeadBadRequest'),
  '404': ref('responses', 'HeadNotFound'),
  '416': ref('responses', 'HeadRangeNotSatisfiable'),
};

const GET_HEADERS = [ref('parameters', 'IfNoneMatch'), ref('parameters', 'Range')];

/**
 * A path parameter of an id of `type`, one of `ids` where they are a fixed list. Its example (a
 * record the build wrote) stays: a path parameter is required, so a reference page's pre-filled
 * value is one the user needs anyway, and one that answers.
 */
function idParameter(
  name: string,
  type: FieldType,
  description: string,
  example: unknown,
  ids?: readonly number[],
): Json {
  const schema =
    type === 'uuid' ? { type: 'string', pattern: UUID_IN } : { type: 'integer', minimum: 0 };
  return {
    name,
    in: 'path',
    required: true,
    description,
    schema: { ...schema, ...(ids ? { enum: ids } : {}) },
    ...(example === undefined || example === null
      ? {}
      : { example: type === 'integer' ? Number(example) : String(example) }),
  };
}

/** One operation; its id names the path it answers. */
function operation(id: string, summary: string, tag: string, rest: Json): Json {
  return { operationId: id, summary, tags: [tag], ...rest };
}

/** What the router answers OPTIONS with at a path (`route.ts`). */
type OptionsKind = 'collection' | 'document' | 'preflight';

/**
 * A path with its GET, its HEAD and its OPTIONS, as the router answers them. OPTIONS on a listing
 * (a collection, or a document under its match) describes it (200), and is a CORS preflight (204)
 * with Access-Control-Request-Method; elsewhere OPTIONS is only the preflight, and 405 without.
 */
function pathItem(get: Json, options: OptionsKind): Json {
  const { operationId, summary, tags, parameters } = get as {
    operationId: string;
    summary: string;
    tags: string[];
    parameters: Json[];
  };
  const inPath = parameters.filter((p) => p['in'] === 'path');
  const head = {
    operationId: `head_${operationId}`,
    summary: `HEAD of ${summary}`,
    tags,
    description: "The GET's status and headers, without its body.",
    parameters,
    responses: HEAD_RESPONSES,
  };
  return { get, head, options: optionsOperation(operationId, summary, tags, inPath, options) };
}

/** The OPTIONS of a path (`pathItem`). */
function optionsOperation(
  operationId: string,
  summary: string,
  tags: string[],
  inPath: Json[],
  kind: OptionsKind,
): Json {
  const common = { operationId: `options_${operationId}`, tags };
  if (kind === 'preflight')
    return {
      ...common,
      summary: `CORS preflight of ${summary}`,
      description:
        'A CORS preflight, answered 204 with the Access-Control-* headers and no body. This ' +
        'path is not a listing, so OPTIONS without Access-Control-Request-Method is a 405.',
      parameters: [...inPath, ref('parameters', 'PreflightMethod'), ref('parameters', 'Headers')],
      responses: {
        '204': ref('responses', 'Preflight'),
        '405': ref('responses', 'MethodNotAllowed'),
      },
    };
  return {
    ...common,
    summary: `OPTIONS of ${summary}`,
    description:
      'The description of the listing (fields, filters, paging, sort, links); a CORS preflight ' +
      '(with Access-Control-Request-Method) is answered 204 instead.',
    parameters: [...inPath, ref('parameters', 'RequestMethod'), ref('parameters', 'Headers')],
    responses: {
      '200': ref('responses', kind === 'collection' ? 'CollectionOptions' : 'DocumentOptions'),
      '204': ref('responses', 'Preflight'),
      '400': ref('responses', 'BadRequest'),
      ...(inPath.length > 0 ? { '404': ref('responses', 'NotFound') } : {}),
    },
  };
}

/** What the paths of one resource are made from. */
interface ResourceContext {
  def: ResourceDef;
  entry: ResourceManifest;
  example: Example | undefined;
  sample: Json | null;
  name: string;
  record: Json;
}

/** The paths of one resource, by path template. */
function resourcePaths(ctx: ResourceContext): [string, Json][] {
  const { def, entry } = ctx;
  switch (def.kind) {
    case 'collection':
    case 'nested':
    case 'parent-record':
      if (entry.kind === 'document') throw new Error(`${def.path}: manifest kind differs`);
      return collectionPaths(ctx, def, entry);
    case 'document':
      if (entry.kind !== 'document') throw new Error(`${def.path}: manifest kind differs`);
      return documentPaths(ctx, def, entry);
    default:
      return unknownKind(def);
  }
}

/**
 * The name of an implied filter's value where the registry has one: the label of the same
 * position in the `<field>_name` field's values (phase 1 is the `League` of `phase_name`).
 */
function impliedLabel(def: ResourceDef): (rule: ImpliedFilter) => string | undefined {
  return (rule) => {
    const ids = def.fields.find((f) => f.name === rule.field)?.values;
    const labels = def.fields.find((f) => f.name === `${rule.field}_name`)?.values;
    const at = ids?.findIndex((id) => String(id) === rule.value) ?? -1;
    return at >= 0 && labels?.length === ids?.length ? String(labels![at]) : undefined;
  };
}

/** The bodies of a collection's answers: a page (or the whole list), and one record. */
function collectionBodies(def: CollectionLike, record: Json): { page: Json; one: Json } {
  const paging = def.paging;
  const meta =
    paging.kind === 'single' ? 'NoMeta' : paging.totals === 'snake' ? 'PageMetaSnake' : 'PageMeta';
  return {
    page: envelopeSchema(
      {
        type: 'array',
        items: record,
        ...(paging.kind === 'pages' ? { maxItems: MAX_PAGE_SIZE } : {}),
      },
      meta,
    ),
    one: envelopeSchema({ type: 'array', items: record, minItems: 1, maxItems: 1 }, 'NoMeta'),
  };
}

/** What the operations of a collection are made from. */
interface CollectionContext extends ResourceContext {
  def: CollectionLike;
  entry: CollectionLikeManifest;
  tag: string;
  /** The bodies of its answers (`collectionBodies`). */
  bodies: { page: Json; one: Json };
  /** The 200 answers of a page and of one record. */
  page: Json;
  one: Json;
  /** The names of implied filters' values (`impliedLabel`). */
  label: (rule: ImpliedFilter) => string | undefined;
}

/** The paths of a collection, its aliases and, for a child of a parent record, its parent's. */
function collectionPaths(
  ctx: ResourceContext,
  def: CollectionLike,
  entry: CollectionLikeManifest,
): [string, Json][] {
  const bodies = collectionBodies(def, ctx.record);
  const c: CollectionContext = {
    ...ctx,
    def,
    entry,
    tag: tagOf(def),
    bodies,
    page: okResponse(`A page of /${def.path}.`, bodies.page),
    one: okResponse('The record.', bodies.one),
    label: impliedLabel(def),
  };
  const list = operation(`list_${c.name}`, def.title, c.tag, {
    description: withQueries(def.description, entry),
    parameters: [...collectionParameters(entry, c.label), ...GET_HEADERS],
    responses: { '200': c.page, ...GET_ERRORS },
  });
  const record = recordOperation(c);
  const paths: [string, Json][] = [
    [`/${def.path}`, pathItem(list, 'collection')],
    [`/${def.path}/{id}`, pathItem(record, 'preflight')],
    ...(def.routing?.aliases ?? []).flatMap((alias): [string, Json][] => [
      [`/${alias}`, pathItem({ ...list, operationId: `list_${nameOf(alias)}` }, 'collection')],
      [`/${alias}/{id}`, pathItem({ ...record, operationId: `get_${nameOf(alias)}` }, 'preflight')],
    ]),
  ];
  if (def.kind === 'collection') return paths;
  return [...paths, ...parentPaths(c, def)];
}

/** The path parameter `n` of a record id of the collection. */
const recordIdParameter = ({ def, example }: CollectionContext, n: string) =>
  idParameter(n, def.idType, `Id of a record of /${def.path}.`, example?.id, def.ids);

/** The value of `field` in the example record, if there is one. */
const sampleValue = ({ def, sample }: CollectionContext, field: string) =>
  sample?.[
    responseKey(
      def,
      def.fields.find((f) => f.name === field)!,
    )
  ];

/** The GET of one record of a collection, by its id or, with a path filter, by the filter's. */
function recordOperation(c: CollectionContext): Json {
  const { def, name, tag } = c;
  const pathFilter = def.routing?.pathFilter;
  if (pathFilter) return pathFilterOperation(c, pathFilter);
  return operation(`get_${name}`, `One record of ${def.title}`, tag, {
    description: `A record of /${def.path}.`,
    parameters: [recordIdParameter(c, 'id'), ...GET_HEADERS],
    responses: { '200': c.one, ...GET_ERRORS },
  });
}

/** The GET at `/<path>/{id}` of a collection with a path filter: a page of the value, or a record. */
function pathFilterOperation(c: CollectionContext, pathFilter: string): Json {
  const { def, entry, example } = c;
  return operation(`get_${c.name}`, `One record of ${def.title}`, c.tag, {
    // `/events/actions/<action id>` (docs/api.md#micro-events): the action's records, paged and
    // filtered like the collection, else the record of that id.
    description: withQueries(
      `{id} is a ${pathFilter} id (its records, as ?${pathFilter}=<id>) ` +
        'or, when no record has it, a record id.',
      entry,
    ),
    parameters: [
      // The example is the example record's own action, so it lists records.
      idParameter(
        'id',
        def.idType,
        `A ${pathFilter} id, or a record id of /${def.path}.`,
        sampleValue(c, pathFilter) ?? example?.id,
      ),
      ...collectionParameters(entry, c.label, pathFilter),
      ...GET_HEADERS,
    ],
    responses: {
      '200': okResponse('A page, or one record.', { anyOf: [c.bodies.page, c.bodies.one] }),
      ...GET_ERRORS,
    },
  });
}

/**
 * The paths of a child collection under a record of its parent: a parent record's view, or a
 * nested collection's list and its records.
 */
function parentPaths(c: CollectionContext, def: NestedDef | ParentRecordDef): [string, Json][] {
  const { name, entry, tag } = c;
  const { path, name: child, param } = def.parent;
  // A parent record's view has the parent's id; a nested record names its parent in a field.
  const parentId = def.kind === 'parent-record' ? c.example?.id : sampleValue(c, param);
  const parentParam = idParameter(param, def.idType, `Id of a record of /${path}.`, parentId);
  const under = `/${path}/{${param}}/${child}`;
  if (def.kind === 'parent-record') {
    const get = operation(`get_${name}_of_${param}`, `${def.title} of one ${param}`, tag, {
      parameters: [parentParam, ...GET_HEADERS],
      responses: { '200': c.one, ...GET_ERRORS },
    });
    return [[under, pathItem(get, 'preflight')]];
  }
  const listUnder = operation(`list_${name}_of_${param}`, `${def.title} of one ${param}`, tag, {
    description: withQueries(def.description, entry),
    parameters: [parentParam, ...collectionParameters(entry, c.label, param), ...GET_HEADERS],
    responses: { '200': c.page, ...GET_ERRORS },
  });
  const oneUnder = operation(`get_${name}_of_${param}`, `One record of one ${param}`, tag, {
    parameters: [parentParam, recordIdParameter(c, 'id'), ...GET_HEADERS],
    responses: { '200': c.one, ...GET_ERRORS },
  });
  return [
    [under, pathItem(listUnder, 'collection')],
    [`${under}/{id}`, pathItem(oneUnder, 'preflight')],
  ];
}

/** The paths of a document resource: one document per match, at each of its addresses. */
function documentPaths(
  ctx: ResourceContext,
  def: DocumentDef,
  entry: DocumentManifest,
): [string, Json][] {
  const { name, example } = ctx;
  const { path, name: child, param, aliases } = def.parent;
  const result = def.result === 'object' ? ctx.record : { type: 'array', items: ctx.record };
  const parameters = [
    idParameter(param, def.idType, `The ${param}'s id.`, example?.id),
    ...(entry.document.time && def.time ? [timeParameter(def.time)] : []),
    ...GET_HEADERS,
  ];
  // Under its match a document answers OPTIONS with its description; at its own path, 405.
  const get = (id: string, underMatch: boolean) =>
    pathItem(
      operation(id, `${def.title} of one ${param}`, tagOf(def), {
        description: def.description,
        parameters,
        responses: {
          '200': okResponse(def.title, envelopeSchema(result, 'NoMeta')),
          ...GET_ERRORS,
        },
      }),
      underMatch ? 'document' : 'preflight',
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

/** A header of answers. */
const header = (description: string, schema: Json = { type: 'string' }) => ({
  description,
  schema,
});

/** The headers answers carry (`server/core/handler.ts`). */
function sharedHeaders(): Json {
  return {
    ETag: header('A strong tag of the answer, fixed at build time.', {
      type: 'string',
      pattern: '^"[A-Za-z0-9_-]+"$',
    }),
    'Cache-Control': header('How long caches may keep the answer.'),
    'Access-Control-Allow-Origin': header('Any origin may read the API.', { const: '*' }),
    'Access-Control-Allow-Methods': header('The methods a page may use.', {
      const: 'GET, HEAD, OPTIONS',
    }),
    'Access-Control-Allow-Headers': header(
      'The request headers a page may send: those it asked for, or any.',
    ),
    'Access-Control-Max-Age': header('Seconds a browser may keep the preflight.', {
      type: 'integer',
      minimum: 0,
    }),
    'Access-Control-Expose-Headers': header('The answer headers a page may read.'),
    Allow: header('The methods the path takes.'),
    'Content-Range': header("The range sent: bytes FIRST-LAST/SIZE, SIZE the whole answer's.", {
      type: 'string',
      pattern: '^bytes \\d+-\\d+/\\d+$',
    }),
    'Retry-After': header('Seconds to wait before asking again.', { type: 'integer', minimum: 0 }),
  };
}

/** A header parameter. */
const headerParameter = (name: string, description: string, required = false) => ({
  name,
  in: 'header',
  required,
  description,
  schema: { type: 'string' },
});

/** The parameters every path shares. */
function sharedParameters(): Json {
  const method = 'The method of the request a CORS preflight asks about';
  return {
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
      description: 'Page number, from 1; a page past the last is a 404.',
      schema: { type: 'integer', minimum: 1 },
    },
    IfNoneMatch: headerParameter(
      'If-None-Match',
      'A tag from an earlier answer (weak comparison), or * for any: 304 when it still ' +
        'holds, whatever Cache-Control the request carries.',
    ),
    Range: headerParameter('Range', 'One byte range of the answer (bytes=a-b).'),
    RequestMethod: headerParameter(
      'Access-Control-Request-Method',
      `${method}: present, the OPTIONS is that preflight (204).`,
    ),
    PreflightMethod: headerParameter('Access-Control-Request-Method', `${method}.`, true),
    Headers: headerParameter(
      'Access-Control-Request-Headers',
      'The headers the request of a CORS preflight will send.',
    ),
  };
}

/** What a 400, a 404 and a 416 say, with a body (GET) or without (HEAD). */
const BAD = 'A parameter the path does not take, or a value it cannot read.';
const MISSING = 'No such path or record, or a page past the last.';
const PAST_END = 'The range starts past the end of the answer.';

/** An error answer, its body the schema `Error`. */
const errorResponse = (description: string) => ({
  description,
  headers: { 'Access-Control-Allow-Origin': ref('headers', 'Access-Control-Allow-Origin') },
  content: { 'application/json': { schema: ref('schemas', 'Error') } },
});

/** An OPTIONS answer describing a listing, its body the schema named `schema`. */
const optionsResponse = (schema: string) => ({
  description: 'The listing described (fields, filters, paging, sort, links).',
  headers: OK_HEADERS,
  content: { 'application/json': { schema: ref('schemas', schema) } },
});

/** The answers every path shares. */
function sharedResponses(): Json {
  return {
    ...headResponses(),
    ...cachingResponses(),
    ...optionsResponses(),
    ...errorResponses(),
  };
}

/** The answers of a HEAD, without a body. */
function headResponses(): Json {
  return {
    HeadOk: { description: 'The GET would answer 200: its headers.', headers: OK_HEADERS },
    HeadBadRequest: { description: `${BAD} No body.` },
    HeadNotFound: { description: `${MISSING} No body.` },
    HeadRangeNotSatisfiable: { description: `${PAST_END} No body.` },
  };
}

/** The answers to a request that holds a copy (If-None-Match) or asks for a part (Range). */
function cachingResponses(): Json {
  return {
    NotModified: {
      description: 'The tag in If-None-Match is still current.',
      headers: { ETag: ref('headers', 'ETag') },
    },
    PartialContent: {
      description:
        'The byte range asked for, of the answer as stored: the bytes Content-Range names, ' +
        "with the whole answer's content type. A part of the JSON text, JSON only when whole.",
      headers: { 'Content-Range': ref('headers', 'Content-Range') },
      // Raw bytes as OpenAPI 3.1 describes them (https://spec.openapis.org/oas/v3.1.1.html,
      // "Working With Binary Data"): no `type`, which would make them a JSON value, and the
      // media type they are bytes of.
      content: {
        'application/json': {
          schema: {
            contentMediaType: 'application/json',
            description:
              'Bytes of the JSON answer, from the first to the last Content-Range names.',
          },
        },
      },
    },
    HeadPartialContent: {
      description: 'The byte range asked for: its headers.',
      headers: { 'Content-Range': ref('headers', 'Content-Range') },
    },
  };
}

/** The answers of OPTIONS: a CORS preflight, or a listing's description. */
function optionsResponses(): Json {
  return {
    Preflight: {
      description: 'A CORS preflight (OPTIONS with Access-Control-Request-Method): no body.',
      headers: {
        'Access-Control-Allow-Origin': ref('headers', 'Access-Control-Allow-Origin'),
        'Access-Control-Allow-Methods': ref('headers', 'Access-Control-Allow-Methods'),
        'Access-Control-Allow-Headers': ref('headers', 'Access-Control-Allow-Headers'),
        'Access-Control-Max-Age': ref('headers', 'Access-Control-Max-Age'),
        'Access-Control-Expose-Headers': ref('headers', 'Access-Control-Expose-Headers'),
      },
    },
    CollectionOptions: optionsResponse('CollectionOptions'),
    DocumentOptions: optionsResponse('DocumentOptions'),
  };
}

/** The error answers, with a body. */
function errorResponses(): Json {
  return {
    BadRequest: errorResponse(BAD),
    NotFound: errorResponse(MISSING),
    MethodNotAllowed: {
      ...errorResponse('The API is read-only; OPTIONS describes listings only.'),
      headers: { Allow: ref('headers', 'Allow') },
    },
    Unavailable: {
      ...errorResponse(
        'The server has no build it can read now; ask again after Retry-After seconds.',
      ),
      headers: RETRY_HEADERS,
    },
    RangeNotSatisfiable: {
      ...errorResponse(PAST_END),
      headers: {
        'Content-Range': header('The size of the whole answer: bytes */SIZE.', {
          type: 'string',
          pattern: '^bytes \\*/\\d+$',
        }),
      },
    },
  };
}

/**
 * A version's root. The links name it `/v1/`, with the slash; the router answers `/v1` the same,
 * so both are documented (`bare`: the one without the slash).
 */
function rootPath(version: string, bare: boolean): Json {
  const id = `root_${version}${bare ? '_bare' : ''}`;
  const summary = `The ${version} root${bare ? ' (without the slash)' : ''}`;
  const get = operation(id, summary, groupTag(version, 'reference'), {
    description: `Links to every collection of ${version}.`,
    parameters: GET_HEADERS,
    responses: {
      '200': okResponse('Links to every collection.', ref('schemas', `Root_${version}`)),
      ...GET_ERRORS,
    },
  });
  return pathItem(get, 'preflight');
}

/**
 * The health check (`contract/health.ts`), for load balancers and service managers: GET and HEAD,
 * never cached, and OPTIONS only as a CORS preflight.
 */
function healthPath(): Json {
  const headers = {
    'Cache-Control': ref('headers', 'Cache-Control'),
    'Access-Control-Allow-Origin': ref('headers', 'Access-Control-Allow-Origin'),
  };
  const ok = 'The server answers from a build it has just read: its identity.';
  const get = operation('health', 'The health of the server', SERVICE_TAG.name, {
    description:
      'Reads the build being served again: 200 with its identity while it can be read, 503 ' +
      'with Retry-After while the server has no build it can read. Cache-Control: no-store; ' +
      'no ETag.',
    parameters: [],
    responses: {
      '200': {
        description: ok,
        headers,
        content: { 'application/json': { schema: ref('schemas', 'Health') } },
      },
      '400': ref('responses', 'BadRequest'),
      '503': ref('responses', 'Unavailable'),
    },
  });
  const item = pathItem(get, 'preflight');
  return {
    ...item,
    head: {
      ...(item['head'] as Json),
      responses: {
        '200': { description: `${ok} No body.`, headers },
        '400': ref('responses', 'HeadBadRequest'),
        '503': { description: 'No build can be read now. No body.', headers: RETRY_HEADERS },
      },
    },
  };
}

/** The headers of a 503. */
const RETRY_HEADERS = {
  'Retry-After': ref('headers', 'Retry-After'),
  'Cache-Control': ref('headers', 'Cache-Control'),
};

/**
 * The OpenAPI document of a registry; `resources` are the manifest entries the build writes for its
 * resources, `examples` each resource's first record.
 */
export function openApiDocument(
  registry: Registry,
  examples: ReadonlyMap<string, Example>,
  resources: readonly ResourceManifest[],
): Json {
  const entries = new Map(resources.map((r) => [r.path, r]));
  const versions = Object.keys(registry.roots);
  const paths: Record<string, Json> = Object.fromEntries([
    ...versions.flatMap((v) => [
      [`/${v}/`, rootPath(v, false)],
      [`/${v}`, rootPath(v, true)],
    ]),
    [HEALTH_PATH, healthPath()],
  ]);
  const schemas: Record<string, Json> = {
    ...sharedSchemas(),
    ...Object.fromEntries(versions.map((v) => [`Root_${v}`, rootSchema(v, registry.roots[v]!)])),
  };
  for (const def of registry.resources) {
    const entry = entries.get(def.path);
    if (!entry) throw new Error(`${def.path} has no manifest entry`);
    const example = examples.get(def.path);
    const sample = sampleOf(example);
    const name = nameOf(def.path);
    schemas[name] = recordSchema(def, sample);
    const record = ref('schemas', name);
    for (const [path, item] of resourcePaths({ def, entry, example, sample, name, record })) {
      // Two resources at one path: their files collide too, which the sinks refuse the same way.
      if (paths[path]) throw new DuplicateOutputError(`${path} (in ${OPENAPI_FILE})`);
      paths[path] = item;
    }
  }
  const doc = {
    openapi: '3.1.0',
    info: {
      title: 'Football Static API',
      version: '1',
      description:
        'Football data published as pre-rendered JSON files with a thin router in front. ' +
        'Read-only: GET and HEAD on every path; OPTIONS describes a listing, and is a CORS ' +
        'preflight anywhere; any other method answers 405 with an Allow header. Every answer ' +
        'with records carries their attribution and licences.',
      license: {
        name: 'MIT (the software; each record credits its data and its licence)',
        identifier: 'MIT',
      },
    },
    servers: [{ url: '/' }],
    security: [],
    tags: [...documentTags(registry), SERVICE_TAG],
    paths,
    components: {
      schemas,
      parameters: sharedParameters(),
      headers: sharedHeaders(),
      responses: sharedResponses(),
    },
  };
  return doc;
}
