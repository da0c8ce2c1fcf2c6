import { byteRange } from './byte-range.ts';
import { chooseEncoding, gzip, isFresh, LARGEST_ON_THE_FLY, type Encoding } from './negotiate.ts';
import { encodedFile } from '../../contract/paths.ts';
import {
  errorOutcome,
  type FileOutcome,
  type FileSource,
  type Outcome,
  type RequestFacts,
} from './outcome.ts';

/**
 * Encoding and revalidation: the coding an answer is sent in (a file's stored copy, or gzip on
 * the fly), its tag for that coding, a 304 when the client holds that tag, and the part of a file
 * a `Range` header asks for.
 */

/** The ETag suffix of each coding, so that a cache never confuses two codings of one answer. */
const SUFFIX: Record<Encoding, string> = { br: 'br', gzip: 'gz' };

/**
 * The one step after every answer: a 200 is sent in the best coding the client takes (a file's
 * stored copy, or gzip on the fly), and is a 304 when the client holds its tag. `stored`: the
 * codings of the files themselves (a precompressed tree, an archive); else gzip on the fly.
 */
export async function encoded(
  outcome: Outcome,
  request: RequestFacts,
  files: FileSource,
  stored: readonly Encoding[],
): Promise<Outcome> {
  if (outcome.status !== 200) return outcome;
  const { file, body } = outcome;
  // A range is of the file's own bytes: a client that asks for one gets them uncompressed
  // (and on Workers every request claims gzip, so ranges would never be answered otherwise).
  const encoding = request.header('range')
    ? undefined
    : chooseEncoding(codings(outcome, stored), request.header('accept-encoding'));
  const headers = codedHeaders(outcome.headers, encoding);
  if (isFresh(request.header, headers['ETag']!))
    return notModified(outcome, request, files, headers);
  if (file) return codedFile(outcome as FileOutcome, headers, encoding, stored);
  return { ...outcome, headers, body: encoding && body !== null ? await gzip(body) : body };
}

/** The codings an answer may be sent in: a file's stored ones, else gzip if it is not too large. */
function codings(outcome: Outcome, stored: readonly Encoding[]): readonly Encoding[] {
  const { file, body } = outcome;
  const size = typeof body === 'string' ? body.length : (body?.byteLength ?? 0);
  return file && stored.length > 0 ? stored : size <= LARGEST_ON_THE_FLY ? ['gzip'] : [];
}

/** An answer's headers in `encoding`: its tag marked with the coding, and the coding named. */
function codedHeaders(
  answered: Record<string, string>,
  encoding: Encoding | undefined,
): Record<string, string> {
  const headers: Record<string, string> = { ...answered, Vary: 'Accept-Encoding' };
  if (encoding) {
    headers['ETag'] = headers['ETag']!.replace(/"$/, `-${SUFFIX[encoding]}"`);
    headers['Content-Encoding'] = encoding;
  }
  return headers;
}

/** The 304 of an answer whose tag the client holds, or the 404 of a file `*` finds missing. */
async function notModified(
  outcome: Outcome,
  request: RequestFacts,
  files: FileSource,
  headers: Record<string, string>,
): Promise<Outcome> {
  const { file } = outcome;
  // `*` holds for any resource that exists, and a file planned from its URL may not: a
  // record that is not there is a 404, a filter without a file an empty page (which exists).
  const anyTag = file && request.header('if-none-match')!.trim() === '*';
  if (anyTag && (await files.read(file.path)) === null) {
    const answer = file.missing();
    if (answer.status !== 200) return answer;
  }
  return { status: 304, headers, body: null };
}

/** A file's answer in `encoding`: its stored copy in that coding, or itself gzipped on the fly. */
function codedFile(
  outcome: FileOutcome,
  headers: Record<string, string>,
  encoding: Encoding | undefined,
  stored: readonly Encoding[],
): Outcome {
  const { file } = outcome;
  const onTheFly = encoding !== undefined && stored.length === 0;
  const path = encoding && !onTheFly ? encodedFile(file.path, encoding) : file.path;
  // The empty page of a filter without a file keeps the tag this request revalidates.
  const missing = () => {
    const answer = file.missing();
    if (answer.status !== 200) return answer;
    return {
      ...answer,
      headers: { ...answer.headers, ETag: headers['ETag']!, Vary: 'Accept-Encoding' },
    };
  };
  // The bytes read to tag the file are its own, not those of a compressed copy.
  const bytes = path === file.path && file.bytes ? { bytes: file.bytes } : {};
  return { ...outcome, headers, file: { path, missing, gzip: onTheFly, ...bytes } };
}

/**
 * The answer that sends a file's bytes (already in the answer's coding): all of them, or the one
 * range a `Range` header asks for (206), or a JSON 416 when that range is past the end.
 */
export function rangeAnswer(
  outcome: Outcome,
  bytes: Uint8Array,
  range: string | null,
  target: string,
): Outcome {
  const ask = byteRange(range, bytes.length);
  switch (ask.kind) {
    case 'whole':
      return { status: outcome.status, headers: outcome.headers, body: bytes };
    case 'part':
      return {
        status: 206,
        headers: {
          ...outcome.headers,
          'Accept-Ranges': 'bytes',
          'Content-Range': `bytes ${ask.start}-${ask.end}/${bytes.length}`,
        },
        body: bytes.subarray(ask.start, ask.end + 1),
      };
    case 'unsatisfiable':
      return errorOutcome(
        416,
        `The range ${range} is not satisfiable: the file has ${bytes.length} bytes.`,
        target,
        [],
        { 'Content-Range': `bytes */${bytes.length}` },
      );
    default:
      return ask satisfies never;
  }
}
