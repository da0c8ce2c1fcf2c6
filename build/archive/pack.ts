import { readdirSync, readFileSync, realpathSync } from 'node:fs';
import { openLocalArchive } from '../../contract/node/archive-file.ts';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { MANIFEST_FILE, type Manifest } from '../../contract/manifest.ts';
import { encodedFile } from '../../contract/paths.ts';
import { assembleArchive } from './assemble.ts';
import { indexHash } from './parts.ts';
import { SegmentSink } from '../output/archive-sink.ts';
import {
  discardArchive,
  publishArchive,
  stageArchive,
  stagedWriter,
  type ArchiveStaging,
} from './publish.ts';

/**
 * Packs a built folder into an archive, as `npm run build -- --archive` would have written it
 * (entries in path order rather than the build's), for runtimes that read only archives. The
 * compressed copies of a `--precompress` build are left out: the archive stores every record once.
 * Published like a build: the archive is replaced only once complete.
 */
export async function packTree(
  dir: string,
  archive: string,
): Promise<{ files: number; bytes: number }> {
  const root = realpathSync(dir);
  const manifest = JSON.parse(readFileSync(join(root, MANIFEST_FILE), 'utf8')) as Manifest;
  const copies = manifest.encodings.map((encoding) => encodedFile('', encoding));
  const staging = stageArchive(archive);
  try {
    const sink = new SegmentSink(join(staging.scratch, 'tree'));
    const walk = (relative: string) => {
      const entries = readdirSync(join(root, relative), { withFileTypes: true });
      for (const entry of entries.sort((a, b) => (a.name < b.name ? -1 : 1))) {
        const path = relative ? `${relative}/${entry.name}` : entry.name;
        if (entry.isDirectory()) walk(path);
        else if (!copies.some((suffix) => path.endsWith(suffix)))
          sink.write(path, readFileSync(join(root, path)));
      }
    };
    walk('');
    sink.commit();
    const threads = availableParallelism();
    await assembleArchive([join(staging.scratch, 'tree')], stagedWriter(staging), { threads });
    publishArchive(staging);
    return { files: sink.files, bytes: sink.bytes };
  } finally {
    discardArchive(staging);
  }
}

/**
 * Writes the archive `archive` (whole or in parts) again as parts of `partSize` bytes and their
 * entry point `entry`, byte for byte the archive a build with `--part-size` writes, without
 * building it again. Published like a build: `entry` is replaced only once every part is written.
 */
export async function splitArchive(
  archive: string,
  entry: string,
  partSize: number,
  signal?: AbortSignal,
): Promise<{ parts: number; length: number }> {
  const opened = await openLocalArchive(archive);
  let staging: ArchiveStaging | undefined;
  try {
    staging = stageArchive(entry, partSize);
    const { source } = opened;
    const { dataStart } = opened.reader.header;
    const index = indexHash();
    for (let at = 0; at < dataStart; at += 4 << 20)
      index.update(await source.read(at, Math.min(4 << 20, dataStart - at)));
    const out = stagedWriter(staging)(index, source.length);
    const chunk = 4 << 20;
    for (let at = 0; at < source.length; at += chunk) {
      signal?.throwIfAborted();
      out.write(await source.read(at, chunk));
    }
    out.close({ sync: true });
    publishArchive(staging);
    return { parts: staging.entry!.parts.length, length: source.length };
  } finally {
    if (staging) discardArchive(staging);
    await opened.close();
  }
}
