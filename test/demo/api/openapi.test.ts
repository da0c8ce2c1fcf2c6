import { createConfig, lintFromString } from '@redocly/openapi-core';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { OPENAPI_FILE, QUERIES_HEADING } from '../../../build/openapi/openapi.ts';
import { tagOf } from '../../../build/openapi/tags.ts';
import { REGISTRY } from '../../../build/registry/index.ts';
import type { ResourceManifest } from '../../../contract/manifest.ts';
import { MATCH_TIME_PATTERN, TIME_HINT } from '../../../contract/match-time.ts';
import { CONTENTS_PART, tagPart } from '../../../site/docs/parts.ts';
import { allRecords, call, demo, handlerFor } from '../../helpers/http/api.ts';
import { crawl } from '../../helpers/http/crawl.ts';
import { OpenApiCheck, type OpenApi } from '../../helpers/http/openapi-check.ts';

/**
 * `/openapi.json`, generated from the registry into every build: it lints clean with Redocly's
 * recommended rules, the router serves it, every path a crawl of the API meets is one of its
 * paths with its parameters, and every path it documents answers 200 for the example ids it
 * gives (taken from the built data). What a client reads from it is the router's own rules: the
 * phase rule on the parameters it involves, `sort` as the names it takes, `time` as the router
 * parses it, HEAD beside every GET, OPTIONS as a description or a CORS preflight, every object
 * with its properties. (`conformance.test.ts` checks the answers against it.)
 */

const { dist, manifest } = demo();
const api = handlerFor(dist);
const source = readFileSync(join(dist, OPENAPI_FILE), 'utf8');

interface Operation {
  operationId: string;
  summary?: string;
  tags?: string[];
  description?: string;
  parameters?: Parameter[];
  responses?: Record<string, { content?: Record<string, { schema?: BodySchema }> }>;
}

interface Parameter {
  name: string;
  in: string;
  required?: boolean;
  description?: string;
  example?: string | number;
  schema?: { type?: string; items?: { enum?: string[] } };
  $ref?: string;
}

/** As much of a response body's schema as the tests read: the record schema of its result. */
interface BodySchema {
  anyOf?: BodySchema[];
  properties?: { result?: { items?: { $ref?: string } } };
}
const doc = JSON.parse(source) as {
  tags: { name: string; description: string }[];
  paths: Record<string, Record<string, Operation>>;
  components: {
    parameters: Record<string, Parameter>;
    schemas: Record<
      string,
      { properties: Record<string, PropertySchema>; examples?: Record<string, unknown>[] }
    >;
  };
};

interface PropertySchema {
  enum?: unknown[];
  items?: { enum?: unknown[] };
}

/** An operation's parameters with the shared ones it refers to resolved. */
function parametersOf(op: Operation): Parameter[] {
  return (op.parameters ?? []).map((p) =>
    p.$ref ? doc.components.parameters[p.$ref.split('/').pop()!]! : p,
  );
}

/** The manifest entry whose records a listing operation answers with, and its example. */
function listed(
  op: Operation,
): { entry: ResourceManifest; example: Record<string, unknown> } | null {
  const body = op.responses?.['200']?.content?.['application/json']?.schema;
  const page = body?.anyOf?.[0] ?? body;
  const name = page?.properties?.result?.items?.$ref?.split('/').pop();
  const entry = manifest.resources.find((r) => r.path.replaceAll('/', '_') === name);
  const example = name ? doc.components.schemas[name]!.examples?.[0] : undefined;
  return entry && example ? { entry, example } : null;
}

/**
 * The filters of a listing with the values of the example record of its resource (the record
 * schema's `examples`, where the document keeps its examples).
 */
function exampleFilters(op: Operation): [string, string][] {
  const found = listed(op);
  if (!found) return [];
  const names = new Set(parametersOf(op).flatMap((p) => (p.in === 'query' ? [p.name] : [])));
  return found.entry.fields
    .filter((f) => f.filter !== 'none' && names.has(f.name))
    .map((f) => [f.name, found.example[f.key]] as const)
    .filter(([, v]) => v !== null && v !== undefined && typeof v !== 'object')
    .map(([name, v]) => [name, String(v)]);
}

/** Each documented path as a pattern of the paths it answers. */
const templates = Object.keys(doc.paths).map((template) => ({
  template,
  pattern: new RegExp(`^${template.replace(/\{[^}]+\}/g, '[^/]+')}$`),
}));

describe('the OpenAPI document', () => {
  it("lints with no error under Redocly's recommended rules", async () => {
    // The roots are at `/v1/` and `/v0/`, with the slash, because that is where the links of
    // every answer point (`attribution.url`, the site); the rule against trailing slashes would
    // document them elsewhere.
    const config = await createConfig({
      extends: ['recommended'],
      rules: { 'no-path-trailing-slash': 'off' },
    });
    const problems = await lintFromString({ source, absoluteRef: '/openapi.json', config });
    const errors = problems.filter((p) => p.severity === 'error');
    expect(errors.map((p) => `${p.ruleId}: ${p.message}`)).toEqual([]);
    // The one warning left comes from the API's paths: `/<parent>/{match}/goals` and
    // `/<parent>/goals/{id}` can match the same URL, which the router tells apart by the resource
    // names it knows.
    const warned = new Set(problems.map((p) => p.ruleId));
    expect([...warned]).toEqual(['no-ambiguous-paths']);
  });

  it('gives the fixed reference lists as enums; the API serves exactly their values', async () => {
    /** Every record of a listing, or the first page of a large one. */
    const all = async (path: string, whole: boolean): Promise<Record<string, unknown>[]> =>
      whole ? allRecords(api, path) : (await call(api, path)).json.result;
    let lists = 0;
    let enums = 0;
    for (const def of REGISTRY.resources) {
      if (def.kind === 'document') continue;
      const schema = doc.components.schemas[def.path.replaceAll('/', '_')]!;
      const closed = Object.entries(schema.properties).filter(([, p]) => p.enum);
      if (closed.length === 0) continue;
      enums += closed.length;
      const path = `/${def.path}`;
      // A fixed list: every record, exactly the list's ids and labels; elsewhere a page.
      const records = await all(path, def.ids !== undefined && def.paging.kind === 'pages');
      if (def.ids) {
        lists++;
        expect(records.map((r) => r['id']).sort(), path).toEqual([...def.ids].sort());
        const get = doc.paths[`${path}/{id}`]!['get']!;
        expect(parametersOf(get)[0]).toMatchObject({
          name: 'id',
          in: 'path',
          schema: { enum: def.ids },
        });
      }
      expect(records.length, path).toBeGreaterThan(0);
      for (const [key, property] of closed) {
        const served = new Set(records.map((r) => r[key]));
        for (const value of served) expect(property.enum, `${path} ${key}`).toContain(value);
        // A list's own labels (not the ids of another list it refers to): each one served.
        if (def.ids && property.enum!.length === def.ids.length)
          expect(served.size, `${path} ${key}`).toBe(def.ids.length);
      }
    }
    // v1's 16 fixed lists (confederations through modifier categories, less seasons, which are
    // the data's own) and the 9 of them v0 has.
    expect(lists).toBe(25);
    expect(enums).toBeGreaterThan(100);
  });

  it('describes the phase rule on each parameter it involves, from the manifest', () => {
    let described = 0;
    for (const item of Object.values(doc.paths)) {
      const found = listed(item['get']!);
      const sorted = parametersOf(item['get']!).some((p) => p.name === 'sort');
      if (!found || !sorted || found.entry.kind === 'document') continue;
      const params = new Map(parametersOf(item['get']!).map((p) => [p.name, p.description ?? '']));
      for (const rule of found.entry.implied) {
        for (const name of rule.whenAny)
          expect(params.get(name), name).toContain(`adds ${rule.field}=${rule.value}`);
        expect(params.get(rule.field), rule.field).toContain(`Implied as ${rule.value}`);
        described++;
      }
    }
    // Each rule at each listing of its resource: a nested collection's own and under its match.
    const listings = manifest.resources.map(
      (r) => r.implied.length * (r.kind === 'nested' ? 2 : 1),
    );
    expect(described).toBe(listings.reduce((a, b) => a + b));
    // The phase's three rules on v1's 14 collections of match data.
    expect(manifest.resources.filter((r) => r.implied.length === 3)).toHaveLength(14);
  });

  it('gives sort as the list of its names, each both ways; every listing notes its queries', () => {
    let listings = 0;
    for (const item of Object.values(doc.paths)) {
      const get = item['get']!;
      const found = listed(get);
      const sort = parametersOf(get).find((p) => p.name === 'sort');
      if (!found || !sort || found.entry.kind === 'document') continue;
      const names = found.entry.sort.fields.flatMap((n) => [n, `-${n}`]);
      expect(sort.schema?.items?.enum, get.operationId).toEqual(names);
      expect(sort).toMatchObject({ style: 'form', explode: false, schema: { type: 'array' } });
      // The operation's own description first, the note on its queries last, under its heading.
      const [own, note] = get.description!.split(`\n\n### ${QUERIES_HEADING}\n\n`);
      expect(own, get.operationId).not.toContain('**Queries.**');
      expect(note, get.operationId).toMatch(/^\*\*Queries\.\*\* Every documented filter/);
      listings++;
    }
    expect(listings).toBeGreaterThan(180);
  });

  it('gives time the pattern the router parses, and no optional parameter an example', () => {
    let times = 0;
    for (const item of Object.values(doc.paths))
      for (const op of Object.values(item)) {
        for (const p of parametersOf(op)) {
          // Reference pages fill a parameter's example into the field that tries it: an optional
          // filter would be sent though nobody asked for it.
          if (!p.required) expect(p, `${op.operationId} ${p.name}`).not.toHaveProperty('example');
          if (p.name !== 'time') continue;
          expect(p.schema).toEqual({ type: 'string', pattern: MATCH_TIME_PATTERN });
          expect(p.description).toContain(TIME_HINT);
          times++;
        }
      }
    // v1's and v0's match state, under its match and at its own path, for GET and HEAD.
    expect(times).toBe(2 * 2 * 2);
  });

  it('gives HEAD beside every GET, and OPTIONS as a description or a CORS preflight', () => {
    for (const [template, item] of Object.entries(doc.paths)) {
      expect(Object.keys(item).sort(), template).toEqual(['get', 'head', 'options']);
      const options = item['options'] as unknown as {
        responses: Record<string, unknown>;
        parameters: Parameter[];
      };
      const preflight = parametersOf(options as unknown as Operation).find(
        (p) => p.name === 'Access-Control-Request-Method',
      );
      expect(options.responses['204'], template).toBeDefined();
      // A record, a root, a match's info: OPTIONS is only the preflight, its header required.
      if (!options.responses['200']) {
        expect(Object.keys(options.responses).sort(), template).toEqual(['204', '405']);
        expect(preflight?.required, template).toBe(true);
      } else expect(preflight?.required, template).toBe(false);
    }
    for (const v of ['v1', 'v0'])
      for (const root of [`/${v}/`, `/${v}`])
        expect(doc.paths[root]?.['get']?.operationId).toMatch(/^root_/);
  });

  it('declares the properties of every object', () => {
    const bare: string[] = [];
    const walk = (node: unknown, at: string): void => {
      if (Array.isArray(node)) return node.forEach((n, i) => walk(n, `${at}/${i}`));
      if (node === null || typeof node !== 'object') return;
      const schema = node as Record<string, unknown>;
      const type = schema['type'];
      const object = type === 'object' || (Array.isArray(type) && type.includes('object'));
      if (object && !schema['properties'] && schema['additionalProperties'] === undefined)
        bare.push(at);
      for (const [k, v] of Object.entries(schema)) if (k !== 'examples') walk(v, `${at}/${k}`);
    };
    walk(JSON.parse(source), '#');
    expect(bare).toEqual([]);
  });

  it('describes a 206 as bytes of a range: a real one checks out, a broken one not', async () => {
    const responses = (doc as unknown as OpenApi).components.responses;
    // Raw bytes as OpenAPI 3.1 has them: the media type they are of, and no JSON type.
    expect(responses['PartialContent']!['content']).toEqual({
      'application/json': {
        schema: { contentMediaType: 'application/json', description: expect.any(String) },
      },
    });
    const check = new OpenApiCheck(doc as unknown as OpenApi);
    const path = '/v1/persons';
    const range = { headers: { Range: 'bytes=0-9' } };
    const part = await call(api, path, range);
    const whole = await call(api, path);
    expect([part.status, part.text, part.json]).toEqual([206, whole.text.slice(0, 10), undefined]);
    expect(check.answerProblems('GET', path, part)).toEqual([]);
    // A range past the end is a 416 with the size, a Content-Range of another form.
    const past = await call(api, path, { headers: { Range: 'bytes=100000000-' } });
    expect(past.status).toBe(416);
    expect(check.answerProblems('GET', path, past)).toEqual([]);
    expect(
      check.answerProblems('HEAD', path, await call(api, path, { ...range, method: 'HEAD' })),
    ).toEqual([]);
    // What the document does not say of a 206, the checker refuses: a range given as a size, a
    // body of another type; and the same bytes answered 200 are not the JSON a 200 promises.
    const headers = (entries: Record<string, string>) => {
      const changed = new Headers(part.headers);
      for (const [name, value] of Object.entries(entries)) changed.set(name, value);
      return changed;
    };
    expect(
      check.answerProblems('GET', path, {
        ...part,
        headers: headers({ 'content-range': 'bytes */100' }),
      }),
    ).toEqual([expect.stringMatching(/^Content-Range: .*pattern/)]);
    expect(
      check.answerProblems('GET', path, {
        ...part,
        headers: headers({ 'content-type': 'text/plain' }),
      }),
    ).toEqual(['content type text/plain is not documented']);
    expect(check.answerProblems('GET', path, { ...part, status: 200 })).toContain(
      'the body is not JSON',
    );
  });

  it('is served at /openapi.json, as JSON, by the router', async () => {
    const reply = await call(api, '/openapi.json');
    expect(reply.status).toBe(200);
    expect(reply.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(reply.text).toBe(source);
    expect(reply.json.openapi).toBe('3.1.0');
  });

  it('documents every path a crawl of v1 and v0 meets, with its query parameters', async () => {
    let checked = 0;
    for (const root of ['/v1/', '/v0/']) {
      const { seen, broken } = await crawl(api, { root, perShape: 3 });
      expect(broken).toEqual([]);
      for (const url of seen) {
        const [path, query] = url.split('?') as [string, string | undefined];
        const bare = path.length > 1 ? path.replace(/\/$/, '') : path;
        const found = templates.filter((t) => t.pattern.test(bare));
        expect(found.length, `${url} is not a documented path`).toBeGreaterThan(0);
        const names = new Set(
          found.flatMap((t) => parametersOf(doc.paths[t.template]!['get']!).map((p) => p.name)),
        );
        for (const name of new URLSearchParams(query ?? '').keys())
          expect(names.has(name), `${url}: ${name} is not documented`).toBe(true);
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(1000);
  }, 300_000);

  it('every documented path, filter and OPTIONS answers as documented', async () => {
    const failures: string[] = [];
    let filtered200 = 0;
    for (const [template, item] of Object.entries(doc.paths)) {
      const get = item['get']!;
      let url = template;
      for (const p of parametersOf(get).filter((p) => p.in === 'path')) {
        expect(p.example, `${template}: {${p.name}} has no example`).toBeDefined();
        url = url.replace(`{${p.name}}`, encodeURIComponent(String(p.example)));
      }
      const reply = await call(api, url);
      if (reply.status !== 200) failures.push(`GET ${url}: ${reply.status}`);
      // Every documented filter is taken, with the example record's own value: 200, whatever the
      // size of the collection.
      for (const [name, value] of exampleFilters(get)) {
        const target = `${url}?${name}=${encodeURIComponent(value)}`;
        const filtered = await call(api, target);
        if (filtered.status === 200) filtered200++;
        else failures.push(`GET ${target}: ${filtered.status} ${filtered.text.slice(0, 120)}`);
      }
      // OPTIONS answers as documented: 200 on a listing, 405 elsewhere.
      const options = item['options'] as unknown as { responses: Record<string, unknown> };
      const documented = options.responses['200'] ? 200 : 405;
      const answered = (await call(api, url, { method: 'OPTIONS' })).status;
      if (answered !== documented) failures.push(`OPTIONS ${url}: ${answered}, not ${documented}`);
    }
    expect(failures).toEqual([]);
    expect(filtered200).toBeGreaterThan(1000);
    expect(Object.keys(doc.paths).length).toBeGreaterThan(400);
  }, 300_000);
});

/** Every `$ref` in a value. */
function refsIn(value: unknown): string[] {
  if (Array.isArray(value)) return value.flatMap(refsIn);
  if (value === null || typeof value !== 'object') return [];
  return Object.entries(value).flatMap(([k, v]) =>
    k === '$ref' && typeof v === 'string' ? [v] : refsIn(v),
  );
}

describe('the tags of the OpenAPI document, and its parts for the API reference', () => {
  /** A part of the build, parsed. */
  const part = (file: string) =>
    JSON.parse(readFileSync(join(dist, file), 'utf8')) as typeof doc & { components?: unknown };

  it("tags each operation with its resource's version and group, every tag listed and used", () => {
    const groups = ['reference', 'persons', 'matches', 'micro-events', 'analytics', 'statistics'];
    expect(doc.tags.map((t) => t.name)).toEqual([
      ...groups.map((g) => `v1 ${g}`),
      ...groups.filter((g) => g !== 'micro-events').map((g) => `v0 ${g}`),
      'service',
    ]);
    for (const tag of doc.tags) expect(tag.description.length, tag.name).toBeGreaterThan(20);
    const used = new Set<string>();
    for (const [template, item] of Object.entries(doc.paths))
      for (const op of Object.values(item)) {
        expect(op.tags, op.operationId).toHaveLength(1);
        // A version's operations carry its tags; the server's own (/healthz) the service tag.
        const version = template.split('/')[1]!;
        const expected = /^v\d+$/.test(version) ? version : 'service';
        expect(op.tags![0]!.split(' ')[0], template).toBe(expected);
        used.add(op.tags![0]!);
      }
    expect([...used].sort()).toEqual(doc.tags.map((t) => t.name).sort());
    // Each resource's own paths carry its group's tag: micro-events apart from matches, v0's
    // macro-events (/v0/events/goals) with its matches.
    for (const def of REGISTRY.resources) {
      const own = Object.keys(doc.paths).filter((t) => t.startsWith(`/${def.path}/{`));
      expect(own.length, def.path).toBeGreaterThan(0);
      for (const t of own) expect(doc.paths[t]!['get']!.tags, t).toEqual([tagOf(def)]);
    }
    expect(doc.paths['/v0/events/goals']!['get']!.tags).toEqual(['v0 matches']);
    expect(doc.paths['/v1/clubs/events/all']!['get']!.tags).toEqual(['v1 micro-events']);
    expect(doc.paths['/v1/']!['get']!.tags).toEqual(['v1 reference']);
    expect(doc.paths['/healthz']!['get']!.tags).toEqual(['service']);
  });

  it('describes each tag by the resources its operations serve, and no other', () => {
    let named = 0;
    for (const tag of doc.tags.filter((t) => t.name !== 'service')) {
      const own = Object.entries(doc.paths).flatMap(([path, item]) =>
        Object.values(item)
          .filter((op) => op.tags?.[0] === tag.name)
          .map((op) => ({ path, summary: op.summary!.toLowerCase() })),
      );
      // "What the group is about: a, b and c." Each name is a resource of an operation of the
      // tag: its summary (the resource's title), or for statistics the folder of its path.
      const list = /: ([^.]+)\./.exec(tag.description)?.[1] ?? '';
      for (const name of list.split(/, | and /)) {
        const served = own.some(
          (op) => op.summary.startsWith(name) || op.path.includes(`/stats/${name}/`),
        );
        expect(served, `${tag.name}: ${name}`).toBe(true);
        named++;
      }
    }
    expect(named).toBeGreaterThan(90);
    const matches = (version: string) =>
      doc.tags.find((t) => t.name === `${version} matches`)!.description;
    for (const kind of ['shootouts', 'standings', 'squads', 'scorers', 'head to head']) {
      expect(matches('v1')).toContain(kind);
      expect(matches('v0')).not.toContain(kind);
    }
  });

  it("has a part per tag: the document with that tag's paths and the components they use", () => {
    const { paths, components, ...head } = doc;
    const seen: string[] = [];
    for (const { name } of doc.tags) {
      const { paths: own, components: used, ...rest } = part(tagPart(name));
      expect(rest, name).toEqual(head);
      const tagged = Object.entries(paths).filter(([, item]) =>
        Object.values(item).some((op) => op.tags?.includes(name)),
      );
      expect(own, name).toEqual(Object.fromEntries(tagged));
      seen.push(...Object.keys(own));
      // Each component the part keeps is the document's, and each one it uses is there.
      const kept = used as Record<string, Record<string, unknown>>;
      for (const [kind, named] of Object.entries(kept))
        for (const [key, value] of Object.entries(named))
          expect(value, `${name}: ${kind}/${key}`).toEqual(
            (components as Record<string, Record<string, unknown>>)[kind]![key],
          );
      const within = { components: kept };
      for (const ref of new Set(refsIn({ own, kept }))) {
        const target = ref
          .slice(2)
          .split('/')
          .reduce<unknown>((v, k) => (v as Record<string, unknown> | undefined)?.[k], within);
        expect(target, `${name}: ${ref}`).toBeDefined();
      }
    }
    // Every path in exactly one part.
    expect(seen.sort()).toEqual(Object.keys(paths).sort());
    // The contents: every tag, no path.
    const contents = part(CONTENTS_PART);
    expect(contents.paths).toEqual({});
    expect(contents.tags).toEqual(doc.tags);
    expect(contents.components).toBeUndefined();
  });

  it('lints every part with no error, each a document of its own', async () => {
    const config = await createConfig({
      extends: ['recommended'],
      rules: { 'no-path-trailing-slash': 'off' },
    });
    for (const file of [CONTENTS_PART, ...doc.tags.map((t) => tagPart(t.name))]) {
      const text = readFileSync(join(dist, file), 'utf8');
      const problems = await lintFromString({ source: text, absoluteRef: `/${file}`, config });
      const errors = problems.filter((p) => p.severity === 'error');
      expect(errors.map((p) => `${file}: ${p.ruleId}: ${p.message}`)).toEqual([]);
      // The router serves each as it is.
      const reply = await call(api, `/${file}`);
      expect(reply.status, file).toBe(200);
      expect(reply.headers.get('content-type')).toBe('application/json; charset=utf-8');
      expect(reply.text, file).toBe(text);
    }
  });
});
