import { PHASE } from '../../../football/codes.ts';
import { rulesFor, seasonStart, SOURCE_ORDERS } from '../../../football/standings.ts';
import { uuidFor } from '../../../data/ids.ts';
import type { Db } from '../../../data/db.ts';
import type { DerivedTable } from '../../define/resource.ts';
import { standingsOf, type Result, type Standing } from './table.ts';

/**
 * `derived.standing`: the table of every league season and of every group, one row per team,
 * computed from the matches (`table.ts`) under the rules of the competition's edition
 * (`football/standings.ts`). A table lists every team with a match in it, played or not; a
 * match without a final score counts for nothing. A league phase makes a table only where its
 * matches have matchdays, which says the source knows it was a league. `ord` is the rows' order: competition, season,
 * round, group, position.
 */

/** A match of a league or group phase, as the fill reads it. */
interface Row {
  match_type: string;
  competition: string;
  competition_name: string;
  season: number;
  phase: number;
  group_round: number | null;
  group_name: string | null;
  matchday: number | null;
  home_team: string;
  away_team: string;
  home_score: number | null;
  away_score: number | null;
  source: string;
}

/** The columns of the table, in insert order. */
const COLUMNS = [
  'id TEXT PRIMARY KEY',
  'ord INTEGER NOT NULL',
  'match_type TEXT NOT NULL',
  'competition TEXT NOT NULL',
  'season INTEGER NOT NULL',
  'phase INTEGER NOT NULL',
  'group_round INTEGER',
  'group_name TEXT',
  'team TEXT NOT NULL',
  'position INTEGER NOT NULL',
  'played INTEGER NOT NULL',
  'won INTEGER NOT NULL',
  'drawn INTEGER NOT NULL',
  'lost INTEGER NOT NULL',
  'goals_for INTEGER NOT NULL',
  'goals_against INTEGER NOT NULL',
  'points INTEGER NOT NULL',
  'form TEXT NOT NULL',
  'decided_by TEXT',
  'source TEXT NOT NULL',
];

export const STANDINGS: DerivedTable = {
  name: 'standing',
  fill(db: Db, target: Db, progress: (done: number, total: number) => void): void {
    target.exec(`DROP TABLE IF EXISTS standing; CREATE TABLE standing (${COLUMNS.join(', ')})`);
    const insert = target.prepare(
      `INSERT INTO standing VALUES (${COLUMNS.map(() => '?').join(', ')})`,
    );
    const rows = tableMatches(db);
    const names = teamNames(db);
    let ord = 0;
    target.transaction(() => {
      for (const table of tablesOf(rows)) {
        const first = table[0]!;
        // A source that does not say a match's stage files it as a league match with no
        // matchday (martj42's results): those make no table.
        if (first.phase === PHASE.league && table.every((r) => r.matchday === null)) continue;
        const key = tableKey(first);
        for (const s of tableStandings(table, names))
          insert.run(
            uuidFor('build', 'standing', `${key}|${s.team}`),
            ord++,
            first.match_type,
            first.competition,
            first.season,
            first.phase,
            first.group_round,
            first.group_name,
            s.team,
            s.position,
            s.played,
            s.won,
            s.drawn,
            s.lost,
            s.goalsFor,
            s.goalsAgainst,
            s.points,
            s.form,
            s.decidedBy,
            [...new Set(table.map((r) => r.source))].sort().join(','),
          );
      }
    })();
    progress(1, 1);
  },
};

/** The matches of every league and group phase, the rows of one table together, in order. */
function tableMatches(db: Db): Row[] {
  return db
    .prepare(
      `SELECT m.match_type, m.competition, c.name AS competition_name, m.season, m.phase,
          m.group_round, m.group_name, m.matchday, m.home_team, m.away_team, m.home_score, m.away_score,
          m.source
        FROM match m JOIN competition c ON c.id = m.competition
        WHERE m.phase IN (${PHASE.league}, ${PHASE.group})
        ORDER BY c.name, m.competition, m.season, m.phase, m.group_round, m.group_name,
          m.match_date, m.kickoff_time, m.id`,
    )
    .all() as Row[];
}

/**
 * The standings of one table: every team with a match in it, ranked by the results of its
 * matches with a final score, under the rules of the competition's edition.
 */
function tableStandings(table: readonly Row[], names: ReadonlyMap<string, string>): Standing[] {
  const first = table[0]!;
  const results: Result[] = table
    .filter((r) => r.home_score !== null && r.away_score !== null)
    .map((r) => ({
      home: r.home_team,
      away: r.away_team,
      homeScore: r.home_score!,
      awayScore: r.away_score!,
    }));
  const teams = [...new Set(table.flatMap((r) => [r.home_team, r.away_team]))];
  const sourceOrder =
    SOURCE_ORDERS.find(
      (s) =>
        s.competition === first.competition_name &&
        s.season === seasonStart(first.season) &&
        s.group === first.group_name,
    ) ?? null;
  const rules = rulesFor(first.competition_name, first.season);
  const name = (team: string) => names.get(team) ?? team;
  return standingsOf(teams, results, rules, sourceOrder, name);
}

/** What names one table: competition, season, phase, round and group. */
const tableKey = (r: Row) =>
  [r.competition, r.season, r.phase, r.group_round ?? '', r.group_name ?? ''].join('|');

/** The rows of each table, in order: rows of one table are consecutive. */
function* tablesOf(rows: readonly Row[]): Generator<Row[]> {
  let table: Row[] = [];
  for (const row of rows) {
    if (table.length > 0 && tableKey(table[0]!) !== tableKey(row)) {
      yield table;
      table = [];
    }
    table.push(row);
  }
  if (table.length > 0) yield table;
}

/** Every team's name: clubs and countries (a national team is its country). */
function teamNames(db: Db): Map<string, string> {
  const rows = db
    .prepare('SELECT id, name FROM team UNION ALL SELECT id, name FROM country')
    .raw()
    .all() as [string, string][];
  return new Map(rows);
}
