import { genderSql } from '../../../football/competitions.ts';
import type { Db } from '../../../data/db.ts';
import { copyRows } from '../tables.ts';
import { perMatchTable } from '../match-model/per-match-table.ts';
import { MICRO_EVENTS } from '../micro-events.ts';
import { playerName } from '../../define/player-name.ts';
import type { DerivedTable } from '../../define/resource.ts';
import { redCards, yellowCards } from '../stats/macro-rules.ts';
import { minutesOf } from './minutes.ts';

/**
 * The team figures the build sums up from the matches (docs/api.md#squads-scorers-and-head-to-head):
 * a team's squad in each competition season, its scorers across every match of its type, and its
 * record against each opponent. Each is one derived table with its records' ids and their rank in
 * the resource's order, so a resource reads one table.
 */

/** A team's name, by the match type of the row (`match_type`, `team`). */
const teamName = (column: string) =>
  `CASE match_type WHEN 'clubs' THEN (SELECT name FROM team WHERE id = ${column})
    ELSE (SELECT name FROM country WHERE id = ${column}) END`;

/**
 * `derived.appearance`: what a lineup row (a player who played in a match) adds to a squad line:
 * minutes on the pitch (`minutes.ts`), yellow cards and sendings-off (counted as the statistics
 * count them: a second yellow is two yellows and a sending-off).
 */
export const APPEARANCE: DerivedTable = perMatchTable({
  name: 'appearance',
  columns: [
    'lineup TEXT NOT NULL',
    'minutes INTEGER',
    'yellows INTEGER NOT NULL',
    'reds INTEGER NOT NULL',
  ],
  key: ['lineup'],
  matches: 'SELECT DISTINCT match FROM lineup ORDER BY match',
  // The facts reader prepares its micro-event statements up front; minutes never read them.
  reads: [MICRO_EVENTS],
  rows: (facts) => {
    const minutes = minutesOf(facts);
    return [...facts.lineups.values()].map((l) => [
      l.id,
      minutes.get(l.id) ?? null,
      yellowCards(l, facts),
      redCards(l, facts),
    ]);
  },
});

/**
 * `derived.squad`: one line per player of a team in a competition season, for every player with
 * a lineup row or a goal for the team in it. The lineup rows make the appearances, starts,
 * minutes and cards; a scorer without any lineup row (a source that names scorers only) has
 * those `null`: unknown, not none. Goals are the goal rows for the player's own team (own goals
 * are not the scorer's).
 */
export const SQUADS: DerivedTable = {
  name: 'squad',
  reads: [APPEARANCE],
  fill(db: Db, target: Db, progress: (done: number, total: number) => void): void {
    target.exec(`DROP TABLE IF EXISTS squad; CREATE TABLE squad (id TEXT PRIMARY KEY,
      ord INTEGER NOT NULL, match_type TEXT NOT NULL, competition TEXT NOT NULL,
      season INTEGER NOT NULL, team TEXT NOT NULL, player TEXT NOT NULL, appearances INTEGER,
      starts INTEGER, minutes INTEGER, goals INTEGER NOT NULL, yellows INTEGER, reds INTEGER,
      source TEXT NOT NULL)`);
    // One aggregate over the lineup rows and the goal rows together: joining two aggregates by
    // their keys, or looking up each line's providers, costs a scan per line (minutes, not
    // seconds, on the national data).
    const select = db.prepare(`
      WITH contribution AS (
        SELECT m.match_type, m.competition, m.season, l.team, l.player, 1 AS appearance,
          l.is_starting AS start, a.minutes, a.minutes IS NULL AS unknown_minutes, a.yellows,
          a.reds, 0 AS goal, m.source
        FROM lineup l JOIN match m ON m.id = l.match
          JOIN derived.appearance a ON a.lineup = l.id
        UNION ALL
        SELECT m.match_type, m.competition, m.season, g.player_team, g.player, NULL, NULL, NULL,
          0, NULL, NULL, 1, m.source
        FROM goal g JOIN match m ON m.id = g.match
        WHERE g.player IS NOT NULL AND g.player_team = g.team),
      k AS (
        SELECT match_type, competition, season, team, player, SUM(appearance) AS appearances,
          SUM(start) AS starts,
          CASE WHEN SUM(unknown_minutes) = 0 THEN SUM(minutes) END AS minutes,
          SUM(goal) AS goals, SUM(yellows) AS yellows, SUM(reds) AS reds,
          GROUP_CONCAT(DISTINCT source) AS source
        FROM contribution GROUP BY match_type, competition, season, team, player)
      SELECT build_id('squad', k.match_type || '|' || k.competition || '|' || k.season || '|' ||
          k.team || '|' || k.player) AS id,
        ROW_NUMBER() OVER (ORDER BY fold(c.name), k.competition, k.season,
          fold(${teamName('k.team')}), k.team, k.appearances IS NULL, k.appearances DESC,
          k.minutes DESC, k.goals DESC, fold(${playerName('k')}), k.player) AS ord,
        k.match_type, k.competition, k.season, k.team, k.player, k.appearances, k.starts,
        k.minutes, k.goals, k.yellows, k.reds, k.source
      FROM k JOIN competition c ON c.id = k.competition`);
    copyRows(select, target, 'squad');
    progress(1, 1);
  },
};

/**
 * `derived.scorer`: one line per player who scored for a team, across every match of its type
 * and of the team's gender (`football/competitions.ts`): goals (own goals are not the
 * scorer's), the matches scored in, the first and the last date.
 */
export const SCORERS: DerivedTable = {
  name: 'scorer',
  fill(db: Db, target: Db, progress: (done: number, total: number) => void): void {
    target.exec(`DROP TABLE IF EXISTS scorer; CREATE TABLE scorer (id TEXT PRIMARY KEY,
      ord INTEGER NOT NULL, match_type TEXT NOT NULL, team TEXT NOT NULL, gender TEXT NOT NULL,
      player TEXT NOT NULL, goals INTEGER NOT NULL, matches INTEGER NOT NULL, first_goal TEXT NOT NULL,
      last_goal TEXT NOT NULL, source TEXT NOT NULL)`);
    const select = db.prepare(`
      WITH k AS (
        SELECT m.match_type, g.player_team AS team, ${genderSql('c.name')} AS gender, g.player,
          COUNT(*) AS goals, COUNT(DISTINCT g.match) AS matches, MIN(m.match_date) AS first_goal,
          MAX(m.match_date) AS last_goal, GROUP_CONCAT(DISTINCT m.source) AS sources
        FROM goal g JOIN match m ON m.id = g.match JOIN competition c ON c.id = m.competition
        WHERE g.player IS NOT NULL AND g.player_team = g.team
        GROUP BY m.match_type, g.player_team, gender, g.player)
      SELECT build_id('scorer', match_type || '|' || team || '|' || gender || '|' || player)
          AS id,
        ROW_NUMBER() OVER (ORDER BY fold(${teamName('team')}), team, gender, goals DESC,
          fold(${playerName('k')}), player) AS ord,
        match_type, team, gender, player, goals, matches, first_goal, last_goal, sources AS source
      FROM k`);
    copyRows(select, target, 'scorer');
    progress(1, 1);
  },
};

/**
 * `derived.head_to_head`: one line per team and opponent, across every match of their type and
 * gender with a final score: played, won, drawn, lost, goals, the first and the last meeting. A
 * match decided by a shootout is the draw its score says.
 */
export const HEAD_TO_HEAD: DerivedTable = {
  name: 'head_to_head',
  fill(db: Db, target: Db, progress: (done: number, total: number) => void): void {
    target.exec(`DROP TABLE IF EXISTS head_to_head; CREATE TABLE head_to_head (
      id TEXT PRIMARY KEY, ord INTEGER NOT NULL, match_type TEXT NOT NULL, team TEXT NOT NULL,
      gender TEXT NOT NULL, opponent TEXT NOT NULL, played INTEGER NOT NULL, won INTEGER NOT NULL,
      drawn INTEGER NOT NULL, lost INTEGER NOT NULL, goals_for INTEGER NOT NULL,
      goals_against INTEGER NOT NULL, first_match TEXT NOT NULL, last_match TEXT NOT NULL,
      source TEXT NOT NULL)`);
    const select = db.prepare(`
      WITH scored AS (
        SELECT m.*, ${genderSql('c.name')} AS gender
        FROM match m JOIN competition c ON c.id = m.competition
        WHERE home_score IS NOT NULL AND away_score IS NOT NULL),
      side AS (
        SELECT match_type, home_team AS team, away_team AS opponent, gender, home_score AS gf,
          away_score AS ga, match_date, source FROM scored
        UNION ALL
        SELECT match_type, away_team, home_team, gender, away_score, home_score, match_date,
          source FROM scored),
      k AS (
        SELECT match_type, team, gender, opponent, COUNT(*) AS played, SUM(gf > ga) AS won,
          SUM(gf = ga) AS drawn, SUM(gf < ga) AS lost, SUM(gf) AS goals_for,
          SUM(ga) AS goals_against, MIN(match_date) AS first_match, MAX(match_date) AS last_match,
          GROUP_CONCAT(DISTINCT source) AS sources
        FROM side GROUP BY match_type, team, gender, opponent)
      SELECT build_id('head_to_head', match_type || '|' || team || '|' || gender || '|' ||
          opponent) AS id,
        ROW_NUMBER() OVER (ORDER BY fold(${teamName('team')}), team, gender, played DESC,
          fold(${teamName('opponent')}), opponent) AS ord,
        match_type, team, gender, opponent, played, won, drawn, lost, goals_for, goals_against,
        first_match, last_match, sources AS source
      FROM k`);
    copyRows(select, target, 'head_to_head');
    progress(1, 1);
  },
};
