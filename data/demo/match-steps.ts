import type { MatchTime } from '../../contract/match-time.ts';
import type {
  GoalEntry,
  OffenseEntry,
  PenaltyEntry,
  SquadMember,
  SubstitutionEntry,
} from './played-match.ts';
import { timeKey, type Plan } from './match-plan.ts';
import { lineOf, weightedMember, type TeamState } from './match-team.ts';
import type { Rng } from './random.ts';

/**
 * Playing a match's plan (match-plan.ts) in time order: each planned event picks its players from
 * those on the pitch at that moment, and changes who is on it (a sending-off, a substitution), so a
 * later event never involves a player who has left.
 */

/** Penalty outcome of a kick that scores (reference/lists.ts). */
const GOAL = 1;

/** Shot events of open-play goals: [id, weight, chance of a header]. */
const SHOT_EVENTS: readonly (readonly [number, number, number])[] = [
  [14, 14, 0.55],
  [12, 7, 0.8],
  [11, 4, 0.75],
  [13, 1, 0.5],
  [15, 0.3, 0],
  [16, 4, 0],
  [17, 1.5, 0.9],
  [18, 1, 0.9],
  [19, 0.5, 0.9],
  [20, 10, 0],
  [21, 3, 0.15],
  [22, 4, 0.3],
  [23, 4, 0.05],
  [24, 10, 0.1],
  [25, 12, 0.05],
  [26, 8, 0],
  [27, 6, 0.1],
  [28, 3, 0],
  [29, 3, 0],
  [10, 1, 0.2],
];

/**
 * Shot events of own goals (a cross turned in, a deflection, ...): [id, weight, chance of a
 * header].
 */
const OWN_GOAL_EVENTS: readonly (readonly [number, number, number])[] = [
  [14, 5, 0.4],
  [12, 3, 0.6],
  [22, 3, 0.3],
  [23, 4, 0.1],
  [21, 2, 0.1],
  [28, 1, 0.2],
];

/** Fouls behind a yellow card: [foul id, weight]. */
const YELLOW_FOULS: readonly (readonly [number, number])[] = [
  [16, 10],
  [13, 6],
  [20, 4],
  [19, 4],
  [28, 3],
  [21, 2],
  [12, 2],
  [15, 2],
  [14, 1],
  [18, 1],
  [22, 1],
  [10, 1],
];

/** Fouls behind a straight red card. */
const RED_FOULS: readonly (readonly [number, number])[] = [
  [24, 4],
  [28, 3],
  [25, 2],
  [16, 2],
  [29, 1],
  [26, 1],
  [27, 0.3],
];

/**
 * Fouls that give away a penalty kick: [foul id, weight, chance of a card: yellow, straight red].
 */
const PENALTY_FOULS: readonly (readonly [number, number, number, number])[] = [
  [16, 4, 0.5, 0],
  [13, 3, 0.3, 0],
  [11, 2, 0.2, 0],
  [15, 1, 0.3, 0],
  [29, 1, 0, 1],
  [28, 1, 0.6, 0.4],
];

/**
 * A team keeps at least this many players: no red card or injury without a replacement takes it
 * below them, so it stays well clear of the seven a match needs to go on.
 */
const FEWEST_ON_PITCH = 8;

/** What the steps of one match share: its random stream, both teams and the rows written so far. */
export interface MatchContext {
  readonly rng: Rng;
  /** The home team, then the away team. */
  readonly teams: readonly [TeamState, TeamState];
  readonly goals: GoalEntry[];
  readonly penalties: PenaltyEntry[];
  readonly offenses: OffenseEntry[];
  readonly substitutions: SubstitutionEntry[];
}

/** A match about to be played: both teams on the pitch, nothing recorded yet. */
export function startMatch(rng: Rng, teams: readonly [TeamState, TeamState]): MatchContext {
  return { rng, teams, goals: [], penalties: [], offenses: [], substitutions: [] };
}

/** Plays one planned event: picks its players, records it, and updates who is on the pitch. */
export function playPlanned(m: MatchContext, plan: Plan): void {
  const team = m.teams[plan.side];
  const other = m.teams[plan.side === 0 ? 1 : 0];
  switch (plan.kind) {
    case 'goal':
      return scoreGoal(m, team, other, plan);
    case 'penaltyMiss': {
      const taker = penaltyTaker(m.rng, team);
      const foul = concede(m, other, plan.time);
      m.penalties.push({ player: taker.player, foul, outcome: plan.outcome, time: plan.time });
      return;
    }
    case 'yellow':
      return showYellow(m, team, plan);
    case 'red':
      return sendOff(m, team, plan.time);
    case 'sub':
    case 'injury':
      return makeChange(m, team, plan);
    default:
      plan satisfies never;
  }
}

/** Records a card: a yellow books the player, a second yellow or a red sends him off. */
function book(
  m: MatchContext,
  team: TeamState,
  member: SquadMember,
  foul: number,
  card: number,
  time: MatchTime,
): void {
  m.offenses.push({ player: member.player, foul, card, time });
  if (card === 1) team.booked.set(member.player, timeKey(time));
  else team.leave(member.player);
}

/**
 * The `bodypart` of a goal not headed: the right foot twice as often as the left, now and then just
 * "foot", the chest or another part.
 */
function footOf(rng: Rng): number {
  return rng.weighted([
    [4, 64],
    [3, 32],
    [2, 2],
    [6, 1.5],
    [7, 0.5],
  ]);
}

/** The penalty taker: usually the team's first-choice forward, sometimes one of the next two. */
function penaltyTaker(rng: Rng, team: TeamState): SquadMember {
  const order = team.onPitch
    .filter((m) => lineOf(m.position) !== 'gk')
    .sort(
      (a, b) =>
        (lineOf(b.position) === 'fwd' ? 1 : 0) - (lineOf(a.position) === 'fwd' ? 1 : 0) ||
        b.quality - a.quality,
    );
  return rng.chance(0.8) ? order[0]! : rng.pick(order.slice(0, 3));
}

/** The kick's foul, and a card for the defender who gave it away. */
function concede(m: MatchContext, defending: TeamState, time: MatchTime): number {
  const { rng } = m;
  const [foul, , yellow, red] = rng.weighted(PENALTY_FOULS.map((f) => [f, f[1]] as const));
  const roll = rng.float(0, 1, 6);
  const fouler = weightedMember(rng, defending.removable(), (p) =>
    lineOf(p.position) === 'def' ? 4 : lineOf(p.position) === 'mid' ? 2 : 0.5,
  );
  if (!fouler) return foul;
  const earlier = (defending.booked.get(fouler.player) ?? Infinity) < timeKey(time);
  const bookedNow = defending.booked.get(fouler.player) === timeKey(time);
  const canLoseOne = defending.onPitch.length > FEWEST_ON_PITCH;
  if (roll < red && canLoseOne) book(m, defending, fouler, foul, 3, time);
  else if (roll < red + yellow && !bookedNow) {
    // A player already booked earlier gets his second yellow; one booked this minute, nothing more.
    if (earlier && canLoseOne) book(m, defending, fouler, foul, 2, time);
    else if (!earlier) book(m, defending, fouler, foul, 1, time);
  }
  return foul;
}

/** A goal for `team` of the planned style; `other` is the team that concedes it. */
function scoreGoal(
  m: MatchContext,
  team: TeamState,
  other: TeamState,
  plan: Extract<Plan, { kind: 'goal' }>,
): void {
  switch (plan.style) {
    case 'own':
      return ownGoal(m, team, other, plan.time);
    case 'penalty':
      return penaltyGoal(m, team, other, plan.time);
    case 'open':
      return openPlayGoal(m, team, plan.time);
    default:
      plan.style satisfies never;
  }
}

/** An own goal for `team`: a defender of `other`, most likely, turns the ball into his own net. */
function ownGoal(m: MatchContext, team: TeamState, other: TeamState, time: MatchTime): void {
  const { rng } = m;
  const scorer = weightedMember(
    rng,
    other.onPitch,
    (p) => ({ gk: 0.3, def: 4, mid: 1.2, fwd: 0.3 })[lineOf(p.position)],
  );
  const [shotEvent, , header] = rng.weighted(OWN_GOAL_EVENTS.map((e) => [e, e[1]] as const));
  m.goals.push({
    team: team.sheet.team,
    player: scorer!.player,
    shotEvent,
    bodypart: rng.chance(header) ? 5 : footOf(rng),
    time,
  });
}

/** A penalty kick scored: the kick (and the foul that gave it) and the goal. */
function penaltyGoal(m: MatchContext, team: TeamState, other: TeamState, time: MatchTime): void {
  const { rng } = m;
  const taker = penaltyTaker(rng, team);
  const foul = concede(m, other, time);
  m.penalties.push({ player: taker.player, foul, outcome: GOAL, time });
  m.goals.push({
    team: team.sheet.team,
    player: taker.player,
    shotEvent: 25,
    bodypart: rng.chance(0.7) ? 4 : 3,
    time,
  });
}

/** A goal from open play or a set piece: forwards score most, defenders head in their share. */
function openPlayGoal(m: MatchContext, team: TeamState, time: MatchTime): void {
  const { rng } = m;
  const [shotEvent, , header] = rng.weighted(SHOT_EVENTS.map((e) => [e, e[1]] as const));
  const headed = rng.chance(header);
  const scorer = weightedMember(
    rng,
    team.onPitch,
    (p) =>
      ({
        gk: 0,
        def: headed ? 2.5 : 0.5,
        mid: 1.6,
        fwd: headed ? 3 : 4,
      })[lineOf(p.position)],
  );
  m.goals.push({
    team: team.sheet.team,
    player: scorer!.player,
    shotEvent,
    // A goal of unknown kind (shot event 10) has an unknown body part, or just "foot".
    bodypart: shotEvent === 10 ? rng.pick([1, 2]) : headed ? 5 : footOf(rng),
    time,
  });
}

/**
 * A yellow card. `first` books the player the scripted second yellow is for; `second` gives it to
 * him (if he is still on the pitch), and `any` is sometimes a second yellow for a player booked
 * earlier. Otherwise a player not yet booked is booked.
 */
function showYellow(m: MatchContext, team: TeamState, plan: Extract<Plan, { kind: 'yellow' }>) {
  switch (plan.mode) {
    case 'second':
      if (!secondYellowForTarget(m, team, plan.time)) firstYellow(m, team, team.onPitch, plan.time);
      return;
    case 'any':
      if (!secondYellowByChance(m, team, plan.time)) firstYellow(m, team, team.onPitch, plan.time);
      return;
    case 'first': {
      const member = firstYellow(m, team, team.removable(), plan.time);
      if (member) team.target = member.player;
      return;
    }
    default:
      plan.mode satisfies never;
  }
}

/** The scripted second yellow, for the player booked for it earlier; false when he is gone. */
function secondYellowForTarget(m: MatchContext, team: TeamState, time: MatchTime): boolean {
  const target = team.onPitch.find((p) => p.player === team.target);
  team.target = null;
  if (!target || (team.booked.get(target.player) ?? Infinity) >= timeKey(time)) return false;
  book(m, team, target, m.rng.weighted(YELLOW_FOULS), 2, time);
  return true;
}

/** Now and then, a second yellow for a player booked earlier; false when there is none. */
function secondYellowByChance(m: MatchContext, team: TeamState, time: MatchTime): boolean {
  const { rng } = m;
  const bookedEarlier = team
    .removable()
    .filter((p) => (team.booked.get(p.player) ?? Infinity) < timeKey(time));
  if (bookedEarlier.length === 0 || team.onPitch.length <= FEWEST_ON_PITCH || !rng.chance(0.06))
    return false;
  book(m, team, rng.pick(bookedEarlier), rng.weighted(YELLOW_FOULS), 2, time);
  return true;
}

/** Books a player of `pool` not booked yet (defenders and midfielders most often); null if none. */
function firstYellow(
  m: MatchContext,
  team: TeamState,
  pool: readonly SquadMember[],
  time: MatchTime,
): SquadMember | null {
  const candidates = pool.filter((p) => !team.booked.has(p.player));
  const member = weightedMember(
    m.rng,
    candidates,
    (p) => ({ gk: 0.15, def: 1.6, mid: 1.5, fwd: 0.8 })[lineOf(p.position)],
  );
  if (!member) return null;
  book(m, team, member, m.rng.weighted(YELLOW_FOULS), 1, time);
  return member;
}

/** A straight red card, defenders twice as likely; none for a team down to its fewest. */
function sendOff(m: MatchContext, team: TeamState, time: MatchTime): void {
  if (team.onPitch.length <= FEWEST_ON_PITCH) return;
  const member = weightedMember(m.rng, team.removable(), (p) =>
    lineOf(p.position) === 'def' ? 2 : 1,
  );
  if (member) book(m, team, member, m.rng.weighted(RED_FOULS), 3, time);
}

/**
 * A substitution or an injury. A substitution is made while the team has one left; an injured
 * player leaves even when it has none (no one comes on), unless the team is down to its fewest.
 */
function makeChange(
  m: MatchContext,
  team: TeamState,
  plan: Extract<Plan, { kind: 'sub' | 'injury' }>,
): void {
  // Players who came on stay on: taking one off again is rare enough to leave out.
  const candidates = team.removable().filter((p) => !team.cameOn.has(p.player));
  const out =
    plan.kind === 'injury'
      ? candidates.length > 0
        ? m.rng.pick(candidates)
        : null
      : tiredestOf(m.rng, team, candidates);
  if (!out) return;
  const canSub = team.subsUsed < plan.cap;
  if (plan.kind === 'sub' && !canSub) return;
  if (plan.kind === 'injury' && !canSub && team.onPitch.length <= FEWEST_ON_PITCH) return;
  let incoming: SquadMember | null = null;
  if (canSub) {
    incoming = replacementFor(m.rng, team, out);
    if (!incoming) return;
    team.bringOn(incoming);
  }
  team.leave(out.player);
  m.substitutions.push({
    team: team.sheet.team,
    playerIn: incoming?.player ?? null,
    playerOut: out.player,
    time: plan.time,
  });
}

/** The player a manager takes off: forwards and the booked sooner, the players on form later. */
function tiredestOf(
  rng: Rng,
  team: TeamState,
  candidates: readonly SquadMember[],
): SquadMember | null {
  return weightedMember(
    rng,
    candidates,
    (p) =>
      ({ gk: 0, def: 0.6, mid: 1.2, fwd: 1.5 })[lineOf(p.position)] *
      (team.booked.has(p.player) ? 2 : 1) *
      (1.3 - p.quality),
  );
}

/** A substitute from the bench for `out`: one of his line if there is one; null if none at all. */
function replacementFor(rng: Rng, team: TeamState, out: SquadMember): SquadMember | null {
  const outfield = team.bench.filter((p) => lineOf(p.position) !== 'gk');
  const sameLine = outfield.filter((p) => lineOf(p.position) === lineOf(out.position));
  if (sameLine.length > 0) return rng.pick(sameLine);
  return outfield.length > 0 ? rng.pick(outfield) : null;
}
