import { rangeAnswer } from './encoding.ts';
import { HotCache } from './hot-cache.ts';
import { gzip } from './negotiate.ts';
import type { FileOutcome, FileSource, Outcome } from './outcome.ts';

/**
 * Sending: the bytes of the file an answer names, kept in memory for the files sent most, and an
 * answer as a fetch-API `Response`, its headers and its body.
 */

/** Sends the file an answer names, or the part of it `range` asks for (`Handler.send`). */
export type FileSender = (
  outcome: FileOutcome,
  range: string | null,
  target: string,
) => Promise<Outcome>;

/** The sender of a build's files, keeping up to `budget` bytes of those it sends most. */
export function fileSender(files: FileSource, budget: number): FileSender {
  /** Bytes to send, keyed by their strong tag: it names the file's content and coding. */
  const sent = new HotCache<Uint8Array>(budget, (bytes) => bytes.byteLength);
  return async (outcome, range, target) => {
    const { file } = outcome;
    // The strong tag names these exact bytes: the file's content and its coding.
    const bytes = await sent.get(outcome.headers['ETag']!, () => bytesToSend(files, file));
    return bytes === null ? file.missing() : rangeAnswer(outcome, bytes, range, target);
  };
}

/** A file's bytes as they are sent: its own, compressed on the fly when the answer asks. */
async function bytesToSend(
  files: FileSource,
  file: FileOutcome['file'],
): Promise<Uint8Array | null> {
  const stored = file.bytes ?? (await files.read(file.path));
  if (stored === null) return null;
  // Inflated bytes may be a view of a larger buffer, which the cache would keep whole.
  const own = stored.byteLength < stored.buffer.byteLength ? new Uint8Array(stored) : stored;
  return file.gzip ? gzip(own) : own;
}

/** An answer as a fetch-API response: no body for HEAD, 204 and 304. */
export function webResponse(outcome: Outcome, method: string): Response {
  const body =
    method.toUpperCase() === 'HEAD' || outcome.status === 204 || outcome.status === 304
      ? null
      : outcome.body;
  // Node typings disagree on which Uint8Array a BodyInit takes; the bytes are a plain Buffer.
  return new Response(body as BodyInit | null, {
    status: outcome.status,
    headers: outcome.headers,
  });
}
