import { KICKOFF, laterOf, type MatchTime } from '../../../contract/match-time.ts';
import type { Db } from '../../../data/db.ts';
import { FJELSTUL_SOURCE } from '../../../data/import/fjelstul/provider.ts';
import { PENALTY_OUTCOME } from '../../../football/codes.ts';
import {
  sideOf,
  type GoalFacts,
  type LineupFacts,
  type MatchFacts,
  type MicroFacts,
  type PenaltyFacts,
  type Period,
} from './facts.ts';
import { microReader } from './micro.ts';

/**
 * Reads the facts of one match (`facts.ts`) with a few indexed queries, prepared once per
 * connection: a derived table's fill and a document resource read matches one after another, so
 * memory holds one match at a time.
 */

interface TimeRow {
  time_mins: number;
  stoppage_mins: number;
}

interface MatchRow {
  id: string;
  source: string;
  home_team: string;
  away_team: string;
  home_score: number | null;
  away_score: number | null;
  firsthalf_length: number | null;
  secondhalf_length: number | null;
  firstextra_length: number | null;
  secondextra_length: number | null;
}

interface GoalRow extends TimeRow {
  team: string;
  lineup: string | null;
  player: string | null;
  player_team: string | null;
  shot_event: number | null;
  bodypart: number | null;
}

interface LineupRow {
  id: string;
  team: string;
  player: string;
  position: number | null;
  is_starting: number;
}

const lineupOf = (l: LineupRow): LineupFacts => ({
  id: l.id,
  team: l.team,
  player: l.player,
  position: l.position,
  isStarting: l.is_starting === 1,
});

const timeOf = (r: TimeRow): MatchTime => ({ mins: r.time_mins, stoppage: r.stoppage_mins });

/**
 * Sources whose penalty rows are the converted kicks only (Fjelstul records goals, not missed
 * penalties): for their matches the kicks missed and saved are unknown.
 */
const CONVERTED_PENALTIES_ONLY: readonly string[] = [FJELSTUL_SOURCE];

/** The statements of the macro facts, prepared once per connection. */
function statements(db: Db) {
  return {
    match: db.prepare<[string], MatchRow>(
      `SELECT id, source, home_team, away_team, home_score, away_score, firsthalf_length,
         secondhalf_length, firstextra_length, secondextra_length FROM match WHERE id = ?`,
    ),
    lineups: db.prepare<[string], LineupRow>(
      'SELECT id, team, player, position, is_starting FROM lineup WHERE match = ? ORDER BY id',
    ),
    // A goal points at its scorer's lineup where the source linked them; otherwise the scorer's
    // lineup in this match, if they have one.
    goals: db.prepare<[string], GoalRow>(
      `SELECT g.team, COALESCE(g.lineup, (SELECT l.id FROM lineup l WHERE l.match = g.match AND l.player = g.player)) AS lineup,
         g.player, g.player_team, g.shot_event, g.bodypart, g.time_mins, g.stoppage_mins
       FROM goal g WHERE g.match = ? ORDER BY g.time_mins, g.stoppage_mins, g.v0_id`,
    ),
    penalties: db.prepare<[string], TimeRow & { lineup: string; outcome: number }>(
      'SELECT lineup, outcome, time_mins, stoppage_mins FROM penalty WHERE match = ? ORDER BY v0_id',
    ),
    offenses: db.prepare<
      [string],
      TimeRow & { lineup: string; player: string | null; team: string | null; card: number }
    >(
      `SELECT o.lineup, l.player, l.team, o.card, o.time_mins, o.stoppage_mins
       FROM offense o LEFT JOIN lineup l ON l.id = o.lineup
       WHERE o.match = ? ORDER BY o.time_mins, o.stoppage_mins, o.id`,
    ),
    substitutions: db.prepare<
      [string],
      TimeRow & { team: string; off: string | null; on: string | null }
    >(
      `SELECT su.team, lo.player AS off, li.player AS "on", su.time_mins, su.stoppage_mins
       FROM substitution su LEFT JOIN lineup lo ON lo.id = su.lineup_out
         LEFT JOIN lineup li ON li.id = su.lineup_in
       WHERE su.match = ? ORDER BY su.time_mins, su.stoppage_mins, su.id`,
    ),
  };
}

/** Prepares the queries once; the returned function reads the facts of one match. */
export function factsReader(db: Db): (match: string) => MatchFacts {
  const q = statements(db);
  const readMicro = microReader(db);
  return (id) => {
    const m = q.match.get(id);
    if (!m) throw new Error(`match facts: no match ${id}`);
    const lineups = new Map(q.lineups.all(id).map((l) => [l.id, lineupOf(l)]));
    const teams = { homeTeam: m.home_team, awayTeam: m.away_team };
    const penalties = q.penalties.all(id).map((p) => ({ ...p, time: timeOf(p) }));
    const goals = goalFacts(q.goals.all(id), teams, lineups, penalties);
    const offenses = q.offenses.all(id).map((o) => ({
      lineup: o.lineup,
      player: o.player,
      side: sideOf(teams, o.team),
      card: o.card,
      time: timeOf(o),
    }));
    const substitutions = q.substitutions.all(id).map((s) => ({
      side: sideOf(teams, s.team),
      off: s.off,
      on: s.on,
      time: timeOf(s),
    }));
    const score = [m.home_score, m.away_score] as const;
    const periods = periodsOf(m);
    const times = [...goals, ...penalties, ...offenses, ...substitutions].map((f) => f.time);
    let micro: MicroFacts | undefined;
    return {
      id: m.id,
      source: m.source,
      ...teams,
      homeScore: m.home_score,
      awayScore: m.away_score,
      lineups,
      goals,
      complete: ([0, 1] as const).map(
        (s) => score[s] !== null && goals.filter((g) => g.side === s).length === score[s],
      ) as [boolean, boolean],
      penaltyMissesKnown: !CONVERTED_PENALTIES_ONLY.includes(m.source),
      penalties: penalties.map(({ lineup, outcome, time }) => ({ lineup, outcome, time })),
      offenses,
      substitutions,
      periods,
      end: endOf(periods, times),
      get micro() {
        return (micro ??= readMicro(id, lineups));
      },
    };
  };
}

/**
 * The goals of a match, each converted penalty row paired with the goal it produced (same scorer,
 * same minute), once.
 */
function goalFacts(
  rows: readonly GoalRow[],
  teams: Pick<MatchFacts, 'homeTeam' | 'awayTeam'>,
  lineups: ReadonlyMap<string, LineupFacts>,
  penalties: readonly PenaltyFacts[],
): GoalFacts[] {
  const unpaired = penalties.filter((p) => p.outcome === PENALTY_OUTCOME.goal);
  return rows.map((g): GoalFacts => {
    const scorerTeam = g.player_team ?? (g.lineup ? (lineups.get(g.lineup)?.team ?? null) : null);
    const own = scorerTeam !== null && scorerTeam !== g.team;
    const time = timeOf(g);
    const k = own
      ? -1
      : unpaired.findIndex(
          (p) =>
            p.lineup === g.lineup && p.time.mins === time.mins && p.time.stoppage === time.stoppage,
        );
    if (k >= 0) unpaired.splice(k, 1);
    return {
      team: g.team,
      side: sideOf(teams, g.team),
      time,
      lineup: g.lineup,
      named: g.player !== null,
      own,
      shotEvent: g.shot_event,
      bodypart: g.bodypart,
      penalty: k >= 0,
    };
  });
}

/**
 * The periods of a match from its period lengths: two halves (45 minutes where the source does not
 * say), and two periods of extra time (15 minutes unless stated) where the match records a first
 * one. Stoppage minutes are filled in by `endOf`.
 */
function periodsOf(m: MatchRow): Period[] {
  const lengths = [m.firsthalf_length ?? 45, m.secondhalf_length ?? 45];
  if (m.firstextra_length !== null) lengths.push(m.firstextra_length, m.secondextra_length ?? 15);
  let end = 0;
  return lengths.map((length) => ({ end: (end += length), stoppage: 0 }));
}

/**
 * The end of a match, from its periods and the times of its macro-events; sets each period's
 * stoppage to the latest stoppage minute recorded at its last minute, which tells how long it ran.
 */
function endOf(periods: Period[], times: readonly MatchTime[]): MatchTime {
  const stoppageAt = new Map<number, number>();
  for (const t of times)
    stoppageAt.set(t.mins, Math.max(stoppageAt.get(t.mins) ?? t.stoppage, t.stoppage));
  for (const p of periods) p.stoppage = stoppageAt.get(p.end) ?? 0;
  let end: MatchTime = { mins: periods[periods.length - 1]!.end, stoppage: 0 };
  for (const t of times) end = laterOf(end, t);
  return laterOf(end, KICKOFF);
}
