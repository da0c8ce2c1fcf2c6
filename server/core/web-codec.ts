import { decompress } from 'brotli/decompress';
import CRC32 from 'crc-32';
import type { Codec } from '../../contract/archive-reader.ts';

/**
 * The archive codec in plain JavaScript, for runtimes without zlib (browsers): CRC-32 from the
 * `crc-32` package and Brotli from the `brotli` package's decoder, since no browser's
 * `DecompressionStream` decodes Brotli. The servers and the Worker use zlib's
 * (`contract/node/archive-file.ts`, `server/adapters/worker.ts`), native and faster.
 */
export const WEB_CODEC: Codec = {
  crc32: (data) => CRC32.buf(data) >>> 0,
  // One byte over the stated size, so that a stream holding more fails the reader's length
  // check rather than the decoder's bounds.
  decompress: (data, size) => decompress(data, size + 1),
};
