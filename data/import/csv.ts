import { existsSync, readFileSync } from 'node:fs';
import { parse } from 'csv-parse/sync';

/**
 * One CSV record: every listed column is present (checked against the header when the file is
 * read).
 */
export type CsvRecord<K extends string> = Readonly<Record<K, string>>;

/**
 * Reads a CSV file with a header row into records keyed by column name. Every column in `columns`
 * must be in the header (a renamed upstream column fails here, loudly, not later as `undefined`);
 * other columns are kept but not typed.
 */
export function readCsv<K extends string>(file: string, columns: readonly K[]): CsvRecord<K>[] {
  if (!existsSync(file)) throw new Error(`missing source file: ${file}`);
  const rows = parse<Record<string, string>>(readFileSync(file), {
    columns: true,
    bom: true,
    skip_empty_lines: true,
    relax_column_count: false,
  });
  const header = rows[0] ? Object.keys(rows[0]) : [];
  const missing = rows.length === 0 ? [] : columns.filter((column) => !header.includes(column));
  if (missing.length > 0) throw new Error(`${file}: missing column(s) ${missing.join(', ')}`);
  return rows as CsvRecord<K>[];
}

/** Placeholder texts that mean "no value" in the sources. */
const NO_VALUE = new Set(['', 'NA', 'not available', 'not applicable']);

/** A text value, or null for the sources' "no value" placeholders. */
export function text(value: string): string | null {
  const trimmed = value.trim();
  return NO_VALUE.has(trimmed) ? null : trimmed;
}

/** An integer value, or null for an empty/placeholder value; throws on anything else. */
export function int(value: string): number | null {
  if (text(value) === null) return null;
  const n = Number(value);
  if (!Number.isInteger(n)) throw new Error(`not an integer: ${JSON.stringify(value)}`);
  return n;
}

/** An integer value that must be present. */
export function requiredInt(value: string, what: string): number {
  const n = int(value);
  if (n === null) throw new Error(`${what}: missing integer`);
  return n;
}

/** A 0/1 flag as a boolean; throws on anything else. */
export function flag(value: string): boolean {
  if (value === '1' || value === 'TRUE' || value === 'true') return true;
  if (value === '0' || value === 'FALSE' || value === 'false') return false;
  throw new Error(`not a 0/1 flag: ${JSON.stringify(value)}`);
}

/** An ISO date `YYYY-MM-DD`, or null when the value is missing or not a date. */
export function isoDate(value: string): string | null {
  const t = text(value);
  return t !== null && /^\d{4}-\d{2}-\d{2}$/.test(t) ? t : null;
}
