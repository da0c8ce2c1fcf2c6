import { ArchiveReader } from '../../contract/archive-reader.ts';
import { fileRangeSource, NODE_CODEC } from '../../contract/node/archive-file.ts';

/**
 * Range reads per file lookup in an archive, through a reader that counts them: for each path, a
 * cold reader (opened afresh: the first read, one leaf, the file) and a warm one (the same path
 * again, its leaf cached). Returns the largest counts seen.
 */
export async function readsPerLookup(
  archive: string,
  paths: readonly string[],
): Promise<{ cold: number; warm: number }> {
  let cold = 0;
  let warm = 0;
  for (const path of paths) {
    const source = await fileRangeSource(archive);
    try {
      const reader = await ArchiveReader.open(source, NODE_CODEC);
      if (!(await reader.read(path))) throw new Error(`${archive} has no ${path}`);
      cold = Math.max(cold, source.reads);
      const before = source.reads;
      await reader.read(path);
      warm = Math.max(warm, source.reads - before);
    } finally {
      await source.close();
    }
  }
  return { cold, warm };
}
