import { CsvError, parse } from 'csv-parse/sync';
import { readUtf8, SourceFileError } from './source-file.ts';

/**
 * One CSV record: every listed column is present (checked against the header when the file is
 * read).
 */
export type CsvRecord<K extends string> = Readonly<Record<K, string>>;

/**
 * Reads a CSV file with a header row into records keyed by column name. Every column in `columns`
 * must be in the header (a renamed upstream column fails here, loudly, not later as `undefined`);
 * other columns are kept but not typed. A missing or empty file, a byte that is not UTF-8 and a
 * malformed line (a truncated file, a stray quote, a row with too few or too many fields) are
 * errors naming the file and the line (`SourceFileError`).
 */
export function readCsv<K extends string>(file: string, columns: readonly K[]): CsvRecord<K>[] {
  const bytes = readUtf8(file);
  try {
    return parse<CsvRecord<K>>(bytes, {
      bom: true,
      skip_empty_lines: true,
      relax_column_count: false,
      on_record: (record: CsvRecord<K>, context) => {
        ORIGIN.set(record, { file, line: context.lines });
        return record;
      },
      columns: (header: string[]) => {
        const missing = columns.filter((column) => !header.includes(column));
        if (missing.length > 0)
          throw new SourceFileError(file, `missing column(s) ${missing.join(', ')}`);
        return header;
      },
    });
  } catch (error) {
    if (error instanceof CsvError) throw new SourceFileError(file, error.message);
    throw error;
  }
}

/** Placeholder texts that mean "no value" in the sources. */
const NO_VALUE = new Set(['', 'NA', 'not available', 'not applicable']);

/** A text value, or null for the sources' "no value" placeholders. */
export function text(value: string): string | null {
  const trimmed = value.trim();
  return NO_VALUE.has(trimmed) ? null : trimmed;
}

/** Where each record read by `readCsv` came from, for errors about its values. */
const ORIGIN = new WeakMap<object, { file: string; line: number }>();

/**
 * A malformed value refuses the import: the error names the file, the line and the column (a
 * record not read from a file names the column only).
 */
function malformed(record: object, column: string, problem: string): Error {
  return recordError(record, `column ${column}: ${problem}`);
}

/**
 * An error about a record read by `readCsv` that refuses the import: it names the file and the
 * line (a record not read from a file: the problem alone).
 */
export function recordError(record: object, problem: string): Error {
  const origin = ORIGIN.get(record);
  return origin
    ? new SourceFileError(origin.file, `line ${origin.line}: ${problem}`)
    : new Error(problem);
}

/** An integer value, or null for an empty/placeholder value; throws on anything else. */
export function int<K extends string>(record: CsvRecord<K>, column: K): number | null {
  const value = record[column];
  if (text(value) === null) return null;
  const n = Number(value);
  if (!Number.isInteger(n))
    throw malformed(record, column, `not an integer: ${JSON.stringify(value)}`);
  return n;
}

/** An integer value that must be present. */
export function requiredInt<K extends string>(record: CsvRecord<K>, column: K): number {
  const n = int(record, column);
  if (n === null) throw malformed(record, column, 'missing integer');
  return n;
}

/** A 0/1 flag as a boolean; throws on anything else. */
export function flag<K extends string>(record: CsvRecord<K>, column: K): boolean {
  const value = record[column];
  if (value === '1' || value === 'TRUE' || value === 'true') return true;
  if (value === '0' || value === 'FALSE' || value === 'false') return false;
  throw malformed(record, column, `not a 0/1 flag: ${JSON.stringify(value)}`);
}

/** An ISO date `YYYY-MM-DD`, or null when the value is missing or not a date. */
export function isoDate(value: string): string | null {
  const t = text(value);
  return t !== null && /^\d{4}-\d{2}-\d{2}$/.test(t) ? t : null;
}
