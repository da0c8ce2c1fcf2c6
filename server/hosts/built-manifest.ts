import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { MANIFEST_FILE, MANIFEST_FORMAT, type Manifest } from '../../contract/manifest.ts';
import { UserError } from '../../lib/errors.ts';

/** The manifest of the build in `dir`; a folder without one is refused with what to do. */
export function builtManifest(dir: string): Manifest {
  const file = join(resolve(dir), MANIFEST_FILE);
  if (!existsSync(file))
    throw new UserError(
      `${dir} holds no build (no ${MANIFEST_FILE}). Run \`npm run build -- --out ${dir}\` first.`,
    );
  let manifest: Manifest;
  try {
    manifest = JSON.parse(readFileSync(file, 'utf8')) as Manifest;
  } catch (error) {
    throw new UserError(`Cannot read ${file} (${(error as Error).message}); build it again.`);
  }
  if (manifest.format !== MANIFEST_FORMAT)
    throw new UserError(
      `${dir} was built by another version (manifest format ${manifest.format}); build it again.`,
    );
  return manifest;
}
