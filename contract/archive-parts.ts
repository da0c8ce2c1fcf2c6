import { ArchiveError, type RangeSource } from './archive-reader.ts';
import { concatBytes } from './bytes.ts';

/**
 * An archive in parts (docs/archive.md#parts): the archive's bytes cut into files of one size
 * (the last shorter), for hosts that limit a file's size, and a small JSON entry point that names
 * them. Joined end to end (`cat`) the parts are the archive, byte for byte. A part's name carries
 * a tag of the build (a hash of the archive's index), so a new build's parts never overwrite the
 * parts a reader of the previous entry point is reading. Nothing here is specific to a runtime.
 */

/** What the entry point's `format` says. */
export const PARTS_FORMAT = 'football-api-archive-parts';
/** The entry point's version this code writes and reads. */
export const PARTS_VERSION = 1;

/** The entry point: the archive's length, the size of its parts and their names, in order. */
export interface PartsEntry {
  format: typeof PARTS_FORMAT;
  version: typeof PARTS_VERSION;
  /** Length of the whole archive. */
  length: number;
  /** Length of every part but the last. */
  partSize: number;
  /** The parts' file names, relative to the entry point's folder (or URL). */
  parts: string[];
}

/** The length of part `index` of `entry`. */
export function partLength(entry: PartsEntry, index: number): number {
  return index < entry.parts.length - 1
    ? entry.partSize
    : entry.length - entry.partSize * (entry.parts.length - 1);
}

/** A part's name: plain, in the entry point's folder, so it reads the same on a disk and a URL. */
const PART_NAME = /^[A-Za-z0-9][A-Za-z0-9._-]*$/;

const decoder = new TextDecoder();

/**
 * The entry point `bytes` are, or null when they are not one (an archive starts with a ZIP
 * header, an entry point with `{`). An entry point that does not add up is an `ArchiveError`.
 */
export function parseParts(bytes: Uint8Array): PartsEntry | null {
  if (bytes[0] !== 0x7b) return null;
  let entry: Partial<PartsEntry>;
  try {
    entry = JSON.parse(decoder.decode(bytes)) as Partial<PartsEntry>;
  } catch {
    throw new ArchiveError('not an API archive: it starts with `{` but is not JSON');
  }
  if (entry.format !== PARTS_FORMAT)
    throw new ArchiveError(`not an API archive: a JSON file whose format is not ${PARTS_FORMAT}`);
  if (entry.version !== PARTS_VERSION)
    throw new ArchiveError(
      `archive parts version ${entry.version}; this reader reads version ${PARTS_VERSION}`,
    );
  const { length, partSize, parts } = entry;
  const count = Array.isArray(parts) ? parts.length : 0;
  if (
    !Number.isSafeInteger(length) ||
    !Number.isSafeInteger(partSize) ||
    partSize! <= 0 ||
    count === 0 ||
    !parts!.every((name) => typeof name === 'string' && PART_NAME.test(name)) ||
    length! <= partSize! * (count - 1) ||
    length! > partSize! * count
  )
    throw new ArchiveError('the archive entry point is damaged: its parts do not add up');
  return entry as PartsEntry;
}

/** The largest entry point read: a few hundred bytes per hundred parts. */
export const MAX_ENTRY_BYTES = 1024 * 1024;

/**
 * The entry point `source` is when it is one (an archive in parts), else null. A file is read
 * whole only when it is small and its first byte is `{`: a whole archive costs no read here
 * unless it is under a megabyte.
 */
export async function entryOf(source: RangeSource): Promise<PartsEntry | null> {
  if (source.length > MAX_ENTRY_BYTES) return null;
  const first = await source.read(0, 1);
  return first[0] === 0x7b ? parseParts(await source.read(0, source.length)) : null;
}

/**
 * The archive of `entry` as one range source over its parts, `part(i)` giving part `i` (opened
 * when first asked for, by the caller's choice). A read within one part is one read of it; a
 * read across the end of a part is a read of each, made at once, so it costs no more time.
 */
export function partedSource(
  entry: PartsEntry,
  part: (index: number) => RangeSource | Promise<RangeSource>,
): RangeSource {
  return {
    length: entry.length,
    async read(offset, length) {
      const end = Math.min(offset + length, entry.length);
      if (end <= offset) return new Uint8Array(0);
      const pieces: Promise<Uint8Array>[] = [];
      for (let at = offset; at < end;) {
        const index = Math.floor(at / entry.partSize);
        const start = at - index * entry.partSize;
        const take = Math.min(end - at, partLength(entry, index) - start);
        pieces.push(Promise.resolve(part(index)).then((source) => source.read(start, take)));
        at += take;
      }
      const read = await Promise.all(pieces);
      return read.length === 1 ? read[0]! : concatBytes(read);
    },
  };
}
