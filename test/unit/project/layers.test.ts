import { describe, expect, it } from 'vitest';
import { CODE_FOLDERS, moduleGraph, type Import } from '../../helpers/code/import-graph.ts';

/**
 * The folders are the architecture: data flows from sources (`data/`) through the build
 * (`build/`) into files the router (`server/`) reads, and the two sides share only the wire
 * format (`contract/`). Below them lie what every layer may use: the command line's framework
 * and the errors a user is told (`lib/`), and the football vocabulary (`football/`). Above them,
 * `dev/` holds the local tools that compose the others (the local Worker packs a tree with the
 * build), and `cli/` the entry point of every program, the one layer that may import any other.
 * Each folder may import the folders listed for it and nothing else, so no arrow points from a
 * lower layer to a higher one. A module started by its path (`join(PROJECT, 'cli', 'build.ts')`)
 * counts as imported.
 */
const BASE = ['lib', 'football', 'contract'];
const SERVER = ['server/core', 'server/disk', 'server/hosts', 'server/adapters', 'server/client'];

/**
 * Inside `build/`, the rooms from the top down: the build's orchestration (the files of `build/`
 * itself), the registry of resources, the rooms it drives, and at the bottom the vocabulary they
 * all share (`define/`: a resource's definition, its scope, its SQL). A room imports only rooms
 * below it.
 */
const BUILD = [
  'build',
  'build/registry',
  'build/site',
  'build/openapi',
  'build/archive',
  'build/write',
  'build/index',
  'build/output',
  'build/derived',
  'build/define',
];
const below = (rooms: readonly string[], room: string) => rooms.slice(rooms.indexOf(room));

const LAYERS: Record<string, readonly string[]> = {
  lib: ['lib'],
  football: ['football'],
  contract: ['contract'],
  data: [...BASE, 'data'],
  site: ['football', 'contract', 'site'],
  ...Object.fromEntries(
    BUILD.map((room) => [room, [...BASE, 'data', 'site', ...below(BUILD, room)]]),
  ),
  'server/core': ['contract', 'server/core'],
  'server/disk': ['contract', 'server/core', 'server/disk'],
  'server/hosts': ['lib', 'contract', 'server/core', 'server/hosts'],
  'server/adapters': ['contract', 'server/core', 'server/disk', 'server/adapters'],
  // The client runs in browsers: the router's core over HTTP ranges, nothing of Node.
  'server/client': ['contract', 'server/core', 'server/client'],
  dev: [...BASE, 'data', 'site', ...BUILD, ...SERVER, 'dev'],
  cli: [...BASE, 'data', 'site', ...BUILD, ...SERVER, 'dev', 'cli'],
};

/** The layer a module belongs to: the longest folder of `LAYERS` that holds it. */
function layerOf(file: string): string | undefined {
  return Object.keys(LAYERS)
    .filter((layer) => file.startsWith(`${layer}/`))
    .sort((a, b) => b.length - a.length)[0];
}

const graph = moduleGraph(CODE_FOLDERS);
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
    expect(layerOf('build/build.ts')).toBe('build');
    expect(layerOf('build/derived/stats/fields.ts')).toBe('build/derived');
    expect(layerOf('server/router.ts')).toBeUndefined();
  });

  it('lets a room of the build import the rooms below it and none above', () => {
    expect(LAYERS['build/write']).toContain('build/index');
    expect(LAYERS['build/write']).not.toContain('build/openapi');
    expect(LAYERS['build/define']).not.toContain('build/derived');
  });

  it('sees a module started by its path as an import', () => {
    const serve = graph.get('cli/serve.ts')!.map((i) => i.file);
    expect(serve).toEqual(
      expect.arrayContaining(['cli/worker-main.ts', 'server/adapters/deno.ts']),
    );
  });
});
