import { describe, expect, it } from 'vitest';
import { openApiParts } from '../../../build/openapi/parts.ts';
import { dereference } from '../../../site/docs/local-refs.ts';
import { CONTENTS_PART, tagPart } from '../../../site/docs/parts.ts';

/**
 * The API reference's parts of the OpenAPI document (`build/openapi/parts.ts`) and the page's
 * resolution of their references (`site/docs/local-refs.ts`), on a small document of their own.
 * The parts of the demo's document are checked in `openapi.test.ts`, the page in Chromium in
 * `explorer.test.ts`.
 */

const op = (tag: string, schema: string) => ({
  tags: [tag],
  responses: {
    '200': {
      description: 'OK',
      content: { 'application/json': { schema: { $ref: `#/components/schemas/${schema}` } } },
    },
    '404': { $ref: '#/components/responses/NotFound' },
  },
});

const doc = {
  openapi: '3.1.0',
  info: { title: 'T', version: '1' },
  tags: [
    { name: 'v1 persons', description: 'Persons.' },
    { name: 'v1 matches', description: 'Matches.' },
    { name: 'v1 statistics', description: 'None yet.' },
  ],
  paths: {
    '/v1/persons': { get: op('v1 persons', 'Person') },
    '/v1/matches': { get: op('v1 matches', 'Match'), head: op('v1 matches', 'Match') },
  },
  components: {
    schemas: {
      Error: { type: 'object', properties: { message: { type: 'string' } } },
      Match: { type: 'object', properties: { home: { $ref: '#/components/schemas/Team' } } },
      Person: { type: 'object', properties: { name: { type: 'string' } } },
      Team: { type: 'object', properties: { name: { type: 'string' } } },
    },
    responses: {
      NotFound: {
        description: 'Not found',
        content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
      },
    },
  },
};

describe('the parts of the OpenAPI document', () => {
  const parts = new Map(openApiParts(doc).map((p) => [p.path, JSON.parse(p.content)]));

  it('are the contents and one document per tag, each with every tag', () => {
    expect([...parts.keys()]).toEqual([
      CONTENTS_PART,
      'docs/openapi/v1-persons.json',
      'docs/openapi/v1-matches.json',
      'docs/openapi/v1-statistics.json',
    ]);
    expect(tagPart('v1 micro-events')).toBe('docs/openapi/v1-micro-events.json');
    for (const part of parts.values()) {
      expect(part.tags).toEqual(doc.tags);
      expect(part.info).toEqual(doc.info);
    }
    expect(parts.get(CONTENTS_PART)).toEqual({ ...doc, paths: {}, components: undefined });
  });

  it("keep a tag's paths and the components they use, transitively, in the document's order", () => {
    const matches = parts.get(tagPart('v1 matches'));
    expect(matches.paths).toEqual({ '/v1/matches': doc.paths['/v1/matches'] });
    expect(matches.components).toEqual({
      schemas: {
        Error: doc.components.schemas.Error,
        Match: doc.components.schemas.Match,
        Team: doc.components.schemas.Team,
      },
      responses: doc.components.responses,
    });
    const persons = parts.get(tagPart('v1 persons'));
    expect(Object.keys(persons.components.schemas)).toEqual(['Error', 'Person']);
    // A tag with no path yet: its part lists the tags, with no path and no component.
    expect(parts.get(tagPart('v1 statistics'))).toMatchObject({ paths: {}, components: {} });
  });

  it('refuse a path tagged with a tag the document does not list, or a reference to nothing', () => {
    const stray = { ...doc, paths: { '/v2/x': { get: op('v2 x', 'Person') } } };
    expect(() => openApiParts(stray)).toThrow('/v2/x is tagged v2 x');
    const dangling = { ...doc, paths: { '/v1/x': { get: op('v1 persons', 'Nobody') } } };
    expect(() => openApiParts(dangling)).toThrow('#/components/schemas/Nobody names no component');
  });
});

describe("the page's resolution of a part's references", () => {
  it('replaces each reference by what it names, recursively, keeping the keys beside it', () => {
    const get = doc.paths['/v1/matches'].get;
    expect(dereference(get, doc)).toEqual({
      tags: ['v1 matches'],
      responses: {
        '200': {
          description: 'OK',
          content: {
            'application/json': {
              schema: {
                type: 'object',
                properties: { home: doc.components.schemas.Team },
              },
            },
          },
        },
        '404': {
          description: 'Not found',
          content: { 'application/json': { schema: doc.components.schemas.Error } },
        },
      },
    });
    const described = { $ref: '#/components/schemas/Team', description: 'The home team.' };
    expect(dereference(described, doc)).toEqual({
      ...doc.components.schemas.Team,
      description: 'The home team.',
    });
  });

  it('leaves a reference to nothing, and one met again inside its own target, as they are', () => {
    const root = {
      components: {
        schemas: {
          Node: { type: 'object', properties: { next: { $ref: '#/components/schemas/Node' } } },
          'a/b': { type: 'string' },
        },
      },
    };
    expect(dereference({ $ref: '#/components/schemas/Node' }, root)).toEqual({
      type: 'object',
      properties: { next: { $ref: '#/components/schemas/Node' } },
    });
    expect(dereference({ $ref: '#/components/schemas/None' }, root)).toEqual({
      $ref: '#/components/schemas/None',
    });
    // JSON pointer escapes: `~1` is a slash in a name.
    expect(dereference({ $ref: '#/components/schemas/a~1b' }, root)).toEqual({ type: 'string' });
    expect(dereference([1, 'x', null], root)).toEqual([1, 'x', null]);
  });
});
