import { OUTCOME } from '../../../../football/codes.ts';
import { ACTION, MOD } from '../codes.ts';
import { footOf, ground, inField, point, shotDraft, type Draft } from '../drafts.ts';
import type { Line } from '../../matches/match-team.ts';
import { challenge, duel } from '../duels.ts';
import { playGap, restartWait, type PlayContext } from '../play-context.ts';
import { flip, inPenaltyArea, type Point } from '../pitch.ts';
import { other, type Actor, type Side } from '../players.ts';
import type { Builder } from './script-builder.ts';

/**
 * The build-ups of goals, one for each way a `shot_event` says a goal came about: each plays the
 * stretch before the goal and returns the kick that scores, which goal-scripts.ts pins to the
 * goal's instant.
 */

/** A goal being scripted: the builder, the scorer, where he shoots from and with what. */
export interface GoalPlay {
  readonly ctx: PlayContext;
  readonly b: Builder;
  readonly scorer: Actor;
  readonly side: Side;
  /** Where the scorer shoots from, in his team's view. */
  readonly spot: Point;
  /** The body part modifier of the scoring kick. */
  readonly body: number;
}

/** The scorer's shot from where the build-up left him; a chance when it is from inside the box. */
function shotAtGoal({ ctx, b, scorer, body }: GoalPlay): Draft {
  return shotDraft(
    ctx.rng,
    scorer,
    b.play.at,
    ACTION.shot,
    'goal',
    body,
    playGap(ctx),
    inPenaltyArea(b.play.at) ? [MOD.opportunity] : [],
  );
}

/** A team-mate of the scorer from the given lines, never the scorer himself. */
function mate({ ctx, side, scorer }: GoalPlay, lines: readonly Line[] = ['mid', 'fwd', 'def']) {
  return ctx.squads.fromLines(ctx.rng, side, lines, scorer);
}

/** Wins a corner on the side the ball is on: a cross cut out and headed behind by a defender. */
function winCorner({ ctx, b, side }: GoalPlay): void {
  const { rng, squads } = ctx;
  b.advance(78);
  const { holder, at } = b.play;
  const cut = point(rng.float(90, 96), rng.float(35, 65));
  const defender = squads.near(rng, other(side), flip(cut), { outfield: true });
  const out = point(0, rng.chance(0.5) ? rng.float(5, 30) : rng.float(70, 95));
  b.add({
    drafts: [
      {
        actor: holder,
        at,
        action: ACTION.cross,
        end: ground(cut),
        outcome: OUTCOME.notAccurate,
        gap: playGap(ctx),
        modifiers: [MOD.notAccurate],
      },
      {
        actor: defender,
        at: flip(cut),
        action: ACTION.clearance,
        end: ground(out),
        outcome: OUTCOME.notAccurate,
        gap: 0.7,
        modifiers: [MOD.headBody, MOD.notAccurate],
      },
    ],
    next: {
      kind: 'dead',
      side,
      restart: 'corner',
      at: point(100, out.y < 50 ? 100 : 0),
      wait: restartWait(rng, 'corner'),
    },
  });
}

/** A corner crossed to the scorer, or to a team-mate who flicks it on to him. */
export function cornerRoutine(g: GoalPlay, flick: boolean): Draft {
  const { ctx, b, scorer, spot } = g;
  const { rng } = ctx;
  winCorner(g);
  if (flick) {
    const flicker = mate(g, ['def', 'fwd']);
    b.restartTo(flicker, point(rng.float(88, 93), rng.float(38, 62)), ACTION.corner).feed(
      scorer,
      spot,
      ACTION.headPass,
    );
  } else b.restartTo(scorer, spot, ACTION.corner);
  return shotAtGoal(g);
}

/** Straight in from the corner flag: the corner itself is the goal. */
export function directCorner(g: GoalPlay): Draft {
  const { ctx, b, scorer, body } = g;
  const { rng } = ctx;
  winCorner(g);
  const flag = b.state.kind === 'dead' ? b.state.at : point(100, 0);
  return shotDraft(
    rng,
    scorer,
    point(99.5, flag.y < 50 ? 0.5 : 99.5),
    ACTION.corner,
    'goal',
    body,
    restartWait(rng, 'corner'),
  );
}

/** Wins a free kick at `at`: the player on the ball there is tripped. */
function winFreeKick(g: GoalPlay, at: Point): void {
  const { ctx, b, scorer, side } = g;
  const { rng, squads } = ctx;
  b.feed(b.play.holder === scorer ? mate(g) : b.play.holder, at);
  const fouler = squads.near(rng, other(side), flip(at), { outfield: true });
  b.stop({ kind: 'dead', side, restart: 'freeKick', at, wait: restartWait(rng, 'freeKick') }, [
    ...challenge(b.play.holder, at, fouler, playGap(ctx)),
    {
      actor: fouler,
      at: flip(at),
      action: ACTION.foul,
      end: null,
      outcome: null,
      gap: 0.4,
      modifiers: [MOD.tripping],
    },
  ]);
}

/** A free kick out wide crossed to the scorer, or to a team-mate who flicks it on to him. */
export function freeKickCross(g: GoalPlay, flick: boolean): Draft {
  const { ctx, b, scorer, spot } = g;
  const { rng } = ctx;
  b.advance(55);
  winFreeKick(g, point(rng.float(66, 80), rng.chance(0.5) ? rng.float(8, 25) : rng.float(75, 92)));
  if (flick) {
    b.restartTo(
      mate(g, ['def', 'fwd']),
      point(rng.float(86, 92), rng.float(38, 62)),
      ACTION.freeKickCross,
      [MOD.indirect],
    ).feed(scorer, spot, ACTION.headPass);
  } else b.restartTo(scorer, spot, ACTION.freeKickCross, [MOD.indirect]);
  return shotAtGoal(g);
}

/** Straight in from a free kick won where the scorer shoots from. */
export function directFreeKick(g: GoalPlay): Draft {
  const { ctx, b, scorer, spot, body } = g;
  b.advance(55);
  winFreeKick(g, spot);
  return shotDraft(
    ctx.rng,
    scorer,
    b.state.at,
    ACTION.freeKickShot,
    'goal',
    body,
    restartWait(ctx.rng, 'freeKick'),
    [MOD.direct],
  );
}

/** A throw-in won near the box, thrown to the scorer or to a team-mate who flicks it on. */
export function throwInRoutine(g: GoalPlay, flick: boolean): Draft {
  const { ctx, b, scorer, side, spot } = g;
  const { rng, squads } = ctx;
  b.advance(72);
  const { holder, at } = b.play;
  const out = point(Math.max(at.x, rng.float(74, 90)), at.y < 50 ? 0 : 100);
  const defender = squads.near(rng, other(side), flip(out), { outfield: true });
  // The holder runs at the touchline and a defender puts the ball out.
  b.stop({ kind: 'dead', side, restart: 'throwIn', at: out, wait: restartWait(rng, 'throwIn') }, [
    {
      actor: holder,
      at,
      action: ACTION.acceleration,
      end: ground(point(out.x - 2, at.y < 50 ? 4 : 96)),
      outcome: OUTCOME.accurate,
      gap: playGap(ctx),
      modifiers: [MOD.accurate],
    },
    ...duel(
      ACTION.groundDefendingDuel,
      defender,
      flip(point(out.x - 2, at.y < 50 ? 4 : 96)),
      holder,
      ACTION.groundAttackingDuel,
      1.2,
    ),
  ]);
  if (flick) {
    b.restartTo(
      mate(g, ['def', 'fwd']),
      point(rng.float(86, 92), rng.float(35, 60)),
      ACTION.throwIn,
    ).feed(scorer, spot, ACTION.headPass);
  } else b.restartTo(scorer, spot, ACTION.throwIn);
  return shotAtGoal(g);
}

/** The ball worked out wide to a winger, who crosses it to the scorer. */
export function crossIn(g: GoalPlay): Draft {
  const { ctx, b, scorer, spot } = g;
  b.advance(62);
  const winger = mate(g, ['mid', 'fwd', 'def']);
  b.feed(winger, flank(ctx, b.play.at)).feed(scorer, spot, ACTION.cross);
  return shotAtGoal(g);
}

/** A through ball to the scorer, who shoots one on one or takes the ball round the goalkeeper. */
export function throughBall(g: GoalPlay, roundKeeper: boolean): Draft {
  const { ctx, b, scorer, side, spot } = g;
  const { rng, squads } = ctx;
  b.advance(55);
  // The scorer runs onto the ball: someone else plays it.
  if (b.play.holder === scorer) b.feed(mate(g, ['mid']), point(b.play.at.x + 3, rng.float(35, 65)));
  if (!roundKeeper) {
    b.feed(scorer, spot, ACTION.smartPass);
    return shotAtGoal(g);
  }
  const run = point(rng.float(84, 90), rng.float(40, 60));
  b.feed(scorer, run, ACTION.smartPass);
  const keeper = squads.keeper(other(side));
  b.add({
    drafts: [
      {
        actor: keeper,
        at: flip(run),
        action: ACTION.goalkeeperLeavingLine,
        end: null,
        outcome: null,
        gap: 0.8,
        modifiers: [],
      },
      ...duel(
        ACTION.groundAttackingDuel,
        scorer,
        point(run.x + 4, run.y),
        keeper,
        ACTION.groundDefendingDuel,
        1.1,
        [MOD.takeOnLeft],
      ),
    ],
    next: { kind: 'play', side, holder: scorer, at: spot },
  });
  return shotAtGoal(g);
}

/**
 * A team-mate's shot saved or blocked, and the scorer first to the loose ball. The save is the
 * goalkeeper's; the block, a defender's touch.
 */
export function rebound(g: GoalPlay, first: 'saved' | 'blocked'): Draft {
  const { ctx, b, scorer, side, spot } = g;
  const { rng, squads } = ctx;
  b.advance(80);
  const shooter = b.play.holder === scorer ? mate(g, ['mid', 'fwd']) : b.play.holder;
  const from = point(rng.float(84, 92), rng.float(35, 65));
  b.feed(shooter, from);
  const shot = shotDraft(
    rng,
    shooter,
    from,
    ACTION.shot,
    first,
    footOf(rng, shooter),
    playGap(ctx),
  );
  b.add({ drafts: [shot], next: b.state });
  if (first === 'saved') b.add({ drafts: [parried(g, shot)], next: b.state });
  const defender = squads.near(rng, other(side), flip(spot), { outfield: true });
  if (first === 'blocked') {
    // The block is the defender's touch, and the ball runs loose to the scorer.
    b.add({
      drafts: [
        {
          actor: defender,
          at: flip(shot.end!),
          action: ACTION.touch,
          end: ground(flip(spot)),
          outcome: OUTCOME.notAccurate,
          gap: 0.3,
          modifiers: [],
        },
      ],
      next: b.state,
    });
  }
  b.add({
    drafts: duel(ACTION.looseBallDuel, scorer, spot, defender, ACTION.looseBallDuel, 0.9),
    next: { kind: 'play', side, holder: scorer, at: spot },
  });
  return shotAtGoal(g);
}

/** The goalkeeper's save that parries a shot out to where the scorer will shoot from. */
function parried({ ctx, side, spot }: GoalPlay, shot: Draft): Draft {
  return {
    actor: ctx.squads.keeper(other(side)),
    at: flip(point(99, shot.end!.y)),
    action: ACTION.reflexes,
    end: ground(flip(spot)),
    outcome: OUTCOME.accurate,
    gap: 0.5,
    modifiers: [MOD.accurate, MOD.dive],
  };
}

/** The other team gives the ball away near its own goal, and the scorer's side pounces. */
export function giveaway(g: GoalPlay): Draft {
  const { ctx, b, scorer, side, spot } = g;
  const { rng, squads } = ctx;
  const holder = b.play.holder;
  const loser =
    holder.line === 'def' || holder.line === 'gk'
      ? holder
      : squads.fromLines(rng, other(side), ['def']);
  if (loser !== holder) b.feed(loser, point(rng.float(8, 22), rng.float(25, 75)));
  const from = b.play.at;
  const cut = inField(from.x + rng.float(4, 10), from.y + rng.float(-10, 10));
  const winner = rng.chance(0.5) ? scorer : mate(g, ['fwd', 'mid']);
  b.add({
    drafts: [
      {
        actor: loser,
        at: from,
        action: ACTION.simplePass,
        end: ground(cut),
        outcome: OUTCOME.notAccurate,
        gap: playGap(ctx),
        modifiers: [MOD.notAccurate, MOD.dangerousBallLost],
      },
      {
        actor: winner,
        at: flip(cut),
        action: ACTION.touch,
        end: ground(flip(cut)),
        outcome: OUTCOME.accurate,
        gap: 0.7,
        modifiers: [MOD.interception],
      },
    ],
    next: { kind: 'play', side, holder: winner, at: flip(cut) },
  }).feed(scorer, spot);
  return shotAtGoal(g);
}

/** Worked upfield and passed to the scorer, now and then with a through ball. */
export function passedIn(g: GoalPlay): Draft {
  const { ctx, b, scorer, spot } = g;
  b.advance(68).feed(scorer, spot, ctx.rng.chance(0.25) ? ACTION.smartPass : ACTION.simplePass);
  return shotAtGoal(g);
}

/** A crossing position out wide, on the flank the ball is on. */
export function flank(ctx: PlayContext, at: Point): Point {
  const { rng } = ctx;
  return point(rng.float(78, 92), at.y < 50 ? rng.float(4, 16) : rng.float(84, 96));
}
