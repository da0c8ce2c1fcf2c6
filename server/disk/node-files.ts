import { readFile } from 'node:fs/promises';
import { resolve, sep } from 'node:path';
import type { FileSource } from '../core/handler.ts';
import { isSafeRelativePath } from '../../contract/paths.ts';

/**
 * File access to a built folder on the local disk. Every path is checked to stay inside the folder
 * before it is read, whatever the router asked for.
 */
export function nodeFiles(dir: string): FileSource {
  const root = resolve(dir) + sep;
  return {
    async read(file) {
      if (!isSafeRelativePath(file)) return null;
      const abs = resolve(root, file);
      if (!abs.startsWith(root)) return null;
      try {
        return await readFile(abs);
      } catch (e) {
        const code = (e as NodeJS.ErrnoException).code;
        if (code === 'ENOENT' || code === 'ENOTDIR' || code === 'EISDIR' || code === 'ENAMETOOLONG')
          return null;
        throw e;
      }
    },
  };
}
