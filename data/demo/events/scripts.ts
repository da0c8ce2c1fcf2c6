import { BODY_PART, CARD, OUTCOME, PENALTY_OUTCOME, SHOT_EVENT } from '../../reference/codes.ts';
import { ACTION, CARD_MODIFIER, foulAction, isContactFoul, MOD } from './codes.ts';
import {
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
import type { GoalFact, OffenseFact } from './match-facts.ts';
import {
  afterShot,
  challenge,
  duel,
  pass,
  playGap,
  restartWait,
  type PlayContext,
} from './open-play.ts';
import { CROSSBAR, flip, inPenaltyArea, PENALTY_SPOT, POSTS, type Point } from './pitch.ts';
import type { Line } from '../match-play.ts';
import { other, type Actor, type Side } from './players.ts';
import { restart } from './set-pieces.ts';
import type { Anchor } from './timeline.ts';

/**
 * The scripted stretches of play behind each macro-event: the build-up and the shot of every goal
 * (as its `shot_event` describes it: a corner headed in, a through ball, a rebound, ...), the foul
 * and the kick of every penalty, the foul of every booking. The key event is pinned to the anchor's
 * instant; the build-up before it keeps its natural pace and is fitted in just before.
 */

/** A scripted event; `at` pins it to seconds of the period's clock. */
export interface Scripted {
  readonly draft: Draft;
  readonly at?: number;
}

/** A script: its events and the state of play after them. */
export interface Script {
  readonly events: readonly Scripted[];
  readonly next: BallState;
}

type InPlay = Extract<BallState, { kind: 'play' }>;

/** Collects the events of a script while keeping track of the state of play. */
class Builder {
  readonly events: Scripted[] = [];

  constructor(
    readonly ctx: PlayContext,
    public state: BallState,
  ) {}

  /** Appends a stretch of play and moves on to the state it leaves. */
  add(step: Step): this {
    for (const draft of step.drafts) this.events.push({ draft });
    this.state = step.next;
    return this;
  }

  /** Appends the pinned key event. */
  pin(draft: Draft, at: number): this {
    this.events.push({ draft, at });
    return this;
  }

  /** The state as a player in possession (scripts call it after `gain`). */
  get play(): InPlay {
    if (this.state.kind !== 'play') throw new Error('demo events: a script lost the ball');
    return this.state;
  }

  /** Gives `side` the ball: takes any restart due, and wins the ball back from the other team. */
  gain(side: Side): this {
    const { rng, squads } = this.ctx;
    for (let guard = 0; guard < 6; guard++) {
      const state = this.state;
      if (state.kind === 'play' && state.side === side) return this;
      if (state.kind === 'dead') {
        this.add(restart(this.ctx, state, { forceAccurate: state.side === side }));
        continue;
      }
      const winner = squads.near(rng, side, flip(state.at), { outfield: true });
      this.add({
        drafts: duel(
          ACTION.groundDefendingDuel,
          winner,
          flip(state.at),
          state.holder,
          ACTION.groundAttackingDuel,
          playGap(this.ctx),
        ),
        next: { kind: 'play', side, holder: winner, at: flip(state.at) },
      });
    }
    throw new Error('demo events: a script could not win the ball');
  }

  /** Moves the ball upfield with sure passes until it is past `x`. */
  advance(x: number): this {
    const { rng } = this.ctx;
    for (let i = 0; i < 5 && this.play.at.x < x; i++) {
      const { holder, at } = this.play;
      const target = inField(
        Math.min(x + rng.float(0, 8), at.x + rng.float(10, 22)),
        at.y + rng.float(-18, 18),
      );
      this.add(
        pass(this.ctx, holder, at, ACTION.simplePass, playGap(this.ctx), {
          target,
          forceAccurate: true,
        }),
      );
    }
    return this;
  }

  /**
   * Gets the ball to `receiver` at `target` with a sure pass of the given kind (a long ball when it
   * is far and no kind is given; a run with it when he has it).
   */
  feed(receiver: Actor, target: Point, kind?: number, extra: readonly number[] = []): this {
    const { holder, at } = this.play;
    const action =
      kind ??
      (Math.hypot(target.x - at.x, target.y - at.y) > 32 ? ACTION.highPass : ACTION.simplePass);
    if (holder === receiver) {
      return this.add({
        drafts: [
          {
            actor: holder,
            at,
            action: ACTION.acceleration,
            end: ground(target),
            outcome: OUTCOME.accurate,
            gap: playGap(this.ctx),
            modifiers: [MOD.accurate],
          },
        ],
        next: { kind: 'play', side: holder.side, holder, at: target },
      });
    }
    return this.add(
      pass(this.ctx, holder, at, action, playGap(this.ctx), {
        target,
        receiver,
        forceAccurate: true,
        extra,
      }),
    );
  }

  /** A stoppage: the ball goes out or a defender fouls, and the restart is due. */
  stop(next: Extract<BallState, { kind: 'dead' }>, drafts: Draft[]): this {
    return this.add({ drafts, next });
  }

  /** Takes the restart due with a sure ball to `receiver` at `target`. */
  restartTo(receiver: Actor, target: Point, action: number, extra: readonly number[] = []): this {
    const state = this.state;
    if (state.kind !== 'dead') throw new Error('demo events: no restart due');
    const taker =
      action === ACTION.corner || action === ACTION.throwIn || action === ACTION.freeKickCross
        ? this.ctx.squads.fromLines(this.ctx.rng, state.side, ['mid', 'fwd', 'def'], receiver)
        : this.ctx.squads.near(this.ctx.rng, state.side, state.at, {
            exclude: receiver,
            outfield: true,
          });
    const at = action === ACTION.corner ? point(99.5, state.at.y < 50 ? 0.5 : 99.5) : state.at;
    return this.add(
      pass(this.ctx, taker, at, action, state.wait, {
        target,
        receiver,
        forceAccurate: true,
        extra,
      }),
    );
  }

  /** The script, leaving play in `next` (by default, the state the last event left). */
  done(next?: BallState): Script {
    return { events: this.events, next: next ?? this.state };
  }
}

/** A crossing position out wide, on the flank the ball is on. */
function flank(ctx: PlayContext, at: Point): Point {
  const { rng } = ctx;
  return point(rng.float(78, 92), at.y < 50 ? rng.float(4, 16) : rng.float(84, 96));
}

/**
 * The body part modifier of a goal's `bodypart` reference id (1 Unknown, 2 Foot: the scorer's
 * foot).
 */
function bodyModifier(ctx: PlayContext, bodypart: number | null, scorer: Actor): number {
  switch (bodypart) {
    case BODY_PART.leftFoot:
      return MOD.leftFoot;
    case BODY_PART.rightFoot:
      return MOD.rightFoot;
    case BODY_PART.head:
    case BODY_PART.chest:
    case BODY_PART.other:
      return MOD.headBody;
    default:
      return footOf(ctx.rng, scorer);
  }
}

/** Where a scorer shoots from, for each kind of goal (`shot_event` reference ids). */
function shotSpot(ctx: PlayContext, shotEvent: number | null, header: boolean): Point {
  const { rng } = ctx;
  switch (shotEvent) {
    case SHOT_EVENT.insideGoalArea:
    case SHOT_EVENT.redirection:
    case SHOT_EVENT.roundKeeper:
      return point(rng.float(95, 98.5), rng.float(40, 60));
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
 * The beaten goalkeeper's save attempt right after a goal, with the goal modifier: providers record
 * one for every shot on target a keeper faces (none when the keeper put the ball in his own net).
 */
function beaten(ctx: PlayContext, b: Builder, goal: Draft, keeperSide: Side): Builder {
  const keeper = ctx.squads.keeper(keeperSide);
  if (keeper === goal.actor) return b;
  const end = goal.end!;
  // Seen by the keeper: the ball crossed his goal line at x = 0 (an own goal's end is already his
  // view).
  const line = goal.actor.side === keeperSide ? end : flip(end);
  const at = point(line.x + 1.5, line.y);
  const action =
    goal.action === ACTION.shot && goal.at.x > 90 ? ACTION.reflexes : ACTION.saveAttempt;
  const dive = ctx.rng.chance(0.6) ? [MOD.dive] : [];
  return b.add({
    drafts: [
      {
        actor: keeper,
        at,
        action,
        end: ground(line),
        outcome: OUTCOME.notAccurate,
        gap: 0.3,
        modifiers: [MOD.goal, MOD.notAccurate, ...dive],
      },
    ],
    next: b.state,
  });
}

/** The kick-off after a goal, by the team that conceded it. */
const kickoffAfter = (ctx: PlayContext, conceding: Side): BallState => ({
  kind: 'dead',
  side: conceding,
  restart: 'kickoff',
  at: point(50, 50),
  wait: restartWait(ctx.rng, 'kickoff'),
});

/** A goal scored by `goal.lineup` at `time`, built up the way its shot event says. */
function goalScript(ctx: PlayContext, state: BallState, goal: GoalFact, time: number): Script {
  const { rng, squads } = ctx;
  const scorer = squads.actor(goal.lineup);
  if (goal.ownGoal) return ownGoalScript(ctx, state, goal, scorer, time);
  const side = scorer.side;
  const body = bodyModifier(ctx, goal.bodypart, scorer);
  const header = body === MOD.headBody;
  const spot = shotSpot(ctx, goal.shotEvent, header);
  // A goal from a giveaway starts with the other team on the ball; every other one with the
  // scorer's.
  const b = new Builder(ctx, state).gain(
    goal.shotEvent === SHOT_EVENT.giveaway ? other(side) : side,
  );
  const mate = (lines: readonly Line[] = ['mid', 'fwd', 'def']): Actor =>
    squads.fromLines(rng, side, lines, scorer);
  /** Wins a corner on the side the ball is on. */
  const corner = (): void => {
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
  };
  /** Wins a free kick at `at` (a foul on the holder there). */
  const freeKick = (at: Point): void => {
    b.feed(b.play.holder === scorer ? mate() : b.play.holder, at);
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
  };
  let action: number = ACTION.shot;
  switch (goal.shotEvent) {
    case SHOT_EVENT.crossFromCorner:
    case SHOT_EVENT.directFromCorner:
    case SHOT_EVENT.flickOnFromCorner: {
      corner();
      if (goal.shotEvent === SHOT_EVENT.directFromCorner) {
        // Straight in from the corner flag: the corner itself is the goal.
        const flag = b.state.kind === 'dead' ? b.state.at : point(100, 0);
        const kick = shotDraft(
          rng,
          scorer,
          point(99.5, flag.y < 50 ? 0.5 : 99.5),
          ACTION.corner,
          'goal',
          body,
          restartWait(rng, 'corner'),
        );
        return beaten(ctx, b.pin(kick, time), kick, other(side)).done(
          kickoffAfter(ctx, other(side)),
        );
      }
      if (goal.shotEvent === SHOT_EVENT.flickOnFromCorner) {
        const flicker = mate(['def', 'fwd']);
        b.restartTo(flicker, point(rng.float(88, 93), rng.float(38, 62)), ACTION.corner).feed(
          scorer,
          spot,
          ACTION.headPass,
        );
      } else b.restartTo(scorer, spot, ACTION.corner);
      break;
    }
    case SHOT_EVENT.crossFromFreeKick:
    case SHOT_EVENT.directFromFreeKick:
    case SHOT_EVENT.flickOnFromFreeKick: {
      b.advance(55);
      const wide = goal.shotEvent !== SHOT_EVENT.directFromFreeKick;
      freeKick(
        wide
          ? point(rng.float(66, 80), rng.chance(0.5) ? rng.float(8, 25) : rng.float(75, 92))
          : spot,
      );
      if (goal.shotEvent === SHOT_EVENT.directFromFreeKick) {
        action = ACTION.freeKickShot;
        const kick = shotDraft(
          rng,
          scorer,
          b.state.at,
          action,
          'goal',
          body,
          restartWait(rng, 'freeKick'),
          [MOD.direct],
        );
        return beaten(ctx, b.pin(kick, time), kick, other(side)).done(
          kickoffAfter(ctx, other(side)),
        );
      }
      if (goal.shotEvent === SHOT_EVENT.flickOnFromFreeKick) {
        b.restartTo(
          mate(['def', 'fwd']),
          point(rng.float(86, 92), rng.float(38, 62)),
          ACTION.freeKickCross,
          [MOD.indirect],
        ).feed(scorer, spot, ACTION.headPass);
      } else b.restartTo(scorer, spot, ACTION.freeKickCross, [MOD.indirect]);
      break;
    }
    case SHOT_EVENT.crossFromThrowIn:
    case SHOT_EVENT.flickOnFromThrowIn: {
      b.advance(72);
      const { holder, at } = b.play;
      const out = point(Math.max(at.x, rng.float(74, 90)), at.y < 50 ? 0 : 100);
      const defender = squads.near(rng, other(side), flip(out), { outfield: true });
      b.stop(
        { kind: 'dead', side, restart: 'throwIn', at: out, wait: restartWait(rng, 'throwIn') },
        [
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
        ],
      );
      if (goal.shotEvent === SHOT_EVENT.flickOnFromThrowIn) {
        b.restartTo(
          mate(['def', 'fwd']),
          point(rng.float(86, 92), rng.float(35, 60)),
          ACTION.throwIn,
        ).feed(scorer, spot, ACTION.headPass);
      } else b.restartTo(scorer, spot, ACTION.throwIn);
      break;
    }
    case SHOT_EVENT.crossFromOpenPlay:
    case SHOT_EVENT.redirection: {
      b.advance(62);
      const winger = mate(['mid', 'fwd', 'def']);
      b.feed(winger, flank(ctx, b.play.at)).feed(scorer, spot, ACTION.cross);
      break;
    }
    case SHOT_EVENT.throughPass:
    case SHOT_EVENT.roundKeeper: {
      b.advance(55);
      if (b.play.holder === scorer)
        b.feed(mate(['mid']), point(b.play.at.x + 3, rng.float(35, 65)));
      if (goal.shotEvent === SHOT_EVENT.roundKeeper) {
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
      } else b.feed(scorer, spot, ACTION.smartPass);
      break;
    }
    case SHOT_EVENT.scramble:
    case SHOT_EVENT.rebound: {
      b.advance(80);
      const shooter = b.play.holder === scorer ? mate(['mid', 'fwd']) : b.play.holder;
      const first = point(rng.float(84, 92), rng.float(35, 65));
      b.feed(shooter, first);
      const how: ShotEnd = goal.shotEvent === SHOT_EVENT.rebound ? 'saved' : 'blocked';
      const shot = shotDraft(
        rng,
        shooter,
        first,
        ACTION.shot,
        how,
        footOf(rng, shooter),
        playGap(ctx),
      );
      b.add({ drafts: [shot], next: b.state });
      if (how === 'saved') {
        const keeper = squads.keeper(other(side));
        b.add({
          drafts: [
            {
              actor: keeper,
              at: flip(point(99, shot.end!.y)),
              action: ACTION.reflexes,
              end: ground(flip(spot)),
              outcome: OUTCOME.accurate,
              gap: 0.5,
              modifiers: [MOD.accurate, MOD.dive],
            },
          ],
          next: b.state,
        });
      }
      const defender = squads.near(rng, other(side), flip(spot), { outfield: true });
      if (how === 'blocked') {
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
      break;
    }
    case SHOT_EVENT.giveaway: {
      // The other team gives the ball away near its own goal, and the scorer's side pounces.
      const holder = b.play.holder;
      const loser =
        holder.line === 'def' || holder.line === 'gk'
          ? holder
          : squads.fromLines(rng, other(side), ['def']);
      if (loser !== holder) b.feed(loser, point(rng.float(8, 22), rng.float(25, 75)));
      const from = b.play.at;
      const cut = inField(from.x + rng.float(4, 10), from.y + rng.float(-10, 10));
      const winner = rng.chance(0.5) ? scorer : mate(['fwd', 'mid']);
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
      break;
    }
    default:
      b.advance(68).feed(scorer, spot, rng.chance(0.25) ? ACTION.smartPass : ACTION.simplePass);
  }
  const shot = shotDraft(
    rng,
    scorer,
    b.play.at,
    action,
    'goal',
    body,
    playGap(ctx),
    inPenaltyArea(b.play.at) ? [MOD.opportunity] : [],
  );
  return beaten(ctx, b.pin(shot, time), shot, other(side)).done(kickoffAfter(ctx, other(side)));
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
