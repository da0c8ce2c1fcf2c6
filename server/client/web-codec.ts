import CRC32 from 'crc-32';
import initDecoder, { BrotliDecStream, BrotliStreamResultCode } from 'brotli-dec-wasm/web';
import decoderWasm from '#brotli-decoder-wasm';
import type { Codec } from '../../contract/archive-reader.ts';

/**
 * The archive codec for runtimes without zlib (browsers): CRC-32 from the `crc-32` package and
 * Brotli from `brotli-dec-wasm`, a decoder compiled to WebAssembly, since Chromium's
 * `DecompressionStream` does not decode Brotli. WebAssembly because a decoder in JavaScript is
 * slow until the engine has compiled it, and a client decodes most in its first second. The
 * module's bytes travel inside the client's bundle (`#brotli-decoder-wasm` in `package.json`).
 * Where WebAssembly may not run (a page whose Content Security Policy forbids it, Safari's
 * Lockdown Mode), the runtime's own `DecompressionStream` decodes, if it knows Brotli. The
 * servers and the Worker use zlib's (`contract/node/archive-file.ts`, `server/adapters/worker.ts`).
 */
export function webCodec(): Promise<Codec> {
  return (codec ??= initDecoder({ module_or_path: decoderWasm }).then(
    () => WASM_CODEC,
    (error: unknown) => {
      if (streamsDecodeBrotli()) return STREAM_CODEC;
      // Nothing decodes: the next archive opened tries again.
      codec = undefined;
      throw new Error(
        'this runtime cannot decode the archive: WebAssembly did not start ' +
          `(${(error as Error).message}) and its DecompressionStream does not decode Brotli`,
      );
    },
  ));
}

/** The codec once chosen: one decoder serves every archive a page opens. */
let codec: Promise<Codec> | undefined;

const crc32 = (data: Uint8Array) => CRC32.buf(data) >>> 0;

/** The failure of a stream that decodes to more than the archive states. */
const longer = (size: number) =>
  new Error(`the Brotli stream holds more than the ${size} bytes stated`);

const WASM_CODEC: Codec = {
  crc32,
  decompress(data, size) {
    const stream = new BrotliDecStream();
    try {
      // One byte of room over the stated size, so that a stream holding more is told apart.
      const result = stream.dec(data, size + 1);
      const { buf, code } = result;
      result.free();
      switch (code) {
        case BrotliStreamResultCode.ResultSuccess:
          if (buf.length > size) throw longer(size);
          return buf;
        case BrotliStreamResultCode.NeedsMoreInput:
          throw new Error('the Brotli stream ends early');
        case BrotliStreamResultCode.NeedsMoreOutput:
          throw longer(size);
        default:
          return code satisfies never;
      }
    } finally {
      stream.free();
    }
  },
};

/** Whether the runtime's `DecompressionStream` decodes Brotli (Firefox's and Safari's do). */
function streamsDecodeBrotli(): boolean {
  try {
    new DecompressionStream('brotli' as CompressionFormat);
    return true;
  } catch {
    return false;
  }
}

/** Brotli through the runtime's `DecompressionStream`, stopped past the stated size. */
const STREAM_CODEC: Codec = {
  crc32,
  async decompress(data, size) {
    const stream = new DecompressionStream('brotli' as CompressionFormat);
    const writer = stream.writable.getWriter();
    // Neither is awaited: the writes wait for the reads below, and their failure is the reads'.
    writer.write(data as Uint8Array<ArrayBuffer>).catch(() => {});
    writer.close().catch(() => {});
    const reader = stream.readable.getReader();
    const output = new Uint8Array(size);
    let length = 0;
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return output.subarray(0, length);
      if (length + value.length > size) {
        await reader.cancel();
        throw longer(size);
      }
      output.set(value, length);
      length += value.length;
    }
  },
};
