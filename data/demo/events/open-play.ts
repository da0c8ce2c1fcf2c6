import { OUTCOME } from '../../../football/codes.ts';
import { ACTION, MOD } from './codes.ts';
import {
  accuracy,
  footOf,
  ground,
  inField,
  point,
  shotDraft,
  type BallState,
  type Draft,
  type ShotEnd,
  type Step,
} from './drafts.ts';
import { afterShot } from './after-shot.ts';
import { clearance } from './clearance.ts';
import { challenge, contest, duel } from './duels.ts';
import { pass } from './passes.ts';
import { flip, inPenaltyArea } from './pitch.ts';
import { playGap, restartWait, type PlayContext } from './play-context.ts';
import { other, type Actor } from './players.ts';

/**
 * Open play: what the player on the ball does next and what comes of it. Every function returns the
 * events of one short stretch of play and the state it leaves (who has the ball, or which restart
 * is due). Places are in the acting team's view; a change of possession turns the pitch round
 * (`flip`). Nothing here scores, books anyone or gives a penalty: those come only from the match's
 * macro-events (scripts.ts), so the two always agree. Passes, clearances, duels and what follows a
 * shot are in files of their own (passes.ts, clearance.ts, duels.ts, after-shot.ts).
 */

/** The state of play with a player on the ball. */
type InPlay = Extract<BallState, { kind: 'play' }>;

/** What an outfield player on the ball may do. */
type Choice =
  | 'simplePass'
  | 'highPass'
  | 'smartPass'
  | 'acceleration'
  | 'takeOn'
  | 'fouled'
  | 'touch'
  | 'shot'
  | 'cross'
  | 'clearance'
  | 'headPass'
  | 'launch';

/** A shot from open play: blocked, wide or over, saved or off the woodwork, never a goal. */
function shoot(ctx: PlayContext, state: InPlay, gap: number): Step {
  const { rng } = ctx;
  const how = rng.weighted<Exclude<ShotEnd, 'goal'>>([
    ['blocked', 0.27],
    ['offTarget', 0.4],
    ['saved', 0.29],
    ['woodwork', 0.04],
  ]);
  const bodyPart = state.aerial ? MOD.headBody : footOf(rng, state.holder);
  const chance = inPenaltyArea(state.at) && Math.abs(state.at.y - 50) < 15 ? [MOD.opportunity] : [];
  const shot = shotDraft(rng, state.holder, state.at, ACTION.shot, how, bodyPart, gap, chance);
  const after = afterShot(ctx, shot, how);
  return { drafts: [shot, ...after.drafts], next: after.next };
}

/**
 * A take-on: the holder against a defender, won, lost or ending in a foul (never in the defender's
 * box).
 */
function takeOn(ctx: PlayContext, state: InPlay, gap: number): Step {
  const { rng, squads } = ctx;
  const { holder, at } = state;
  const defender = squads.near(rng, other(holder.side), flip(at), { outfield: true });
  const roll = rng.float(0, 1, 4);
  if (roll < 0.12 && !inPenaltyArea(at)) return fouled(ctx, state, gap, defender);
  if (roll < 0.55) {
    const moved = inField(at.x + rng.float(3, 9), at.y + rng.float(-4, 4));
    const side = moved.y < at.y ? MOD.takeOnLeft : MOD.takeOnRight;
    return {
      drafts: duel(
        ACTION.groundAttackingDuel,
        holder,
        at,
        defender,
        ACTION.groundDefendingDuel,
        gap,
        [side],
      ),
      next: { kind: 'play', side: holder.side, holder, at: moved },
    };
  }
  const tackle = rng.chance(0.25) ? [MOD.slidingTackle] : [];
  return {
    drafts: duel(
      ACTION.groundDefendingDuel,
      defender,
      flip(at),
      holder,
      ACTION.groundAttackingDuel,
      gap,
      tackle,
    ),
    next: { kind: 'play', side: defender.side, holder: defender, at: flip(at) },
  };
}

/** A foul on the holder by an opponent, then a free kick where it happened. */
function fouled(ctx: PlayContext, state: InPlay, gap: number, by?: Actor): Step {
  const { rng, squads } = ctx;
  const fouler =
    by ?? squads.near(rng, other(state.holder.side), flip(state.at), { outfield: true });
  const hand = rng.chance(0.06);
  const type = hand
    ? MOD.handball
    : rng.weighted<number | null>([
        [MOD.tripping, 5],
        [MOD.holding, 3],
        [MOD.dangerousPlay, 1],
        [null, 1],
      ]);
  const foul: Draft = {
    actor: fouler,
    at: flip(state.at),
    action: hand ? ACTION.handFoul : ACTION.foul,
    end: null,
    outcome: null,
    gap: hand ? gap : 0.4,
    modifiers: type === null ? [] : [type],
  };
  return {
    drafts: hand ? [foul] : [...challenge(state.holder, state.at, fouler, gap), foul],
    next: {
      kind: 'dead',
      side: state.holder.side,
      restart: 'freeKick',
      at: state.at,
      wait: restartWait(rng, 'freeKick'),
    },
  };
}

/**
 * The goalkeeper with the ball in his hands or at his feet: thrown out, rolled short or launched.
 */
function distribute(ctx: PlayContext, state: InPlay, gap: number): Step {
  const { rng } = ctx;
  const action = rng.weighted([
    [ACTION.handPass, 4],
    [ACTION.launch, 3.5],
    [ACTION.simplePass, 2.5],
  ]);
  if (action !== ACTION.launch) return pass(ctx, state.holder, state.at, action, gap);
  const landing = point(rng.float(48, 70), rng.float(20, 80));
  const after = contest(ctx, state.side, landing, true, 0.5);
  const won = after.next.kind === 'play' && after.next.side === state.side;
  return {
    drafts: [
      {
        actor: state.holder,
        at: state.at,
        action,
        end: ground(landing),
        outcome: won ? OUTCOME.accurate : OUTCOME.notAccurate,
        gap,
        modifiers: [MOD.high, accuracy(won)],
      },
      ...after.drafts,
    ],
    next: after.next,
  };
}

/**
 * What the holder may do where he is, with weights: he shoots only near goal and centrally,
 * crosses only from out wide, clears only deep in his own end, heads on only a ball in the air.
 */
function choices(state: InPlay): [Choice, number][] {
  const { holder, at } = state;
  const central = Math.abs(at.y - 50) < 26;
  const options: [Choice, number][] = [
    ['simplePass', 0.6],
    ['highPass', at.x < 45 ? 0.09 : 0.05],
    ['smartPass', at.x > 40 && at.x < 85 ? 0.05 : 0.01],
    ['acceleration', 0.06],
    ['takeOn', 0.085],
    ['fouled', 0.026],
    ['touch', 0.03],
  ];
  // Most shots from inside the box, some from further out: about seven in ten inside (six in ten
  // in Wyscout's league data).
  if (at.x > 74 && central)
    options.push(['shot', inPenaltyArea(at) ? (state.aerial ? 1.5 : 0.5) : 0.3]);
  if (at.x > 66 && !central) options.push(['cross', at.y < 18 || at.y > 82 ? 0.35 : 0.12]);
  if (at.x < 20 && holder.line === 'def') options.push(['clearance', 0.12]);
  if (state.aerial) options.push(['headPass', 0.6]);
  if (holder.line === 'def' && at.x < 40) options.push(['launch', 0.04]);
  return options;
}

/** One action of the player on the ball, and what it leads to. */
export function openPlay(ctx: PlayContext, state: InPlay): Step {
  const { holder, at } = state;
  const gap = playGap(ctx);
  if (holder.line === 'gk') return distribute(ctx, state, gap);
  const choice = ctx.rng.weighted(choices(state));
  switch (choice) {
    case 'shot':
      return shoot(ctx, state, gap);
    case 'cross':
      return pass(ctx, holder, at, ACTION.cross, gap);
    case 'clearance':
      return clearance(ctx, holder, at, state.aerial ?? false, gap);
    case 'headPass':
      return pass(ctx, holder, at, ACTION.headPass, gap);
    case 'highPass':
      return pass(ctx, holder, at, ACTION.highPass, gap);
    case 'launch':
      return pass(ctx, holder, at, ACTION.launch, gap);
    case 'smartPass':
      return pass(ctx, holder, at, ACTION.smartPass, gap);
    case 'simplePass':
      return pass(ctx, holder, at, ACTION.simplePass, gap);
    case 'takeOn':
      return takeOn(ctx, state, gap);
    case 'fouled':
      // A foul in the box would be a penalty, which only the macro-events give.
      return inPenaltyArea(at) ? takeOn(ctx, state, gap) : fouled(ctx, state, gap);
    case 'acceleration':
      return carry(ctx, state, gap);
    case 'touch':
      return settle(ctx, state, gap);
    default:
      return choice satisfies never;
  }
}

/** The holder runs with the ball into space ahead of him. */
function carry(ctx: PlayContext, state: InPlay, gap: number): Step {
  const { rng } = ctx;
  const { holder, at } = state;
  const end = inField(at.x + rng.float(8, 20), at.y + rng.float(-6, 6));
  return {
    drafts: [
      {
        actor: holder,
        at,
        action: ACTION.acceleration,
        end: ground(end),
        outcome: OUTCOME.accurate,
        gap,
        modifiers: [MOD.accurate],
      },
    ],
    next: { kind: 'play', side: holder.side, holder, at: end },
  };
}

/** The holder takes a touch to settle the ball, and keeps it. */
function settle(ctx: PlayContext, state: InPlay, gap: number): Step {
  const { rng } = ctx;
  const { holder, at } = state;
  const end = inField(at.x + rng.float(-2, 4), at.y + rng.float(-3, 3));
  return {
    drafts: [
      {
        actor: holder,
        at,
        action: ACTION.touch,
        end: ground(end),
        outcome: null,
        gap,
        modifiers: [],
      },
    ],
    next: { kind: 'play', side: holder.side, holder, at: end },
  };
}
