/**
 * The memory a router may hold to answer faster. Over an archive, a quarter keeps leaves of the
 * archive's index and a quarter its blocks of records (`ArchiveReader`), each with a share for
 * the templates and records read alone: a file whose leaf and blocks are held costs no read,
 * where one whose leaf is not first reads it (32 KB on average on the national set) and
 * decompresses its directory and one piece (about 30 KB together). The rest, or all over a
 * folder, goes to the router's caches (`hot-cache.ts`): half for the bytes of the files it sends
 * most, half for the files it reads to compose answers, decoded. A composed answer reads a few
 * default pages and index files; those held cost it no read. The servers that run on a machine
 * take `--cache-mb` (docs/queries.md#memory); a Worker's isolate keeps its own, smaller budget.
 */

/** The megabytes a server holds at most, unless `--cache-mb` says otherwise. */
export const CACHE_MB = 128;

/** The megabytes a Worker holds: a share of its isolate's 128 MB. */
export const WORKER_CACHE_MB = 48;

/** Megabytes in bytes. */
export const megabytes = (mb: number): number => mb * 1024 * 1024;

/**
 * A budget over an archive: the bytes for its index, for its blocks, and for the router's
 * caches.
 */
export function archiveBudget(bytes: number): { index: number; blocks: number; router: number } {
  return { index: bytes / 4, blocks: bytes / 4, router: bytes / 2 };
}
