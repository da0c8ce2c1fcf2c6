import type { Db } from '../../data/db.ts';
import { TOUCHES } from '../../data/reference/event-families.ts';
import type { Place } from './pitch.ts';

/**
 * What the statistics of one match are computed from: its lineups, macro-events and micro-events,
 * read with a few indexed queries per match, so the statistics step holds one match in memory at a
 * time.
 */

/** One lineup row. */
export interface LineupFacts {
  id: string;
  team: string;
  player: string;
  /** Position id (10 = goalkeeper); null when the source does not say. */
  position: number | null;
  isStarting: boolean;
}

/** One goal, as the goal rows give it. */
export interface GoalFacts {
  /** The team credited. */
  team: string;
  /** The scorer's lineup; null when the scorer has none in this match (or is not named). */
  lineup: string | null;
  /** Whether the scorer is named at all. */
  named: boolean;
  /** Scored into the scorer's own net (the scorer's team is not the team credited). */
  own: boolean;
  shotEvent: number | null;
  bodypart: number | null;
  /** A converted penalty kick: a penalty row of the scorer, outcome Goal, at the goal's minute. */
  penalty: boolean;
}

/** One micro-event action with what the rules read of it. */
export interface Act {
  /** Position in the match's list of actions (match order). */
  i: number;
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
  /** The source's own outcome code, where it gives one (Wyscout-style: 1 accurate, 0 not). */
  outcome: number | null;
  mods: ReadonlySet<number>;
}

/** Everything about one match the statistics need. */
export interface MatchData {
  id: string;
  /** Provider key of the match row. */
  source: string;
  homeTeam: string;
  awayTeam: string;
  homeScore: number | null;
  awayScore: number | null;
  lineups: Map<string, LineupFacts>;
  /** Goals in time order (minute, stoppage minute, then the source's order). */
  goals: GoalFacts[];
  /** Whether the goal rows account for both final scores and name every scorer. */
  goalsComplete: boolean;
  penalties: { lineup: string; outcome: number }[];
  offenses: { lineup: string; card: number }[];
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

interface EventRow {
  lineup: string | null;
  team: string | null;
  period: number;
  seconds: number;
  x: number | null;
  y: number | null;
  action: number;
  x_end: number | null;
  y_end: number | null;
  outcome: number | null;
  mods: string | null;
}

const place = (x: number | null, y: number | null): Place =>
  x === null || y === null ? null : { x, y };

/** Reads matches one at a time; statements are prepared once. */
export class MatchReader {
  private readonly match;
  private readonly lineupRows;
  private readonly goalRows;
  private readonly penaltyRows;
  private readonly offenseRows;
  private readonly hasEventRows;
  private readonly eventRows;

  constructor(db: Db) {
    this.match = db.prepare<
      [string],
      {
        id: string;
        source: string;
        home_team: string;
        away_team: string;
        home_score: number | null;
        away_score: number | null;
      }
    >('SELECT id, source, home_team, away_team, home_score, away_score FROM match WHERE id = ?');
    this.lineupRows = db.prepare<
      [string],
      { id: string; team: string; player: string; position: number | null; is_starting: number }
    >('SELECT id, team, player, position, is_starting FROM lineup WHERE match = ? ORDER BY id');
    // A goal points at its scorer's lineup where the source linked them; otherwise the scorer's
    // lineup in this match, if they have one.
    this.goalRows = db.prepare<
      [string],
      {
        team: string;
        lineup: string | null;
        player: string | null;
        player_team: string | null;
        shot_event: number | null;
        bodypart: number | null;
        time_mins: number;
        stoppage_mins: number;
      }
    >(
      `SELECT g.team, COALESCE(g.lineup, (SELECT l.id FROM lineup l WHERE l.match = g.match AND l.player = g.player)) AS lineup,
         g.player, g.player_team, g.shot_event, g.bodypart, g.time_mins, g.stoppage_mins
       FROM goal g WHERE g.match = ? ORDER BY g.time_mins, g.stoppage_mins, g.v0_id`,
    );
    this.penaltyRows = db.prepare<
      [string],
      { lineup: string; outcome: number; time_mins: number; stoppage_mins: number }
    >(
      'SELECT lineup, outcome, time_mins, stoppage_mins FROM penalty WHERE match = ? ORDER BY v0_id',
    );
    this.offenseRows = db.prepare<[string], { lineup: string; card: number }>(
      'SELECT lineup, card FROM offense WHERE match = ? ORDER BY v0_id',
    );
    this.hasEventRows = db.prepare<[string], { n: number }>(
      'SELECT EXISTS (SELECT 1 FROM event WHERE match = ?) AS n',
    );
    // Actions in match order, with the modifiers of each in one string, from the build's join of
    // actions and events (`derived.micro_event`).
    this.eventRows = db.prepare<[string], EventRow>(
      `SELECT lineup, team, period, match_seconds AS seconds, x, y, action, x_end, y_end, outcome,
         mods
       FROM derived.micro_event WHERE match = ? ORDER BY ord`,
    );
  }

  /** Everything about one match. */
  read(matchId: string): MatchData {
    const m = this.match.get(matchId);
    if (!m) throw new Error(`statistics: no match ${matchId}`);
    const lineups = new Map(
      this.lineupRows.all(matchId).map((l) => [
        l.id,
        {
          id: l.id,
          team: l.team,
          player: l.player,
          position: l.position,
          isStarting: l.is_starting === 1,
        } satisfies LineupFacts,
      ]),
    );
    const penaltyRows = this.penaltyRows.all(matchId);
    const offenses = this.offenseRows.all(matchId);

    // Pair each converted penalty row with the goal it produced (same scorer, same minute), once.
    const unpaired = penaltyRows.filter((p) => p.outcome === 1);
    const goalRows = this.goalRows.all(matchId);
    const goals = goalRows.map((g): GoalFacts => {
      const scorerTeam = g.player_team ?? (g.lineup ? (lineups.get(g.lineup)?.team ?? null) : null);
      const own = scorerTeam !== null && scorerTeam !== g.team;
      const k = own
        ? -1
        : unpaired.findIndex(
            (p) =>
              p.lineup === g.lineup &&
              p.time_mins === g.time_mins &&
              p.stoppage_mins === g.stoppage_mins,
          );
      if (k >= 0) unpaired.splice(k, 1);
      return {
        team: g.team,
        lineup: g.lineup,
        named: g.player !== null,
        own,
        shotEvent: g.shot_event,
        bodypart: g.bodypart,
        penalty: k >= 0,
      };
    });
    const scored = (team: string) => goals.filter((g) => g.team === team).length;
    const goalsComplete =
      m.home_score !== null &&
      m.away_score !== null &&
      scored(m.home_team) === m.home_score &&
      scored(m.away_team) === m.away_score &&
      goals.every((g) => g.named);

    const acts = this.eventRows.all(matchId).map((e, i): Act => ({
      i,
      lineup: e.lineup,
      team: e.team ?? (e.lineup ? (lineups.get(e.lineup)?.team ?? null) : null),
      period: e.period,
      seconds: e.seconds,
      at: place(e.x, e.y),
      end: place(e.x_end, e.y_end),
      action: e.action,
      outcome: e.outcome,
      mods: new Set(e.mods === null ? [] : e.mods.split(',').map(Number)),
    }));
    const byAction = new Map<number, Act[]>();
    for (const a of acts) {
      const list = byAction.get(a.action);
      if (list) list.push(a);
      else byAction.set(a.action, [a]);
    }
    const { prev, next } = touchLinks(acts);

    return {
      id: m.id,
      source: m.source,
      homeTeam: m.home_team,
      awayTeam: m.away_team,
      homeScore: m.home_score,
      awayScore: m.away_score,
      lineups,
      goals,
      goalsComplete,
      penalties: penaltyRows.map((p) => ({ lineup: p.lineup, outcome: p.outcome })),
      offenses,
      hasEvents: acts.length > 0 || this.hasEventRows.get(matchId)!.n === 1,
      acts,
      byAction,
      prevTouch: (a) => (prev[a.i]! < 0 ? null : acts[prev[a.i]!]!),
      nextTouch: (a) => (next[a.i]! < 0 ? null : acts[next[a.i]!]!),
    };
  }
}

/**
 * For every action, the index of the previous and the next touch of the ball in its period (-1:
 * none).
 */
function touchLinks(acts: Act[]): { prev: Int32Array; next: Int32Array } {
  const prev = new Int32Array(acts.length).fill(-1);
  const next = new Int32Array(acts.length).fill(-1);
  let last = -1;
  for (let i = 0; i < acts.length; i++) {
    if (last >= 0 && acts[last]!.period !== acts[i]!.period) last = -1;
    prev[i] = last;
    if (TOUCHES.has(acts[i]!.action)) last = i;
  }
  last = -1;
  for (let i = acts.length - 1; i >= 0; i--) {
    if (last >= 0 && acts[last]!.period !== acts[i]!.period) last = -1;
    next[i] = last;
    if (TOUCHES.has(acts[i]!.action)) last = i;
  }
  return { prev, next };
}

/** Whether an action carries any of the modifiers. */
export function hasAny(a: Act, mods: readonly number[]): boolean {
  return mods.some((m) => a.mods.has(m));
}
