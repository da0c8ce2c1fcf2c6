import type { MatchTime } from '../../../contract/match-time.ts';

/**
 * The one model of a match that every derived figure is computed from: the lineup statistics, the
 * total shot ratio, the match state and the segments. Macro facts (the match row, lineups, goals,
 * penalties, offenses, substitutions, periods) are read with the match; micro facts (the on-ball
 * events) the first time a figure asks for them. `reader.ts` reads one match at a time, so memory
 * holds one match whatever the size of the database.
 */

/** 0 = home, 1 = away. */
export type Side = 0 | 1;

/**
 * A place on the pitch, seen by the acting team (see `build/derived/stats/pitch.ts`), or null where the
 * source gives none.
 */
export type Place = { x: number; y: number } | null;

/** One lineup row. */
export interface LineupFacts {
  id: string;
  team: string;
  player: string;
  /** Position id (`POSITIONS`); null when the source does not say. */
  position: number | null;
  isStarting: boolean;
}

/** One goal, as the goal rows give it. */
export interface GoalFacts {
  /** The team credited. */
  team: string;
  /** The side credited; null when the team credited plays neither side (a source slip). */
  side: Side | null;
  time: MatchTime;
  /** The scorer's lineup; null when the scorer has none in this match (or is not named). */
  lineup: string | null;
  /** Whether the scorer is named at all. */
  named: boolean;
  /** Scored into the scorer's own net (the scorer's team is not the team credited). */
  own: boolean;
  /** `SHOT_EVENTS` id; null when the source does not say. */
  shotEvent: number | null;
  /** `BODY_PARTS` id; null when the source does not say. */
  bodypart: number | null;
  /** A converted penalty kick: a scored penalty row of the scorer at the goal's minute. */
  penalty: boolean;
}

/** One penalty kick in play. */
export interface PenaltyFacts {
  lineup: string;
  /** `PENALTY_OUTCOMES` id. */
  outcome: number;
  time: MatchTime;
}

/** One offense (a card shown). */
export interface OffenseFacts {
  lineup: string;
  /** The player and the side of the lineup; null where the lineup row is missing. */
  player: string | null;
  side: Side | null;
  /** `CARDS` id. */
  card: number;
  time: MatchTime;
}

/** One substitution. */
export interface SubstitutionFacts {
  side: Side | null;
  /** The player who left; null where the lineup row is missing. */
  off: string | null;
  /** The player who came on; null when no one could. */
  on: string | null;
  time: MatchTime;
}

/** A period of play: the minute it ends at and the stoppage minutes recorded after it. */
export interface Period {
  end: number;
  stoppage: number;
}

/** One micro-event action with what the figures read of it. */
export interface Act {
  /** Position in the match's list of actions (match order). */
  i: number;
  /** The event the action belongs to (an event may have several actions). */
  event: string;
  /** The acting player's lineup, where known. */
  lineup: string | null;
  /** The acting team (the event's, else the lineup's). */
  team: string | null;
  period: number;
  /** Seconds since the period's kick-off. */
  seconds: number;
  /** Where the event happened, seen by the acting team. */
  at: Place;
  /** Where the ball went. */
  end: Place;
  action: number;
  /** The source's own outcome code, where it gives one (`OUTCOME`). */
  outcome: number | null;
  mods: ReadonlySet<number>;
}

/** The on-ball events of a match. */
export interface MicroFacts {
  /** Whether the match has micro-events at all. */
  hasEvents: boolean;
  /** Every micro-event action in match order (period, seconds, the source's order). */
  acts: Act[];
  /** The actions of each action type, in match order. */
  byAction: Map<number, Act[]>;
  /**
   * The last touch of the ball before `a` in the same period, by anyone; null at a period's start.
   */
  prevTouch(a: Act): Act | null;
  /** The next touch of the ball after `a` in the same period; null at a period's end. */
  nextTouch(a: Act): Act | null;
}

/** Everything known about one match. */
export interface MatchFacts {
  id: string;
  /** Provider key of the match row. */
  source: string;
  homeTeam: string;
  awayTeam: string;
  /** The final score as the source states it (null where it does not). */
  homeScore: number | null;
  awayScore: number | null;
  lineups: Map<string, LineupFacts>;
  /** Goals in time order (minute, stoppage minute, then the source's order). */
  goals: GoalFacts[];
  /**
   * Whether each side's goal list accounts for its final score. Where it does not (a results list
   * gives scorers for some matches only), that side's goals at a given time are unknown.
   */
  complete: [boolean, boolean];
  /**
   * Whether the penalty rows include the kicks missed and saved; false for sources that record
   * converted kicks only.
   */
  penaltyMissesKnown: boolean;
  penalties: PenaltyFacts[];
  /** Offenses in time order. */
  offenses: OffenseFacts[];
  /** Substitutions in time order. */
  substitutions: SubstitutionFacts[];
  /** Periods of play (two halves, and two periods of extra time where the match had them). */
  periods: Period[];
  /** The end of the match: the later of the last period's end and the last recorded event. */
  end: MatchTime;
  /** The on-ball events, read the first time they are asked for. */
  readonly micro: MicroFacts;
}

/** Whether an action carries any of the modifiers. */
export function hasAny(a: Act, mods: readonly number[]): boolean {
  return mods.some((m) => a.mods.has(m));
}

/** The side a team plays on in the match; null for a team that plays neither. */
export function sideOf(
  m: Pick<MatchFacts, 'homeTeam' | 'awayTeam'>,
  team: string | null,
): Side | null {
  return team === m.homeTeam ? 0 : team === m.awayTeam ? 1 : null;
}
