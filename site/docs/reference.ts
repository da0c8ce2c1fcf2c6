import { dereference } from './local-refs.ts';
import { CONTENTS_PART, tagPart } from './parts.ts';

/**
 * The API reference at `/docs`: Swagger UI, served from the build, renders `/openapi.json` one tag
 * at a time. Nothing is asked of another host: no validator badge, no fonts.
 *
 * Why parts, and why its own resolver. Swagger UI 5 resolves an OpenAPI 3.1 document through
 * ApiDOM, whose cost grows with the whole document, on load and again on every operation opened:
 * over the whole API's document that is many seconds before any operation shows. So the page loads
 * the build's parts of the document (`parts.ts`), each a valid document with one tag's paths and
 * the components they use, and lists every tag, so all of them show and the filter finds them
 * whichever part is loaded; opening another tag loads its part. And since every reference in the
 * document is local, a plugin resolves the operation opened by reading the components it names
 * (`local-refs.ts`) instead of calling ApiDOM. A lighter renderer would lose "Try it out"; parts
 * dereferenced by the build would be more than twice as large, and Swagger UI would still run
 * ApiDOM over them.
 */

/** The parts of Swagger UI's system the page uses. */
interface System {
  specActions: {
    updateUrl(url: string): void;
    download(url: string): void;
    updateJsonSpec(json: unknown): unknown;
  };
  layoutActions: { show(key: string[], shown: boolean): void };
}

/** An action of Swagger UI wrapped by a plugin: the original and the system in, the new out. */
type Wrap<A extends unknown[]> = (
  original: (...args: A) => unknown,
  system: System,
) => (...args: A) => unknown;

/** The page's Swagger UI plugin (`parts`). */
interface Plugin {
  fn: {
    resolveSubtree(
      spec: unknown,
      path: (string | number)[],
    ): Promise<{ spec: unknown; errors: unknown[] }>;
  };
  statePlugins: {
    spec: { wrapActions: { parseToJson: Wrap<[text?: string]> } };
    layout: { wrapActions: { show: Wrap<[key: string[], shown: boolean]> } };
  };
}

/** The options of Swagger UI the page sets: its document by address, or itself. */
interface Options {
  url?: string;
  spec?: object;
  dom_id: string;
  validatorUrl: null;
  deepLinking: boolean;
  docExpansion: 'list' | 'full' | 'none';
  defaultModelsExpandDepth: number;
  filter: boolean;
  plugins: (() => Plugin)[];
}

declare const SwaggerUIBundle: (options: Options) => System;

/** The URL of a tag's part, or of the contents for none. */
const partUrl = (tag: string | null): string => `/${tag === null ? CONTENTS_PART : tagPart(tag)}`;

/**
 * The tag a deep link names: Swagger UI's `#/<tag>` and `#/<tag>/<operationId>`, the tag
 * percent-encoded (`#/v1%20persons/list_v1_persons`).
 */
function linkedTag(hash: string): string | null {
  const link = /^#!?\/([^/]+)/.exec(hash);
  const tag = link?.[1];
  if (!tag) return null;
  try {
    return decodeURIComponent(tag);
  } catch {
    return null;
  }
}

/** The tag whose part is loaded; null while the contents are. */
let loaded = linkedTag(window.location.hash);

/** The tags of the document, which every part lists: those the page has a part of. */
let known = new Set<string>();

/** Loads the part of `tag`, closing the tag of the part it replaces. */
function load(system: System, tag: string): void {
  if (tag === loaded || !known.has(tag)) return;
  if (loaded !== null) system.layoutActions.show(['operations-tag', loaded], false);
  loaded = tag;
  system.specActions.updateUrl(partUrl(tag));
  system.specActions.download(partUrl(tag));
}

/**
 * Opening a tag, or an operation of one, loads that tag's part; operations resolve locally; and a
 * part is read with the browser's JSON parser, many times faster on a large part than Swagger UI's
 * YAML parser, which it falls back to for anything else.
 */
const parts = (): Plugin => ({
  fn: {
    resolveSubtree: (spec, path) => {
      const subtree = path.reduce<unknown>(
        (value, key) =>
          value !== null && typeof value === 'object'
            ? (value as Record<string, unknown>)[key]
            : undefined,
        spec,
      );
      return Promise.resolve({ spec: dereference(subtree, spec), errors: [] });
    },
  },
  statePlugins: {
    spec: {
      wrapActions: {
        parseToJson: (original, system) => (text) => {
          let json: unknown;
          try {
            json = JSON.parse(text ?? '');
          } catch {
            return original(text);
          }
          return system.specActions.updateJsonSpec(json);
        },
      },
    },
    layout: {
      wrapActions: {
        show: (original, system) => (key, shown) => {
          const result = original(key, shown);
          const [kind, tag] = key;
          if (shown && (kind === 'operations-tag' || kind === 'operations') && tag)
            load(system, tag);
          return result;
        },
      },
    },
  },
});

/** The options of Swagger UI but its document. */
const OPTIONS: Options = {
  dom_id: '#reference',
  validatorUrl: null,
  deepLinking: true,
  // Every tag closed, each opened on demand.
  docExpansion: 'none',
  defaultModelsExpandDepth: -1,
  // The filter finds tags by name (and operations of the loaded part by path).
  filter: true,
  plugins: [parts],
};

/** What the page reads of a part itself: its tags. */
interface Part {
  tags: { name: string }[];
}

/** The part of a tag (or the contents), or null where the build has none. */
const fetchPart = (tag: string | null): Promise<Part | null> =>
  fetch(partUrl(tag))
    .then((reply) => (reply.ok ? (reply.json() as Promise<Part>) : null))
    .catch(() => null);

/**
 * The first part, asked for as soon as this script runs, before Swagger UI's bundle, so that its
 * download overlaps the bundle's start; the contents where a link names a tag with no part.
 */
const first = fetchPart(loaded).then((part) => {
  if (part !== null || loaded === null) return part;
  loaded = null;
  return fetchPart(null);
});

document.addEventListener('DOMContentLoaded', () => {
  void first.then((part) => {
    // No part to be had: Swagger UI asks for the contents itself, and says what went wrong.
    if (part === null) return SwaggerUIBundle({ ...OPTIONS, url: partUrl(null) });
    known = new Set(part.tags.map((tag) => tag.name));
    const system = SwaggerUIBundle({ ...OPTIONS, spec: part });
    // Given a document rather than its address, Swagger UI shows none: the part's is shown.
    system.specActions.updateUrl(partUrl(loaded));
    return system;
  });
});
