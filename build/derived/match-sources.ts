import type { Db } from '../../data/db.ts';
import { dataCredit, type ResourceDef, type DerivedTable } from '../define/resource.ts';

/**
 * `derived.match_source`: the providers of everything known about a match, as the comma-separated list
 * a record's `_source` may hold: the match's own provider first, then those of its micro-events
 * when they differ (a Fjelstul World Cup match whose events come from Wyscout). Statistics and
 * analytics are computed from both, so they credit both.
 */
export const MATCH_SOURCES: DerivedTable = {
  name: 'match_source',
  fill(db: Db, target: Db, progress: (done: number, total: number) => void): void {
    target.exec(`DROP TABLE IF EXISTS match_source;
      CREATE TABLE match_source (match TEXT PRIMARY KEY, sources TEXT NOT NULL) WITHOUT ROWID`);
    const insert = target.prepare('INSERT INTO match_source (match, sources) VALUES (?, ?)');
    // The providers of each match's events in one scan of the events: through its index by match,
    // each event's provider would be a search of the event's uuid key at a random place
    // (`micro-events.ts`), which the unary `+` keeps SQLite from choosing.
    const rows = db
      .prepare(
        `WITH es AS MATERIALIZED (SELECT DISTINCT +match AS match, source FROM event)
        SELECT m.id, m.source || COALESCE((SELECT ',' || group_concat(s, ',') FROM
          (SELECT es.source AS s FROM es WHERE es.match = m.id AND es.source <> m.source
           ORDER BY 1)), '') AS sources
        FROM match m`,
      )
      .raw()
      .all() as [string, string][];
    target.transaction(() => {
      for (const [match, sources] of rows) insert.run(match, sources);
    })();
    progress(1, 1);
  },
};

/**
 * The credit of a record derived from a match and its events, given the SQL of the match's id (by
 * default that of `m`, the match in the resource's SQL).
 */
export const matchCredit = (match = 'm.id'): ResourceDef['credit'] =>
  dataCredit(`(SELECT ms.sources FROM derived.match_source ms WHERE ms.match = ${match})`);
