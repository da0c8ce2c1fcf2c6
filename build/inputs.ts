import fg from 'fast-glob';
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { DemoSize } from '../data/demo/generate.ts';

/** What a demo build is made from, besides the code. */
export interface DemoBuildOptions {
  readonly seed: number;
  readonly size: DemoSize;
  readonly precompress: boolean;
}

const ROOT = fileURLToPath(new URL('..', import.meta.url));
/** The build and the demo's generator: every module of a demo build is reached from them. */
const ENTRIES = ['build/build.ts', 'data/demo/generate.ts'];
/** The files of a source folder that make a build: modules, and what they read (schema, pages). */
const SOURCES = '**/*.{ts,mjs,sql,json,html,css,png}';

/** The relative imports of a module: static, dynamic and `new URL(…, import.meta.url)`. */
function importsOf(source: string): string[] {
  const found = source.matchAll(/(?:\bfrom\s+|\bimport\(\s*|\bnew URL\(\s*)'(\.{1,2}\/[^']*)'/g);
  return [...found].map((m) => m[1]!);
}

/**
 * The modules the build and the demo's generator reach through relative imports, as paths from the
 * project's root.
 */
export function buildModules(root = ROOT): string[] {
  const seen = new Set<string>();
  const visit = (file: string) => {
    if (seen.has(file) || !/\.(ts|mjs)$/.test(file)) return;
    seen.add(file);
    for (const spec of importsOf(readFileSync(join(root, file), 'utf8')))
      visit(relative(root, resolve(root, dirname(file), spec)));
  };
  ENTRIES.forEach(visit);
  return [...seen].sort();
}

/**
 * The project's top-level folders a build reads: those of every module it reaches. A folder
 * added later is covered as soon as the build imports from it.
 */
export function buildFolders(root = ROOT): string[] {
  return [...new Set(buildModules(root).map((file) => file.split('/')[0]!))].sort();
}

/**
 * The inputs of a demo build: its options and a hash of every source file of the folders the
 * build reads (the generator, the schema, the registry, the build, the contract, the pages and
 * the client they ship) and of the lock file. The same inputs give a byte-identical build, so
 * `npm start` reuses the archive `dist.archive` when they match, and builds afresh after any
 * change. `root`: the project's folder.
 */
export function demoInputs(options: DemoBuildOptions, root = ROOT): string {
  const patterns = buildFolders(root).map((folder) => `${folder}/${SOURCES}`);
  const files = fg.sync([...patterns, 'package-lock.json'], { cwd: root }).sort();
  const { seed, size, precompress } = options;
  const hash = createHash('sha1').update(
    `demo seed ${seed} ${JSON.stringify({ precompress, size })}\0`,
  );
  for (const file of files)
    hash
      .update(file)
      .update('\0')
      .update(readFileSync(join(root, file)));
  return hash.digest('hex');
}
