import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import * as formats from 'ajv-formats';
import { parseTarget } from '../../../server/core/query.ts';
import type { Reply } from './api.ts';

/**
 * Checks requests and answers against an OpenAPI 3.1 document, as a client or a gateway that
 * trusts it would: the operation a request reaches (its path matched against the document's
 * templates), whether the document takes the request's parameters, and whether the answer's
 * status, content type, headers and body are the ones documented. Schemas are checked with Ajv's
 * JSON Schema 2020-12 in strict mode, with the standard formats.
 */

/** A JSON object as the document holds it. */
type Json = Record<string, unknown>;

/** A parameter of an operation, its references resolved. */
export interface Parameter {
  name: string;
  in: 'query' | 'path' | 'header';
  required?: boolean;
  style?: string;
  explode?: boolean;
  schema: Json;
}

/** An operation of the document, as far as the checks read it. */
export interface Operation {
  operationId: string;
  parameters?: (Parameter | { $ref: string })[];
  responses: Record<string, Json>;
}

/** The parts of an OpenAPI document the checks read. */
export interface OpenApi {
  paths: Record<string, Record<string, Operation>>;
  components: Record<'schemas' | 'parameters' | 'responses' | 'headers', Record<string, Json>>;
}

/** A documented path with the pattern of the paths it answers and how literal it is. */
interface Template {
  template: string;
  pattern: RegExp;
  names: string[];
  /** 1 per literal segment, 0 per parameter: a literal segment wins (OpenAPI's path matching). */
  literal: number[];
}

/**
 * The formats plugin: a CommonJS module whose `default` is the plugin, however the loader (Node,
 * or Vite's transform) wraps it.
 */
const addFormats = formats.default as unknown as (ajv: Ajv2020) => void;

/** `#/components/schemas/X` as a reference into the `$defs` of the checker's one root schema. */
function localRefs(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(localRefs);
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(
    Object.entries(value).map(([k, v]) => [
      k,
      k === '$ref' && typeof v === 'string'
        ? v.replace('#/components/schemas/', 'api#/$defs/')
        : localRefs(v),
    ]),
  );
}

/** The media type of a Content-Type header, without its parameters. */
const mediaType = (contentType: string | null) => (contentType ?? '').split(';')[0]!.trim();

/** Validates requests and answers against one OpenAPI document. */
export class OpenApiCheck {
  private readonly ajv = new Ajv2020({ strict: true, allowUnionTypes: true, allErrors: true });
  private readonly templates: Template[];
  private readonly compiled = new Map<string, ValidateFunction>();

  constructor(readonly doc: OpenApi) {
    addFormats(this.ajv);
    this.ajv.addSchema({ $id: 'api', $defs: localRefs(doc.components.schemas) as Json });
    this.templates = Object.keys(doc.paths).map((template) => {
      const segments = template.split('/');
      return {
        template,
        names: [...template.matchAll(/\{([^}]+)\}/g)].map((m) => m[1]!),
        pattern: new RegExp(
          `^${segments.map((s) => (/^\{.+\}$/.test(s) ? '([^/]+)' : escape(s))).join('/')}$`,
        ),
        literal: segments.map((s) => (/^\{.+\}$/.test(s) ? 0 : 1)),
      };
    });
  }

  /** A validator of `schema`, compiled once per key. */
  private validator(key: string, schema: unknown): ValidateFunction {
    let validate = this.compiled.get(key);
    if (!validate) {
      validate = this.ajv.compile(localRefs(schema) as Json);
      this.compiled.set(key, validate);
    }
    return validate;
  }

  /** The problems of `value` against `schema` (none when it is valid). */
  problems(key: string, schema: unknown, value: unknown): string[] {
    const validate = this.validator(key, schema);
    if (validate(value)) return [];
    return (validate.errors ?? [])
      .slice(0, 4)
      .map((e) => `${e.instancePath || '(root)'} ${e.message} ${JSON.stringify(e.params)}`);
  }

  /**
   * The operation that answers `method` at the path of `target`, with its template and the path
   * parameters it reads; of several matching templates the one with literal segments earliest.
   */
  operation(
    method: string,
    target: string,
  ): { template: string; op: Operation; path: Record<string, string> } | null {
    const path = target.split('?')[0]!;
    const found = this.templates
      .map((t) => ({ t, m: t.pattern.exec(path) }))
      .filter((x) => x.m !== null)
      .sort((a, b) => compareLiteral(b.t.literal, a.t.literal));
    const best = found[0];
    const op = best && this.doc.paths[best.t.template]![method.toLowerCase()];
    if (!best || !op) return null;
    const values = best.m!.slice(1).map((v) => decodeURIComponent(v));
    return {
      template: best.t.template,
      op,
      path: Object.fromEntries(best.t.names.map((n, i) => [n, values[i]!])),
    };
  }

  /** A parameter, its reference resolved. */
  private parameter(p: Parameter | { $ref: string }): Parameter {
    return '$ref' in p
      ? (this.doc.components.parameters[p.$ref.split('/').pop()!] as unknown as Parameter)
      : p;
  }

  /**
   * What the document says is wrong with a request: no such operation, a parameter it does not
   * take, a value its schema refuses, a required parameter missing. Query values are read as the
   * router reads them (`parseTarget`), then as their schema types them (`style: form, explode:
   * false` arrays split at commas).
   */
  requestProblems(method: string, target: string, headers: Record<string, string> = {}): string[] {
    const found = this.operation(method, target);
    if (!found) return [`no ${method} documented at ${target.split('?')[0]}`];
    const { op, path } = found;
    const params = (op.parameters ?? []).map((p) => this.parameter(p));
    const query = parseTarget(target).params ?? [];
    const out: string[] = [];
    const given = (p: Parameter): string | undefined =>
      p.in === 'path'
        ? path[p.name]
        : p.in === 'header'
          ? headers[p.name.toLowerCase()]
          : query.find(([n]) => n === p.name)?.[1];
    for (const [name] of query)
      if (!params.some((p) => p.in === 'query' && p.name === name))
        out.push(`${name} is not a parameter`);
    for (const p of params) {
      const raw = given(p);
      if (raw === undefined) {
        if (p.required) out.push(`${p.name} is required`);
        continue;
      }
      const key = `${op.operationId}:${p.in}:${p.name}`;
      out.push(...this.problems(key, p.schema, typed(p, raw)).map((e) => `${p.name}=${raw}: ${e}`));
    }
    return out;
  }

  /**
   * What is wrong with an answer to `method` `target` according to the document: an undocumented
   * status, a content type or body other than documented, a documented header missing or off its
   * schema.
   */
  answerProblems(method: string, target: string, reply: Reply): string[] {
    const found = this.operation(method, target);
    if (!found) return [`no ${method} documented at ${target.split('?')[0]}`];
    const { op } = found;
    const status = String(reply.status);
    let response = op.responses[status] ?? op.responses['default'];
    if (!response) return [`status ${status} is not documented`];
    if (typeof response['$ref'] === 'string')
      response = this.doc.components.responses[(response['$ref'] as string).split('/').pop()!]!;
    const out: string[] = [];
    const headers = (response['headers'] ?? {}) as Record<string, Json>;
    for (const [name, h] of Object.entries(headers)) {
      const spec =
        typeof h['$ref'] === 'string'
          ? this.doc.components.headers[(h['$ref'] as string).split('/').pop()!]!
          : h;
      const value = reply.headers.get(name);
      if (value === null) out.push(`header ${name} missing`);
      else {
        const schema = spec['schema'] as Json;
        const v = schema['type'] === 'integer' ? Number(value) : value;
        // Keyed by the schema: one header (Content-Range) has a schema per status.
        const key = `header:${JSON.stringify(schema)}`;
        out.push(...this.problems(key, schema, v).map((e) => `${name}: ${e}`));
      }
    }
    const content = response['content'] as Record<string, { schema?: Json }> | undefined;
    if (!content) {
      if (reply.text !== '') out.push(`a body where none is documented`);
      return out;
    }
    const type = mediaType(reply.headers.get('content-type'));
    const media = content[type];
    if (!media) return [...out, `content type ${type} is not documented`];
    const key = `${found.template}:${method}:${status}:${type}`;
    // Raw bytes (a byte range of a JSON answer) are any octets: the body is not read as JSON.
    if (rawBytes(media.schema)) return out;
    if (reply.json === undefined) return [...out, 'the body is not JSON'];
    return [...out, ...this.problems(key, media.schema, reply.json)];
  }
}

/**
 * Whether a body's schema describes raw bytes, as OpenAPI 3.1 does ("Working With Binary Data"):
 * no schema at all, or a `contentMediaType` without a `type` (a `type` would make the body a
 * JSON value of it).
 */
function rawBytes(schema: Json | undefined): boolean {
  return schema === undefined || (schema['type'] === undefined && 'contentMediaType' in schema);
}

/** Escapes a literal segment for a pattern. */
function escape(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** Orders two literal profiles: the one with a literal segment where the other has none first. */
function compareLiteral(a: number[], b: number[]): number {
  for (let i = 0; i < Math.min(a.length, b.length); i++) if (a[i] !== b[i]) return a[i]! - b[i]!;
  return 0;
}

/** A parameter's raw value as its schema types it. */
function typed(p: Parameter, raw: string): unknown {
  const type = p.schema['type'];
  if (type === 'array') {
    // `style: form, explode: false`: one value, its items separated by commas.
    const items = p.style === 'form' && p.explode === false ? raw.split(',') : [raw];
    return items.map((item) => scalar((p.schema['items'] as Json)['type'], item));
  }
  return scalar(type, raw);
}

/** A text value as a schema type reads it: numbers as numbers where the text is one. */
function scalar(type: unknown, raw: string): unknown {
  if (
    (type === 'integer' || type === 'number') &&
    /^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/.test(raw)
  )
    return Number(raw);
  return raw;
}
