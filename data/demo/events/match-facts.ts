import type { Db } from '../../db.ts';
import type { MatchTime } from '../../../contract/match-time.ts';
import type { LineupInfo } from './players.ts';

/**
 * A match's rows as written by the match step (matches.ts), read back from the database: the
 * micro-events are made to agree with exactly what a client (and the tests) can see.
 */

/** A goal, as written: its scorer's line-up and the team credited with it. */
export interface GoalFact {
  readonly lineup: string;
  /** The team credited with the goal: the other team's for an own goal. */
  readonly team: string;
  readonly ownGoal: boolean;
  readonly shotEvent: number | null;
  readonly bodypart: number | null;
  readonly time: MatchTime;
}

/** A penalty kick, scored or not. */
export interface PenaltyFact {
  readonly lineup: string;
  readonly foul: number | null;
  readonly outcome: number;
  readonly time: MatchTime;
}

/** A card, with the foul it was shown for. */
export interface OffenseFact {
  readonly id: string;
  readonly lineup: string;
  readonly foul: number | null;
  readonly card: number;
  readonly time: MatchTime;
}

/** A player leaving the pitch other than by a red card, and who came on for him. */
export interface SubstitutionFact {
  readonly lineupIn: string | null;
  readonly lineupOut: string;
  readonly time: MatchTime;
}

/** Everything about a match the event generator has to agree with. */
export interface MatchFacts {
  readonly id: string;
  readonly home: string;
  readonly away: string;
  readonly extraTime: boolean;
  readonly lineups: readonly LineupInfo[];
  /** Macro-events in the order they were written (the order the match was played in). */
  readonly goals: readonly GoalFact[];
  readonly penalties: readonly PenaltyFact[];
  readonly offenses: readonly OffenseFact[];
  readonly substitutions: readonly SubstitutionFact[];
}

interface Timed {
  time_mins: number;
  stoppage_mins: number;
}
const timeOf = (row: Timed): MatchTime => ({ mins: row.time_mins, stoppage: row.stoppage_mins });

/** Reads one match's line-ups and macro-events. */
export function readMatchFacts(db: Db, match: string): MatchFacts {
  const row = db
    .prepare<[string], { home_team: string; away_team: string; firstextra_length: number | null }>(
      'SELECT home_team, away_team, firstextra_length FROM match WHERE id = ?',
    )
    .get(match);
  if (!row) throw new Error(`demo events: no match ${match}`);
  return {
    id: match,
    home: row.home_team,
    away: row.away_team,
    extraTime: row.firstextra_length !== null,
    lineups: readLineups(db, match),
    goals: readGoals(db, match),
    penalties: readPenalties(db, match),
    offenses: readOffenses(db, match),
    substitutions: readSubstitutions(db, match),
  };
}

/** The match's line-ups, in the order written: starters, then substitutes as they came on. */
function readLineups(db: Db, match: string): LineupInfo[] {
  return db
    .prepare<[string], { id: string; team: string; position: number | null; is_starting: number }>(
      'SELECT id, team, position, is_starting FROM lineup WHERE match = ? ORDER BY v0_id',
    )
    .all(match)
    .map((l) => ({ id: l.id, team: l.team, position: l.position, starting: l.is_starting === 1 }));
}

/** The match's goals; an own goal is one whose scorer played for the other team. */
function readGoals(db: Db, match: string): GoalFact[] {
  return db
    .prepare<
      [string],
      Timed & {
        lineup: string;
        team: string;
        player_team: string;
        shot_event: number | null;
        bodypart: number | null;
      }
    >(
      'SELECT lineup, team, player_team, shot_event, bodypart, time_mins, stoppage_mins FROM goal WHERE match = ? ORDER BY v0_id',
    )
    .all(match)
    .map((g) => ({
      lineup: g.lineup,
      team: g.team,
      ownGoal: g.team !== g.player_team,
      shotEvent: g.shot_event,
      bodypart: g.bodypart,
      time: timeOf(g),
    }));
}

/** The match's penalty kicks. */
function readPenalties(db: Db, match: string): PenaltyFact[] {
  return db
    .prepare<[string], Timed & { lineup: string; foul: number | null; outcome: number }>(
      'SELECT lineup, foul, outcome, time_mins, stoppage_mins FROM penalty WHERE match = ? ORDER BY v0_id',
    )
    .all(match)
    .map((p) => ({ lineup: p.lineup, foul: p.foul, outcome: p.outcome, time: timeOf(p) }));
}

/** The match's cards. */
function readOffenses(db: Db, match: string): OffenseFact[] {
  return db
    .prepare<[string], Timed & { id: string; lineup: string; foul: number | null; card: number }>(
      'SELECT id, lineup, foul, card, time_mins, stoppage_mins FROM offense WHERE match = ? ORDER BY v0_id',
    )
    .all(match)
    .map((o) => ({ id: o.id, lineup: o.lineup, foul: o.foul, card: o.card, time: timeOf(o) }));
}

/** The match's substitutions, and players who left with no one coming on. */
function readSubstitutions(db: Db, match: string): SubstitutionFact[] {
  return db
    .prepare<[string], Timed & { lineup_in: string | null; lineup_out: string }>(
      'SELECT lineup_in, lineup_out, time_mins, stoppage_mins FROM substitution WHERE match = ? ORDER BY v0_id',
    )
    .all(match)
    .map((s) => ({ lineupIn: s.lineup_in, lineupOut: s.lineup_out, time: timeOf(s) }));
}
