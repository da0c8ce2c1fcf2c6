import fg from 'fast-glob';
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { DemoSize } from '../data/demo/generate.ts';

/** What a demo build is made from, besides the code. */
export interface DemoBuildOptions {
  readonly seed: number;
  readonly size: DemoSize;
  readonly precompress: boolean;
  readonly scanLimit: number;
}

/**
 * The inputs of a demo build: its options and a hash of every source file of the project that
 * makes the database or the output (the generator, the schema, the registry, the build, the
 * router's value semantics, the pages, the lock file). The same inputs give a byte-identical
 * build, so `npm start` reuses the archive `dist.zip` when they match, and builds afresh after
 * any change.
 */
export function demoInputs(options: DemoBuildOptions): string {
  const root = fileURLToPath(new URL('..', import.meta.url));
  const files = fg
    .sync(
      [
        'build/**/*.{ts,mjs}',
        'data/**/*.{ts,sql,json}',
        'server/**/*.ts',
        'site/**/*.{ts,html,css}',
        'package-lock.json',
      ],
      { cwd: root },
    )
    .sort();
  const { seed, size, precompress, scanLimit } = options;
  const hash = createHash('sha1').update(
    `demo seed ${seed} ${JSON.stringify({ precompress, scanLimit, size })}\0`,
  );
  for (const file of files)
    hash
      .update(file)
      .update('\0')
      .update(readFileSync(join(root, file)));
  return hash.digest('hex');
}
