import type { Db } from '../data/db.ts';
import { dataCredit, type ResourceDef, type TempTable } from './registry/define.ts';

/**
 * `temp.match_source`: the providers of everything known about a match, as the comma-separated list
 * a record's `_source` may hold: the match's own provider first, then those of its micro-events
 * when they differ (a Fjelstul World Cup match whose events come from Wyscout). Statistics and
 * analytics are computed from both, so they credit both.
 */
export const MATCH_SOURCES: TempTable = {
  name: 'match_source',
  fill(db: Db, progress: (done: number, total: number) => void): void {
    db.exec(`DROP TABLE IF EXISTS temp.match_source;
      CREATE TABLE temp.match_source (match TEXT PRIMARY KEY, sources TEXT NOT NULL) WITHOUT ROWID;
      INSERT INTO temp.match_source (match, sources)
        SELECT m.id, m.source || COALESCE((SELECT ',' || group_concat(s, ',') FROM
          (SELECT DISTINCT e.source AS s FROM event e WHERE e.match = m.id AND e.source <> m.source ORDER BY 1)), '')
        FROM match m`);
    progress(1, 1);
  },
};

/**
 * The credit of a record derived from a match and its events (`m` is the match in the resource's
 * SQL).
 */
export const matchCredit = (): ResourceDef['credit'] =>
  dataCredit('(SELECT ms.sources FROM temp.match_source ms WHERE ms.match = m.id)');
