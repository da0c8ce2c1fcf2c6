import { existsSync, readFileSync } from 'node:fs';
import { isUtf8 } from 'node:buffer';
import { gunzipSync } from 'node:zlib';

/**
 * Reading a source file so that whatever is wrong with it is said with its name, and its line
 * where there is one: missing, empty, not UTF-8, not JSON, not gzip. An importer that meets such
 * a file throws, and the import's transaction writes nothing.
 */

/** A source file that cannot be read as its format says: the message names the file. */
export class SourceFileError extends Error {
  constructor(
    readonly file: string,
    problem: string,
  ) {
    super(`${file}: ${problem}`);
    this.name = 'SourceFileError';
  }
}

/** The bytes of a source file; a missing or empty file is an error. */
function readBytes(file: string): Buffer {
  if (!existsSync(file)) throw new SourceFileError(file, 'missing source file');
  const bytes = readFileSync(file);
  if (bytes.length === 0) throw new SourceFileError(file, 'the file is empty');
  return bytes;
}

/**
 * A source file's bytes, checked: UTF-8 (one byte that is not is an error naming its line), and
 * not empty or blank. The bytes go to the parser as they are, without a copy as text.
 */
export function readUtf8(file: string, bytes: Buffer = readBytes(file)): Buffer {
  if (!isUtf8(bytes)) {
    const at = firstInvalidUtf8(bytes);
    const line = bytes.subarray(0, at).filter((b) => b === 0x0a).length + 1;
    const byte = bytes[at]!.toString(16).padStart(2, '0');
    throw new SourceFileError(file, `line ${line} is not UTF-8 (byte 0x${byte} at offset ${at})`);
  }
  if (bytes.every((b) => BLANK.has(b))) throw new SourceFileError(file, 'the file is empty');
  return bytes;
}

/** Bytes of a file with nothing in it: white space and the UTF-8 byte order mark. */
const BLANK = new Set([0x20, 0x09, 0x0a, 0x0d, 0xef, 0xbb, 0xbf]);

/** A JSON source file, parsed; a syntax error names its line. */
export function readJson<T>(file: string): T {
  return parseJson<T>(file, readUtf8(file).toString('utf8'));
}

/** A JSON file of records, each with the keys the importer reads (`requireKeys`). */
export function readRecords<T extends object>(
  file: string,
  keys: readonly (keyof T & string)[],
  list: (json: unknown) => unknown = (json) => json,
): T[] {
  return requireKeys<T>(file, list(readJson(file)), keys);
}

/** A gzip-compressed JSON source file (Wyscout's events), parsed. */
export function readGzipJson<T>(file: string): T {
  let bytes: Buffer;
  try {
    bytes = gunzipSync(readBytes(file));
  } catch (error) {
    if (error instanceof SourceFileError) throw error;
    throw new SourceFileError(file, `does not decompress (${(error as Error).message})`);
  }
  return parseJson<T>(file, readUtf8(file, bytes).toString('utf8'));
}

/**
 * The records of a JSON list, each checked for the keys the importer reads: a key renamed or
 * missing is an error naming the file and the record, where a silent `undefined` would become a
 * wrong value.
 */
export function requireKeys<T extends object>(
  file: string,
  records: unknown,
  keys: readonly (keyof T & string)[],
): T[] {
  if (!Array.isArray(records)) throw new SourceFileError(file, 'expected a list of records');
  // A plain loop: Wyscout's events are 3.25 M records, checked without allocating.
  for (let i = 0; i < records.length; i++) {
    const record: unknown = records[i];
    if (typeof record !== 'object' || record === null)
      throw new SourceFileError(file, `record ${i + 1} is not an object`);
    for (const key of keys)
      if (!(key in record)) {
        const missing = keys.filter((k) => !(k in record));
        throw new SourceFileError(file, `record ${i + 1} has no ${missing.join(', ')}`);
      }
  }
  return records as T[];
}

function parseJson<T>(file: string, text: string): T {
  try {
    return JSON.parse(text) as T;
  } catch (error) {
    const message = (error as Error).message;
    const position = /at position (\d+)/.exec(message)?.[1];
    const line = position === undefined ? '' : `line ${lineAt(text, Number(position))}: `;
    throw new SourceFileError(file, `${line}not valid JSON (${message})`);
  }
}

/** The 1-based line of a character position of a text. */
function lineAt(text: string, position: number): number {
  let line = 1;
  for (let i = 0; i < position && i < text.length; i++) if (text.charCodeAt(i) === 10) line++;
  return line;
}

/** The offset of the first byte that does not belong to a well-formed UTF-8 sequence. */
function firstInvalidUtf8(bytes: Uint8Array): number {
  let i = 0;
  while (i < bytes.length) {
    const b = bytes[i]!;
    const length = b < 0x80 ? 1 : b >= 0xc2 && b < 0xe0 ? 2 : b >= 0xe0 && b < 0xf0 ? 3 : 4;
    if (b >= 0xf5 || (b >= 0x80 && b < 0xc2)) return i;
    for (let k = 1; k < length; k++) {
      const c = bytes[i + k];
      if (c === undefined || (c & 0xc0) !== 0x80) return i;
    }
    if (!isUtf8(bytes.subarray(i, i + length))) return i;
    i += length;
  }
  return bytes.length;
}
