import { ByteWriter, sameAt, sameBytes, Varint } from '../../contract/bytes.ts';
import { pageMetaOf } from '../../contract/envelope.ts';
import {
  HEAD_TEXT,
  readCollection,
  writeCollection,
  type Head,
  type LeafHeads,
} from '../../contract/page-head.ts';

/**
 * The writer's side of the heads an archive's reader makes (`contract/page-head.ts`): which
 * files' first bytes are a head it can make, and how a segment writes one for the assembler,
 * which gathers each leaf's tables. A head is kept only when the reader's making of it gives its
 * bytes back exactly, so the archive cannot be wrong whatever the build writes.
 */

// Fatal: a meta of bytes that are not UTF-8 is left as it is, never made as other bytes.
const decoder = new TextDecoder('utf-8', { fatal: true });
const { OPEN, META, RESULT, NO_META } = HEAD_TEXT;

/** The head of a file whose first literal is `literal`; null when it is not one to make. */
export function headOf(literal: Uint8Array): Head | null {
  const end = literal.length - RESULT.length;
  if (end < 0 || !sameAt(literal, 0, OPEN) || !sameAt(literal, end, RESULT)) return null;
  // The last `,"meta":` is the envelope's: a string holds no bare quote, and no key of `meta`
  // is `meta`. Anything else fails the comparison below.
  const at = lastIndexOf(literal, META, end);
  if (at < OPEN.length) return null;
  const meta = literal.subarray(at + META.length, end);
  const attribution = literal.subarray(OPEN.length, at);
  if (sameBytes(meta, NO_META)) return { attribution, page: null };
  let text: string;
  let parsed: unknown;
  try {
    text = decoder.decode(meta);
    parsed = JSON.parse(text);
  } catch {
    return null;
  }
  const page = pageOf(parsed);
  // Kept only when the reader makes these bytes again (`headBytes`), links and totals included.
  if (!page || JSON.stringify(pageMetaOf({ ...page.collection, page: page.page })) !== text)
    return null;
  return { attribution, page };
}

/** The page a pagination object is of; null when it is not one. */
function pageOf(meta: unknown): Head['page'] {
  if (!isObject(meta)) return null;
  const { first, page, records } = meta;
  const snake = Object.hasOwn(meta, 'total_records');
  const total = meta[snake ? 'total_records' : 'totalRecords'];
  if (typeof first !== 'string' || !count(page) || !count(records) || !count(total)) return null;
  const end = `records=${records}&page=1`;
  const q = first.indexOf('?');
  if (q < 0 || records === 0 || !first.endsWith(end) || q + 1 > first.length - end.length)
    return null;
  const query = first.slice(q + 1, first.length - end.length);
  const collection = { path: first.slice(0, q), query, records, total };
  return { collection: { ...collection, totals: snake ? 'snake' : 'camel' }, page };
}

/**
 * A head as a segment writes it, after the literal code 1: its attribution (a varint length and
 * its bytes), then 0, or 1, its collection as a leaf's table codes it, and its page.
 */
export function writeSegmentHead(out: ByteWriter, head: Head): void {
  out.varint(head.attribution.length);
  out.bytes(head.attribution);
  if (!head.page) return out.varint(0);
  out.varint(1);
  writeCollection(out, head.page.collection);
  out.varint(head.page.page);
}

/** A head as a segment wrote it (`writeSegmentHead`). */
export function readSegmentHead(in_: Varint): Head {
  const attribution = in_.take(in_.read());
  if (in_.read() === 0) return { attribution, page: null };
  const collection = readCollection(in_);
  return { attribution, page: { collection, page: in_.read() } };
}

function count(n: unknown): n is number {
  return typeof n === 'number' && Number.isSafeInteger(n) && n >= 0;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The last place of `part` in `bytes` that ends by `before`; -1 when there is none. */
function lastIndexOf(bytes: Uint8Array, part: Uint8Array, before: number): number {
  for (let at = before - part.length; at >= 0; at--) if (sameAt(bytes, at, part)) return at;
  return -1;
}

/**
 * A leaf's tables of heads (`LeafHeads`), gathered as the assembler writes its templates: each
 * attribution and collection once, numbered in the order first met.
 */
export class LeafTables {
  readonly heads: LeafHeads = { attributions: [], collections: [] };
  private readonly attributions = new Map<string, number>();
  private readonly collections = new Map<string, number>();

  /** Writes a head as a leaf's template codes it, after code 1 (`readHead`). */
  write(out: ByteWriter, head: Head): void {
    const text = Buffer.from(head.attribution).toString('latin1');
    let a = this.attributions.get(text);
    if (a === undefined) {
      this.attributions.set(text, (a = this.heads.attributions.length));
      this.heads.attributions.push(head.attribution.slice());
    }
    out.varint(a);
    if (!head.page) return out.varint(0);
    const { collection, page } = head.page;
    const key = JSON.stringify(collection);
    let c = this.collections.get(key);
    if (c === undefined) {
      this.collections.set(key, (c = this.heads.collections.length));
      this.heads.collections.push(collection);
    }
    out.varint(c + 1);
    out.varint(page);
  }
}
