import { OUTCOME, SHOT_EVENT } from '../../../../football/codes.ts';
import { ACTION, MOD } from '../codes.ts';
import { footOf, ground, point, shotDraft, type BallState, type Draft } from '../drafts.ts';
import {
  cornerRoutine,
  crossIn,
  directCorner,
  directFreeKick,
  flank,
  freeKickCross,
  giveaway,
  passedIn,
  rebound,
  throughBall,
  throwInRoutine,
  type GoalPlay,
} from './goal-build-ups.ts';
import type { GoalFact } from '../match-facts.ts';
import { playGap, type PlayContext } from '../play-context.ts';
import { CROSSBAR, flip, POSTS, type Point } from '../pitch.ts';
import { other, type Actor } from '../players.ts';
import { beaten, bodyModifier, Builder, kickoffAfter, type Script } from './script-builder.ts';

/**
 * The script of a goal: the build-up its `shot_event` describes (a corner headed in, a free kick
 * crossed, a through ball, a rebound, a giveaway, ...), then the scoring kick pinned to the goal's
 * instant, the beaten goalkeeper's save attempt and the kick-off that follows.
 */

/** How a goal is built up, from its `shot_event` (reference/lists.ts). */
type BuildUp =
  /** Crossed in from a corner (12), or flicked on to the scorer (17). */
  | { readonly kind: 'corner'; readonly flick: boolean }
  /** Straight in from the corner flag (15). */
  | { readonly kind: 'directCorner' }
  /** Crossed in from a free kick out wide (11), or flicked on to the scorer (18). */
  | { readonly kind: 'freeKickCross'; readonly flick: boolean }
  /** Straight in from a free kick (16). */
  | { readonly kind: 'directFreeKick' }
  /** Thrown in near the box (13), or flicked on to the scorer (19). */
  | { readonly kind: 'throwIn'; readonly flick: boolean }
  /** A cross from open play, or a close-range redirection of one (14, 22). */
  | { readonly kind: 'cross' }
  /** A through ball one on one (20), taken round the goalkeeper (29). */
  | { readonly kind: 'throughBall'; readonly roundKeeper: boolean }
  /** A first shot saved (27) or blocked (21), and the scorer first to the loose ball. */
  | { readonly kind: 'rebound'; readonly first: 'saved' | 'blocked' }
  /** The other team gives the ball away near its own goal (28). */
  | { readonly kind: 'giveaway' }
  /** Passed to the scorer, who shoots (any other shot event). */
  | { readonly kind: 'pass' };

/** The build-up of a goal with a given `shot_event`. */
function buildUpOf(shotEvent: number | null): BuildUp {
  switch (shotEvent) {
    case SHOT_EVENT.crossFromCorner:
    case SHOT_EVENT.flickOnFromCorner:
      return { kind: 'corner', flick: shotEvent === SHOT_EVENT.flickOnFromCorner };
    case SHOT_EVENT.directFromCorner:
      return { kind: 'directCorner' };
    case SHOT_EVENT.crossFromFreeKick:
    case SHOT_EVENT.flickOnFromFreeKick:
      return { kind: 'freeKickCross', flick: shotEvent === SHOT_EVENT.flickOnFromFreeKick };
    case SHOT_EVENT.directFromFreeKick:
      return { kind: 'directFreeKick' };
    case SHOT_EVENT.crossFromThrowIn:
    case SHOT_EVENT.flickOnFromThrowIn:
      return { kind: 'throwIn', flick: shotEvent === SHOT_EVENT.flickOnFromThrowIn };
    case SHOT_EVENT.crossFromOpenPlay:
    case SHOT_EVENT.redirection:
      return { kind: 'cross' };
    case SHOT_EVENT.throughPass:
    case SHOT_EVENT.roundKeeper:
      return { kind: 'throughBall', roundKeeper: shotEvent === SHOT_EVENT.roundKeeper };
    case SHOT_EVENT.scramble:
    case SHOT_EVENT.rebound:
      return { kind: 'rebound', first: shotEvent === SHOT_EVENT.rebound ? 'saved' : 'blocked' };
    case SHOT_EVENT.giveaway:
      return { kind: 'giveaway' };
    default:
      return { kind: 'pass' };
  }
}

/** A goal scored by `goal.lineup` at `time`, built up the way its shot event says. */
export function goalScript(
  ctx: PlayContext,
  state: BallState,
  goal: GoalFact,
  time: number,
): Script {
  const scorer = ctx.squads.actor(goal.lineup);
  if (goal.ownGoal) return ownGoalScript(ctx, state, goal, scorer, time);
  const side = scorer.side;
  const body = bodyModifier(ctx, goal.bodypart, scorer);
  const spot = shotSpot(ctx, goal.shotEvent, body === MOD.headBody);
  // A goal from a giveaway starts with the other team on the ball; every other one with the
  // scorer's.
  const b = new Builder(ctx, state).gain(
    goal.shotEvent === SHOT_EVENT.giveaway ? other(side) : side,
  );
  const g: GoalPlay = { ctx, b, scorer, side, spot, body };
  const kick = scoringKick(g, buildUpOf(goal.shotEvent));
  return beaten(ctx, b.pin(kick, time), kick, other(side)).done(kickoffAfter(ctx, other(side)));
}

/** Plays the build-up; returns the kick that scores (a set piece itself, for a direct one). */
function scoringKick(g: GoalPlay, buildUp: BuildUp): Draft {
  switch (buildUp.kind) {
    case 'corner':
      return cornerRoutine(g, buildUp.flick);
    case 'directCorner':
      return directCorner(g);
    case 'freeKickCross':
      return freeKickCross(g, buildUp.flick);
    case 'directFreeKick':
      return directFreeKick(g);
    case 'throwIn':
      return throwInRoutine(g, buildUp.flick);
    case 'cross':
      return crossIn(g);
    case 'throughBall':
      return throughBall(g, buildUp.roundKeeper);
    case 'rebound':
      return rebound(g, buildUp.first);
    case 'giveaway':
      return giveaway(g);
    case 'pass':
      return passedIn(g);
    default:
      return buildUp satisfies never;
  }
}

/** Where a scorer shoots from, for each kind of goal (`shot_event` reference ids). */
function shotSpot(ctx: PlayContext, shotEvent: number | null, header: boolean): Point {
  const { rng } = ctx;
  switch (shotEvent) {
    case SHOT_EVENT.insideGoalArea:
    case SHOT_EVENT.redirection:
    case SHOT_EVENT.roundKeeper:
      // In the six-yard box (from 94.76), 2 to 5 m out: not on the goal line.
      return point(rng.float(95, 98), rng.float(40, 60));
    case SHOT_EVENT.outsidePenaltyArea:
    case SHOT_EVENT.deflected:
      return point(rng.float(68, 83), rng.float(30, 70));
    case SHOT_EVENT.directFromFreeKick:
      return point(rng.float(70, 82), rng.float(32, 68));
    default:
      return header
        ? point(rng.float(88, 96), rng.float(38, 62))
        : point(rng.float(85, 94.5), rng.float(30, 70));
  }
}

/**
 * An own goal: the other team crosses or shoots, and `scorer` (a defender) turns the ball into his
 * own net.
 */
function ownGoalScript(
  ctx: PlayContext,
  state: BallState,
  goal: GoalFact,
  scorer: Actor,
  time: number,
): Script {
  const { rng, squads } = ctx;
  const attacking = other(scorer.side);
  const body = bodyModifier(ctx, goal.bodypart, scorer);
  const b = new Builder(ctx, state).gain(attacking).advance(70);
  const touch = point(rng.float(1.5, 5), rng.float(40, 60));
  if (goal.shotEvent === SHOT_EVENT.deflected || goal.shotEvent === SHOT_EVENT.scramble) {
    const shooter =
      b.play.holder.line === 'gk'
        ? squads.fromLines(rng, attacking, ['fwd', 'mid'])
        : b.play.holder;
    const from = point(rng.float(78, 90), rng.float(32, 68));
    b.feed(shooter, from);
    b.add({
      drafts: [
        shotDraft(rng, shooter, from, ACTION.shot, 'blocked', footOf(rng, shooter), playGap(ctx)),
      ],
      next: b.state,
    });
  } else {
    const winger = squads.fromLines(rng, attacking, ['mid', 'fwd', 'def']);
    const wide = flank(ctx, b.play.at);
    b.feed(winger, wide);
    b.add({
      drafts: [
        {
          actor: winger,
          at: wide,
          action: ACTION.cross,
          end: ground(flip(touch)),
          outcome: OUTCOME.notAccurate,
          gap: playGap(ctx),
          modifiers: [MOD.notAccurate],
        },
      ],
      next: b.state,
    });
  }
  const y = rng.float(POSTS[0] + 0.3, POSTS[1] - 0.3);
  const own: Draft = {
    actor: scorer,
    at: touch,
    action: body === MOD.headBody ? ACTION.clearance : ACTION.touch,
    end: { x: 0, y, z: rng.float(0.5, CROSSBAR - 4) },
    outcome: OUTCOME.notAccurate,
    gap: 0.6,
    modifiers: [body, MOD.ownGoal, MOD.notAccurate],
  };
  return beaten(ctx, b.pin(own, time), own, scorer.side).done(kickoffAfter(ctx, scorer.side));
}
