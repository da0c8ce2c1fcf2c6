import { describe, expect, it } from 'vitest';
import { FIRST_READ } from '../contract/archive-format.ts';
import { openHttpArchive } from '../server/client/http-ranges.ts';
import { ArchiveReplaced, RangesRefused } from '../server/client/read-errors.ts';

/**
 * The client's range reads against a host made here, whose file can be replaced and whose answers
 * to conditions can be turned off, as some hosts ignore `If-Match`.
 */

/** A host of one file that answers ranges, with an ETag per version. */
function host(options: { honoursIfMatch: boolean; ranges?: boolean }) {
  let file = new Uint8Array(FIRST_READ * 4).map((_, i) => i % 251);
  let version = 1;
  const fetcher = (async (_url: string, init?: RequestInit) => {
    const headers = new Headers(init?.headers);
    const etag = `"v${version}"`;
    const ifMatch = headers.get('if-match');
    if (options.honoursIfMatch && ifMatch && ifMatch !== etag)
      return new Response(null, { status: 412 });
    if (options.ranges === false) return new Response(file, { status: 200, headers: { etag } });
    const [, a, b] = /^bytes=(\d+)-(\d+)$/.exec(headers.get('range')!)!;
    const start = Number(a);
    if (start >= file.length)
      return new Response(null, {
        status: 416,
        headers: { 'content-range': `bytes */${file.length}` },
      });
    const end = Math.min(Number(b), file.length - 1);
    return new Response(file.slice(start, end + 1), {
      status: 206,
      headers: { etag, 'content-range': `bytes ${start}-${end}/${file.length}` },
    });
  }) as typeof fetch;
  const replace = (length: number) => {
    file = new Uint8Array(length).fill(7);
    version++;
  };
  return { fetcher, replace };
}

const counts = () => ({ reads: 0, bytes: 0, checks: 0 });

describe('reading an archive by ranges', () => {
  it('reads the bytes asked for, the first ones from the opening read', async () => {
    const { fetcher } = host({ honoursIfMatch: true });
    const read = counts();
    const { source } = await openHttpArchive('https://host.test/a.zip', fetcher, read);
    expect(source.length).toBe(FIRST_READ * 4);
    expect([...(await source.read(10, 3))]).toEqual([10, 11, 12]);
    expect([...(await source.read(FIRST_READ * 2, 2))]).toEqual(
      [0, 1].map((i) => (FIRST_READ * 2 + i) % 251),
    );
    expect(read.reads).toBe(2);
  });

  it.each([true, false])(
    'notices a new archive at the URL (host honours If-Match: %s)',
    async (honoursIfMatch) => {
      const { fetcher, replace } = host({ honoursIfMatch });
      const archive = await openHttpArchive('https://host.test/a.zip', fetcher, counts());
      // A shorter one: a range of the old length is past its end (416) unless refused (412).
      replace(FIRST_READ * 2);
      await expect(archive.source.read(FIRST_READ * 3, 10)).rejects.toThrow(ArchiveReplaced);
      // Of the same length: its tag tells it apart.
      const again = host({ honoursIfMatch });
      const other = await openHttpArchive('https://host.test/a.zip', again.fetcher, counts());
      again.replace(FIRST_READ * 4);
      await expect(other.source.read(FIRST_READ * 2, 10)).rejects.toThrow(ArchiveReplaced);
      await expect(other.check()).rejects.toThrow(ArchiveReplaced);
    },
  );

  it('stops at the headers of a host that answers a range request whole', async () => {
    const { fetcher } = host({ honoursIfMatch: true, ranges: false });
    await expect(openHttpArchive('https://host.test/a.zip', fetcher, counts())).rejects.toThrow(
      RangesRefused,
    );
  });
});
