import { FIRST_READ } from '../../contract/archive-format.ts';
import {
  MAX_ENTRY_BYTES,
  partedSource,
  partLength,
  parseParts,
} from '../../contract/archive-parts.ts';
import { ArchiveError, type RangeSource } from '../../contract/archive-reader.ts';
import { coalescing } from './coalesce.ts';
import { ArchiveReplaced, RangesRefused, type ReadCounts } from './read-errors.ts';

/**
 * An archive on any HTTP host that answers range requests, as a `RangeSource`: the client's
 * counterpart of the Worker's R2 reads. The first read fetches the archive's first bytes and
 * learns its length and version (its strong ETag, else its Last-Modified); every later read is
 * made on the condition that the archive is still that version (`If-Match`, else
 * `If-Unmodified-Since`) and checks the version it is answered with, so an archive copied over
 * the old one is noticed at the next read (`ArchiveReplaced`) and two builds never meet in one
 * answer. A host that answers a range request with the whole file is stopped at its headers
 * (`RangesRefused`): the archive can be gigabytes.
 */

/** What identifies one version of the archive at its URL. */
interface Version {
  length: number;
  /** A strong ETag, or null when the host gives none. */
  etag: string | null;
  lastModified: string | null;
}

/** `bytes START-END/TOTAL` of a 206, or null. */
function contentRange(header: string | null): { start: number; total: number } | null {
  const match = /^bytes (\d+)-\d+\/(\d+)$/.exec(header ?? '');
  return match ? { start: Number(match[1]), total: Number(match[2]) } : null;
}

/** The version a response names. */
function versionOf(response: Response, length: number): Version {
  const etag = response.headers.get('etag');
  return {
    length,
    // A weak tag cannot be matched by If-Match (RFC 9110, 13.1.1): the date is used instead.
    etag: etag && !etag.startsWith('W/') ? etag : null,
    lastModified: response.headers.get('last-modified'),
  };
}

/** Whether two versions are the same archive. */
const same = (a: Version, b: Version) =>
  a.length === b.length && a.etag === b.etag && a.lastModified === b.lastModified;

/** The conditions that make a read fail rather than return bytes of another version. */
function conditions(version: Version): Record<string, string> {
  if (version.etag) return { 'if-match': version.etag };
  if (version.lastModified) return { 'if-unmodified-since': version.lastModified };
  return {};
}

/** What a read's answer must be: of the archive's version, when known, and of its length. */
interface Expected {
  version: Version | null;
  length: number;
}

/**
 * One range request: its bytes, or an error that says why not. `expected`: what the answer must
 * be of; none on the first read, which learns it. A file expected and not found is gone because
 * a new build replaced it (its parts' names change with every build).
 */
async function readRange(
  url: string,
  fetcher: typeof fetch,
  offset: number,
  length: number,
  expected: Expected | null,
  counts: ReadCounts,
): Promise<{ bytes: Uint8Array; version: Version }> {
  counts.reads++;
  const headers = {
    range: `bytes=${offset}-${offset + length - 1}`,
    ...(expected?.version ? conditions(expected.version) : {}),
  };
  // A read is idempotent: one the network dropped (a connection the host closed as it was
  // reused) is made again, once.
  const response = await fetcher(url, { headers }).catch(() => fetcher(url, { headers }));
  // 412: the condition failed. 416: a range within the archive as opened is past the end of the
  // file there now, which is shorter (a host that ignores the condition answers so). 404 or 403
  // (a bucket's answer to a missing object): a part the new build's entry point no longer names.
  if (expected && [412, 416, 404, 403].includes(response.status)) {
    await response.body?.cancel();
    throw new ArchiveReplaced(`${url} changed since it was opened`);
  }
  const whole = Number(response.headers.get('content-length') ?? NaN);
  if (response.status === 200 && offset === 0 && whole <= length && !expected) {
    // A host may answer a range that covers a small file (an entry point) with all of it.
    const bytes = new Uint8Array(await response.arrayBuffer());
    counts.bytes += bytes.byteLength;
    return { bytes, version: versionOf(response, bytes.byteLength) };
  }
  if (response.status === 200) {
    // The whole file is on its way: stop it at its headers.
    await response.body?.cancel();
    throw new RangesRefused(
      `${url} was answered whole to a range request: the host does not serve ranges, ` +
        'which an archive needs (serve the unpacked tree, or use a host that answers Range)',
    );
  }
  const range = contentRange(response.headers.get('content-range'));
  if (response.status !== 206 || !range || range.start !== offset) {
    await response.body?.cancel();
    throw new RangesRefused(`${url} answered a range request with ${response.status}`);
  }
  const version = versionOf(response, range.total);
  if (
    expected &&
    (range.total !== expected.length || (expected.version && !same(expected.version, version)))
  ) {
    await response.body?.cancel();
    throw new ArchiveReplaced(`${url} changed since it was opened`);
  }
  const bytes = new Uint8Array(await response.arrayBuffer());
  counts.bytes += bytes.byteLength;
  return { bytes, version };
}

/** An archive opened at a URL: its bytes, and a check that it is still there as opened. */
export interface HttpArchive {
  source: RangeSource;
  /** Asks the host for one byte of the archive's version: `ArchiveReplaced` if it changed. */
  check(): Promise<void>;
}

/**
 * The file at `url` as a range source of `length` bytes, every read made on the condition that
 * it is still the version `version` (learnt at its first read when null).
 */
function urlSource(
  url: string,
  fetcher: typeof fetch,
  counts: ReadCounts,
  length: number,
  version: Version | null,
): RangeSource {
  return {
    length,
    async read(offset, size) {
      const end = Math.min(offset + size, length);
      if (end <= offset) return new Uint8Array(0);
      const expected = { version, length };
      const read = await readRange(url, fetcher, offset, end - offset, expected, counts);
      version ??= read.version;
      return read.bytes;
    },
  };
}

/**
 * The archive whose entry point `head` begins (an archive in parts), each part read at its URL
 * beside the entry point's; null when `head` is not an entry point. A part gone or changed while
 * the entry point is still the one opened is a damaged archive, named; otherwise a new build was
 * published (`checkEntry` says which).
 */
async function partsOf(
  url: string,
  fetcher: typeof fetch,
  counts: ReadCounts,
  head: { bytes: Uint8Array; version: Version },
  checkEntry: () => Promise<void>,
): Promise<RangeSource | null> {
  const { version } = head;
  if (head.bytes[0] !== 0x7b || version.length > MAX_ENTRY_BYTES) return null;
  let bytes = head.bytes;
  if (bytes.byteLength < version.length) {
    const [at, expected] = [bytes.byteLength, { version, length: version.length }];
    const rest = await readRange(url, fetcher, at, version.length - at, expected, counts);
    bytes = new Uint8Array(version.length);
    bytes.set(head.bytes);
    bytes.set(rest.bytes, at);
  }
  const entry = parseParts(bytes);
  if (!entry) return null;
  const parts = entry.parts.map((name, index): RangeSource => {
    const part = new URL(name, url).href;
    const source = urlSource(part, fetcher, counts, partLength(entry, index), null);
    return {
      length: source.length,
      read: (offset, length) =>
        source.read(offset, length).catch(async (error: unknown) => {
          if (!(error instanceof ArchiveReplaced)) throw error;
          await checkEntry();
          throw new ArchiveError(`its part ${name} is missing or is not the one ${url} names`);
        }),
    };
  });
  return partedSource(entry, (index) => parts[index]!);
}

/**
 * Opens the archive at `url`, whole or in parts (`url` is then its entry point), with one read of
 * its first bytes: a whole archive's are the archive reader's own first read, which then asks the
 * host nothing. Every read is added to `counts`.
 */
export async function openHttpArchive(
  url: string,
  fetcher: typeof fetch,
  counts: ReadCounts,
): Promise<HttpArchive> {
  const first = await readRange(url, fetcher, 0, FIRST_READ, null, counts);
  const version = first.version;
  const check = async () => {
    counts.checks++;
    const quiet = { reads: 0, bytes: 0, checks: 0 };
    await readRange(url, fetcher, 0, 1, { version, length: version.length }, quiet);
  };
  const parts = await partsOf(url, fetcher, counts, first, check);
  const file = coalescing(parts ?? urlSource(url, fetcher, counts, version.length, version));
  let head: Uint8Array | null = parts ? null : first.bytes;
  const source: RangeSource = {
    length: file.length,
    read(offset, length) {
      const end = Math.min(offset + length, file.length);
      if (end <= offset) return Promise.resolve(new Uint8Array(0));
      if (head && end <= head.byteLength) {
        const bytes = head.subarray(offset, end);
        // Kept for the reader's opening only: the root it holds is read from these bytes.
        head = null;
        return Promise.resolve(bytes);
      }
      return file.read(offset, length);
    },
  };
  return { source, check };
}
