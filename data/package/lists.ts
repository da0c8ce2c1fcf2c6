import type { Db } from '../db.ts';
import type { ListTable } from './resources.ts';

/** The column that holds the label of each reference list's entries. */
export const LABEL_COLUMN: Readonly<Record<ListTable, 'name' | 'desc'>> = {
  confederation: 'name',
  phase: 'name',
  groupround: 'name',
  knockoutround: 'name',
  weather: 'desc',
  surface: 'name',
  name_order: 'desc',
  position: 'name',
  foul: 'desc',
  card: 'desc',
  bodypart: 'desc',
  shotevent: 'desc',
  penalty_outcome: 'desc',
  action: 'desc',
  modifier: 'desc',
  timezone: 'name',
};

/** What an entry of each reference list is, in words. */
export const LIST_NOUN: Readonly<Record<ListTable, string>> = {
  confederation: 'confederation',
  phase: 'phase',
  groupround: 'group round',
  knockoutround: 'knockout round',
  weather: 'weather',
  surface: 'surface',
  name_order: 'name order',
  position: 'position',
  foul: 'foul',
  card: 'card',
  bodypart: 'body part',
  shotevent: 'shot event',
  penalty_outcome: 'penalty outcome',
  action: 'action',
  modifier: 'modifier',
  timezone: 'time zone',
};

/** One reference list: its codes by label (and by the code written as text). */
export interface ListEntries {
  /** The code a cell names, by its label or its code; undefined when it names none. */
  code(cell: string): number | undefined;
  /** A few labels, for an error message. */
  readonly examples: string;
}

/** Reads the reference lists of the database (the same in every database: `football/lists.ts`). */
export function readLists(db: Db): (list: ListTable) => ListEntries {
  const cache = new Map<ListTable, ListEntries>();
  return (list) => {
    let entries = cache.get(list);
    if (entries) return entries;
    const rows = db
      .prepare<[], { id: number; label: string }>(
        `SELECT id, "${LABEL_COLUMN[list]}" AS label FROM "${list}" ORDER BY id`,
      )
      .all();
    // Labels are matched whatever their case: "left foot" is "Left foot".
    const byText = new Map<string, number>();
    for (const { id, label } of rows) {
      byText.set(label.toLowerCase(), id);
      byText.set(String(id), id);
    }
    entries = {
      code: (cell) => byText.get(cell.toLowerCase()),
      examples: rows
        .slice(0, 6)
        .map((r) => r.label)
        .join(', '),
    };
    cache.set(list, entries);
    return entries;
  };
}
