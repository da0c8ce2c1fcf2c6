import { openLocalArchive } from '../../contract/node/archive-file.ts';
import { heard } from '../../lib/stop-signals.ts';
import { discard, publish, stage, type Staging } from './publish.ts';
import { TreeSink } from '../output/sink.ts';

/** Files unpacked between two looks for a signal that stops the unpack. */
const HEARD_EVERY = 256;

/**
 * The inflated blocks an unpack keeps: the files of a leaf are a few groups (a collection's
 * pages, a match's files), whose records lie in neighbouring blocks.
 */
const UNPACK_BLOCK_BYTES = 64 * 1024 * 1024;

/**
 * Writes the tree an archive holds into `out`, byte for byte the tree `npm run build -- --out`
 * writes from the same database, and publishes it as a build does (`publish.ts`): `out` is
 * replaced only when every file is written, and a failed or aborted unpack leaves it as it was.
 */
export async function unpack(
  archive: string,
  out: string,
  signal?: AbortSignal,
): Promise<{ files: number; bytes: number }> {
  // Opening checks the header, the root and the length before anything is written.
  const opened = await openLocalArchive(archive, undefined, UNPACK_BLOCK_BYTES);
  const { reader } = opened;
  let staging: Staging | undefined;
  try {
    staging = stage(out);
    const sink = new TreeSink(staging.partial, false);
    let done = 0;
    for (let leaf = 0; leaf < 2 ** reader.header.leafBits; leaf++) {
      for (const { path, template } of await reader.entries(leaf)) {
        // The reads of a local archive block: the loop turns now and then, so a signal is heard.
        if (signal && done++ % HEARD_EVERY === 0) await heard(signal);
        const bytes = await reader.make(template, path);
        sink.write(path, Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength));
      }
    }
    sink.commit();
    publish(staging);
    return { files: sink.files, bytes: sink.bytes };
  } finally {
    await opened.close();
    if (staging) discard(staging);
  }
}
