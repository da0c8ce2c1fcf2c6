import { BODY_PART, OUTCOME } from '../../../../football/codes.ts';
import { ACTION, MOD } from '../codes.ts';
import {
  footOf,
  ground,
  inField,
  point,
  type BallState,
  type Draft,
  type Step,
} from '../drafts.ts';
import { duel } from '../duels.ts';
import { pass } from '../passes.ts';
import { playGap, restartWait, type PlayContext } from '../play-context.ts';
import { flip, type Point } from '../pitch.ts';
import type { Actor, Side } from '../players.ts';
import { restart } from '../set-pieces.ts';

/**
 * How a script is put together: a builder that appends stretches of play while keeping track of
 * the state they leave, and the pieces the goal and penalty scripts share (the body part of the
 * scoring kick, the beaten goalkeeper, the kick-off that follows).
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

/** The state of play with a player on the ball. */
type InPlay = Extract<BallState, { kind: 'play' }>;

/** Collects the events of a script while keeping track of the state of play. */
export class Builder {
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
/**
 * The body part modifier of a goal's `bodypart` reference id (1 Unknown, 2 Foot: the scorer's
 * foot).
 */
export function bodyModifier(ctx: PlayContext, bodypart: number | null, scorer: Actor): number {
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

/**
 * The beaten goalkeeper's save attempt right after a goal, with the goal modifier: providers record
 * one for every shot on target a keeper faces (none when the keeper put the ball in his own net).
 */
export function beaten(ctx: PlayContext, b: Builder, goal: Draft, keeperSide: Side): Builder {
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
export const kickoffAfter = (ctx: PlayContext, conceding: Side): BallState => ({
  kind: 'dead',
  side: conceding,
  restart: 'kickoff',
  at: point(50, 50),
  wait: restartWait(ctx.rng, 'kickoff'),
});
