import { ByteWriter, sameAt, sameBytes } from '../../contract/bytes.ts';
import { CLOSE_OBJECT, Members, tailParts } from '../../contract/record-tail.ts';

/**
 * The build's side of a record's tail (`contract/record-tail.ts`, docs/archive.md "Blocks"): a
 * record is stored without its `uri` and `link`, and their shape once a block as a pattern whose
 * holes the record's own values fill. A micro-event's id is then stored once where its JSON
 * spells it four times. Folding is exact by construction: a hole stands for bytes the folded
 * record holds, named as a reader finds them, so the record is made again byte for byte.
 */

const QUOTE = 0x22;
const SLASH = 0x2f;
const EQUALS = 0x3d;

/** The key that opens a tail. */
const URI = new TextEncoder().encode('uri');

/**
 * A record as a block stores it: folded, with its tail's pattern (null: stored whole). The
 * pattern is a view the next call reuses: a caller that keeps it copies it.
 */
export interface Folded {
  stored: Uint8Array;
  pattern: Uint8Array | null;
}

/** The pattern being coded, its parts and the record's members, reused from record to record. */
const pattern = new ByteWriter();
const parts: number[] = [];
const body = new Members();

/** A byte that may follow a hole: the end of a URL's segment (`/ " ? & #`). */
function isDelimiter(c: number | undefined): boolean {
  return c === SLASH || c === QUOTE || c === 0x3f || c === 0x26 || c === 0x23;
}

/**
 * Folds a record: without its tail, and the tail's pattern, where it has a tail (a top-level
 * `uri` past its first member); else the record whole.
 */
export function foldRecord(record: Uint8Array): Folded {
  const folded = foldTail(record);
  if (!folded) return { stored: record, pattern: null };
  const stored = new Uint8Array(folded.cut + 1);
  stored.set(record.subarray(0, folded.cut));
  stored[folded.cut] = CLOSE_OBJECT;
  return { stored, pattern: folded.pattern };
}

/**
 * A record's tail: where it starts (its comma: the record is stored as its bytes before it, then
 * `}`) and its pattern; null when the record has none. Nothing is copied: a block writes the
 * stored bytes where they go. The pattern `before` (the block's last) is taken when it makes the
 * tail: a resource's records mostly share one, and checking it reads the tail once, where
 * finding its holes compares each segment of its URLs with every value of the record.
 */
function foldTail(
  record: Uint8Array,
  before: Uint8Array | null = null,
): { cut: number; pattern: Uint8Array } | null {
  if (!body.read(record, URI) || body.tail < 2) return null;
  const tailStart = body.tail - 1; // its comma
  if (before && makes(before, record, tailStart)) return { cut: tailStart, pattern: before };
  const count = body.count;
  parts.length = 0; // from, to, and 1 for a hole's key or 0 for a literal
  const end = record.length - 1;
  let literal = tailStart;
  for (let i = tailStart; i < end; i++) {
    // A hole is a whole segment of a URL (after a slash or an equals sign, up to the next
    // delimiter) that equals a value of the body: the first member's that does.
    const before = record[i - 1];
    if (before !== SLASH && before !== EQUALS) continue;
    let next = i;
    while (next < end && !isDelimiter(record[next]!)) next++;
    const length = next - i;
    if (length === 0) continue;
    for (let m = 0; m < count; m++) {
      const from = body.valueStart(m);
      const to = body.valueEnd(m);
      if (
        to - from !== length ||
        !sameAt(record, i, record, from, to) ||
        // A reader fills a hole with its key's first value.
        body.find(record, record, body.keyStart(m), body.keyEnd(m)) !== m
      )
        continue;
      if (i > literal) parts.push(literal, i, 0);
      parts.push(body.keyStart(m), body.keyEnd(m), 1);
      literal = next;
      break;
    }
    i = next - 1;
  }
  if (end > literal) parts.push(literal, end, 0);
  pattern.clear();
  pattern.varint(parts.length / 3);
  for (let k = 0; k < parts.length; k += 3) {
    const from = parts[k]!;
    const to = parts[k + 1]!;
    pattern.varint(2 * (to - from) + parts[k + 2]!);
    pattern.bytes(record.subarray(from, to));
  }
  return { cut: tailStart, pattern: pattern.view() };
}

/**
 * Whether `pattern` makes the tail of `record` from `cut` (its comma) with the record's values, as
 * a reader makes it (`tailParts`, as `unfoldRecord` does), `body` holding the members before the
 * tail.
 */
function makes(pattern: Uint8Array, record: Uint8Array, cut: number): boolean {
  let at = cut;
  const made = tailParts(pattern, record, body, (bytes, from, to) => {
    if (!sameAt(record, at, bytes, from, to)) return false;
    at += to - from;
    return true;
  });
  return made && at === record.length - 1;
}

/** The decompressed bytes of a block of `records` (`blockRecords`), each folded where it can be. */
export function encodeBlock(records: readonly Uint8Array[]): Uint8Array {
  // Patterns by their bytes as Latin-1 text, one character a byte: a block's records share few.
  const patterns = new Map<string, { kind: number; bytes: Uint8Array }>();
  // Each record's stored length (its bytes before its tail, then `}`) and its pattern's number.
  const cuts = new Int32Array(records.length);
  const kinds = new Uint32Array(records.length);
  // A record's pattern is most often the last one's: tried first (`foldTail`), and compared
  // with it rather than looked up. Only the block's own records are tried: a block's bytes do
  // not depend on the blocks before it.
  let last: { kind: number; bytes: Uint8Array } | undefined;
  records.forEach((record, i) => {
    const folded = foldTail(record, last?.bytes);
    cuts[i] = folded ? folded.cut : -1;
    if (!folded) return;
    const { pattern } = folded;
    if (!last || (pattern !== last.bytes && !sameBytes(pattern, last.bytes))) {
      const key = Buffer.from(pattern.buffer, pattern.byteOffset, pattern.length).toString(
        'latin1',
      );
      last = patterns.get(key);
      if (!last) patterns.set(key, (last = { kind: patterns.size + 1, bytes: pattern.slice() }));
    }
    kinds[i] = last.kind;
  });
  const out = new ByteWriter();
  out.varint(patterns.size);
  for (const { bytes } of patterns.values()) {
    out.varint(bytes.length);
    out.bytes(bytes);
  }
  out.varint(records.length);
  records.forEach((record, i) => out.varint(cuts[i]! < 0 ? record.length : cuts[i]! + 1));
  for (const kind of kinds) out.varint(kind);
  records.forEach((record, i) => {
    if (cuts[i]! < 0) return out.bytes(record);
    out.bytes(record.subarray(0, cuts[i]));
    out.byte(CLOSE_OBJECT);
  });
  return out.view();
}
