import type { FileParts, FileRecords } from '../../contract/archive-reader.ts';
import { sha1 } from '@noble/hashes/legacy.js';
import { utf8ToBytes } from '@noble/hashes/utils.js';
import { JSON_TYPE, errorBody, type ParamError } from '../../contract/envelope.ts';
import { RETRY_AFTER_SECONDS } from './health.ts';

/**
 * What the router's steps share (`handler.ts`): the request facts it looks at, the files it reads,
 * and the answer it makes before an adapter writes it, with the headers and tags every answer has.
 */

/** Read access to the built files; `read` returns null for a file that does not exist. */
export interface FileSource {
  read(file: string): Promise<Uint8Array | null>;
  /**
   * Readies a later read of `file`, where that costs a read of its own (an archive's leaf of its
   * index): asked for beside reads the later one waits for, it saves a round trip over HTTP.
   */
  locate?(file: string): Promise<void>;
  /**
   * A file as its literals and records, each record read on demand (an archive's
   * `ArchiveReader.parts`): one member of a bucket file is read without the blocks of the rest.
   */
  parts?(file: string): Promise<FileParts | null>;
  /**
   * A page's records alone, each read on demand (an archive's `ArchiveReader.records`): a
   * composed answer takes a few records of a page, and needs neither its head nor the rest.
   */
  records?(file: string): Promise<FileRecords | null>;
}

/** A response before it is written: either a body, or a file of dist/ for the adapter to send. */
export interface Outcome {
  status: number;
  headers: Record<string, string>;
  body: string | Uint8Array | null;
  /**
   * Send this file as the body; when it does not exist, answer `missing()` instead. `gzip`: the
   * client takes gzip and the build has no compressed copy, so compress it on the fly. `bytes`:
   * the file's bytes, when they were read already (to tag it).
   */
  file?: { path: string; missing: () => Outcome; gzip: boolean; bytes?: Uint8Array };
}

/** An outcome that sends a file. */
export type FileOutcome = Outcome & { file: NonNullable<Outcome['file']> };

/** The request facts the router looks at. */
export interface RequestFacts {
  method: string;
  /** Path and query as received. */
  target: string;
  header(name: string): string | null;
}

/** The headers of every answer. */
export const BASE_HEADERS = {
  'Access-Control-Allow-Origin': '*',
  'Access-Control-Expose-Headers': 'ETag, Content-Length',
};
/** How long a client or a cache may keep a good answer. */
export const CACHE_OK = 'public, max-age=300';
/**
 * The headers of every pre-rendered file besides its type and tag: the router's, and those the
 * nginx configuration (`nginx.ts`) adds to the files it sends itself.
 */
export const FILE_HEADERS = {
  ...BASE_HEADERS,
  'Cache-Control': CACHE_OK,
  Vary: 'Accept-Encoding',
};
const CACHE_ERROR = 'no-cache';

/** A strong entity tag from a small content-derived basis (a file's tag) or a small body. */
export function entityTag(basis: string | Uint8Array): string {
  return tagText(sha1(typeof basis === 'string' ? utf8ToBytes(basis) : basis));
}

/**
 * The same tag of a large body, hashed by WebCrypto, native on every runtime: a composed page
 * runs to hundreds of KB, where the pure-JS hash took a quarter of the answer's time.
 */
export async function bodyTag(body: Uint8Array<ArrayBuffer>): Promise<string> {
  return tagText(new Uint8Array(await crypto.subtle.digest('SHA-1', body)));
}

function tagText(digest: Uint8Array): string {
  const hash = btoa(String.fromCharCode(...digest))
    .replaceAll('+', '-')
    .replaceAll('/', '_')
    .slice(0, 24);
  return `"${hash}"`;
}

/** An answer with a body; its tag hashes the body unless `extra` gives one. */
export function bodyOutcome(
  status: number,
  body: string | Uint8Array,
  extra: Record<string, string> = {},
): Outcome {
  return {
    status,
    headers: {
      ...BASE_HEADERS,
      'Content-Type': JSON_TYPE,
      'Cache-Control': status === 200 ? CACHE_OK : CACHE_ERROR,
      ...extra,
      ETag: extra['ETag'] ?? entityTag(body),
    },
    body,
  };
}

/** An error response in the one error shape. */
export function errorOutcome(
  status: number,
  message: string,
  target: string,
  errors: ParamError[] = [],
  extra: Record<string, string> = {},
): Outcome {
  return bodyOutcome(status, JSON.stringify(errorBody(status, message, target, errors)), extra);
}

/** Answers that must never be kept: each one says how the server is now. */
export const NO_STORE = { 'Cache-Control': 'no-store' };

/**
 * The 503 of a server that cannot answer from a build now (`Unavailable`, or a health check that
 * failed): the error shape, with the seconds to wait before trying again.
 */
export function unavailableOutcome(reason: string, target: string): Outcome {
  const message = `The API is not available: ${reason}. Try again shortly.`;
  return errorOutcome(503, message, target, [], {
    ...NO_STORE,
    'Retry-After': String(RETRY_AFTER_SECONDS),
  });
}

/** The error of a request a server cannot parse, answered before any router sees it. */
export const unparsedOutcome = () =>
  errorOutcome(400, 'The request could not be parsed; percent-encode the path and query.', '');
