import fg from 'fast-glob';
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

/** Path -> SHA-1 of the content of every file in a tree (through the output link), sorted. */
export function treeDigest(dir: string): Map<string, string> {
  const files = fg.sync('**/*', { cwd: dir, dot: true, onlyFiles: true }).sort();
  return new Map(
    files.map((f) => [
      f,
      createHash('sha1')
        .update(readFileSync(join(dir, f)))
        .digest('hex'),
    ]),
  );
}
