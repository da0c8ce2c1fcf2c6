import { readSync } from 'node:fs';
import { open } from 'node:fs/promises';
import { brotliDecompressSync, crc32 } from 'node:zlib';
import { dirname, join } from 'node:path';
import { entryOf, partedSource, partLength, type PartsEntry } from '../archive-parts.ts';
import { ArchiveError, ArchiveReader, type Codec, type RangeSource } from '../archive-reader.ts';

/** Node's, Deno's and Bun's codec: zlib's CRC-32 and Brotli, synchronous (entries are small). */
export const NODE_CODEC: Codec = {
  crc32: (data) => crc32(data),
  decompress: (data) => brotliDecompressSync(data),
};

/** What tells one file at a path from another renamed over it: inode, size, modification time. */
export const fileStamp = (stat: { ino: number; size: number; mtimeMs: number }) =>
  `${stat.ino}:${stat.size}:${stat.mtimeMs}`;

/** An archive on the local disk, open for range reads. */
export interface LocalArchive {
  reader: ArchiveReader;
  /** The archive's bytes: the file's, or its parts' end to end. */
  source: RangeSource;
  /** Identifies the file that was opened (inode, size, modification time). */
  stamp: string;
  close(): Promise<void>;
}

/**
 * The largest read a local archive makes blocking: above every index leaf, page and posting
 * group a query reads, below the files too large to hold the other requests up for.
 */
const BLOCKING_READ_BYTES = 1024 * 1024;

/** A local file as a range source; `reads` counts the reads, for tests and the bench. */
export async function fileRangeSource(
  path: string,
): Promise<RangeSource & { stamp: string; reads: number; close(): Promise<void> }> {
  const handle = await open(path, 'r');
  try {
    const stat = await handle.stat();
    const source = {
      length: stat.size,
      stamp: fileStamp(stat),
      reads: 0,
      async read(offset: number, length: number): Promise<Uint8Array> {
        source.reads++;
        const bytes = Buffer.allocUnsafe(length);
        // A read up to a megabyte blocks, as nginx reads files: most are a few KB to a few
        // hundred KB of a local file, most often in the page cache, where a read through the
        // thread pool cost thirty times the read. A larger one (the OpenAPI document, a large
        // collection of one page) goes through the pool, so that it never holds up the others.
        const blocking = length <= BLOCKING_READ_BYTES;
        let got = 0;
        while (got < length) {
          const bytesRead = blocking
            ? readSync(handle.fd, bytes, got, length - got, offset + got)
            : (await handle.read(bytes, got, length - got, offset + got)).bytesRead;
          if (bytesRead === 0) break;
          got += bytesRead;
        }
        return bytes.subarray(0, got);
      },
      close: () => handle.close(),
    };
    return source;
  } catch (e) {
    await handle.close();
    throw e;
  }
}

/**
 * The parts of `entry`, beside it in `folder`, each opened now: a build published meanwhile
 * removes the previous build's parts, which stay readable to the descriptors open here.
 */
async function openParts(folder: string, entry: PartsEntry) {
  const parts: Awaited<ReturnType<typeof fileRangeSource>>[] = [];
  const closeAll = () => Promise.all(parts.map((part) => part.close()));
  try {
    for (const [index, name] of entry.parts.entries()) {
      const part = await fileRangeSource(join(folder, name)).catch((e: NodeJS.ErrnoException) => {
        throw e.code === 'ENOENT' ? new ArchiveError(`its part ${name} is missing`) : e;
      });
      parts.push(part);
      if (part.length !== partLength(entry, index))
        throw new ArchiveError(
          `its part ${name} is ${part.length} bytes but was written as ` +
            `${partLength(entry, index)}: copy the parts again`,
        );
    }
    return { source: partedSource(entry, (index) => parts[index]!), close: closeAll };
  } catch (e) {
    await closeAll();
    throw e;
  }
}

/**
 * Opens an archive on the local disk, whole or in parts (`path` is then its entry point): an
 * `ArchiveError` says why a file is not a good one. `indexBytes` and `blockBytes`: the memory its
 * index and its inflated blocks may hold (`ArchiveReader.open`).
 */
export async function openLocalArchive(
  path: string,
  indexBytes?: number,
  blockBytes?: number,
): Promise<LocalArchive> {
  const file = await fileRangeSource(path);
  let source: RangeSource = file;
  let close: () => Promise<unknown> = () => file.close();
  try {
    const entry = await entryOf(file);
    if (entry) {
      await file.close();
      close = async () => {};
      ({ source, close } = await openParts(dirname(path), entry));
    }
    const reader = await ArchiveReader.open(source, NODE_CODEC, indexBytes, undefined, blockBytes);
    return { reader, source, stamp: file.stamp, close: async () => void (await close()) };
  } catch (e) {
    await close();
    throw e;
  }
}
