import { jsonStringEnd } from '../../contract/bytes.ts';

/**
 * Where the records of a JSON file are: what the archive stores once, in blocks, and a file names
 * by reference (`archive-sink.ts`). A record is an element of an array that is the value of a key
 * `result` (a page's or a record file's records, a bucket's records under each value), or the
 * object value of a key `record` (a record bucket's records) or of a key `source` outside an
 * `attribution` (a bucket's credits), when it is an object or an array of at least `MIN_RECORD`
 * bytes. The file's other bytes stay with the file, so the file is made again byte for byte,
 * whatever its shape; a file that is not JSON has no records.
 */

/** Records shorter than this stay in the file: a reference to a block would cost more. */
export const MIN_RECORD = 32;

/**
 * Most bytes a file keeps outside its records: past this (the OpenAPI document, megabytes of
 * text around a few records), the file is one record, so that its leaf of the archive's index,
 * which every file of that leaf reads, stays small.
 */
export const MAX_LITERALS = 64 * 1024;

const QUOTE = 0x22;
const COLON = 0x3a;
const COMMA = 0x2c;
const OPEN_ARRAY = 0x5b;
const CLOSE_ARRAY = 0x5d;
const OPEN_OBJECT = 0x7b;
const CLOSE_OBJECT = 0x7d;

const encoder = new TextEncoder();
const RESULT = encoder.encode('result');
/** The key whose object value is a record: a record bucket's records. */
const RECORD = encoder.encode('record');
/**
 * The key of credits: its object value is a record too (a bucket's credits, repeated by each of
 * its 256 entries, a few hundred bytes each), except in a page's `attribution`, whose credits
 * stay in the file: there, as records, they took 2% less room but a read more, their block being
 * another than the records'.
 */
const SOURCE = encoder.encode('source');
const ATTRIBUTION = encoder.encode('attribution');

/**
 * What a container being read is: an object (the value of `attribution`, or another), a `result`
 * array, or another array.
 */
const enum Container {
  Object,
  Attribution,
  Records,
  Array,
}

/**
 * Whether a value in a record's place is stored as one: an object or an array (an element of
 * `result`; a value of `record` or `source` is always an object) of at least `MIN_RECORD` bytes.
 */
export function isRecordValue(value: Uint8Array): boolean {
  return value.length >= MIN_RECORD && (value[0] === OPEN_OBJECT || value[0] === OPEN_ARRAY);
}

/**
 * The start and end (exclusive) of each record of `bytes`, in pairs, in order; empty when it
 * holds none or is not JSON (its first byte is not `{`). The bytes of a JSON text are UTF-8, whose
 * bytes past ASCII never equal a structural character, so they are scanned as bytes.
 */
export function recordSpans(bytes: Uint8Array): number[] {
  const out: number[] = [];
  if (bytes[0] !== OPEN_OBJECT) return out;
  const stack: Container[] = [];
  /** The key just read in the object being read, as its start and end. */
  let key = -1;
  let keyEnd = -1;
  for (let i = 0; i < bytes.length;) {
    const c = bytes[i]!;
    const top = stack[stack.length - 1];
    if (top === Container.Records && c !== COMMA && c !== CLOSE_ARRAY && !isSpace(c)) {
      const end = valueEnd(bytes, i);
      if (end < 0) return [];
      if ((c === OPEN_OBJECT || c === OPEN_ARRAY) && end - i >= MIN_RECORD) out.push(i, end);
      i = end;
      continue;
    }
    if (c === QUOTE) {
      const end = jsonStringEnd(bytes, i);
      if (end < 0) return [];
      let next = end + 1;
      while (isSpace(bytes[next]!)) next++;
      const inObject = top === Container.Object || top === Container.Attribution;
      if (inObject && bytes[next] === COLON) {
        [key, keyEnd] = [i + 1, end];
        next++;
        while (isSpace(bytes[next]!)) next++;
        const record =
          named(bytes, key, keyEnd, RECORD) ||
          (top === Container.Object && named(bytes, key, keyEnd, SOURCE));
        if (bytes[next] === OPEN_OBJECT && record) {
          const valueStop = valueEnd(bytes, next);
          if (valueStop < 0) return [];
          if (valueStop - next >= MIN_RECORD) out.push(next, valueStop);
          i = valueStop;
          continue;
        }
      }
      i = next;
      continue;
    }
    if (c === OPEN_OBJECT)
      stack.push(
        top === Container.Object && named(bytes, key, keyEnd, ATTRIBUTION)
          ? Container.Attribution
          : Container.Object,
      );
    else if (c === OPEN_ARRAY)
      stack.push(
        top === Container.Object && named(bytes, key, keyEnd, RESULT)
          ? Container.Records
          : Container.Array,
      );
    else if (c === CLOSE_OBJECT || c === CLOSE_ARRAY) stack.pop();
    key = c === COMMA || c === OPEN_OBJECT ? -1 : key;
    i++;
  }
  return stack.length === 0 ? out : [];
}

/** Whether the key `bytes[start..end)` is `name`. */
function named(bytes: Uint8Array, start: number, end: number, name: Uint8Array): boolean {
  if (start < 0 || end - start !== name.length) return false;
  for (let i = 0; i < name.length; i++) if (bytes[start + i] !== name[i]) return false;
  return true;
}

function isSpace(c: number): boolean {
  return c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09;
}

/** The end (exclusive) of the JSON value starting at `at`; -1 when the text ends inside it. */
function valueEnd(bytes: Uint8Array, at: number): number {
  let depth = 0;
  for (let i = at; i < bytes.length; i++) {
    const c = bytes[i]!;
    if (c === QUOTE) {
      i = jsonStringEnd(bytes, i);
      if (i < 0) return -1;
      if (depth === 0) return i + 1;
    } else if (c === OPEN_OBJECT || c === OPEN_ARRAY) depth++;
    else if (c === CLOSE_OBJECT || c === CLOSE_ARRAY) {
      if (depth === 0) return i;
      if (--depth === 0) return i + 1;
    } else if (depth === 0 && (c === COMMA || isSpace(c))) return i;
  }
  return depth === 0 ? bytes.length : -1;
}

/**
 * The records of a file as the archive stores them (`recordSpans`), or the whole file as one
 * record when it holds none (and is not too small for one) or keeps more than `MAX_LITERALS`
 * bytes outside them.
 */
export function fileSpans(bytes: Uint8Array): number[] {
  const spans = recordSpans(bytes);
  let inside = 0;
  for (let k = 0; k < spans.length; k += 2) inside += spans[k + 1]! - spans[k]!;
  const whole =
    spans.length === 0 ? bytes.length >= MIN_RECORD : bytes.length - inside > MAX_LITERALS;
  return whole ? [0, bytes.length] : spans;
}
