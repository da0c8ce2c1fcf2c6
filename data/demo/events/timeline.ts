import { PENALTY_OUTCOME } from '../../../football/codes.ts';
import { minuteKey, periodWindow, type MatchTime } from '../../../contract/match-time.ts';
import type { Rng } from '../random.ts';
import type { GoalFact, MatchFacts, OffenseFact, PenaltyFact } from './match-facts.ts';

/**
 * The fixed points of a match's micro-events: each macro-event pinned to an instant of its minute,
 * and the length of each period. The match step played the events of one minute in a fixed order
 * (the goal or penalty kick first, then bookings, then substitutions; match-plan.ts), and a player
 * may be in an event of the minute he comes on or leaves in; so each minute's events take turns in
 * that order, each in its own slice of the minute, and a substitution falls after the events that
 * involve the player going off and before those of the player coming on.
 */

/** A macro-event pinned to seconds of its period's clock. */
export type Anchor =
  /** A goal from open play or a set piece (the shot at `time`), or an own goal. */
  | {
      readonly kind: 'goal';
      readonly goal: GoalFact;
      readonly start: number;
      readonly time: number;
    }
  /**
   * A penalty: the foul that gave it at `start` (booked when `booking` is set), the kick at `time`.
   */
  | {
      readonly kind: 'penalty';
      readonly penalty: PenaltyFact;
      readonly goal: GoalFact | null;
      readonly booking: OffenseFact | null;
      readonly start: number;
      readonly time: number;
    }
  /** A booking: the foul (or dissent, time wasting, ...) at `time`. */
  | {
      readonly kind: 'card';
      readonly offense: OffenseFact;
      readonly start: number;
      readonly time: number;
    }
  /** A player goes off (and another comes on, when `lineupIn` is set) at `time`. */
  | {
      readonly kind: 'change';
      readonly lineupOut: string;
      readonly lineupIn: string | null;
      readonly start: number;
      readonly time: number;
    };

/** One period: its number, when its clock stops, and its anchors in time order. */
export interface PeriodPlan {
  readonly period: number;
  readonly end: number;
  readonly anchors: readonly Anchor[];
}

/** Stoppage minutes drawn for each period when the macro-events do not need more. */
const STOPPAGE: readonly (readonly [number, number])[] = [
  [1, 4],
  [2, 6],
  [0, 2],
  [0, 3],
];
const LENGTH = [45, 45, 15, 15];

/** Tenths of a second, the precision of the generated clock. */
const tenth = (seconds: number): number => Math.round(seconds * 10) / 10;

type Item =
  | { readonly kind: 'goal'; readonly goal: GoalFact }
  | {
      readonly kind: 'penalty';
      readonly penalty: PenaltyFact;
      readonly goal: GoalFact | null;
      readonly booking: OffenseFact | null;
    }
  | { readonly kind: 'card'; readonly offense: OffenseFact }
  | { readonly kind: 'change'; readonly lineupOut: string; readonly lineupIn: string | null };

const ORDER: Readonly<Record<Item['kind'], number>> = { goal: 0, penalty: 0, card: 1, change: 2 };

/** A macro-event at its scoreboard minute, before it is pinned. */
interface Timed {
  readonly time: MatchTime;
  readonly item: Item;
}

/** A macro-event pinned, with the period whose clock it is on. */
interface Pinned {
  readonly period: number;
  readonly anchor: Anchor;
}

/** Pins every macro-event of a match to an instant and decides how long each period lasts. */
export function planPeriods(rng: Rng, facts: MatchFacts): PeriodPlan[] {
  const anchors: Pinned[] = [];
  for (const { time, items } of byMinute(macroEvents(facts)))
    anchors.push(...pinMinute(rng, time, items));
  const periods = facts.extraTime ? [1, 2, 3, 4] : [1, 2];
  return periods.map((period) =>
    periodPlan(
      rng,
      period,
      anchors.filter((a) => a.period === period).map((a) => a.anchor),
    ),
  );
}

/**
 * The match's macro-events as items: each penalty with the goal it scored and the booking for its
 * foul, then the other goals, the other bookings and the substitutions, each in written order.
 */
function macroEvents(facts: MatchFacts): Timed[] {
  const teamOf = new Map(facts.lineups.map((l) => [l.id, l.team]));
  const timed: Timed[] = [];
  const scored = new Set<GoalFact>();
  const booked = new Set<OffenseFact>();
  for (const penalty of facts.penalties) {
    const key = minuteKey(penalty.time);
    const goal =
      penalty.outcome === PENALTY_OUTCOME.goal
        ? (facts.goals.find(
            (g) => g.lineup === penalty.lineup && minuteKey(g.time) === key && !scored.has(g),
          ) ?? null)
        : null;
    if (goal) scored.add(goal);
    // The defender booked for the foul: the match step books him in the same minute, for the same
    // foul.
    const booking =
      facts.offenses.find(
        (o) =>
          !booked.has(o) &&
          minuteKey(o.time) === key &&
          o.foul === penalty.foul &&
          teamOf.get(o.lineup) !== teamOf.get(penalty.lineup),
      ) ?? null;
    if (booking) booked.add(booking);
    timed.push({ time: penalty.time, item: { kind: 'penalty', penalty, goal, booking } });
  }
  for (const goal of facts.goals)
    if (!scored.has(goal)) timed.push({ time: goal.time, item: { kind: 'goal', goal } });
  for (const offense of facts.offenses)
    if (!booked.has(offense)) timed.push({ time: offense.time, item: { kind: 'card', offense } });
  for (const sub of facts.substitutions)
    timed.push({
      time: sub.time,
      item: { kind: 'change', lineupOut: sub.lineupOut, lineupIn: sub.lineupIn },
    });
  return timed;
}

/** The items of each minute, minutes in time order, items in the order given. */
function byMinute(timed: readonly Timed[]): { time: MatchTime; items: Item[] }[] {
  const minutes = new Map<number, { time: MatchTime; items: Item[] }>();
  for (const { time, item } of timed) {
    const minute = minutes.get(minuteKey(time)) ?? { time, items: [] };
    minute.items.push(item);
    minutes.set(minuteKey(time), minute);
  }
  return [...minutes.values()].sort((a, b) => minuteKey(a.time) - minuteKey(b.time));
}

/**
 * Pins one minute's items: each takes its turn in a slice of the minute (goals and penalties, then
 * cards, then changes; a stable sort keeps the written order within each kind). A penalty takes a
 * larger slice: its foul and its kick both fall in it, some way apart.
 */
function pinMinute(rng: Rng, time: MatchTime, items: readonly Item[]): Pinned[] {
  const window = periodWindow(time);
  const ordered = items.slice().sort((a, b) => ORDER[a.kind] - ORDER[b.kind]);
  const weight = (item: Item): number => (item.kind === 'penalty' ? 3 : 1);
  const unit = (window.to - window.from) / ordered.reduce((sum, item) => sum + weight(item), 0);
  let lo = window.from;
  return ordered.map((item) => {
    const width = unit * weight(item);
    const anchor = pin(rng, item, lo, width);
    lo += width;
    return { period: window.period, anchor };
  });
}

/** Pins an item within its slice of the minute, [lo, lo + width) seconds of the period's clock. */
function pin(rng: Rng, item: Item, lo: number, width: number): Anchor {
  const within = (from: number, to: number): number => tenth(lo + width * rng.float(from, to, 4));
  switch (item.kind) {
    case 'goal':
    case 'card': {
      const at = within(0.15, 0.85);
      return { ...item, start: at, time: at };
    }
    case 'penalty':
      return { ...item, start: within(0.03, 0.2), time: within(0.6, 0.92) };
    case 'change': {
      // Changes in the first minute of a period, with nothing before them, are made at the break.
      const at = lo === 0 ? 0 : within(0.1, 0.9);
      return { ...item, start: at, time: at };
    }
    default:
      return item satisfies never;
  }
}

/**
 * A period's plan: its anchors, and when its clock stops, after the stoppage minutes drawn for it
 * (later when its last anchor needs it).
 */
function periodPlan(rng: Rng, period: number, anchors: readonly Anchor[]): PeriodPlan {
  const [min, max] = STOPPAGE[period - 1]!;
  const stoppage = rng.int(min, max);
  const length = LENGTH[period - 1]!;
  const drawn =
    stoppage === 0 ? length * 60 : tenth((length + stoppage - 1) * 60 + rng.float(5, 59));
  const last = Math.max(0, ...anchors.map((a) => a.time));
  return { period, end: Math.max(drawn, tenth(last + 4)), anchors };
}
