import { HEADER_SIZE, ROOT_ENTRY_SIZE } from '../../contract/archive-format.ts';
import { openLocalArchive } from '../../contract/node/archive-file.ts';

/**
 * An archive's bytes by part (docs/archive.md): the container (header and root), the opening
 * file, the leaves of the index (each file's name and template: the record directory), and the
 * blocks, told apart by the first file that names each block: the records of the API's
 * answers (`v0/`, `v1/`), its query index (`/_q/`), and the assets (the explorer, the
 * reference, the OpenAPI document, the logo, the licences, the manifest).
 */
export async function archiveBytes(file: string): Promise<Record<string, number>> {
  const { reader, close } = await openLocalArchive(file, 0, 0);
  try {
    const { header } = reader;
    const leaves = 2 ** header.leafBits;
    const parts = { container: HEADER_SIZE + leaves * ROOT_ENTRY_SIZE, opening: 0, leaves: 0 };
    parts.opening = header.opening.length;
    const blocks = { records: 0, queryIndex: 0, assets: 0 };
    const seen = new Set<number>();
    for (let leaf = 0; leaf < leaves; leaf++) {
      parts.leaves += reader.leafRange(leaf)?.length ?? 0;
      for (const { path, template } of await reader.entries(leaf)) {
        const kind = path.includes('/_q/')
          ? 'queryIndex'
          : /^v\d+\//.test(path)
            ? 'records'
            : 'assets';
        for (const block of template.blocks) {
          if (seen.has(block.offset)) continue;
          seen.add(block.offset);
          blocks[kind] += block.length;
        }
      }
    }
    return { ...parts, ...blocks, total: header.archiveLength };
  } finally {
    await close();
  }
}
