import { CARD, PENALTY_OUTCOME } from '../../../../football/codes.ts';
import { afterShot } from '../after-shot.ts';
import { ACTION, CARD_MODIFIER, foulAction, isContactFoul } from '../codes.ts';
import { footOf, point, shotDraft, type BallState, type ShotEnd } from '../drafts.ts';
import { challenge } from '../duels.ts';
import { goalScript } from './goal-scripts.ts';
import type { OffenseFact } from '../match-facts.ts';
import { CROSSBAR, flip, PENALTY_SPOT, POSTS, type Point } from '../pitch.ts';
import { playGap, restartWait, type PlayContext } from '../play-context.ts';
import { other, type Actor } from '../players.ts';
import { beaten, bodyModifier, Builder, kickoffAfter, type Script } from './script-builder.ts';
import type { Anchor } from '../timeline.ts';

/**
 * The scripted stretches of play behind each macro-event: the build-up and the shot of every goal
 * (as its `shot_event` describes it: a corner headed in, a through ball, a rebound, ...; see
 * goal-scripts.ts), the foul and the kick of every penalty, the foul of every booking. The key
 * event is pinned to the anchor's instant; the build-up before it keeps its natural pace and is
 * fitted in just before.
 */

/**
 * Where a penalty ends for each outcome of the reference list (1 Goal, 2 Miss, 3 Save, 4 Wide, 5
 * Over, 6 Post, 7 Bar).
 */
function penaltyEnd(ctx: PlayContext, outcome: number): { how: ShotEnd; y: number; z: number } {
  const { rng } = ctx;
  const left = rng.chance(0.5);
  const wide = left
    ? rng.float(POSTS[0] - 4, POSTS[0] - 0.4)
    : rng.float(POSTS[1] + 0.4, POSTS[1] + 4);
  switch (outcome) {
    case PENALTY_OUTCOME.goal:
      return {
        how: 'goal',
        y: rng.float(POSTS[0] + 0.4, POSTS[1] - 0.4),
        z: rng.float(1, CROSSBAR - 2),
      };
    case PENALTY_OUTCOME.save:
      return {
        how: 'saved',
        y: rng.float(POSTS[0] + 0.6, POSTS[1] - 0.6),
        z: rng.float(1, CROSSBAR - 6),
      };
    case PENALTY_OUTCOME.wide:
      return { how: 'offTarget', y: wide, z: rng.float(1, CROSSBAR - 4) };
    case PENALTY_OUTCOME.over:
      return {
        how: 'offTarget',
        y: rng.float(POSTS[0] + 1, POSTS[1] - 1),
        z: rng.float(CROSSBAR + 2, 60),
      };
    case PENALTY_OUTCOME.post:
      return { how: 'woodwork', y: left ? POSTS[0] : POSTS[1], z: rng.float(2, CROSSBAR - 4) };
    case PENALTY_OUTCOME.bar:
      return { how: 'woodwork', y: rng.float(POSTS[0] + 1, POSTS[1] - 1), z: CROSSBAR };
    default:
      return rng.chance(0.5)
        ? { how: 'offTarget', y: wide, z: rng.float(1, 20) }
        : { how: 'offTarget', y: rng.float(POSTS[0], POSTS[1]), z: rng.float(CROSSBAR + 2, 55) };
  }
}

/**
 * A foul, protest or time wasting by `fouler` at `time`, with its card. A challenge on the player
 * on the ball (not a handball) ends the duel the two were in, recorded just before it.
 */
function foulEvent(
  ctx: PlayContext,
  b: Builder,
  fouler: Actor,
  foul: number | null,
  card: number | null,
  spot: Point,
  time: number,
): void {
  const { action, type } = foulAction(foul);
  const modifiers = [
    ...(type === null ? [] : [type]),
    ...(card === null ? [] : [CARD_MODIFIER[card]!]),
  ];
  const state = b.state;
  const challenged =
    isContactFoul(action) &&
    action !== ACTION.handFoul &&
    state.kind === 'play' &&
    state.side !== fouler.side;
  if (challenged)
    b.add({ drafts: challenge(state.holder, state.at, fouler, playGap(ctx)), next: state });
  b.pin(
    {
      actor: fouler,
      at: spot,
      action,
      end: null,
      outcome: null,
      gap: challenged ? 0.4 : playGap(ctx),
      modifiers,
    },
    time,
  );
  // A player sent off takes no further part.
  if (card !== null && card !== CARD.yellow) ctx.squads.leave(fouler.lineup);
}

/**
 * A penalty: the run into the box, the foul (and its booking), then the kick and what follows it.
 */
function penaltyScript(
  ctx: PlayContext,
  state: BallState,
  anchor: Extract<Anchor, { kind: 'penalty' }>,
): Script {
  const { rng, squads } = ctx;
  const taker = squads.actor(anchor.penalty.lineup);
  const side = taker.side;
  const victimSpot = point(rng.float(87, 95), rng.float(30, 70));
  const b = new Builder(ctx, state).gain(side).advance(68);
  b.feed(squads.fromLines(rng, side, ['fwd', 'mid'], b.play.holder), victimSpot, ACTION.smartPass);
  const fouler = anchor.booking
    ? squads.actor(anchor.booking.lineup)
    : squads.near(rng, other(side), flip(victimSpot), { outfield: true });
  foulEvent(
    ctx,
    b,
    fouler,
    anchor.penalty.foul,
    anchor.booking?.card ?? null,
    flip(victimSpot),
    anchor.start,
  );
  const end = penaltyEnd(ctx, anchor.penalty.outcome);
  const body = anchor.goal ? bodyModifier(ctx, anchor.goal.bodypart, taker) : footOf(rng, taker);
  const kick = shotDraft(
    rng,
    taker,
    point(PENALTY_SPOT[0], PENALTY_SPOT[1]),
    ACTION.penalty,
    end.how,
    body,
    0,
    [],
    end,
  );
  b.pin(kick, anchor.time);
  if (end.how === 'goal')
    return beaten(ctx, b, kick, other(side)).done(kickoffAfter(ctx, other(side)));
  const after = afterShot(ctx, kick, end.how);
  return b.add(after).done();
}

/** A booking: for a foul the booked player's team does not have the ball; a dive, when it does. */
function cardScript(
  ctx: PlayContext,
  state: BallState,
  offense: OffenseFact,
  time: number,
): Script {
  const { rng, squads } = ctx;
  const fouler = squads.actor(offense.lineup);
  const { action } = foulAction(offense.foul);
  const fouled = other(fouler.side);
  if (action === ACTION.simulation) {
    const b = new Builder(ctx, state).gain(fouler.side).advance(60);
    const spot = point(rng.float(80, 92), rng.float(28, 72));
    b.feed(fouler, spot);
    foulEvent(ctx, b, fouler, offense.foul, offense.card, spot, time);
    return b.done({
      kind: 'dead',
      side: fouled,
      restart: 'indirectFreeKick',
      at: flip(spot),
      wait: restartWait(rng, 'indirectFreeKick'),
    });
  }
  // Where the booked player is: in his lane, at his line's height, never in his own box (a foul
  // there would be a penalty, and the match has none at this minute).
  const depth = { gk: [17, 20], def: [18, 42], mid: [30, 66], fwd: [52, 85] }[fouler.line] as [
    number,
    number,
  ];
  const spot = point(rng.float(depth[0], depth[1]), fouler.lane + rng.float(-12, 12));
  const b = new Builder(ctx, state).gain(fouled);
  if (isContactFoul(action))
    b.feed(squads.near(rng, fouled, flip(spot), { outfield: true }), flip(spot));
  foulEvent(ctx, b, fouler, offense.foul, offense.card, spot, time);
  const restartKind = isContactFoul(action) ? 'freeKick' : 'indirectFreeKick';
  return b.done({
    kind: 'dead',
    side: fouled,
    restart: restartKind,
    at: flip(spot),
    wait: restartWait(rng, restartKind),
  });
}

/** The script of a goal, penalty or booking anchor, from the state play is in. */
export function scriptFor(
  ctx: PlayContext,
  state: BallState,
  anchor: Exclude<Anchor, { kind: 'change' }>,
): Script {
  switch (anchor.kind) {
    case 'goal':
      return goalScript(ctx, state, anchor.goal, anchor.time);
    case 'penalty':
      return penaltyScript(ctx, state, anchor);
    case 'card':
      return cardScript(ctx, state, anchor.offense, anchor.time);
  }
}

/** Roughly how long each script's build-up takes, so open play stops in time for it. */
export const SCRIPT_LEAD: Readonly<Record<Exclude<Anchor, { kind: 'change' }>['kind'], number>> = {
  goal: 40,
  penalty: 20,
  card: 10,
};
