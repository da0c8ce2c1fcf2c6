import fg from 'fast-glob';
import { readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';

/** The project's root folder. */
export const ROOT = resolve(import.meta.dirname, '..', '..', '..');

/** One import of a module: what it names, and whether only types are imported. */
export interface Import {
  spec: string;
  /** The imported module from the project's root, for a relative import. */
  file: string | null;
  typeOnly: boolean;
}

/** The folders of the project's code, each a layer (`test/unit/project/layers.test.ts`). */
export const CODE_FOLDERS = [
  'build',
  'cli',
  'contract',
  'data',
  'dev',
  'football',
  'lib',
  'server',
  'site',
] as const;

/** A module's path from the project's root, in a folder of the project's code. */
const SOURCE_PATH = new RegExp(`^(${CODE_FOLDERS.join('|')})/[\\w./-]+\\.(ts|mjs)$`);

/** The imports of a TypeScript module (static, for effect only, re-exports and dynamic). */
export function importsOf(file: string): Import[] {
  const source = readFileSync(join(ROOT, file), 'utf8');
  const imports: Import[] = [];
  const add = (spec: string, typeOnly: boolean) =>
    imports.push({
      spec,
      typeOnly,
      file: spec.startsWith('.') ? relative(ROOT, resolve(ROOT, dirname(file), spec)) : null,
    });
  for (const m of source.matchAll(/^(import|export)\s+(type\s+)?[^;]*?from\s+'([^']+)'/gms))
    add(m[3]!, Boolean(m[2]));
  for (const m of source.matchAll(/^import\s+'([^']+)'/gm)) add(m[1]!, false);
  for (const m of source.matchAll(/\bimport\(\s*'([^']+)'\s*\)/g)) add(m[1]!, false);
  // A module started or bundled by its path from the project's root: `join(PROJECT, 'cli',
  // 'build.ts')`, or one string.
  for (const m of source.matchAll(
    /\bjoin\(\s*(?:PROJECT|ROOT)\s*,\s*((?:'[\w.-]+'\s*,?\s*)+)\)/g,
  )) {
    const path = [...m[1]!.matchAll(/'([\w.-]+)'/g)].map((s) => s[1]!).join('/');
    if (SOURCE_PATH.test(path)) imports.push({ spec: path, file: path, typeOnly: false });
  }
  for (const m of source.matchAll(/'([\w./-]+\.(?:ts|mjs))'/g))
    if (SOURCE_PATH.test(m[1]!)) imports.push({ spec: m[1]!, file: m[1]!, typeOnly: false });
  return imports;
}

/** Every module of the given folders, with its imports. */
export function moduleGraph(folders: readonly string[]): Map<string, Import[]> {
  const files = fg.sync(
    folders.map((folder) => `${folder}/**/*.{ts,mjs}`),
    { cwd: ROOT },
  );
  return new Map(files.sort().map((file) => [file, importsOf(file)]));
}

/** Every module the entries reach through imports that are not type-only, with its imports. */
export function reached(entries: readonly string[]): Map<string, Import[]> {
  const seen = new Map<string, Import[]>();
  const visit = (file: string) => {
    if (seen.has(file)) return;
    const imports = importsOf(file).filter((i) => !i.typeOnly);
    seen.set(file, imports);
    for (const i of imports) if (i.file) visit(i.file);
  };
  entries.forEach(visit);
  return seen;
}
