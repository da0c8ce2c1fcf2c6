import {
  BODY_PART,
  CARD,
  FOUL,
  PENALTY_OUTCOME,
  POSITION,
  SHOT_EVENT,
} from '../reference/codes.ts';
import type { MatchTime } from '../../contract/match-time.ts';
import type { Rng } from './random.ts';

/**
 * Simulates one match: line-ups, goals, penalty kicks, cards, substitutions and a shootout, in
 * match time order, so every event involves a player who is on the pitch at that moment:
 *
 *   1. the scores (and, for a tie that needs a winner, extra time) are drawn first;
 *   2. the events are planned at random times (goals, missed penalties, cards, substitutions,
 *      injuries);
 *   3. the plan is played in time order against the state of each team (who is on the pitch, who is
 *      booked, how many substitutions are used), which picks the players involved;
 *   4. a draw after extra time goes to a shootout among the players on the pitch at the end.
 *
 * Everything comes from one random stream, so a match depends only on its teams, script and stream.
 */

export const GOALKEEPER = POSITION.goalkeeper;

/** The four lines of a team, from the `position` id. */
export type Line = 'gk' | 'def' | 'mid' | 'fwd';

export function lineOf(position: number): Line {
  if (position === GOALKEEPER) return 'gk';
  if (position <= POSITION.rightWingBack) return 'def';
  if (position <= POSITION.rightWinger) return 'mid';
  return 'fwd';
}

/** A player available to a team for a match. */
export interface SquadMember {
  readonly player: string;
  /** The player's default `position` id. */
  readonly position: number;
  /** Shirt number (club squad) or squad number 1-23 (national squad). */
  readonly number: number;
  /** Form in [0, 1]: the better, the more often the player starts. */
  readonly quality: number;
}

/** A team as the simulator needs it. */
export interface TeamSheet {
  /** Team id (club) or country id (national team). */
  readonly team: string;
  readonly squad: readonly SquadMember[];
  /** Player ids in order of preference for the armband. */
  readonly captaincy: readonly string[];
  /** Players named as substitutes (only those who come on get a line-up row). */
  readonly benchSize: number;
  /** Relative strength, around 1. */
  readonly strength: number;
}

/** Events a match is made to contain, so the demo always shows them. */
export type Feature =
  | 'ownGoal'
  | 'penaltyGoal'
  | 'penaltyMiss'
  | 'penaltySave'
  | 'secondYellow'
  | 'straightRed'
  | 'injuryNoSub';

/** How a match is to be played. */
export interface MatchScript {
  /** A knockout tie that needs a winner (extra time, then a shootout). */
  readonly decisive: boolean;
  /** Whether the home team plays at its own ground. */
  readonly homeAdvantage: boolean;
  /** Makes a decisive tie go to extra time and be won there, or be drawn after extra time. */
  readonly force?: 'extraTime' | 'shootout';
  readonly features?: readonly Feature[];
  /** The source does not know the captains: `is_captain` NULL for every player of the match. */
  readonly captainUnknown?: boolean;
}

export interface LineupEntry {
  readonly team: string;
  readonly player: string;
  readonly position: number;
  readonly number: number;
  readonly starting: boolean;
  readonly captain: boolean | null;
}

export interface GoalEntry {
  /** The team credited with the goal. */
  readonly team: string;
  /** The scorer's player id: of the other team for an own goal. */
  readonly player: string;
  readonly shotEvent: number;
  readonly bodypart: number;
  readonly time: MatchTime;
}

export interface PenaltyEntry {
  /** The taker (of the team awarded the kick). */
  readonly player: string;
  readonly foul: number;
  readonly outcome: number;
  readonly time: MatchTime;
}

export interface OffenseEntry {
  readonly player: string;
  readonly foul: number;
  /** 1 yellow, 2 second yellow (red), 3 straight red. */
  readonly card: number;
  readonly time: MatchTime;
}

export interface SubstitutionEntry {
  readonly team: string;
  /** The player who came on; null when no one could. */
  readonly playerIn: string | null;
  readonly playerOut: string;
  readonly time: MatchTime;
}

export interface KickEntry {
  readonly team: string;
  readonly player: string;
  readonly round: number;
  readonly outcome: number;
}

export interface Shootout {
  /** The team that kicked first. */
  readonly opening: string;
  /** In kick order. */
  readonly kicks: readonly KickEntry[];
  readonly home: number;
  readonly away: number;
}

/** Everything a played match writes, with player ids (matches.ts turns them into line-up ids). */
export interface PlayedMatch {
  /** Starters of both teams (goalkeeper first), then the substitutes in the order they came on. */
  readonly lineups: readonly LineupEntry[];
  readonly goals: readonly GoalEntry[];
  readonly penalties: readonly PenaltyEntry[];
  readonly offenses: readonly OffenseEntry[];
  readonly substitutions: readonly SubstitutionEntry[];
  readonly shootout: Shootout | null;
  /** Goals including extra time, excluding the shootout. */
  readonly homeScore: number;
  readonly awayScore: number;
  readonly extraTime: boolean;
  /** The team that won (decisive ties always have one; a drawn league or group match has none). */
  readonly winner: string | null;
}

/** Penalty outcomes (reference/lists.ts). */
const GOAL = PENALTY_OUTCOME.goal;
const SAVE = PENALTY_OUTCOME.save;
const MISSES: readonly (readonly [number, number])[] = [
  [PENALTY_OUTCOME.miss, 3],
  [PENALTY_OUTCOME.wide, 6],
  [PENALTY_OUTCOME.over, 4],
  [PENALTY_OUTCOME.post, 3],
  [PENALTY_OUTCOME.bar, 2],
];

/** Shot events of open-play goals: [id, weight, chance of a header]. */
const SHOT_EVENTS: readonly (readonly [number, number, number])[] = [
  [SHOT_EVENT.crossFromOpenPlay, 14, 0.55],
  [SHOT_EVENT.crossFromCorner, 7, 0.8],
  [SHOT_EVENT.crossFromFreeKick, 4, 0.75],
  [SHOT_EVENT.crossFromThrowIn, 1, 0.5],
  [SHOT_EVENT.directFromCorner, 0.3, 0],
  [SHOT_EVENT.directFromFreeKick, 4, 0],
  [SHOT_EVENT.flickOnFromCorner, 1.5, 0.9],
  [SHOT_EVENT.flickOnFromFreeKick, 1, 0.9],
  [SHOT_EVENT.flickOnFromThrowIn, 0.5, 0.9],
  [SHOT_EVENT.throughPass, 10, 0],
  [SHOT_EVENT.scramble, 3, 0.15],
  [SHOT_EVENT.redirection, 4, 0.3],
  [SHOT_EVENT.deflected, 4, 0.05],
  [SHOT_EVENT.insideGoalArea, 10, 0.1],
  [SHOT_EVENT.outsideGoalArea, 12, 0.05],
  [SHOT_EVENT.outsidePenaltyArea, 8, 0],
  [SHOT_EVENT.rebound, 6, 0.1],
  [SHOT_EVENT.giveaway, 3, 0],
  [SHOT_EVENT.roundKeeper, 3, 0],
  [SHOT_EVENT.unknown, 1, 0.2],
];

/**
 * Shot events of own goals (a cross turned in, a deflection, ...): [id, weight, chance of a
 * header].
 */
const OWN_GOAL_EVENTS: readonly (readonly [number, number, number])[] = [
  [SHOT_EVENT.crossFromOpenPlay, 5, 0.4],
  [SHOT_EVENT.crossFromCorner, 3, 0.6],
  [SHOT_EVENT.redirection, 3, 0.3],
  [SHOT_EVENT.deflected, 4, 0.1],
  [SHOT_EVENT.scramble, 2, 0.1],
  [SHOT_EVENT.giveaway, 1, 0.2],
];

/** Fouls behind a yellow card: [foul id, weight]. */
const YELLOW_FOULS: readonly (readonly [number, number])[] = [
  [FOUL.recklessChallenge, 10],
  [FOUL.holding, 6],
  [FOUL.persistentInfringement, 4],
  [FOUL.dissent, 4],
  [FOUL.professionalFoul, 3],
  [FOUL.delayingRestart, 2],
  [FOUL.intentionalHandball, 2],
  [FOUL.dangerousPlay, 2],
  [FOUL.offTheBall, 1],
  [FOUL.simulation, 1],
  [FOUL.encroachment, 1],
  [FOUL.unknown, 1],
];

/** Fouls behind a straight red card. */
const RED_FOULS: readonly (readonly [number, number])[] = [
  [FOUL.seriousFoulPlay, 4],
  [FOUL.professionalFoul, 3],
  [FOUL.violentConduct, 2],
  [FOUL.recklessChallenge, 2],
  [FOUL.handballDenyingChance, 1],
  [FOUL.abusiveLanguage, 1],
  [FOUL.spitting, 0.3],
];

/**
 * Fouls that give away a penalty kick: [foul id, weight, chance of a card: yellow, straight red].
 */
const PENALTY_FOULS: readonly (readonly [number, number, number, number])[] = [
  [FOUL.recklessChallenge, 4, 0.5, 0],
  [FOUL.holding, 3, 0.3, 0],
  [FOUL.handball, 2, 0.2, 0],
  [FOUL.dangerousPlay, 1, 0.3, 0],
  [FOUL.handballDenyingChance, 1, 0, 1],
  [FOUL.professionalFoul, 1, 0.6, 0.4],
];

/** A period of play: its first and last minute and the stoppage minutes played after the last. */
interface Period {
  readonly start: number;
  readonly end: number;
  readonly stoppage: number;
}

const key = (time: MatchTime): number => time.mins * 100 + time.stoppage;

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

type Side = 0 | 1;
type GoalStyle = 'open' | 'own' | 'penalty';

/** A planned event; the players are picked when it is played. */
type Plan =
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

const ORDER: Readonly<Record<Plan['kind'], number>> = {
  goal: 0,
  penaltyMiss: 0,
  yellow: 1,
  red: 1,
  sub: 2,
  injury: 2,
};

/** One team's state during the match. */
class TeamState {
  readonly onPitch: SquadMember[];
  readonly bench: SquadMember[];
  readonly lineups: LineupEntry[] = [];
  /** Time key at which each player was booked. */
  readonly booked = new Map<string, number>();
  /** Players who came on (never taken off again). */
  readonly cameOn = new Set<string>();
  /** A player a forced second yellow is for: not taken off or sent off otherwise. */
  target: string | null = null;
  subsUsed = 0;

  constructor(
    readonly sheet: TeamSheet,
    starters: SquadMember[],
    bench: SquadMember[],
    captainUnknown: boolean,
  ) {
    this.onPitch = starters.slice();
    this.bench = bench.slice();
    const captain =
      sheet.captaincy.find((id) => starters.some((m) => m.player === id)) ?? starters[0]!.player;
    for (const member of starters) {
      this.lineups.push({
        team: sheet.team,
        player: member.player,
        position: member.position,
        number: member.number,
        starting: true,
        captain: captainUnknown ? null : member.player === captain,
      });
    }
  }

  /** Outfield players on the pitch that may be taken off or sent off. */
  removable(): SquadMember[] {
    return this.onPitch.filter((m) => lineOf(m.position) !== 'gk' && m.player !== this.target);
  }

  leave(player: string): void {
    const index = this.onPitch.findIndex((m) => m.player === player);
    if (index < 0) throw new Error(`player ${player} is not on the pitch`);
    this.onPitch.splice(index, 1);
  }
}

function weightedMember(
  rng: Rng,
  members: readonly SquadMember[],
  weight: (m: SquadMember) => number,
): SquadMember | null {
  const items = members.map((m) => [m, weight(m)] as const).filter(([, w]) => w > 0);
  return items.length === 0 ? null : rng.weighted(items);
}

/**
 * Picks the starting eleven (one goalkeeper, a formation of outfield players) and the named
 * substitutes.
 */
function pickLineup(rng: Rng, sheet: TeamSheet): { starters: SquadMember[]; bench: SquadMember[] } {
  const formation = rng.weighted<readonly [number, number, number]>([
    [[4, 3, 3], 5],
    [[4, 4, 2], 4],
    [[3, 5, 2], 2],
    [[5, 3, 2], 1],
    [[4, 5, 1], 2],
  ]);
  const form = new Map(sheet.squad.map((m) => [m.player, m.quality + rng.float(0, 0.45, 4)]));
  const byForm = (members: readonly SquadMember[]): SquadMember[] =>
    members
      .slice()
      .sort((a, b) => form.get(b.player)! - form.get(a.player)! || a.number - b.number);
  const keepers = byForm(sheet.squad.filter((m) => lineOf(m.position) === 'gk'));
  if (keepers.length === 0) throw new Error(`team ${sheet.team} has no goalkeeper`);
  const starters: SquadMember[] = [keepers[0]!];
  const lines: Line[] = ['def', 'mid', 'fwd'];
  lines.forEach((line, i) => {
    starters.push(
      ...byForm(sheet.squad.filter((m) => lineOf(m.position) === line)).slice(0, formation[i]!),
    );
  });
  // A squad short of one line fills the eleven with its best remaining outfield players.
  const outfield = byForm(
    sheet.squad.filter((m) => lineOf(m.position) !== 'gk' && !starters.includes(m)),
  );
  while (starters.length < 11) starters.push(outfield.shift()!);
  const benchOutfield = outfield.filter((m) => !starters.includes(m)).slice(0, sheet.benchSize - 1);
  const bench = [...(keepers[1] ? [keepers[1]] : []), ...benchOutfield];
  return { starters, bench };
}

/**
 * Draws the number of goals of each side in regulation time, and in extra time when it comes to
 * that.
 */
function drawScore(
  rng: Rng,
  home: TeamSheet,
  away: TeamSheet,
  script: MatchScript,
): {
  regular: [number, number];
  extra: [number, number] | null;
} {
  const ratio = home.strength / away.strength;
  const regular: [number, number] = [
    Math.min(6, poisson(rng, 1.2 * ratio + (script.homeAdvantage ? 0.3 : 0.05))),
    Math.min(6, poisson(rng, 1.15 / ratio)),
  ];
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

/** Simulates a match between two teams (the first is the home team). */
export function playMatch(
  rng: Rng,
  home: TeamSheet,
  away: TeamSheet,
  script: MatchScript,
): PlayedMatch {
  const sheets = [home, away] as const;
  const teams = sheets.map((sheet) => {
    const { starters, bench } = pickLineup(rng, sheet);
    return new TeamState(sheet, starters, bench, script.captainUnknown ?? false);
  }) as [TeamState, TeamState];
  const features = new Set(script.features ?? []);

  const { regular, extra } = drawScore(rng, home, away, script);
  const regulation: Period[] = [
    { start: 1, end: 45, stoppage: rng.int(1, 4) },
    { start: 46, end: 90, stoppage: rng.int(2, 7) },
  ];
  const extraTime: Period[] = extra
    ? [
        { start: 91, end: 105, stoppage: rng.int(0, 2) },
        { start: 106, end: 120, stoppage: rng.int(0, 3) },
      ]
    : [];
  const all = [...regulation, ...extraTime];
  const end = extra ? 120 : 90;

  const plans: Plan[] = [];
  // Goals and penalty kicks each at a minute of their own, so a kick and its goal pair up
  // unambiguously.
  const shotTimes = new Set<number>();
  const freeTime = (draw: () => MatchTime): MatchTime => {
    for (;;) {
      const time = draw();
      if (!shotTimes.has(key(time))) {
        shotTimes.add(key(time));
        return time;
      }
    }
  };
  // Goals: mostly from open play, some penalties and own goals; forced styles on the home side.
  for (const side of [0, 1] as const) {
    const styles: GoalStyle[] = [];
    for (let i = 0; i < regular[side]; i++)
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
    for (const style of styles)
      plans.push({ kind: 'goal', side, style, time: freeTime(() => anyTime(rng, regulation)) });
    for (let i = 0; i < (extra?.[side] ?? 0); i++) {
      const style = rng.weighted<GoalStyle>([
        ['open', 90],
        ['penalty', 7],
        ['own', 3],
      ]);
      plans.push({ kind: 'goal', side, style, time: freeTime(() => anyTime(rng, extraTime)) });
    }
  }
  // Missed and saved penalties.
  const missOutcome = (): number => (rng.chance(0.45) ? SAVE : rng.weighted(MISSES));
  if (rng.chance(0.08))
    plans.push({
      kind: 'penaltyMiss',
      side: rng.chance(0.55) ? 0 : 1,
      outcome: missOutcome(),
      time: freeTime(() => anyTime(rng, all)),
    });
  if (features.has('penaltySave'))
    plans.push({
      kind: 'penaltyMiss',
      side: 1,
      outcome: SAVE,
      time: freeTime(() => anyTime(rng, regulation)),
    });
  if (features.has('penaltyMiss'))
    plans.push({
      kind: 'penaltyMiss',
      side: 0,
      outcome: rng.weighted(MISSES),
      time: freeTime(() => anyTime(rng, regulation)),
    });
  // Cards.
  for (const side of [0, 1] as const) {
    const yellows = Math.min(6, poisson(rng, 1.7));
    for (let i = 0; i < yellows; i++)
      plans.push({ kind: 'yellow', side, mode: 'any', time: anyTime(rng, all) });
    if (rng.chance(0.035)) plans.push({ kind: 'red', side, time: anyTime(rng, all) });
  }
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
  // Substitutions: up to three in normal time, one more in extra time.
  for (const side of [0, 1] as const) {
    const forcedInjury = side === 0 && features.has('injuryNoSub');
    const count = forcedInjury
      ? 3
      : rng.weighted([
          [0, 2],
          [1, 6],
          [2, 25],
          [3, 67],
        ]);
    if (!forcedInjury && rng.chance(0.06))
      plans.push({ kind: 'injury', side, cap: 3, time: timeBetween(rng, 20, 45, regulation) });
    for (let i = 0; i < count; i++) {
      const time = forcedInjury
        ? timeBetween(rng, 46, 78, regulation)
        : rng.chance(0.1)
          ? { mins: 46, stoppage: 0 }
          : timeBetween(rng, 55, 90, regulation);
      plans.push({ kind: 'sub', side, cap: 3, time });
    }
    if (forcedInjury)
      plans.push({ kind: 'injury', side, cap: 3, time: timeBetween(rng, 82, 89, regulation) });
    else if (rng.chance(0.04))
      plans.push({ kind: 'injury', side, cap: 3, time: timeBetween(rng, 75, 90, regulation) });
    if (extra) {
      for (let i = 0; i < 2; i++)
        if (rng.chance(0.5))
          plans.push({ kind: 'sub', side, cap: 4, time: timeBetween(rng, 91, 118, extraTime) });
    }
  }
  const lastKey = end * 100 + all[all.length - 1]!.stoppage;
  for (const plan of plans)
    if (key(plan.time) > lastKey)
      throw new Error(`demo match: ${plan.kind} planned after the final whistle`);
  const ordered = plans
    .map((plan, i) => ({ plan, i }))
    .sort(
      (a, b) =>
        key(a.plan.time) - key(b.plan.time) || ORDER[a.plan.kind] - ORDER[b.plan.kind] || a.i - b.i,
    )
    .map(({ plan }) => plan);

  const goals: GoalEntry[] = [];
  const penalties: PenaltyEntry[] = [];
  const offenses: OffenseEntry[] = [];
  const substitutions: SubstitutionEntry[] = [];

  const book = (
    team: TeamState,
    member: SquadMember,
    foul: number,
    card: number,
    time: MatchTime,
  ): void => {
    offenses.push({ player: member.player, foul, card, time });
    if (card === CARD.yellow) team.booked.set(member.player, key(time));
    else team.leave(member.player);
  };
  const footOf = (): number =>
    rng.weighted([
      [BODY_PART.rightFoot, 64],
      [BODY_PART.leftFoot, 32],
      [BODY_PART.foot, 2],
      [BODY_PART.chest, 1.5],
      [BODY_PART.other, 0.5],
    ]);
  const penaltyTaker = (team: TeamState): SquadMember => {
    const order = team.onPitch
      .filter((m) => lineOf(m.position) !== 'gk')
      .sort(
        (a, b) =>
          (lineOf(b.position) === 'fwd' ? 1 : 0) - (lineOf(a.position) === 'fwd' ? 1 : 0) ||
          b.quality - a.quality,
      );
    return rng.chance(0.8) ? order[0]! : rng.pick(order.slice(0, 3));
  };
  /** The kick's foul, and a card for the defender who gave it away. */
  const concede = (defending: TeamState, time: MatchTime): number => {
    const [foul, , yellow, red] = rng.weighted(PENALTY_FOULS.map((f) => [f, f[1]] as const));
    const roll = rng.float(0, 1, 6);
    const fouler = weightedMember(rng, defending.removable(), (m) =>
      lineOf(m.position) === 'def' ? 4 : lineOf(m.position) === 'mid' ? 2 : 0.5,
    );
    if (!fouler) return foul;
    const earlier = (defending.booked.get(fouler.player) ?? Infinity) < key(time);
    const bookedNow = defending.booked.get(fouler.player) === key(time);
    if (roll < red && defending.onPitch.length > 8) book(defending, fouler, foul, CARD.red, time);
    else if (roll < red + yellow && !bookedNow) {
      if (earlier && defending.onPitch.length > 8)
        book(defending, fouler, foul, CARD.secondYellow, time);
      else if (!earlier) book(defending, fouler, foul, CARD.yellow, time);
    }
    return foul;
  };

  for (const plan of ordered) {
    const team = teams[plan.side];
    const other = teams[plan.side === 0 ? 1 : 0];
    switch (plan.kind) {
      case 'goal': {
        if (plan.style === 'own') {
          const scorer = weightedMember(
            rng,
            other.onPitch,
            (m) => ({ gk: 0.3, def: 4, mid: 1.2, fwd: 0.3 })[lineOf(m.position)],
          );
          const [shotEvent, , header] = rng.weighted(
            OWN_GOAL_EVENTS.map((e) => [e, e[1]] as const),
          );
          goals.push({
            team: team.sheet.team,
            player: scorer!.player,
            shotEvent,
            bodypart: rng.chance(header) ? BODY_PART.head : footOf(),
            time: plan.time,
          });
        } else if (plan.style === 'penalty') {
          const taker = penaltyTaker(team);
          const foul = concede(other, plan.time);
          penalties.push({ player: taker.player, foul, outcome: GOAL, time: plan.time });
          goals.push({
            team: team.sheet.team,
            player: taker.player,
            shotEvent: SHOT_EVENT.outsideGoalArea,
            bodypart: rng.chance(0.7) ? BODY_PART.rightFoot : BODY_PART.leftFoot,
            time: plan.time,
          });
        } else {
          const [shotEvent, , header] = rng.weighted(SHOT_EVENTS.map((e) => [e, e[1]] as const));
          const headed = rng.chance(header);
          const scorer = weightedMember(
            rng,
            team.onPitch,
            (m) =>
              ({
                gk: 0,
                def: headed ? 2.5 : 0.5,
                mid: 1.6,
                fwd: headed ? 3 : 4,
              })[lineOf(m.position)],
          );
          goals.push({
            team: team.sheet.team,
            player: scorer!.player,
            shotEvent,
            bodypart:
              shotEvent === SHOT_EVENT.unknown
                ? rng.pick([BODY_PART.unknown, BODY_PART.foot])
                : headed
                  ? BODY_PART.head
                  : footOf(),
            time: plan.time,
          });
        }
        break;
      }
      case 'penaltyMiss': {
        const taker = penaltyTaker(team);
        const foul = concede(other, plan.time);
        penalties.push({ player: taker.player, foul, outcome: plan.outcome, time: plan.time });
        break;
      }
      case 'yellow': {
        const now = key(plan.time);
        const weight = (m: SquadMember): number =>
          ({ gk: 0.15, def: 1.6, mid: 1.5, fwd: 0.8 })[lineOf(m.position)];
        if (plan.mode === 'second') {
          const target = team.onPitch.find((m) => m.player === team.target);
          team.target = null;
          if (target && (team.booked.get(target.player) ?? Infinity) < now) {
            book(team, target, rng.weighted(YELLOW_FOULS), CARD.secondYellow, plan.time);
            break;
          }
        }
        const bookedEarlier = team
          .removable()
          .filter((m) => (team.booked.get(m.player) ?? Infinity) < now);
        if (
          plan.mode === 'any' &&
          bookedEarlier.length > 0 &&
          team.onPitch.length > 8 &&
          rng.chance(0.06)
        ) {
          book(
            team,
            rng.pick(bookedEarlier),
            rng.weighted(YELLOW_FOULS),
            CARD.secondYellow,
            plan.time,
          );
          break;
        }
        const candidates = (plan.mode === 'first' ? team.removable() : team.onPitch).filter(
          (m) => !team.booked.has(m.player),
        );
        const member = weightedMember(rng, candidates, weight);
        if (!member) break;
        book(team, member, rng.weighted(YELLOW_FOULS), CARD.yellow, plan.time);
        if (plan.mode === 'first') team.target = member.player;
        break;
      }
      case 'red': {
        if (team.onPitch.length <= 8) break;
        const member = weightedMember(rng, team.removable(), (m) =>
          lineOf(m.position) === 'def' ? 2 : 1,
        );
        if (member) book(team, member, rng.weighted(RED_FOULS), CARD.red, plan.time);
        break;
      }
      case 'sub':
      case 'injury': {
        const candidates = team.removable().filter((m) => !team.cameOn.has(m.player));
        const out =
          plan.kind === 'injury'
            ? candidates.length > 0
              ? rng.pick(candidates)
              : null
            : weightedMember(
                rng,
                candidates,
                (m) =>
                  ({ gk: 0, def: 0.6, mid: 1.2, fwd: 1.5 })[lineOf(m.position)] *
                  (team.booked.has(m.player) ? 2 : 1) *
                  (1.3 - m.quality),
              );
        if (!out) break;
        const canSub = team.subsUsed < plan.cap;
        if (plan.kind === 'sub' && !canSub) break;
        if (plan.kind === 'injury' && !canSub && team.onPitch.length <= 8) break;
        let incoming: SquadMember | null = null;
        if (canSub) {
          const outfield = team.bench.filter((m) => lineOf(m.position) !== 'gk');
          const sameLine = outfield.filter((m) => lineOf(m.position) === lineOf(out.position));
          incoming =
            sameLine.length > 0
              ? rng.pick(sameLine)
              : outfield.length > 0
                ? rng.pick(outfield)
                : null;
          if (!incoming) break;
          team.bench.splice(team.bench.indexOf(incoming), 1);
          team.onPitch.push(incoming);
          team.cameOn.add(incoming.player);
          team.subsUsed++;
          team.lineups.push({
            team: team.sheet.team,
            player: incoming.player,
            position: incoming.position,
            number: incoming.number,
            starting: false,
            captain: script.captainUnknown ? null : false,
          });
        }
        team.leave(out.player);
        substitutions.push({
          team: team.sheet.team,
          playerIn: incoming?.player ?? null,
          playerOut: out.player,
          time: plan.time,
        });
        break;
      }
    }
  }

  const score = (side: Side): number => goals.filter((g) => g.team === sheets[side].team).length;
  const homeScore = score(0);
  const awayScore = score(1);
  let shootout: Shootout | null = null;
  let winner: string | null =
    homeScore > awayScore ? home.team : awayScore > homeScore ? away.team : null;
  if (script.decisive && winner === null) {
    shootout = playShootout(rng, teams);
    winner = shootout.home > shootout.away ? home.team : away.team;
  }
  return {
    lineups: [...teams[0].lineups, ...teams[1].lineups],
    goals,
    penalties,
    offenses,
    substitutions,
    shootout,
    homeScore,
    awayScore,
    extraTime: extra !== null,
    winner,
  };
}

/**
 * A shootout by the usual rules: kicks alternate, five each unless one team can no longer catch up,
 * then sudden death by pairs. Only players on the pitch at the end take kicks; the team with more
 * players leaves its extra ones out; nobody kicks twice before all of his team have kicked.
 */
function playShootout(rng: Rng, teams: readonly [TeamState, TeamState]): Shootout {
  const openingSide: Side = rng.chance(0.5) ? 0 : 1;
  const kickers = teams.map((team) =>
    team.onPitch
      .slice()
      .sort(
        (a, b) =>
          (lineOf(a.position) === 'gk' ? 1 : 0) - (lineOf(b.position) === 'gk' ? 1 : 0) ||
          (lineOf(b.position) === 'fwd' ? 1 : 0) - (lineOf(a.position) === 'fwd' ? 1 : 0) ||
          b.quality - a.quality,
      ),
  );
  const eligible = Math.min(kickers[0]!.length, kickers[1]!.length);
  const scored = [0, 0];
  const taken = [0, 0];
  const kicks: KickEntry[] = [];
  const decidedInFive = (): boolean =>
    scored[0]! + (5 - taken[0]!) < scored[1]! || scored[1]! + (5 - taken[1]!) < scored[0]!;
  for (let round = 1; ; round++) {
    for (const side of [openingSide, openingSide === 0 ? 1 : 0] as const) {
      const kicker = kickers[side]![taken[side]! % eligible]!;
      const outcome = rng.weighted([
        [PENALTY_OUTCOME.goal, 76],
        [PENALTY_OUTCOME.save, 14],
        [PENALTY_OUTCOME.miss, 2],
        [PENALTY_OUTCOME.wide, 3],
        [PENALTY_OUTCOME.over, 2],
        [PENALTY_OUTCOME.post, 2],
        [PENALTY_OUTCOME.bar, 1],
      ]);
      kicks.push({ team: teams[side].sheet.team, player: kicker.player, round, outcome });
      taken[side]! += 1;
      if (outcome === PENALTY_OUTCOME.goal) scored[side]! += 1;
      if (round <= 5 && decidedInFive()) {
        return {
          opening: teams[openingSide].sheet.team,
          kicks,
          home: scored[0]!,
          away: scored[1]!,
        };
      }
    }
    if (round >= 5 && scored[0] !== scored[1]) {
      return { opening: teams[openingSide].sheet.team, kicks, home: scored[0]!, away: scored[1]! };
    }
  }
}
