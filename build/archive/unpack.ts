import { crc32, inflateRawSync } from 'node:zlib';
import { ZIP } from '../../contract/archive-format.ts';
import { ArchiveError } from '../../contract/archive-reader.ts';
import { openLocalArchive } from '../../contract/node/archive-file.ts';
import { heard } from '../../lib/stop-signals.ts';
import { discard, publish, stage, type Staging } from './publish.ts';
import { TreeSink } from '../output/sink.ts';

/** Files unpacked between two looks for a signal that stops the unpack. */
const HEARD_EVERY = 256;

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
  const opened = await openLocalArchive(archive);
  const { source } = opened;
  const { files, dataStart } = opened.reader.header;
  let staging: Staging | undefined;
  try {
    staging = stage(out);
    const sink = new TreeSink(staging.partial, false);
    let at = dataStart;
    // The records lie end to end from the index's end, in the order the build wrote them.
    for (let i = 0; i < files; i++) {
      // The reads of a local archive block: the loop turns now and then, so a signal is heard.
      if (signal && i % HEARD_EVERY === 0) await heard(signal);
      const head = Buffer.from(await source.read(at, ZIP.localSize));
      if (head.length !== ZIP.localSize || head.readUInt32LE(0) !== ZIP.local)
        throw new ArchiveError(`${archive}: no ZIP entry at byte ${at}`);
      const nameLength = head.readUInt16LE(26);
      const restLength = nameLength + head.readUInt16LE(28) + head.readUInt32LE(18);
      const rest = Buffer.from(await source.read(at + head.length, restLength));
      if (rest.length !== restLength)
        throw new ArchiveError(`${archive} ends inside the entry at byte ${at}`);
      const name = rest.toString('utf8', 0, nameLength);
      const data = inflateRawSync(rest.subarray(rest.length - head.readUInt32LE(18)));
      if (data.length !== head.readUInt32LE(22) || crc32(data) !== head.readUInt32LE(14))
        throw new ArchiveError(`the archive entry for ${name} is damaged (CRC-32 mismatch)`);
      sink.write(name, data);
      at += head.length + rest.length;
    }
    sink.commit();
    publish(staging);
    return { files: sink.files, bytes: sink.bytes };
  } finally {
    await opened.close();
    if (staging) discard(staging);
  }
}
