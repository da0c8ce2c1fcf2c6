import { join } from 'node:path';
import { readCsv, type CsvRecord } from '../csv.ts';

/**
 * The martj42 international results files (https://github.com/martj42/international_results) and
 * the columns this importer reads. Teams are named, not numbered, by their current name (former
 * names are listed in former_names.csv).
 */
export const FILES = {
  results: [
    'date',
    'home_team',
    'away_team',
    'home_score',
    'away_score',
    'tournament',
    'city',
    'country',
    'neutral',
  ],
  goalscorers: [
    'date',
    'home_team',
    'away_team',
    'team',
    'scorer',
    'minute',
    'own_goal',
    'penalty',
  ],
  shootouts: ['date', 'home_team', 'away_team', 'winner', 'first_shooter'],
  former_names: ['current', 'former', 'start_date', 'end_date'],
} as const;

/** The source file names. */
export type FileName = keyof typeof FILES;

/** A record of one source file. */
export type SourceRecord<F extends FileName> = CsvRecord<(typeof FILES)[F][number]>;

/** Reads one source file. */
export function readSource<F extends FileName>(dir: string, file: F): SourceRecord<F>[] {
  return readCsv(join(dir, `${file}.csv`), FILES[file]);
}

/** The key of a match in the files: date and the two team names as written. */
export function matchKey(row: { date: string; home_team: string; away_team: string }): string {
  return `${row.date}|${row.home_team}|${row.away_team}`;
}
