import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { OPENAPI_FILE } from '../../../build/openapi/openapi.ts';
import { call, demo, handlerFor } from '../../helpers/http/api.ts';

/**
 * The filters and sort fields of every collection, pinned: `fixtures/options-lists.json` holds
 * the lists OPTIONS gave when the fixture was made, and the build must still give each of them,
 * in OPTIONS, in the manifest the router reads and in `/openapi.json`. A change that drops a
 * filter or a sort field (or a collection) fails here, and one that adds one must add it to the
 * fixture: no list changes without a diff that says so.
 */

/** A collection's filter names and sort fields. */
interface Lists {
  filters: string[];
  sort: string[];
}

const FIXTURE = new URL('../../fixtures/options-lists.json', import.meta.url);
const pinned = JSON.parse(readFileSync(FIXTURE, 'utf8')) as Record<string, Lists>;

const { dist, manifest } = demo();
const api = handlerFor(dist);

interface Parameter {
  name: string;
  in: string;
  schema?: { items?: { enum?: string[] } };
}
const doc = JSON.parse(readFileSync(join(dist, OPENAPI_FILE), 'utf8')) as {
  paths: Record<string, { get: { parameters: (Parameter | { $ref: string })[] } }>;
};

/** The collections of the build, by path. */
const collections = manifest.resources.filter((r) => r.kind !== 'document');

/** Parameters the document gives every listing besides its filters. */
const NOT_FILTERS = new Set(['sort', 'records', 'page']);

describe('the filters and sort fields of every collection', () => {
  it('are the collections of the fixture', () => {
    expect(collections.map((r) => `/${r.path}`).sort()).toEqual(Object.keys(pinned).sort());
  });

  it('are given by OPTIONS as pinned', async () => {
    const served: Record<string, Lists> = {};
    for (const path of Object.keys(pinned)) {
      const reply = await call(api, path, { method: 'OPTIONS' });
      const description = reply.json.result[0] as {
        fields: { name: string; filter: boolean }[];
        filters?: { name: string }[];
        sort: { fields: string[] };
      };
      served[path] = {
        filters: [
          ...description.fields.filter((f) => f.filter).map((f) => f.name),
          ...(description.filters ?? []).map((f) => f.name),
        ],
        sort: description.sort.fields,
      };
    }
    expect(served).toEqual(pinned);
  });

  it('are the manifest entries the router reads', () => {
    const read = Object.fromEntries(
      collections.map((r) => [
        `/${r.path}`,
        {
          filters: [
            ...r.fields.filter((f) => f.filter !== 'none').map((f) => f.name),
            ...(r.anyOf ?? []).map((f) => f.name),
          ],
          sort: r.sort.fields,
        },
      ]),
    );
    expect(read).toEqual(pinned);
  });

  it('are the parameters /openapi.json documents', () => {
    const documented = Object.fromEntries(
      Object.keys(pinned).map((path) => {
        const parameters = doc.paths[path]!.get.parameters.filter(
          (p): p is Parameter => !('$ref' in p) && p.in === 'query',
        );
        const sort = parameters.find((p) => p.name === 'sort')?.schema?.items?.enum ?? [];
        return [
          path,
          {
            filters: parameters.filter((p) => !NOT_FILTERS.has(p.name)).map((p) => p.name),
            sort: sort.filter((name) => !name.startsWith('-')),
          },
        ];
      }),
    );
    expect(documented).toEqual(pinned);
  });
});
