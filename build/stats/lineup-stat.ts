import type { Db } from '../../data/db.ts';
import { MICRO_EVENTS } from '../micro-events.ts';
import type { TempTable } from '../registry/define.ts';
import { MAX_FIELDS, statRows, type StatRow } from './compute.ts';
import { MatchReader } from './match-data.ts';

/**
 * The statistics step of the build: `derived.lineup_stat`, one row per (lineup, group, name) with
 * the statistic's fields in columns `c0`, `c1`, ... in the rule table's order (`statColumn`), in
 * the build's scratch database, so the source database is only read. The statistics resources
 * render from it like any other table. Columns rather than the schema's JSON object of counts:
 * extracting a dozen fields from JSON for every row was a fifth of a statistic's SQL.
 *
 * Matches are computed one at a time (a few indexed queries each) and written in batches of rows:
 * memory stays flat, and the table lives on disk, not in memory.
 */

/** Rows written per transaction, at least: a match's rows are written together. */
const BATCH = 5000;

/** The column of field number `index` (in the rule table's order) of a statistic. */
const column = (index: number) => `c${index}`;

/** The SQL of field number `index` of a statistic (`s`). */
export const statColumn = (index: number) => `s.${column(index)}`;

const COLUMNS = Array.from({ length: MAX_FIELDS }, (_, i) => column(i));

export const LINEUP_STATS: TempTable = {
  name: 'lineup_stat',
  fill(db: Db, target: Db, progress: (done: number, total: number) => void): void {
    // Ordered by (grp, name, lineup): each statistics resource reads one contiguous range.
    target.exec(`DROP TABLE IF EXISTS lineup_stat;
      CREATE TABLE lineup_stat (
        lineup TEXT NOT NULL,
        grp    TEXT NOT NULL,
        name   TEXT NOT NULL,
        ${COLUMNS.map((c) => `${c} INTEGER`).join(', ')},
        PRIMARY KEY (grp, name, lineup)
      ) WITHOUT ROWID`);
    // Only matches with lineups have statistics (they are per lineup).
    const matches = db
      .prepare('SELECT DISTINCT match FROM lineup ORDER BY match')
      .pluck()
      .all() as string[];
    const reader = new MatchReader(db);
    const insert = target.prepare(
      `INSERT INTO lineup_stat VALUES (?, ?, ?${', ?'.repeat(MAX_FIELDS)})`,
    );
    // The columns after a statistic's own fields stay null: padding[n] fills those after n.
    const padding = Array.from({ length: MAX_FIELDS + 1 }, (_, n) =>
      new Array<null>(MAX_FIELDS - n).fill(null),
    );
    const write = target.transaction((rows: StatRow[]) => {
      for (const row of rows)
        insert.run(row.lineup, row.grp, row.name, ...row.values, ...padding[row.values.length]!);
    });
    // Matches are read outside the transactions: the reader reads `derived.micro_event` in the
    // file this writes, which a writer holding its lock would keep it from, unless in WAL mode.
    let rows: StatRow[] = [];
    matches.forEach((id, i) => {
      rows.push(...statRows(reader.read(id)));
      if (rows.length >= BATCH || i === matches.length - 1) {
        write(rows);
        rows = [];
        progress(i + 1, matches.length);
      }
    });
  },
  reads: [MICRO_EVENTS],
};
