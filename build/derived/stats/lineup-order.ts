import type { Db } from '../../../data/db.ts';
import { copyRows } from '../tables.ts';
import type { DerivedTable } from '../../define/resource.ts';
import { byMatchType, V0 } from '../../define/scope.ts';

/** The names' part of the order: each folded, then as it is (`build/define/sql.ts`, `sortTerms`). */
const NAMES = 'fold(team_name), team_name, fold(player_name), player_name';

/**
 * `derived.lineup_order`: everything the statistics resources say of a lineup besides its counts,
 * once per build: its ids, its match's, player's and team's in both versions (`lineup_v1`,
 * `lineup_v0`, ...), the match's type and date, the player and team names, and its rank in the
 * statistics' default order (match date, match, team name, player name; names folded first, as
 * every text order), once for v1's match ids and once for v0's. The 32 statistics resources of
 * each scope list the same lineups in that order: they are sorted, and their names and ids looked
 * up, once per build instead of once per resource, and a statistic's SQL joins this one table to
 * its counts rather than four.
 *
 * Ranks are dense (lineups equal on every key share one) so that the id the resource orders by
 * last still breaks ties as it did: the order is the same, byte for byte.
 */
export const LINEUP_ORDER: DerivedTable = {
  name: 'lineup_order',
  fill(db: Db, target: Db, progress: (done: number, total: number) => void): void {
    target.exec(`DROP TABLE IF EXISTS lineup_order;
      CREATE TABLE lineup_order (
        lineup_v1   TEXT PRIMARY KEY,
        lineup_v0   INTEGER,
        match_v1    TEXT NOT NULL,
        match_v0    INTEGER,
        player_v1   TEXT,
        player_v0   INTEGER,
        team_v1     TEXT,
        team_v0     INTEGER,
        match_type  TEXT NOT NULL,
        match_date  TEXT,
        player_name TEXT,
        team_name   TEXT,
        ord_v1      INTEGER NOT NULL,
        ord_v0      INTEGER NOT NULL
      ) WITHOUT ROWID`);
    const select = db.prepare(
      `SELECT lineup_v1, lineup_v0, match_v1, match_v0, player_v1, player_v0, team_v1, team_v0,
           match_type, match_date, player_name, team_name,
           DENSE_RANK() OVER (ORDER BY match_date, match_v1, ${NAMES}) AS ord_v1,
           DENSE_RANK() OVER (ORDER BY match_date, match_v0, ${NAMES}) AS ord_v0
         FROM (SELECT l.id AS lineup_v1, ${V0.own('l')} AS lineup_v0, m.id AS match_v1,
           ${V0.own('m')} AS match_v0, l.player AS player_v1,
           ${V0.ref('player', 'l.player')} AS player_v0, l.team AS team_v1,
           ${V0.team('l.team')} AS team_v0, m.match_type, m.match_date,
           (SELECT n.full_name FROM player pl JOIN person_name n ON n.id = pl.person
             WHERE pl.id = l.player) AS player_name,
           ${byMatchType('name', 'l.team')} AS team_name
         FROM lineup l JOIN match m ON m.id = l.match)`,
    );
    copyRows(select, target, 'lineup_order');
    progress(1, 1);
  },
};
