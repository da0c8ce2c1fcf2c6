import { brotliCompressSync, crc32 } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { webCodec } from '../../../server/client/web-codec.ts';

/**
 * The client's codec (`server/client/web-codec.ts`), its Brotli decoder in WebAssembly: what it
 * decodes equals what zlib wrote, and a stream that is cut, damaged or longer than the size the
 * archive states is refused, not returned in part.
 */

const text = Buffer.from(
  Array.from({ length: 4000 }, (_, i) => `{"id":${i},"name":"Player ${i % 97}"}`).join(','),
);
const stream = brotliCompressSync(text);

describe("the client's codec", () => {
  it('decodes what zlib wrote, byte for byte, and sums as zlib does', async () => {
    const codec = await webCodec();
    expect(Buffer.from(await codec.decompress(stream, text.length)).equals(text)).toBe(true);
    expect(codec.crc32(text)).toBe(crc32(text));
  });

  it('starts its decoder once, for every archive', async () => {
    expect(webCodec()).toBe(webCodec());
  });

  it('refuses a stream cut short, a damaged one, and one longer than stated', async () => {
    const codec = await webCodec();
    const decode = async (data: Uint8Array, size: number) => codec.decompress(data, size);
    await expect(decode(stream.subarray(0, stream.length >> 1), text.length)).rejects.toThrow(
      'the Brotli stream ends early',
    );
    const damaged = Buffer.from(stream);
    damaged[8]! ^= 0xff;
    await expect(decode(damaged, text.length)).rejects.toThrow();
    await expect(decode(stream, text.length - 1)).rejects.toThrow(
      `the Brotli stream holds more than the ${text.length - 1} bytes stated`,
    );
  });
});
