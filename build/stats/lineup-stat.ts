import type { Db } from '../../data/db.ts';
import { MICRO_EVENTS } from '../micro-events.ts';
import type { TempTable } from '../registry/define.ts';
import { MAX_FIELDS, statRows } from './compute.ts';
import { MatchReader } from './match-data.ts';

/**
 * The statistics step of the build: `derived.lineup_stat`, one row per (lineup, group, name) with
 * the statistic's fields in columns `c0`, `c1`, ... in the rule table's order (`statColumn`), in
 * the build's scratch database, so the source database is only read. The statistics resources
 * render from it like any other table. Columns rather than the schema's JSON object of counts:
 * extracting a dozen fields from JSON for every row was a fifth of a statistic's SQL.
 *
 * Matches are computed one at a time (a few indexed queries each) and written in batches: memory
 * stays flat, and the table lives on disk, not in memory.
 */

/** Matches computed per transaction. */
const BATCH = 100;

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
    const batch = target.transaction((ids: string[]) => {
      for (const id of ids) {
        for (const row of statRows(reader.read(id)))
          insert.run(row.lineup, row.grp, row.name, ...row.values, ...padding[row.values.length]!);
      }
    });
    for (let i = 0; i < matches.length; i += BATCH) {
      batch(matches.slice(i, i + BATCH));
      progress(Math.min(i + BATCH, matches.length), matches.length);
    }
  },
  reads: [MICRO_EVENTS],
};
