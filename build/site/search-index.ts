import type { Db } from '../../data/db.ts';
import {
  SEARCH_KEYS,
  SHARD_BUDGET,
  searchWords,
  shardFile,
  shardKey,
  type SearchEntry,
  type SearchKind,
} from '../../site/explorer/search-index.ts';

/**
 * The explorer's search index (`site/explorer/search-index.ts`) of a database: every name a
 * person searches for, weighted by the matches it is in, cut into shards by the first letters of
 * each word. Built from the tables the API's records come from, so every entry leads to a record
 * the API serves.
 */

/** The matches each team played, by match type. */
const PLAYED = `WITH sides AS (SELECT match_type, home_team AS team FROM match
                              UNION ALL SELECT match_type, away_team FROM match)
                SELECT match_type, team, COUNT(*) AS n FROM sides GROUP BY match_type, team`;

/** The SQL of each kind's entries: name, id, weight and match type (of competitions). */
const ENTRIES: Record<SearchKind, string> = {
  // The matches a player is in: a lineup, or a goal where a source names scorers only.
  player: `WITH seen AS (SELECT player, match FROM lineup
                         UNION SELECT player, match FROM goal WHERE player IS NOT NULL),
                weight AS (SELECT player, COUNT(*) AS n FROM seen GROUP BY player)
           SELECT n.full_name, x.id, COALESCE(w.n, 0), NULL FROM player x
             JOIN person_name n ON n.id = x.person LEFT JOIN weight w ON w.player = x.id`,
  manager: `WITH sides AS (SELECT home_manager AS id FROM match
                           UNION ALL SELECT away_manager FROM match),
                 weight AS (SELECT id, COUNT(*) AS n FROM sides GROUP BY id)
            SELECT n.full_name, x.id, COALESCE(w.n, 0), NULL FROM manager x
              JOIN person_name n ON n.id = x.person LEFT JOIN weight w ON w.id = x.id`,
  referee: `WITH weight AS (SELECT referee AS id, COUNT(*) AS n FROM match GROUP BY referee)
            SELECT n.full_name, x.id, COALESCE(w.n, 0), NULL FROM referee x
              JOIN person_name n ON n.id = x.person LEFT JOIN weight w ON w.id = x.id`,
  club: `WITH weight AS (${PLAYED})
         SELECT t.name, t.id, COALESCE(w.n, 0), NULL FROM team t
           LEFT JOIN weight w ON w.team = t.id AND w.match_type = 'clubs'`,
  country: `WITH weight AS (${PLAYED})
            SELECT c.name, c.id, COALESCE(w.n, 0), NULL FROM country c
              LEFT JOIN weight w ON w.team = c.id AND w.match_type = 'national'`,
  // Only the competitions the explorer has pages of: those with matches, by match type.
  competition: `SELECT c.name, c.id, COUNT(*), m.match_type FROM match m
                  JOIN competition c ON c.id = m.competition GROUP BY c.id, m.match_type`,
};

/** One file of the index: its path in the build and its JSON. */
export interface IndexFile {
  path: string;
  content: string;
}

/** The shards of the search index and the list of their keys. */
export function searchIndex(db: Db): IndexFile[] {
  const shards = new Map<string, SearchEntry[]>();
  for (const kind of Object.keys(ENTRIES) as SearchKind[]) {
    const rows = db.prepare(ENTRIES[kind]).raw().all() as [string, string, number, null][];
    for (const [name, id, weight, matchType] of rows) {
      const entry: SearchEntry = [name, kind, id, weight, matchType];
      for (const key of new Set(searchWords(name).map(shardKey))) {
        const shard = shards.get(key);
        if (shard) shard.push(entry);
        else shards.set(key, [entry]);
      }
    }
  }
  const keys = [...shards.keys()].sort();
  return [
    { path: SEARCH_KEYS, content: JSON.stringify(keys) },
    ...keys.map((key) => ({
      path: shardFile(key),
      // The best known first, then by name and id: the same bytes from the same database.
      content: JSON.stringify(
        shards
          .get(key)!
          .sort((a, b) => b[3] - a[3] || compare(a[0], b[0]) || compare(a[2], b[2]))
          .slice(0, SHARD_BUDGET),
      ),
    })),
  ];
}

/** Code-point order, as SQLite's binary collation. */
const compare = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
