import { ArchiveError, type ArchiveReader } from '../../contract/archive-reader.ts';
import { MANIFEST_FILE, type Manifest } from '../../contract/manifest.ts';
import { encodedFile, isSafeRelativePath } from '../../contract/paths.ts';
import { createHandler, type FileSource, type Handler } from './handler.ts';

const decoder = new TextDecoder();

/**
 * The router's file access over an archive. The gzip variant of a file (`x.json.gz`, asked for when
 * the client accepts gzip) is the stored deflate stream in a gzip member: nothing is recompressed.
 */
export function archiveFiles(archive: ArchiveReader): FileSource {
  const gz = encodedFile('', 'gzip');
  return {
    async read(file) {
      if (!isSafeRelativePath(file)) return null;
      const bytes = await archive.read(file);
      if (bytes || !file.endsWith(gz)) return bytes;
      return archive.gzip(file.slice(0, -gz.length));
    },
    async locate(file) {
      if (isSafeRelativePath(file)) await archive.locate(file);
    },
  };
}

/**
 * The router over an archive: its manifest, read from the archive, and its files. Every entry can
 * be sent gzip-encoded without recompressing, so the router negotiates gzip as for a tree built
 * with `--precompress`. `cacheBytes`: the budget of the router's caches (`createHandler`).
 */
export async function createArchiveHandler(
  archive: ArchiveReader,
  cacheBytes?: number,
): Promise<Handler> {
  const bytes = await archive.read(MANIFEST_FILE);
  if (!bytes) throw new ArchiveError(`the archive has no ${MANIFEST_FILE}`);
  const manifest = JSON.parse(decoder.decode(bytes)) as Manifest;
  return createHandler({
    manifest: { ...manifest, encodings: ['gzip'] },
    files: archiveFiles(archive),
    cacheBytes,
  });
}
