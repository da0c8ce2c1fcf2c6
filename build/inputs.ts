import fg from 'fast-glob';
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { publishedManifest } from './publish.ts';
import { join } from 'node:path';

/**
 * The inputs of a demo build: the demo's seed and a hash of every source file of the project that
 * makes the database or the output (the generator, the schema, the registry, the build, the
 * router's value semantics, the lock file) and the build's options. The same inputs give a byte-identical build, so `npm
 * start` reuses the build `dist` holds when they match, and builds afresh after any change.
 */
export function demoInputs(seed: number, options: string): string {
  const root = fileURLToPath(new URL('..', import.meta.url));
  const files = fg
    .sync(
      ['build/**/*.{ts,mjs}', 'data/**/*.{ts,sql,json}', 'server/**/*.ts', 'package-lock.json'],
      {
        cwd: root,
      },
    )
    .sort();
  const hash = createHash('sha1').update(`demo seed ${seed} ${options}\0`);
  for (const file of files)
    hash
      .update(file)
      .update('\0')
      .update(readFileSync(join(root, file)));
  return hash.digest('hex');
}

/** The inputs recorded in the manifest of the build `out` holds, if any. */
export function builtInputs(out: string): string | null {
  return publishedManifest(out)?.inputs ?? null;
}
