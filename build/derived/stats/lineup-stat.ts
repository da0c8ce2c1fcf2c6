import { perMatchTable } from '../match-model/per-match-table.ts';
import { MICRO_EVENTS } from '../micro-events.ts';
import { MAX_FIELDS, statRows } from './compute.ts';

/**
 * The statistics step of the build: `derived.lineup_stat`, one row per (lineup, group, name) with
 * the statistic's fields in columns `c0`, `c1`, ... in the rule table's order (`statColumn`), in
 * the build's scratch database, so the source database is only read. The statistics resources
 * render from it like any other table. Columns rather than the schema's JSON object of counts:
 * extracting a dozen fields from JSON for every row was a fifth of a statistic's SQL.
 *
 * Computed from the facts of each match with lineups (`build/derived/match-model/`), one match at a time.
 */

/** The column of field number `index` (in the rule table's order) of a statistic. */
const column = (index: number) => `c${index}`;

/** The SQL of field number `index` of a statistic (`s`). */
export const statColumn = (index: number) => `s.${column(index)}`;

const COLUMNS = Array.from({ length: MAX_FIELDS }, (_, i) => column(i));

/** The columns after a statistic's own fields stay null: `PADDING[n]` fills those after n. */
const PADDING = Array.from({ length: MAX_FIELDS + 1 }, (_, n) =>
  new Array<null>(MAX_FIELDS - n).fill(null),
);

/** `derived.lineup_stat`, filled from the rule table (`fields.ts`) per match. */
export const LINEUP_STATS = perMatchTable({
  name: 'lineup_stat',
  columns: [
    'lineup TEXT NOT NULL',
    'grp TEXT NOT NULL',
    'name TEXT NOT NULL',
    ...COLUMNS.map((c) => `${c} INTEGER`),
  ],
  // Ordered by (grp, name, lineup): each statistics resource reads one contiguous range.
  key: ['grp', 'name', 'lineup'],
  // Only matches with lineups have statistics (they are per lineup).
  matches: 'SELECT DISTINCT match FROM lineup ORDER BY match',
  rows: (m) =>
    statRows(m).map((row) => [
      row.lineup,
      row.grp,
      row.name,
      ...row.values,
      ...PADDING[row.values.length]!,
    ]),
  reads: [MICRO_EVENTS],
});
