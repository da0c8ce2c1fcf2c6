import type { Db } from '../../data/db.ts';
import type { DerivedTable } from '../define/resource.ts';
import { writeBatched } from './tables.ts';

/** The two tables, made anew by each fill. */
const TABLES = `DROP TABLE IF EXISTS micro_event;
  DROP TABLE IF EXISTS micro_modifier;
  CREATE TABLE micro_event (
    ord           INTEGER PRIMARY KEY,
    id            TEXT NOT NULL,
    event         TEXT NOT NULL,
    action        INTEGER NOT NULL,
    x_end         REAL,
    y_end         REAL,
    z_end         REAL,
    outcome       INTEGER,
    match         TEXT NOT NULL,
    match_type    TEXT NOT NULL,
    match_date    TEXT NOT NULL,
    team          TEXT,
    lineup        TEXT,
    period        INTEGER NOT NULL,
    match_seconds REAL NOT NULL,
    x             REAL,
    y             REAL,
    seq           INTEGER NOT NULL,
    source        TEXT NOT NULL,
    mods          TEXT
  );
  CREATE TABLE micro_modifier (
    ord      INTEGER NOT NULL,
    id       TEXT NOT NULL,
    modifier INTEGER NOT NULL,
    PRIMARY KEY (ord, id)
  ) WITHOUT ROWID`;

/**
 * `derived.micro_event`: every action of every micro-event joined to its event once per build,
 * one row per action (`id` is the action's, `event` its event's), with the action's modifier ids
 * (`mods`, comma-separated, in no particular order; null without any) and its match's type and
 * date. Rows go by match, then in match order (period, match_seconds, the source's order, action
 * id), which `ord` numbers, and `micro_event_by_match` finds a match's rows. Beside it,
 * `derived.micro_modifier` holds the modifiers, keyed by their action's `ord` and their own id,
 * so that a resource of modifiers reads them in the order it reads the actions.
 *
 * The source keys events, actions and modifiers by uuid text in WITHOUT ROWID tables, so every
 * column of one that an index does not cover costs a search of a text key, at a random place of
 * a table of millions of rows: one read of the file each, and most of the time of a join. Here
 * each table is read once, in the order it is stored, and sorted by the key it is joined on:
 * the actions by event, whose events are then searched in the order of their keys, and the
 * modifiers by action.
 */
export const MICRO_EVENTS: DerivedTable = {
  name: 'micro_event',
  also: ['micro_modifier'],
  fill(db: Db, target: Db, progress: (done: number, total: number) => void): void {
    target.exec(TABLES);
    // MATERIALIZED and the unary `+` keep SQLite from reading a table through its index on the
    // join key (which would search the table's primary key for every row): each CTE scans its
    // table and sorts it. Both modifier lists of an action are concatenated in the same order.
    const select = db.prepare(
      `WITH ea AS MATERIALIZED (SELECT * FROM event_action ORDER BY +event),
         md AS MATERIALIZED (SELECT action, group_concat(modifier) AS mods, group_concat(id) AS ids
           FROM (SELECT action, id, modifier FROM event_modifier ORDER BY +action)
           GROUP BY action)
       SELECT ea.id, ea.event, ea.action, ea.x_end, ea.y_end, ea.z_end, ea.outcome, e.match,
         m.match_type, m.match_date, e.team, e.lineup, e.period, e.match_seconds, e.x, e.y, e.seq,
         e.source, md.mods, md.ids
       FROM ea CROSS JOIN event e ON e.id = ea.event JOIN match m ON m.id = e.match
       LEFT JOIN md ON md.action = ea.id
       ORDER BY e.match, e.period, e.match_seconds, e.seq, ea.id`,
    );
    // A row of micro_event is `ord`, then the query's columns but the last, the modifiers' ids.
    const marks = select.columns().map(() => '?');
    const event = target.prepare(`INSERT INTO micro_event VALUES (${marks.join(', ')})`);
    const modifier = target.prepare('INSERT INTO micro_modifier VALUES (?, ?, ?)');
    const rows = select.raw().iterate() as IterableIterator<unknown[]>;
    writeBatched(target, rows, (row, ord) => {
      const ids = row.pop() as string | null;
      event.run(ord, ...row);
      if (ids === null) return;
      const mods = (row.at(-1) as string).split(',');
      ids.split(',').forEach((id, m) => modifier.run(ord, id, Number(mods[m])));
    });
    target.exec('CREATE INDEX micro_event_by_match ON micro_event (match)');
    progress(1, 1);
  },
};
