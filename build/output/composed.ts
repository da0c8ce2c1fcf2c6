import { ENVELOPE_END, headBytes, type Head } from '../../contract/page-head.ts';
import { assemble, Assembler } from './assemble.ts';
import { isRecordValue } from './record-spans.ts';

/**
 * Files the layouts compose from records they hold as bytes, saying where each record is. A tree
 * writes their bytes; an archive's segment takes their records as they are, rather than finding
 * them again in the bytes (`record-spans.ts`), which on a page cost more than storing its records.
 * Either way the file is the same, and so is what the archive stores of it.
 */
export type Composed = Envelope | Pieces;

const COMMA = Buffer.from(',');

/** The position of a record that has none in a collection's default order (`ordOf`). */
export const NO_ORD = -1;

/**
 * A record of the collection being written that its sink holds already (`OutputSink.holds`),
 * named by its position alone: an archive's segment stored its bytes the first time it met it,
 * so the spool does not read them back from disk for every other file that holds it. Only its
 * length is known.
 */
export class StoredRecord {
  constructor(readonly length: number) {}
}

/** A record of a composed file: its bytes, or a record its sink holds (`StoredRecord`). */
export type RecordBytes = Uint8Array | StoredRecord;

/** The bytes of a record; a stored record has none here, and asking for them is a bug. */
export function bytesOf(record: RecordBytes): Uint8Array {
  if (record instanceof StoredRecord)
    throw new Error('a record the sink holds was asked for its bytes');
  return record;
}

/**
 * True when a value given as a record is one for the archive (`isRecordValue`): a stored record
 * is, since its sink took it as one.
 */
export function isRecord(value: RecordBytes): boolean {
  return value instanceof StoredRecord || isRecordValue(value);
}

/**
 * A page or a record's file: its head (`{"attribution":…,"meta":…,"result":[`, as the reader of
 * an archive makes it, `contract/page-head.ts`), its records comma-separated, then `]}`.
 */
export class Envelope {
  readonly kind = 'envelope';
  private head_: Uint8Array | null = null;

  constructor(
    readonly head: Head,
    readonly records: readonly RecordBytes[],
    /** Each record's position in its collection's default order, when the writer knows it. */
    private readonly ords: readonly number[] | null = null,
  ) {}

  /** The position of record `i` in its collection's default order, or `NO_ORD`. */
  ordOf(i: number): number {
    return this.ords?.[i] ?? NO_ORD;
  }

  /** The head's bytes, made once: the hash of a build and its archive both need them. */
  headBytes(): Uint8Array {
    return (this.head_ ??= headBytes(this.head));
  }

  /** The bytes around and between its records, when it has any: one more than its records. */
  literals(): Uint8Array[] {
    const literals: Uint8Array[] = this.records.map(() => COMMA);
    literals[0] = this.headBytes();
    literals.push(ENVELOPE_END);
    return literals;
  }
}

/**
 * A file of any shape (a bucket), made in the order of its bytes: text, and records. A value
 * given as a record that the archive would not take as one (`isRecordValue`) is text.
 */
export class Pieces {
  readonly kind = 'pieces';
  readonly records: RecordBytes[] = [];
  private readonly ords: number[] = [];
  /** The text before each record and after the last, in the pieces it was given as. */
  private readonly texts: (string | Uint8Array)[][] = [[]];
  private literals_: Uint8Array[] | null = null;

  /** Appends text. */
  text(text: string): void {
    this.literals_ = null;
    this.texts.at(-1)!.push(text);
  }

  /**
   * Appends a record: an element of a `result` array, or the object value of a key `record`, or
   * of a key `source` outside an `attribution` (`record-spans.ts`), with its position in its
   * collection's default order when it is one of its records.
   */
  record(value: RecordBytes, ord = NO_ORD): void {
    this.literals_ = null;
    if (!isRecord(value)) return void this.texts.at(-1)!.push(bytesOf(value));
    this.records.push(value);
    this.ords.push(ord);
    this.texts.push([]);
  }

  /** The position of record `i` in its collection's default order, or `NO_ORD`. */
  ordOf(i: number): number {
    return this.ords[i]!;
  }

  /**
   * The bytes around and between its records: one more than its records. Made once until the
   * file changes (its hash and its archive's template both read them).
   */
  literals(): Uint8Array[] {
    return (this.literals_ ??= this.texts.map((pieces) =>
      Buffer.concat(
        pieces.map((piece) => (typeof piece === 'string' ? Buffer.from(piece) : piece)),
      ),
    ));
  }

  /** Appends its bytes to `out`. */
  assemble(out: Assembler): void {
    this.texts.forEach((pieces, i) => {
      for (const piece of pieces) appendPiece(out, piece);
      if (i < this.records.length) out.bytes(bytesOf(this.records[i]!));
    });
  }
}

function appendPiece(out: Assembler, piece: string | Uint8Array): void {
  if (typeof piece === 'string') out.text(piece);
  else out.bytes(piece);
}

/** Appends the bytes of a composed file to `out`. */
export function assembleComposed(out: Assembler, file: Composed): void {
  switch (file.kind) {
    case 'envelope':
      out.bytes(file.headBytes());
      out.list(file.records.map(bytesOf));
      out.bytes(ENVELOPE_END);
      return;
    case 'pieces':
      return file.assemble(out);
    default:
      throw new Error(`unknown file ${JSON.stringify(file satisfies never)}`);
  }
}

/** The bytes of a composed file, as a buffer of their own. */
export function composedBytes(file: Composed): Buffer {
  return assemble((out) => assembleComposed(out, file));
}
