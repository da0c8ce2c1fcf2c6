/**
 * What the client tells its caller about its reads: the two ways reading an archive by ranges
 * fails, and the counts of what it read. Imports nothing, so that its declarations ship as they
 * are beside the client's bundle.
 */

/** The archive at the URL changed since it was opened: open it again. */
export class ArchiveReplaced extends Error {
  override name = 'ArchiveReplaced';
}

/** The host cannot serve the archive by ranges, or failed: the message says what to do. */
export class RangesRefused extends Error {
  override name = 'RangesRefused';
}

/** The counts of what a client read, for a caller that measures its reads. */
export interface ReadCounts {
  /** Range requests made. */
  reads: number;
  /** Bytes received. */
  bytes: number;
  /** Checks that the archive was not replaced (one byte each). */
  checks: number;
}
