import { createConfig, lintFromString } from '@redocly/openapi-core';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { OPENAPI_FILE } from '../build/openapi.ts';
import { REGISTRY } from '../build/registry/index.ts';
import { allRecords, call, demo, handlerFor } from './helpers/api.ts';
import { crawl } from './helpers/crawl.ts';

/**
 * `/openapi.json`, generated from the registry into every build: it lints clean with Redocly's
 * recommended rules, the router serves it, every path a crawl of the API meets is one of its
 * paths with its parameters, and every path it documents answers 200 for the example ids it
 * gives (taken from the built data).
 */

const { dist } = demo();
const api = handlerFor(dist);
const source = readFileSync(join(dist, OPENAPI_FILE), 'utf8');

interface Operation {
  operationId: string;
  parameters?: { name: string; in: string; example?: string | number; $ref?: string }[];
}
const doc = JSON.parse(source) as {
  paths: Record<string, Record<string, Operation>>;
  components: {
    parameters: Record<string, { name: string; in: string }>;
    schemas: Record<string, { properties: Record<string, PropertySchema> }>;
  };
};

interface PropertySchema {
  enum?: unknown[];
  items?: { enum?: unknown[] };
}

/** An operation's parameters with the shared ones it refers to resolved. */
function parametersOf(op: Operation): { name: string; in: string; example?: string | number }[] {
  return (op.parameters ?? []).map((p) =>
    p.$ref ? doc.components.parameters[p.$ref.split('/').pop()!]! : p,
  );
}

/** Each documented path as a pattern of the paths it answers. */
const templates = Object.keys(doc.paths).map((template) => ({
  template,
  pattern: new RegExp(`^${template.replace(/\{[^}]+\}/g, '[^/]+')}$`),
}));

describe('the OpenAPI document', () => {
  it("lints with no error under Redocly's recommended rules", async () => {
    const config = await createConfig({ extends: ['recommended'] });
    const problems = await lintFromString({ source, absoluteRef: '/openapi.json', config });
    const errors = problems.filter((p) => p.severity === 'error');
    expect(errors.map((p) => `${p.ruleId}: ${p.message}`)).toEqual([]);
    // The one warning left is SPEC's: `/<parent>/{match}/goals` and `/<parent>/goals/{id}` can
    // match the same URL, which the router tells apart by the resource names it knows.
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
      for (const p of parametersOf(get).filter(
        (p) => p.in === 'query' && p.example !== undefined,
      )) {
        const target = `${url}?${p.name}=${encodeURIComponent(String(p.example))}`;
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
