import CRC32 from 'crc-32';
import type { Codec } from '../../contract/archive-reader.ts';

/**
 * The archive codec on any runtime with web streams (Workers, Deno, Bun, Node): CRC-32 from the
 * `crc-32` package (plain JavaScript) and raw inflate through `DecompressionStream`. Node's
 * preview server uses zlib instead (`contract/node/archive-file.ts`), which is synchronous and faster.
 */
export const WEB_CODEC: Codec = {
  crc32: (data) => CRC32.buf(data) >>> 0,
  async inflateRaw(data) {
    // Written to the stream directly: a `Blob`'s stream costs a browser a hop to its blob store.
    const stream = new DecompressionStream('deflate-raw');
    const writer = stream.writable.getWriter();
    // A damaged stream fails the reading below; these settle with it.
    writer.write(data as Uint8Array<ArrayBuffer>).catch(() => {});
    writer.close().catch(() => {});
    return new Uint8Array(await new Response(stream.readable).arrayBuffer());
  },
};
