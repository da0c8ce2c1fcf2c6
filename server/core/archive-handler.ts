import { ArchiveError, type ArchiveReader } from '../../contract/archive-reader.ts';
import { MANIFEST_FILE, type Manifest } from '../../contract/manifest.ts';
import { isSafeRelativePath } from '../../contract/paths.ts';
import { createHandler, type FileSource, type Handler } from './handler.ts';

const decoder = new TextDecoder();

/**
 * The router's file access over an archive: each file made from its template and blocks. An
 * archive holds no compressed copy of a file: a client that accepts gzip gets it compressed as
 * it is sent, as from a tree built without `--precompress`.
 */
export function archiveFiles(archive: ArchiveReader): FileSource {
  return {
    async read(file) {
      return isSafeRelativePath(file) ? archive.read(file) : null;
    },
    async locate(file) {
      if (isSafeRelativePath(file)) await archive.locate(file);
    },
    async parts(file) {
      return isSafeRelativePath(file) ? archive.parts(file) : null;
    },
    async records(file) {
      return isSafeRelativePath(file) ? archive.records(file) : null;
    },
  };
}

/**
 * The router over an archive: its manifest, read from the archive, and its files.
 * `cacheBytes`: the budget of the router's caches (`createHandler`).
 */
export async function createArchiveHandler(
  archive: ArchiveReader,
  cacheBytes?: number,
): Promise<Handler> {
  const bytes = await archive.read(MANIFEST_FILE);
  if (!bytes) throw new ArchiveError(`the archive has no ${MANIFEST_FILE}`);
  const manifest = JSON.parse(decoder.decode(bytes)) as Manifest;
  return createHandler({
    manifest: { ...manifest, encodings: [] },
    files: archiveFiles(archive),
    cacheBytes,
  });
}
