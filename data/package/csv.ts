import { parse } from 'csv-parse';
import { closeSync, openSync, readSync } from 'node:fs';

/** One record of a CSV file and the line it starts on (1 is the header). */
export interface CsvLine {
  readonly line: number;
  readonly cells: readonly string[];
}

/** A file that is not CSV as RFC 4180 writes it, or not UTF-8: where it stops being so. */
export class CsvFileError extends Error {
  constructor(
    readonly line: number,
    message: string,
  ) {
    super(message);
  }
}

/** The most characters one record may hold: a football record holds far fewer. */
const MAX_RECORD = 1 << 20;

/** How much of a file is read at a time: a file of millions of rows takes no more memory. */
const CHUNK = 1 << 20;

/**
 * The records of a CSV file, streamed: UTF-8 with or without a byte-order mark, lines ended by
 * CRLF or LF, fields quoted with commas and line ends in them (csv-parse). Records may have any
 * number of fields: the caller names the rows whose count is not the header's.
 */
export function* csvRecords(file: string): Generator<CsvLine> {
  // Lines are counted from the records rather than asked of the parser (its `info` costs a
  // third of the parse): a record takes one line and one more for each line end in its cells.
  const parser = parse({ bom: true, relax_column_count: true, max_record_size: MAX_RECORD });
  // A stream emits its error a turn later; `errored` says it at once, and the work is synchronous.
  parser.on('error', () => {});
  const failed = () => {
    if (parser.errored)
      throw new CsvFileError(ended + 1, `CSV as RFC 4180 writes it (${parser.errored.message})`);
  };
  const decoder = new TextDecoder('utf-8', { fatal: true });
  const fd = openSync(file, 'r');
  const buffer = Buffer.alloc(CHUNK);
  let ended = 0;
  const take = function* (): Generator<CsvLine> {
    let cells: string[] | null;
    while ((cells = parser.read() as string[] | null) !== null) {
      const line = ended + 1;
      ended = line;
      for (const cell of cells)
        for (let i = cell.indexOf('\n'); i >= 0; i = cell.indexOf('\n', i + 1)) ended++;
      // An empty line is no record.
      if (cells.length !== 1 || cells[0] !== '') yield { line, cells };
    }
  };
  try {
    for (let n; (n = readSync(fd, buffer, 0, CHUNK, null)) > 0;) {
      parser.write(decode(decoder, buffer.subarray(0, n), ended, true));
      // The records before a fault are read first: the fault's line follows theirs.
      yield* take();
      failed();
    }
    parser.end(decode(decoder, new Uint8Array(), ended, false));
    yield* take();
    failed();
  } finally {
    closeSync(fd);
  }
}

/** The text of `bytes`, or a `CsvFileError` naming the line where a byte is not UTF-8. */
function decode(decoder: TextDecoder, bytes: Uint8Array, line: number, stream: boolean): string {
  try {
    return decoder.decode(bytes, { stream });
  } catch {
    throw new CsvFileError(line + 1, 'UTF-8 text from about here on: save the file as UTF-8');
  }
}

/** A cell as a CSV line writes it: quoted where it holds a quote, a comma or a line end. */
function csvCell(value: string | number | null): string {
  if (value === null) return '';
  const text = String(value);
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** One CSV line, ended by CRLF as RFC 4180 writes it. */
export function csvLine(cells: readonly (string | number | null)[]): string {
  return cells.map(csvCell).join(',') + '\r\n';
}
