import type { Scalar } from '../../contract/keys.ts';
import { RecordFile, type Span } from './record-file.ts';

/**
 * The values of a collection's fields, one column per field, as they came from its query: what
 * the query index reads back one field at a time. A record's values are a few bytes each, but a
 * collection has up to 35 fields and millions of records, so they are held compact (a byte of
 * kind, then the number or the UTF-8 text) in chunks, and past a budget the chunks go to a
 * temporary file. Reading a column back reads only its chunks.
 */

/** Bytes of column chunks held in memory before they all move to a file. */
export const COLUMN_BUDGET = 32 * 1024 * 1024;

/** Bytes of one chunk of a column. */
const CHUNK = 64 * 1024;

/** The kind byte of an encoded value. */
const Kind = { Null: 0, Number: 1, True: 2, False: 3, Text: 4 } as const;
type Kind = (typeof Kind)[keyof typeof Kind];

/** One column: its finished chunks, in memory or where they are in the file, and the open one. */
class Column {
  readonly chunks: (Uint8Array | Span)[] = [];
  chunk = Buffer.allocUnsafe(CHUNK);
  used = 0;
}

/** The values of `fields` fields per record, added a record at a time, read a field at a time. */
export class FieldColumns {
  private readonly columns: Column[];
  private held = 0;
  private file: RecordFile | null = null;

  constructor(
    fields: number,
    /** Bytes of chunks held in memory before they move to a file (`COLUMN_BUDGET`). */
    private readonly budget = COLUMN_BUDGET,
  ) {
    this.columns = Array.from({ length: fields }, () => new Column());
  }

  /** Adds one record's values, a value per field. */
  add(values: readonly Scalar[]): void {
    values.forEach((value, i) => this.put(this.columns[i]!, value));
  }

  /** Ends the adding; the reads below may start. */
  seal(): void {
    this.file?.flush();
  }

  /** The values of field `field`, in the order their records were added. */
  *values(field: number): IterableIterator<Scalar> {
    const column = this.columns[field]!;
    for (const chunk of column.chunks) {
      yield* decode(chunk instanceof Uint8Array ? chunk : this.file!.gather([chunk])[0]!);
    }
    yield* decode(column.chunk.subarray(0, column.used));
  }

  close(): void {
    this.file?.close();
    this.file = null;
  }

  private put(column: Column, value: Scalar): void {
    // The most one value takes: its kind, then 8 bytes of number or 4 of length and the text's
    // UTF-8 (at most 3 bytes per UTF-16 unit).
    const most = typeof value === 'string' ? 5 + 3 * value.length : 9;
    if (column.used + most > column.chunk.length) {
      this.finish(column);
      if (most > column.chunk.length) column.chunk = Buffer.allocUnsafe(most);
    }
    const chunk = column.chunk;
    switch (typeof value) {
      case 'number':
        chunk[column.used] = Kind.Number;
        chunk.writeDoubleLE(value, column.used + 1);
        column.used += 9;
        return;
      case 'boolean':
        chunk[column.used++] = value ? Kind.True : Kind.False;
        return;
      case 'string': {
        chunk[column.used] = Kind.Text;
        const length = chunk.write(value, column.used + 5, 'utf8');
        chunk.writeUInt32LE(length, column.used + 1);
        column.used += 5 + length;
        return;
      }
      default:
        if (value !== null) throw new Error(`a field's value is ${typeof value}, not a scalar`);
        chunk[column.used++] = Kind.Null;
    }
  }

  /** Ends a column's open chunk: kept in memory, or appended to the file past the budget. */
  private finish(column: Column): void {
    const bytes = column.chunk.subarray(0, column.used);
    if (!this.file && this.held + bytes.length > this.budget) this.spill();
    if (this.file) column.chunks.push({ at: this.file.append(bytes), len: bytes.length });
    else {
      column.chunks.push(bytes);
      this.held += bytes.length;
    }
    column.chunk = Buffer.allocUnsafe(CHUNK);
    column.used = 0;
  }

  /** Moves every finished chunk to the file. */
  private spill(): void {
    const file = (this.file = new RecordFile());
    for (const column of this.columns) {
      column.chunks.forEach((chunk, i) => {
        if (chunk instanceof Uint8Array)
          column.chunks[i] = { at: file.append(chunk), len: chunk.length };
      });
    }
    file.flush();
    this.held = 0;
  }
}

/** The values of one chunk. */
function* decode(chunk: Uint8Array): IterableIterator<Scalar> {
  const bytes = Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);
  for (let at = 0; at < bytes.length;) {
    const kind = bytes[at++] as Kind;
    switch (kind) {
      case Kind.Null:
        yield null;
        break;
      case Kind.Number:
        yield bytes.readDoubleLE(at);
        at += 8;
        break;
      case Kind.True:
      case Kind.False:
        yield kind === Kind.True;
        break;
      case Kind.Text: {
        const length = bytes.readUInt32LE(at);
        yield bytes.toString('utf8', at + 4, at + 4 + length);
        at += 4 + length;
        break;
      }
      default:
        throw new Error(`column chunk: unknown kind ${kind satisfies never}`);
    }
  }
}
