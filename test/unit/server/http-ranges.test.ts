import { describe, expect, it } from 'vitest';
import { FIRST_READ } from '../../../contract/archive-format.ts';
import { PARTS_FORMAT, PARTS_VERSION } from '../../../contract/archive-parts.ts';
import { ArchiveError } from '../../../contract/archive-reader.ts';
import { openHttpArchive } from '../../../server/client/http-ranges.ts';
import { ArchiveReplaced, RangesRefused } from '../../../server/client/read-errors.ts';

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
    const { source } = await openHttpArchive('https://host.test/a.archive', fetcher, read);
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
      const archive = await openHttpArchive('https://host.test/a.archive', fetcher, counts());
      // A shorter one: a range of the old length is past its end (416) unless refused (412).
      replace(FIRST_READ * 2);
      await expect(archive.source.read(FIRST_READ * 3, 10)).rejects.toThrow(ArchiveReplaced);
      // Of the same length: its tag tells it apart.
      const again = host({ honoursIfMatch });
      const other = await openHttpArchive('https://host.test/a.archive', again.fetcher, counts());
      again.replace(FIRST_READ * 4);
      await expect(other.source.read(FIRST_READ * 2, 10)).rejects.toThrow(ArchiveReplaced);
      await expect(other.check()).rejects.toThrow(ArchiveReplaced);
    },
  );

  it('stops at the headers of a host that answers a range request whole', async () => {
    const { fetcher } = host({ honoursIfMatch: true, ranges: false });
    await expect(openHttpArchive('https://host.test/a.archive', fetcher, counts())).rejects.toThrow(
      RangesRefused,
    );
  });
});

/**
 * A host of several files, by path: a missing one is a 404. A small file asked for by a range
 * that covers it is answered whole (200), as some hosts do.
 */
function filesHost(files: Map<string, Uint8Array>) {
  const tags = new Map<string, number>();
  const fetcher = (async (url: string, init?: RequestInit) => {
    const path = new URL(url).pathname;
    const file = files.get(path);
    if (!file) return new Response('not found', { status: 404 });
    const etag = `"${path}-${tags.get(path) ?? 0}"`;
    const headers = new Headers(init?.headers);
    const ifMatch = headers.get('if-match');
    if (ifMatch && ifMatch !== etag) return new Response(null, { status: 412 });
    const [, a, b] = /^bytes=(\d+)-(\d+)$/.exec(headers.get('range')!)!;
    const [start, end] = [Number(a), Math.min(Number(b), file.length - 1)];
    if (start === 0 && end === file.length - 1 && file.length < 4096)
      return new Response(file.slice(), {
        status: 200,
        headers: { etag, 'content-length': String(file.length) },
      });
    return new Response(file.slice(start, end + 1), {
      status: 206,
      headers: { etag, 'content-range': `bytes ${start}-${end}/${file.length}` },
    });
  }) as typeof fetch;
  const put = (path: string, bytes: Uint8Array) => {
    files.set(path, bytes);
    tags.set(path, (tags.get(path) ?? 0) + 1);
  };
  return { fetcher, put };
}

/** An archive's bytes in parts of `partSize` on a host, under the entry point `/a.parts`. */
function partsOnHost(length: number, partSize: number, tag = '0123456789ab') {
  const whole = new Uint8Array(length).map((_, i) => (i * 13) % 256);
  const names = Array.from(
    { length: Math.ceil(length / partSize) },
    (_, i) => `a.parts.${tag}.${i + 1}`,
  );
  const entry = {
    format: PARTS_FORMAT,
    version: PARTS_VERSION,
    length,
    partSize,
    parts: names,
  };
  const files = new Map<string, Uint8Array>([
    ['/a.parts', new TextEncoder().encode(JSON.stringify(entry))],
    ...names.map((name, i): [string, Uint8Array] => [
      `/${name}`,
      whole.slice(i * partSize, (i + 1) * partSize),
    ]),
  ]);
  return { whole, names, files };
}

describe('reading an archive in parts by ranges', () => {
  it('reads the parts as one, across the end of a part, its entry point answered whole', async () => {
    const { whole, files } = partsOnHost(FIRST_READ * 3, 50_000);
    const { fetcher } = filesHost(files);
    const read = counts();
    const { source } = await openHttpArchive('https://host.test/a.parts', fetcher, read);
    expect(source.length).toBe(whole.length);
    expect(read.reads).toBe(1);
    const across = await source.read(49_990, 20);
    expect([...across]).toEqual([...whole.slice(49_990, 50_010)]);
    // A read of each part it spans, made at once.
    expect(read.reads).toBe(3);
    expect([...(await source.read(FIRST_READ * 2, 5))]).toEqual([
      ...whole.slice(FIRST_READ * 2, FIRST_READ * 2 + 5),
    ]);
  });

  it('reads an entry point longer than the first read in one more request', async () => {
    const { whole, files } = partsOnHost(3_000_000, 1000);
    expect(files.get('/a.parts')!.length).toBeGreaterThan(FIRST_READ);
    const read = counts();
    const { source } = await openHttpArchive(
      'https://host.test/a.parts',
      filesHost(files).fetcher,
      read,
    );
    expect(read.reads).toBe(2);
    expect([...(await source.read(2_999_990, 10))]).toEqual([...whole.slice(2_999_990)]);
  });

  it('names a part gone while its entry point is still there', async () => {
    const { files, names } = partsOnHost(FIRST_READ * 3, 50_000);
    const { fetcher } = filesHost(files);
    const { source } = await openHttpArchive('https://host.test/a.parts', fetcher, counts());
    files.delete(`/${names[2]}`);
    const error = await source.read(100_010, 10).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ArchiveError);
    expect(String(error)).toMatch(`its part ${names[2]} is missing`);
  });

  it('takes parts gone under a new entry point for a new build', async () => {
    const { files, names } = partsOnHost(FIRST_READ * 3, 50_000);
    const { fetcher, put } = filesHost(files);
    const { source, check } = await openHttpArchive('https://host.test/a.parts', fetcher, counts());
    // A new build: new parts, then its entry point; the old parts removed.
    const next = partsOnHost(FIRST_READ * 3, 50_000, 'ba9876543210');
    for (const [path, bytes] of next.files) put(path, bytes);
    for (const name of names) files.delete(`/${name}`);
    await expect(source.read(100_010, 10)).rejects.toThrow(ArchiveReplaced);
    await expect(check()).rejects.toThrow(ArchiveReplaced);
  });

  it('reads a JSON file over a megabyte as an archive, not as an entry point', async () => {
    const big = new TextEncoder().encode(`{"x":"${'a'.repeat(1_100_000)}"}`);
    const read = counts();
    const { source } = await openHttpArchive(
      'https://host.test/big.json',
      filesHost(new Map([['/big.json', big]])).fetcher,
      read,
    );
    expect([source.length, read.reads]).toEqual([big.length, 1]);
  });
});
