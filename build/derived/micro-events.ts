import type { Db } from '../../data/db.ts';
import { copyRows } from './tables.ts';
import type { DerivedTable } from '../define/resource.ts';

/**
 * `derived.micro_event`: every action of every micro-event joined to its event once per build,
 * one row per action (`id` is the action's, `event` its event's), with the action's modifier ids
 * (`mods`, comma-separated, in no particular order; null without any) and its match's type. Rows
 * go by match, then in match order (period, match_seconds, the source's order, action id), which
 * `ord` numbers, and `micro_event_by_match` finds a match's rows.
 *
 * The source keys events and actions by uuid text in WITHOUT ROWID tables, so every column of
 * either that an index does not cover costs a search of a text key. Joined in each resource that
 * reads them (the three micro-event resources of each match type, the statistics, the total shot
 * ratio), those searches would be most of their SQL. Here the join runs once: actions in key
 * order, each with one search of its event, the modifiers grouped in one pass.
 */
export const MICRO_EVENTS: DerivedTable = {
  name: 'micro_event',
  fill(db: Db, target: Db, progress: (done: number, total: number) => void): void {
    target.exec(`DROP TABLE IF EXISTS micro_event;
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
        team          TEXT,
        lineup        TEXT,
        period        INTEGER NOT NULL,
        match_seconds REAL NOT NULL,
        x             REAL,
        y             REAL,
        seq           INTEGER NOT NULL,
        source        TEXT NOT NULL,
        mods          TEXT
      )`);
    const select = db.prepare(
      `SELECT ea.id, ea.event, ea.action, ea.x_end, ea.y_end, ea.z_end, ea.outcome, e.match,
         m.match_type, e.team, e.lineup, e.period, e.match_seconds, e.x, e.y, e.seq, e.source,
         md.mods
       FROM event_action ea CROSS JOIN event e ON e.id = ea.event JOIN match m ON m.id = e.match
       LEFT JOIN (SELECT action, group_concat(modifier) AS mods FROM event_modifier
         GROUP BY action) md ON md.action = ea.id
       ORDER BY e.match, e.period, e.match_seconds, e.seq, ea.id`,
    );
    copyRows(select, target, 'micro_event');
    target.exec('CREATE INDEX micro_event_by_match ON micro_event (match)');
    progress(1, 1);
  },
};
