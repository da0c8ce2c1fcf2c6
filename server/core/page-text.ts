import type { EnvelopeRecords } from '../../contract/archive-reader.ts';
import type { Attribution } from '../../contract/envelope.ts';

/**
 * A pre-rendered page held as its text, with the place of each record's JSON in it. A composed
 * answer takes its records from default pages a few at a time; cutting their text out of the
 * page, rather than parsing the page and writing the records again, gives the same bytes (the
 * build wrote them with `JSON.stringify`, as the router would) for a fraction of the work, and a
 * page held this way takes half the memory of a parsed one. It is held as a string, in V8's
 * heap: held as bytes, outside it, the cached pages made V8 collect the whole heap six times as
 * often.
 */
export interface PageText extends PageRecords {
  /** The page's attribution: it credits the providers of the page's records. */
  attribution: Attribution | undefined;
  /** The page's `meta`. */
  meta: Record<string, unknown>;
  /** What the page weighs in memory, in bytes. */
  weight: number;
}

/** A page's records, some or all of them read, as their JSON text. */
export interface PageRecords {
  /** The record count. */
  count: number;
  /** Record `i`'s JSON text. */
  record(i: number): string;
}

/** Character codes of JSON's structure. */
const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const COMMA = 0x2c;
const OPEN_ARRAY = 0x5b;
const CLOSE_ARRAY = 0x5d;
const OPEN_OBJECT = 0x7b;
const CLOSE_OBJECT = 0x7d;

const decoder = new TextDecoder();

/** A character past Latin-1. */
const WIDE = /[^\u0000-\u00ff]/;

/**
 * Reads a page's envelope (`{"attribution":…,"meta":…,"result":[…]}`, `result` last, as the
 * build writes it): the head parsed, and where each element of `result` starts and ends.
 */
export function decodePage(bytes: Uint8Array): PageText {
  const text = decoder.decode(bytes);
  const open = resultOpening(text);
  const head = JSON.parse(text.slice(0, open + 1) + ']}') as {
    attribution?: Attribution;
    meta: Record<string, unknown>;
  };
  const bounds = elementBounds(text, open);
  return {
    attribution: head.attribution,
    meta: head.meta,
    count: bounds.length / 2,
    record: (i) => {
      if (!(i >= 0 && i < bounds.length / 2)) throw new RangeError(`a page has no record ${i}`);
      return text.slice(bounds[2 * i], bounds[2 * i + 1]);
    },
    // V8 holds a string of Latin-1 characters in a byte each, any other in two.
    weight: text.length * (WIDE.test(text) ? 2 : 1) + bounds.byteLength,
  };
}

/**
 * Records `wanted` of a page of an archive, read alone (`ArchiveReader.records`): only their
 * blocks are read. A micro-event's default page names a block for most of its records (they are
 * stored by match), so reading it whole for a few records would read them all.
 */
export async function pageRecords(
  envelope: EnvelopeRecords,
  wanted: readonly number[],
): Promise<PageRecords> {
  const { count } = envelope;
  const records = new Map<number, string>();
  await Promise.all(
    wanted.map(async (i) => {
      if (i >= 0 && i < count) records.set(i, decoder.decode(await envelope.record(i)));
    }),
  );
  return {
    count,
    record: (i) => {
      const text = records.get(i);
      if (text === undefined) throw new RangeError(`record ${i} of a page was not read`);
      return text;
    },
  };
}

/** The end of a string that opens at `at`: the index of its closing quote. */
function stringEnd(text: string, at: number): number {
  let end = at;
  for (;;) {
    end = text.indexOf('"', end + 1);
    if (end < 0) throw new Error('a page ends inside a string');
    // A quote is escaped when an odd number of backslashes comes before it.
    let slashes = 0;
    while (text.charCodeAt(end - 1 - slashes) === BACKSLASH) slashes++;
    if (slashes % 2 === 0) return end;
  }
}

/** The index of the `[` that opens the top-level object's one array: `result`. */
function resultOpening(text: string): number {
  let depth = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === QUOTE) i = stringEnd(text, i);
    else if (c === OPEN_OBJECT) depth++;
    else if (c === CLOSE_OBJECT) depth--;
    else if (c === OPEN_ARRAY) {
      if (depth === 1) return i;
      depth++;
    } else if (c === CLOSE_ARRAY) depth--;
  }
  throw new Error('a page has no result array');
}

/** Start and end (exclusive) of each element of the array opening at `open`, in pairs. */
function elementBounds(text: string, open: number): Uint32Array {
  const out: number[] = [];
  let depth = 0;
  let start = open + 1;
  for (let i = open + 1; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === QUOTE) i = stringEnd(text, i);
    else if (c === OPEN_OBJECT || c === OPEN_ARRAY) depth++;
    else if (depth > 0 && (c === CLOSE_OBJECT || c === CLOSE_ARRAY)) depth--;
    else if (depth === 0 && (c === COMMA || c === CLOSE_ARRAY)) {
      if (i > start) out.push(start, i);
      if (c === CLOSE_ARRAY) return Uint32Array.from(out);
      start = i + 1;
    }
  }
  throw new Error('a page ends inside its result array');
}
