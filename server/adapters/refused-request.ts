import { percentEncodeTarget } from '../core/utf8-target.ts';

/**
 * A request Node's HTTP parser refused, read again from the bytes it received. Node refuses any
 * byte at or above 0x80 in the request line (`HPE_INVALID_URL`) before a handler sees it, where
 * browsers, Python and the other runtimes take a target of raw UTF-8 as its percent-encoded form
 * (curl sends a URL typed with such text as it is). Only that refusal is read again, and only
 * for what the API answers, a GET or HEAD with the whole head in the packet; everything else
 * Node refused stays refused.
 */

/** The methods a refused request is answered for: the API's reads. */
export type Read = 'GET' | 'HEAD';

/** What the preview server makes of a request Node's parser refused. */
export type RefusedRequest =
  /** A read of a UTF-8 target, now percent-encoded, with its headers: answered as any other. */
  | { kind: 'readable'; method: Read; target: string; headers: ReadonlyMap<string, string> }
  /** A read of a target that is not UTF-8 (its bytes percent-encoded): the JSON 400 naming it. */
  | { kind: 'not-utf8'; method: Read; target: string }
  /** Anything else: the JSON 400 of a request that could not be parsed, bodiless for HEAD. */
  | { kind: 'unparsed'; head: boolean };

/** What Node's parser says of a request it refused: the `clientError` event's error. */
export interface ParseError {
  code?: string;
  /** The packet the parser was reading when it failed. */
  rawPacket?: Uint8Array;
  /** How far into `rawPacket` the parser got. */
  bytesParsed?: number;
}

const CRLF = '\r\n';
const VERSION = /^HTTP\/1\.[01]$/;
/** A header field as RFC 9110 has it: a token, a colon, the value between optional blanks. */
const FIELD = /^([!#$%&'*+.^_`|~0-9A-Za-z-]+):[ \t]*(.*?)[ \t]*$/;
/** The bytes a field value may hold (read as Latin-1, as Node reads them): no control byte. */
const FIELD_VALUE = /^[\t\x20-\x7e\x80-\xff]*$/;

/**
 * What `error` leaves to answer: the request whose target Node refused, if it is a GET or HEAD
 * whose request line and headers are well formed and, with the line, at most `maxHeadSize`
 * bytes (Node's own limit).
 */
export function readRefused(error: ParseError, maxHeadSize: number): RefusedRequest {
  const packet = error.rawPacket;
  if (!packet) return { kind: 'unparsed', head: false };
  const bytes = Buffer.from(packet.buffer, packet.byteOffset, packet.byteLength);
  // The parser stopped inside the target, so the request line is the line it stopped in: the
  // packet may begin with requests sent before it on the same connection.
  const at = Math.min(error.bytesParsed ?? 0, bytes.length);
  const start =
    error.code === 'HPE_INVALID_URL' && at > 0 ? bytes.lastIndexOf('\n', at - 1) + 1 : 0;
  const unparsed = {
    kind: 'unparsed',
    head: bytes.toString('latin1', start, start + 5) === 'HEAD ',
  } as const;
  if (error.code !== 'HPE_INVALID_URL') return unparsed;
  const lineEnd = bytes.indexOf(CRLF, start);
  if (lineEnd === -1) return unparsed;
  const line = bytes.subarray(start, lineEnd);
  const [afterMethod, beforeVersion] = [line.indexOf(' '), line.lastIndexOf(' ')];
  const method = line.toString('latin1', 0, afterMethod);
  const target = line.subarray(afterMethod + 1, beforeVersion);
  if (
    (method !== 'GET' && method !== 'HEAD') ||
    beforeVersion === afterMethod ||
    !VERSION.test(line.toString('latin1', beforeVersion + 1)) ||
    !isOriginForm(target)
  )
    return unparsed;
  const read = percentEncodeTarget(target);
  if (read.kind === 'not-utf8') return { kind: 'not-utf8', method, target: read.target };
  // The head ends with an empty line; one line short of it, it is cut or still to come.
  const headEnd = bytes.indexOf(CRLF + CRLF, lineEnd);
  if (headEnd === -1 || headEnd + 4 - start > maxHeadSize) return unparsed;
  const headers = fields(bytes.toString('latin1', lineEnd + 2, headEnd + 2));
  return headers ? { kind: 'readable', method, target: read.target, headers } : unparsed;
}

/**
 * A target in origin form (`/path?query`) whose ASCII bytes are visible: Node refuses a control
 * byte or a space, and the other forms (`*`, an absolute URI) are the router's to refuse.
 */
function isOriginForm(target: Uint8Array): boolean {
  return target[0] === 0x2f && target.every((b) => b >= 0x80 || (b > 0x20 && b < 0x7f));
}

/**
 * The header fields of a head (each line ended by CRLF), by lower-case name, the values of a
 * repeated name joined with commas as Node joins them; null when a line is not a field.
 */
function fields(text: string): ReadonlyMap<string, string> | null {
  const headers = new Map<string, string>();
  for (const line of text.split(CRLF).slice(0, -1)) {
    const [, name, value] = FIELD.exec(line) ?? [];
    if (name === undefined || value === undefined || !FIELD_VALUE.test(value)) return null;
    const key = name.toLowerCase();
    const before = headers.get(key);
    headers.set(key, before === undefined ? value : `${before}, ${value}`);
  }
  return headers;
}
