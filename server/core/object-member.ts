import type { FileParts } from '../../contract/archive-reader.ts';
import { jsonStringEnd } from '../../contract/bytes.ts';

/**
 * One member of a file that is a JSON object, `{"key":value,…}` (a bucket file: 256 records by
 * id, or a bucket filter's records by value), read from the file's parts in an archive
 * (`FileParts`): the bytes between records are scanned for the member's key, and only the records
 * inside its value are read. In an archive a bucket's records lie in the blocks of the pages that
 * named them first, a block or two each: the whole file would cost a block per record.
 */

const QUOTE = 0x22;
const COMMA = 0x2c;
const COLON = 0x3a;

/** A place in a file's parts: a literal, and an offset in it. */
interface Place {
  literal: number;
  at: number;
}

const decoder = new TextDecoder();

/**
 * The value of member `key` of the object the file is, parsed with its text's length; undefined
 * when the object has no such member. Keys and the structure around records are in the
 * literals; a record is one whole value, so it never holds a key of the file's object.
 */
export async function objectMember(
  parts: FileParts,
  key: string,
): Promise<{ value: unknown; length: number } | undefined> {
  const { literals } = parts;
  // A file the archive holds as one record (one with no records of its own, or more text around
  // them than a leaf should hold) has no structure in its literals: it is read whole.
  if (literals[0]!.length === 0 && literals.length === 2) {
    const text = decoder.decode(await parts.record(0));
    const value = (JSON.parse(text) as Record<string, unknown>)[key];
    return value === undefined ? undefined : { value, length: text.length };
  }
  const span = memberSpan(literals, key);
  if (!span) return undefined;
  const { from, to } = span;
  const pieces: (Uint8Array | Promise<Uint8Array>)[] = [];
  for (let l = from.literal; l <= to.literal; l++) {
    const start = l === from.literal ? from.at : 0;
    const end = l === to.literal ? to.at : literals[l]!.length;
    pieces.push(literals[l]!.subarray(start, end));
    if (l < to.literal) pieces.push(parts.record(l));
  }
  const text = (await Promise.all(pieces)).map((bytes) => decoder.decode(bytes)).join('');
  return { value: JSON.parse(text) as unknown, length: text.length };
}

/**
 * Where the value of member `key` of the top-level object starts and ends (exclusive), found by
 * scanning the literals: depth counts the brackets open, strings are skipped whole, and a string
 * at depth 1 that follows `{` or `,` is a key.
 */
function memberSpan(
  literals: readonly Uint8Array[],
  key: string,
): { from: Place; to: Place } | undefined {
  let depth = 0;
  let expectKey = false;
  let from: Place | null = null;
  for (let l = 0; l < literals.length; l++) {
    const bytes = literals[l]!;
    for (let i = 0; i < bytes.length; i++) {
      const byte = bytes[i]!;
      if (byte === QUOTE) {
        const end = jsonStringEnd(bytes, i);
        if (end < 0) throw new SyntaxError('a string of the file does not end in its literal');
        if (expectKey && depth === 1 && from === null) {
          expectKey = false;
          if (JSON.parse(decoder.decode(bytes.subarray(i, end + 1))) === key) {
            const colon = bytes.indexOf(COLON, end + 1);
            from = { literal: l, at: colon + 1 };
            i = colon;
            continue;
          }
        }
        i = end;
      } else if (byte === 0x7b || byte === 0x5b) {
        depth++;
        if (depth === 1) expectKey = true;
      } else if (byte === 0x7d || byte === 0x5d) {
        depth--;
        if (depth === 0 && from) return { from, to: { literal: l, at: i } };
      } else if (byte === COMMA && depth === 1) {
        if (from) return { from, to: { literal: l, at: i } };
        expectKey = true;
      }
    }
  }
  return undefined;
}
