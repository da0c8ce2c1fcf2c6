import { PENALTY_OUTCOME } from '../../../football/codes.ts';
import type { MatchTime } from '../../../contract/match-time.ts';
import type { Feature, MatchScript, TeamSheet } from './played-match.ts';
import type { Rng } from '../random.ts';

/**
 * The plan of a match, drawn before anyone is picked for an event: the score (and extra time when a
 * tie needs it), the length of each period, and every goal, penalty kick, card, substitution and
 * injury at a time of its own. Players are chosen only when the plan is played in time order
 * (match-steps.ts), against who is on the pitch at that moment.
 */

/** 0 = the home team, 1 = the away team. */
export type Side = 0 | 1;

/** How a goal is scored: from open play (or a set piece), into one's own net, or from the spot. */
export type GoalStyle = 'open' | 'own' | 'penalty';

/** A planned event; the players are picked when it is played. */
export type Plan =
  | {
      readonly kind: 'goal';
      readonly side: Side;
      readonly style: GoalStyle;
      readonly time: MatchTime;
    }
  | {
      readonly kind: 'penaltyMiss';
      readonly side: Side;
      readonly outcome: number;
      readonly time: MatchTime;
    }
  /** `first` books the player a forced second yellow is for; `second` gives it. */
  | {
      readonly kind: 'yellow';
      readonly side: Side;
      readonly mode: 'any' | 'first' | 'second';
      readonly time: MatchTime;
    }
  | { readonly kind: 'red'; readonly side: Side; readonly time: MatchTime }
  /** `cap`: the most substitutions the team may have made once this one is made. */
  | { readonly kind: 'sub'; readonly side: Side; readonly cap: number; readonly time: MatchTime }
  /**
   * A player has to leave: replaced if the team has a substitution left, otherwise no one comes on.
   */
  | {
      readonly kind: 'injury';
      readonly side: Side;
      readonly cap: number;
      readonly time: MatchTime;
    };

/**
 * The order of events within one minute: the goal or penalty kick first, then bookings, then
 * substitutions (events/timeline.ts pins them to instants in the same order).
 */
const ORDER: Readonly<Record<Plan['kind'], number>> = {
  goal: 0,
  penaltyMiss: 0,
  yellow: 1,
  red: 1,
  sub: 2,
  injury: 2,
};

/** Penalty outcomes (reference/lists.ts): the save, and the misses with their weights. */
const SAVE = PENALTY_OUTCOME.save;
const MISSES: readonly (readonly [number, number])[] = [
  [PENALTY_OUTCOME.miss, 3],
  [PENALTY_OUTCOME.wide, 6],
  [PENALTY_OUTCOME.over, 4],
  [PENALTY_OUTCOME.post, 3],
  [PENALTY_OUTCOME.bar, 2],
];

/** A period of play: its first and last minute and the stoppage minutes played after the last. */
interface Period {
  readonly start: number;
  readonly end: number;
  readonly stoppage: number;
}

/** The periods of a match: regulation time, extra time (none when not played), and both. */
interface Periods {
  readonly regulation: readonly Period[];
  readonly extraTime: readonly Period[];
  readonly all: readonly Period[];
}

/** The goals each side scores in regulation time, and in extra time when it comes to that. */
interface Score {
  readonly regular: readonly [number, number];
  readonly extra: readonly [number, number] | null;
}

/** A time as one number that sorts like the scoreboard: minute, then stoppage minute. */
export const timeKey = (time: MatchTime): number => time.mins * 100 + time.stoppage;

/** Knuth's Poisson draw. */
function poisson(rng: Rng, lambda: number): number {
  const limit = Math.exp(-lambda);
  let k = 0;
  let p = 1;
  for (;;) {
    p *= rng.float(0, 1, 12);
    if (p <= limit) return k;
    k++;
  }
}

/** A time uniformly over every minute of the periods, stoppage minutes included. */
function anyTime(rng: Rng, periods: readonly Period[]): MatchTime {
  const total = periods.reduce((sum, p) => sum + p.end - p.start + 1 + p.stoppage, 0);
  let slot = rng.int(0, total - 1);
  for (const p of periods) {
    const minutes = p.end - p.start + 1;
    if (slot < minutes) return { mins: p.start + slot, stoppage: 0 };
    slot -= minutes;
    if (slot < p.stoppage) return { mins: p.end, stoppage: slot + 1 };
    slot -= p.stoppage;
  }
  throw new Error('unreachable');
}

/** A time in minutes [from, to]; at the last minute of a period, sometimes in its stoppage time. */
function timeBetween(rng: Rng, from: number, to: number, periods: readonly Period[]): MatchTime {
  const mins = rng.int(from, to);
  const period = periods.find((p) => p.end === mins);
  const stoppage =
    period && period.stoppage > 0 && rng.chance(0.4) ? rng.int(1, period.stoppage) : 0;
  return { mins, stoppage };
}

/**
 * Minutes taken by goals and penalty kicks. Each gets a minute of its own, so a kick and its goal
 * pair up unambiguously (events/timeline.ts matches them by minute).
 */
class ShotMinutes {
  private readonly taken = new Set<number>();

  constructor(private readonly rng: Rng) {}

  /** A time over the periods that no other goal or kick has, drawn again until it is free. */
  free(periods: readonly Period[]): MatchTime {
    for (;;) {
      const time = anyTime(this.rng, periods);
      if (!this.taken.has(timeKey(time))) {
        this.taken.add(timeKey(time));
        return time;
      }
    }
  }
}

/**
 * Draws the number of goals of each side in regulation time, and in extra time when it comes to
 * that.
 */
function drawScore(rng: Rng, home: TeamSheet, away: TeamSheet, script: MatchScript): Score {
  const ratio = home.strength / away.strength;
  const regular: [number, number] = [
    Math.min(6, poisson(rng, 1.2 * ratio + (script.homeAdvantage ? 0.3 : 0.05))),
    Math.min(6, poisson(rng, 1.15 / ratio)),
  ];
  // The home side scores at least the goals its scripted features need.
  const needed = (script.features ?? []).filter(
    (f) => f === 'ownGoal' || f === 'penaltyGoal',
  ).length;
  regular[0] = Math.max(regular[0], needed);
  if (script.force) regular[1] = regular[0];
  if (!script.decisive || regular[0] !== regular[1]) return { regular, extra: null };
  const extra: [number, number] = [
    poisson(rng, 0.3 * Math.sqrt(ratio)),
    poisson(rng, 0.3 / Math.sqrt(ratio)),
  ];
  if (script.force === 'extraTime' && extra[0] === extra[1]) extra[rng.chance(0.5) ? 0 : 1] += 1;
  if (script.force === 'shootout') extra[1] = extra[0] = Math.min(extra[0], extra[1]);
  return { regular, extra };
}

/** The stoppage minutes of each period: two halves, and the two periods of extra time if played. */
function drawPeriods(rng: Rng, extraTime: boolean): Periods {
  const regulation: Period[] = [
    { start: 1, end: 45, stoppage: rng.int(1, 4) },
    { start: 46, end: 90, stoppage: rng.int(2, 7) },
  ];
  const extra: Period[] = extraTime
    ? [
        { start: 91, end: 105, stoppage: rng.int(0, 2) },
        { start: 106, end: 120, stoppage: rng.int(0, 3) },
      ]
    : [];
  return { regulation, extraTime: extra, all: [...regulation, ...extra] };
}

/**
 * How each regulation goal of a side is scored: mostly from open play, some penalties and own goals.
 * The home side's goals are made to include the scripted own goal and penalty goal.
 */
function goalStyles(
  rng: Rng,
  side: Side,
  count: number,
  features: ReadonlySet<Feature>,
): GoalStyle[] {
  const styles: GoalStyle[] = [];
  for (let i = 0; i < count; i++)
    styles.push(
      rng.weighted<GoalStyle>([
        ['open', 88.5],
        ['penalty', 8],
        ['own', 3.5],
      ]),
    );
  if (side === 0) {
    if (features.has('ownGoal') && !styles.includes('own')) styles[0] = 'own';
    if (features.has('penaltyGoal') && !styles.includes('penalty'))
      styles[styles[0] === 'own' && styles.length > 1 ? 1 : 0] = 'penalty';
  }
  return styles;
}

/** Every goal of both sides: regulation goals, then those of extra time, each at a free minute. */
function planGoals(
  rng: Rng,
  score: Score,
  periods: Periods,
  features: ReadonlySet<Feature>,
  shots: ShotMinutes,
): Plan[] {
  const plans: Plan[] = [];
  for (const side of [0, 1] as const) {
    for (const style of goalStyles(rng, side, score.regular[side], features))
      plans.push({ kind: 'goal', side, style, time: shots.free(periods.regulation) });
    for (let i = 0; i < (score.extra?.[side] ?? 0); i++) {
      const style = rng.weighted<GoalStyle>([
        ['open', 90],
        ['penalty', 7],
        ['own', 3],
      ]);
      plans.push({ kind: 'goal', side, style, time: shots.free(periods.extraTime) });
    }
  }
  return plans;
}

/** Penalty kicks that do not score: now and then at random, and the scripted save and miss. */
function planPenaltyMisses(
  rng: Rng,
  periods: Periods,
  features: ReadonlySet<Feature>,
  shots: ShotMinutes,
): Plan[] {
  const plans: Plan[] = [];
  const missOutcome = (): number => (rng.chance(0.45) ? SAVE : rng.weighted(MISSES));
  if (rng.chance(0.08))
    plans.push({
      kind: 'penaltyMiss',
      side: rng.chance(0.55) ? 0 : 1,
      outcome: missOutcome(),
      time: shots.free(periods.all),
    });
  if (features.has('penaltySave'))
    plans.push({
      kind: 'penaltyMiss',
      side: 1,
      outcome: SAVE,
      time: shots.free(periods.regulation),
    });
  if (features.has('penaltyMiss'))
    plans.push({
      kind: 'penaltyMiss',
      side: 0,
      outcome: rng.weighted(MISSES),
      time: shots.free(periods.regulation),
    });
  return plans;
}

/**
 * Cards: yellows and the odd red for each side, then the scripted second yellow (the away side's
 * first booking early, the second after the break) and straight red (the home side's).
 */
function planCards(rng: Rng, periods: Periods, features: ReadonlySet<Feature>): Plan[] {
  const plans: Plan[] = [];
  for (const side of [0, 1] as const) {
    const yellows = Math.min(6, poisson(rng, 1.7));
    for (let i = 0; i < yellows; i++)
      plans.push({ kind: 'yellow', side, mode: 'any', time: anyTime(rng, periods.all) });
    if (rng.chance(0.035)) plans.push({ kind: 'red', side, time: anyTime(rng, periods.all) });
  }
  const { regulation } = periods;
  if (features.has('secondYellow')) {
    plans.push({
      kind: 'yellow',
      side: 1,
      mode: 'first',
      time: timeBetween(rng, 10, 40, regulation),
    });
    plans.push({
      kind: 'yellow',
      side: 1,
      mode: 'second',
      time: timeBetween(rng, 55, 85, regulation),
    });
  }
  if (features.has('straightRed'))
    plans.push({ kind: 'red', side: 0, time: timeBetween(rng, 30, 80, regulation) });
  return plans;
}

/**
 * A side's changes in normal time, as they usually go: up to three substitutions, mostly after the
 * hour, and now and then an injury in the first half or late on.
 */
function usualChanges(rng: Rng, side: Side, regulation: readonly Period[]): Plan[] {
  const plans: Plan[] = [];
  const count = rng.weighted([
    [0, 2],
    [1, 6],
    [2, 25],
    [3, 67],
  ]);
  if (rng.chance(0.06))
    plans.push({ kind: 'injury', side, cap: 3, time: timeBetween(rng, 20, 45, regulation) });
  for (let i = 0; i < count; i++) {
    const time = rng.chance(0.1) ? { mins: 46, stoppage: 0 } : timeBetween(rng, 55, 90, regulation);
    plans.push({ kind: 'sub', side, cap: 3, time });
  }
  if (rng.chance(0.04))
    plans.push({ kind: 'injury', side, cap: 3, time: timeBetween(rng, 75, 90, regulation) });
  return plans;
}

/**
 * The scripted injury with no substitutions left: all three are made before it, and the injured
 * player leaves late with no one to replace him.
 */
function injuryAfterLastChange(rng: Rng, side: Side, regulation: readonly Period[]): Plan[] {
  const plans: Plan[] = [];
  for (let i = 0; i < 3; i++)
    plans.push({ kind: 'sub', side, cap: 3, time: timeBetween(rng, 46, 78, regulation) });
  plans.push({ kind: 'injury', side, cap: 3, time: timeBetween(rng, 82, 89, regulation) });
  return plans;
}

/** Substitutions and injuries: up to three changes in normal time, one more in extra time. */
function planChanges(rng: Rng, periods: Periods, features: ReadonlySet<Feature>): Plan[] {
  const plans: Plan[] = [];
  for (const side of [0, 1] as const) {
    plans.push(
      ...(side === 0 && features.has('injuryNoSub')
        ? injuryAfterLastChange(rng, side, periods.regulation)
        : usualChanges(rng, side, periods.regulation)),
    );
    if (periods.extraTime.length === 0) continue;
    for (let i = 0; i < 2; i++)
      if (rng.chance(0.5))
        plans.push({
          kind: 'sub',
          side,
          cap: 4,
          time: timeBetween(rng, 91, 118, periods.extraTime),
        });
  }
  return plans;
}

/**
 * The plans in the order they are played: by time, then goals before cards before changes within a
 * minute, then as planned. Fails on an event after the final whistle.
 */
function inPlayingOrder(plans: readonly Plan[], periods: Periods): Plan[] {
  const last = periods.all[periods.all.length - 1]!;
  const lastKey = timeKey({ mins: last.end, stoppage: last.stoppage });
  for (const plan of plans)
    if (timeKey(plan.time) > lastKey)
      throw new Error(`demo match: ${plan.kind} planned after the final whistle`);
  return plans
    .map((plan, i) => ({ plan, i }))
    .sort(
      (a, b) =>
        timeKey(a.plan.time) - timeKey(b.plan.time) ||
        ORDER[a.plan.kind] - ORDER[b.plan.kind] ||
        a.i - b.i,
    )
    .map(({ plan }) => plan);
}

/** A match's plan: its events in playing order, and whether it goes to extra time. */
export interface MatchPlan {
  readonly plans: readonly Plan[];
  readonly extraTime: boolean;
}

/** Draws the score, the periods and every event of a match (the first team is the home team). */
export function planMatch(
  rng: Rng,
  home: TeamSheet,
  away: TeamSheet,
  script: MatchScript,
): MatchPlan {
  const features = new Set(script.features ?? []);
  const score = drawScore(rng, home, away, script);
  const periods = drawPeriods(rng, score.extra !== null);
  const shots = new ShotMinutes(rng);
  const plans = [
    ...planGoals(rng, score, periods, features, shots),
    ...planPenaltyMisses(rng, periods, features, shots),
    ...planCards(rng, periods, features),
    ...planChanges(rng, periods, features),
  ];
  return { plans: inPlayingOrder(plans, periods), extraTime: score.extra !== null };
}
