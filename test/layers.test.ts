import { describe, expect, it } from 'vitest';
import { moduleGraph, type Import } from './helpers/import-graph.ts';

/**
 * The folders are the architecture: data flows from sources (`data/`) through the build
 * (`build/`) into files the router (`server/`) reads, and the two sides share only the wire
 * format (`contract/`). Each folder may import the folders listed for it and nothing else, so no
 * arrow points from a lower layer to a higher one; `dev/` holds the local tools that compose the
 * others (the local Worker packs a tree with the build).
 */
const LAYERS: Record<string, readonly string[]> = {
  contract: ['contract'],
  data: ['contract', 'data'],
  site: ['contract', 'data', 'site'],
  build: ['contract', 'data', 'site', 'build'],
  'server/core': ['contract', 'server/core'],
  'server/disk': ['contract', 'server/core', 'server/disk'],
  'server/runtimes': ['contract', 'server/core', 'server/disk', 'server/runtimes'],
  'server/node': ['contract', 'server/core', 'server/disk', 'server/node'],
  // The client runs in browsers: the router's core over HTTP ranges, nothing of Node.
  'server/client': ['contract', 'server/core', 'server/client'],
  dev: ['contract', 'data', 'site', 'build', 'server/core', 'server/disk', 'server/node', 'dev'],
};
const FOLDERS = ['build', 'contract', 'data', 'dev', 'server', 'site'];

/** The layer a module belongs to: the longest folder of `LAYERS` that holds it. */
function layerOf(file: string): string | undefined {
  return Object.keys(LAYERS)
    .filter((layer) => file.startsWith(`${layer}/`))
    .sort((a, b) => b.length - a.length)[0];
}

const graph = moduleGraph(FOLDERS);
const local = (imports: Import[]) => imports.filter((i) => i.file !== null);

describe('the layers', () => {
  it('every module lies in a layer', () => {
    expect([...graph.keys()].filter((file) => !layerOf(file))).toEqual([]);
  });

  it.each([...graph.keys()])('%s imports only from the layers below it', (file) => {
    const allowed = LAYERS[layerOf(file)!]!;
    for (const { spec, file: target } of local(graph.get(file)!))
      expect(allowed, `${file} imports ${spec}`).toContain(layerOf(target!));
  });

  it('no module imports itself through others', () => {
    const state = new Map<string, 'open' | 'done'>();
    const cycles: string[] = [];
    const visit = (file: string, path: string[]) => {
      state.set(file, 'open');
      for (const { file: next } of local(graph.get(file) ?? [])) {
        if (state.get(next!) === 'open') cycles.push([...path, file, next].join(' -> '));
        else if (!state.has(next!) && graph.has(next!)) visit(next!, [...path, file]);
      }
      state.set(file, 'done');
    };
    for (const file of graph.keys()) if (!state.has(file)) visit(file, []);
    expect(cycles).toEqual([]);
  });
});

describe('the test of the layers', () => {
  it('places modules in the deepest folder that names a layer', () => {
    expect(layerOf('server/core/route.ts')).toBe('server/core');
    expect(layerOf('contract/node/archive-file.ts')).toBe('contract');
    expect(layerOf('server/router.ts')).toBeUndefined();
  });
});
