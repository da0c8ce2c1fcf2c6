import { BODY_PART, CARD, FOUL, PENALTY_OUTCOME, SHOT_EVENT } from '../../../football/codes.ts';
import type { MatchTime } from '../../../contract/match-time.ts';
import type {
  GoalEntry,
  OffenseEntry,
  PenaltyEntry,
  SquadMember,
  SubstitutionEntry,
} from './played-match.ts';
import { timeKey, type Plan } from './match-plan.ts';
import { lineOf, weightedMember, type TeamState } from './match-team.ts';
import type { Rng } from '../random.ts';

/**
 * Playing a match's plan (match-plan.ts) in time order: each planned event picks its players from
 * those on the pitch at that moment, and changes who is on it (a sending-off, a substitution), so a
 * later event never involves a player who has left.
 */

/** Penalty outcome of a kick that scores (reference/lists.ts). */
const GOAL = PENALTY_OUTCOME.goal;

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
  if (card === CARD.yellow) team.booked.set(member.player, timeKey(time));
  else team.leave(member.player);
}

/**
 * The `bodypart` of a goal not headed: the right foot twice as often as the left, now and then just
 * "foot", the chest or another part.
 */
function footOf(rng: Rng): number {
  return rng.weighted([
    [BODY_PART.rightFoot, 64],
    [BODY_PART.leftFoot, 32],
    [BODY_PART.foot, 2],
    [BODY_PART.chest, 1.5],
    [BODY_PART.other, 0.5],
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
  if (roll < red && canLoseOne) book(m, defending, fouler, foul, CARD.red, time);
  else if (roll < red + yellow && !bookedNow) {
    // A player already booked earlier gets his second yellow; one booked this minute, nothing more.
    if (earlier && canLoseOne) book(m, defending, fouler, foul, CARD.secondYellow, time);
    else if (!earlier) book(m, defending, fouler, foul, CARD.yellow, time);
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
    bodypart: rng.chance(header) ? BODY_PART.head : footOf(rng),
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
    shotEvent: SHOT_EVENT.outsideGoalArea,
    bodypart: rng.chance(0.7) ? BODY_PART.rightFoot : BODY_PART.leftFoot,
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
    bodypart:
      shotEvent === SHOT_EVENT.unknown
        ? rng.pick([BODY_PART.unknown, BODY_PART.foot])
        : headed
          ? BODY_PART.head
          : footOf(rng),
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
  book(m, team, target, m.rng.weighted(YELLOW_FOULS), CARD.secondYellow, time);
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
  book(m, team, rng.pick(bookedEarlier), rng.weighted(YELLOW_FOULS), CARD.secondYellow, time);
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
  book(m, team, member, m.rng.weighted(YELLOW_FOULS), CARD.yellow, time);
  return member;
}

/** A straight red card, defenders twice as likely; none for a team down to its fewest. */
function sendOff(m: MatchContext, team: TeamState, time: MatchTime): void {
  if (team.onPitch.length <= FEWEST_ON_PITCH) return;
  const member = weightedMember(m.rng, team.removable(), (p) =>
    lineOf(p.position) === 'def' ? 2 : 1,
  );
  if (member) book(m, team, member, m.rng.weighted(RED_FOULS), CARD.red, time);
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
