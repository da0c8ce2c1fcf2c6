/**
 * The memory a router's caches (`hot-cache.ts`) may hold: half for the bytes of the files it sends
 * most, half for the files it reads to compose answers, decoded. A composed answer reads a few
 * default pages and index files; those held cost it no read. The servers that run on a machine
 * take `--cache-mb` (docs/queries.md#memory); a Worker's isolate keeps its own, smaller budget.
 */

/** The megabytes a server's router caches hold at most, unless `--cache-mb` says otherwise. */
export const CACHE_MB = 64;

/** The megabytes a Worker's router caches hold: a share of its isolate's 128 MB. */
export const WORKER_CACHE_MB = 16;

/** Megabytes in bytes. */
export const megabytes = (mb: number): number => mb * 1024 * 1024;
