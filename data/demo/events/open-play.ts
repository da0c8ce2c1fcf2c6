import { OUTCOME } from '../../reference/codes.ts';
import type { Rng } from '../random.ts';
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
import { flip, inOwnPenaltyArea, inPenaltyArea, type Point } from './pitch.ts';
import { other, type Actor, type Side, type Squads } from './players.ts';

/**
 * Open play: what the player on the ball does next and what comes of it. Every function returns the
 * events of one short stretch of play and the state it leaves (who has the ball, or which restart
 * is due). Places are in the acting team's view; a change of possession turns the pitch round
 * (`flip`). Nothing here scores, books anyone or gives a penalty: those come only from the match's
 * macro-events (scripts.ts), so the two always agree.
 */

/** What every step needs: the random stream, the players, and the pace of the match. */
export interface PlayContext {
  readonly rng: Rng;
  readonly squads: Squads;
  /** Multiplies the seconds between events in play (1 = the usual pace). */
  readonly tempo: number;
}

type InPlay = Extract<BallState, { kind: 'play' }>;

/** Seconds between two events in play. */
export function playGap(ctx: PlayContext): number {
  // Slower than the real game's two or three seconds: the demo keeps about half the events a
  // provider records (no carries between passes), so a match has hundreds of events, not thousands.
  return ctx.rng.float(4.5, 11) * ctx.tempo;
}

/** Seconds before a restart is taken. */
export function restartWait(
  rng: Rng,
  restart: Extract<BallState, { kind: 'dead' }>['restart'],
): number {
  switch (restart) {
    case 'throwIn':
      return rng.float(10, 24);
    case 'goalKick':
      return rng.float(18, 34);
    case 'corner':
      return rng.float(22, 40);
    case 'kickoff':
      return rng.float(40, 75);
    default:
      return rng.float(20, 45);
  }
}

/** A duel: both players' events at the same moment, the winner's first. */
export function duel(
  action: number,
  winner: Actor,
  winnerAt: Point,
  loser: Actor,
  loserAction: number,
  gap: number,
  winnerExtra: readonly number[] = [],
  loserExtra: readonly number[] = [],
): Draft[] {
  return [
    {
      actor: winner,
      at: winnerAt,
      action,
      end: null,
      outcome: OUTCOME.accurate,
      gap,
      modifiers: [MOD.won, MOD.accurate, ...winnerExtra],
    },
    {
      actor: loser,
      at: flip(winnerAt),
      action: loserAction,
      end: null,
      outcome: OUTCOME.notAccurate,
      gap: 0,
      modifiers: [MOD.lost, MOD.notAccurate, ...loserExtra],
    },
  ];
}

/**
 * The duel a foul ends, just before it: the player fouled wins it, the fouler loses it (so the
 * statistics can tell who was fouled, as in Wyscout's data).
 */
export function challenge(victim: Actor, victimAt: Point, fouler: Actor, gap: number): Draft[] {
  return duel(
    ACTION.groundAttackingDuel,
    victim,
    victimAt,
    fouler,
    ACTION.groundDefendingDuel,
    gap,
  );
}

/**
 * A loose ball at `at` (in `side`'s view) that either team may win, in the air or on the ground.
 */
export function contest(
  ctx: PlayContext,
  side: Side,
  at: Point,
  aerial: boolean,
  sideOdds = 0.5,
): Step {
  const { rng, squads } = ctx;
  const winnerSide = rng.chance(sideOdds) ? side : other(side);
  const winnerAt = winnerSide === side ? at : flip(at);
  const winner = squads.near(rng, winnerSide, winnerAt, { outfield: true });
  const loser = squads.near(rng, other(winnerSide), flip(winnerAt), { outfield: true });
  const next: BallState = { kind: 'play', side: winnerSide, holder: winner, at: winnerAt, aerial };
  // Often no one challenges: the winner just gathers the ball.
  if (rng.chance(0.5)) {
    return {
      drafts: [
        {
          actor: winner,
          at: winnerAt,
          action: ACTION.touch,
          end: ground(winnerAt),
          outcome: OUTCOME.accurate,
          gap: playGap(ctx),
          modifiers: [],
        },
      ],
      next,
    };
  }
  const action = aerial ? ACTION.airDuel : ACTION.looseBallDuel;
  return { drafts: duel(action, winner, winnerAt, loser, action, playGap(ctx)), next };
}

/**
 * A clearance by `actor` from his own end: upfield to a contest, or out for a corner or a throw-in.
 */
export function clearance(
  ctx: PlayContext,
  actor: Actor,
  at: Point,
  header: boolean,
  gap: number,
): Step {
  const { rng } = ctx;
  const modifiers = header ? [MOD.headBody] : [footOf(rng, actor)];
  const roll = rng.float(0, 1, 4);
  if (roll < 0.22) {
    const end = point(0, at.y < 50 ? rng.float(0, 30) : rng.float(70, 100));
    const corner = flip(end);
    return {
      drafts: [
        {
          actor,
          at,
          action: ACTION.clearance,
          end: ground(end),
          outcome: OUTCOME.notAccurate,
          gap,
          modifiers: [...modifiers, MOD.notAccurate],
        },
      ],
      next: {
        kind: 'dead',
        side: other(actor.side),
        restart: 'corner',
        at: point(100, corner.y < 50 ? 0 : 100),
        wait: restartWait(rng, 'corner'),
      },
    };
  }
  if (roll < 0.45) {
    const end = point(at.x + rng.float(5, 25), at.y < 50 ? 0 : 100);
    return {
      drafts: [
        {
          actor,
          at,
          action: ACTION.clearance,
          end: ground(end),
          outcome: OUTCOME.notAccurate,
          gap,
          modifiers: [...modifiers, MOD.notAccurate],
        },
      ],
      next: {
        kind: 'dead',
        side: other(actor.side),
        restart: 'throwIn',
        at: flip(end),
        wait: restartWait(rng, 'throwIn'),
      },
    };
  }
  const end = point(rng.float(32, 62), at.y + rng.float(-20, 20));
  const after = contest(ctx, actor.side, end, true, 0.45);
  return {
    drafts: [
      {
        actor,
        at,
        action: ACTION.clearance,
        end: ground(end),
        outcome: OUTCOME.accurate,
        gap,
        modifiers: [...modifiers, MOD.accurate],
      },
      ...after.drafts,
    ],
    next: after.next,
  };
}

/** Where a pass of each kind goes from `at`. */
function passTarget(rng: Rng, at: Point, action: number): Point {
  switch (action) {
    case ACTION.cross:
      return inField(rng.float(86, 97), rng.float(32, 68));
    case ACTION.highPass:
      return inField(at.x + rng.float(12, 38), at.y + rng.float(-35, 35));
    case ACTION.launch:
      return inField(at.x + rng.float(30, 55), rng.float(15, 85));
    case ACTION.smartPass:
      return inField(Math.max(at.x + 10, rng.float(72, 94)), at.y + rng.float(-25, 25));
    case ACTION.headPass:
      return inField(at.x + rng.float(-10, 15), at.y + rng.float(-15, 15));
    case ACTION.handPass:
      return inField(rng.float(12, 30), rng.float(10, 90));
    default:
      return inField(at.x + rng.float(-9, 16), at.y + rng.float(-20, 20));
  }
}

/** How often each kind of pass reaches a team-mate. */
function passSuccess(action: number, at: Point): number {
  switch (action) {
    case ACTION.cross:
      return 0.3;
    case ACTION.highPass:
      return 0.58;
    case ACTION.launch:
      return 0.42;
    case ACTION.smartPass:
      return 0.45;
    case ACTION.headPass:
      return 0.55;
    case ACTION.handPass:
      return 0.97;
    default:
      return at.x > 70 ? 0.76 : 0.88;
  }
}

const AERIAL = new Set<number>([
  ACTION.cross,
  ACTION.highPass,
  ACTION.launch,
  ACTION.freeKickCross,
  ACTION.corner,
]);

/**
 * A pass (or any restart played like one) from the holder: to a team-mate, caught offside, cut out,
 * lost in the air or out of play. `forceAccurate` makes it reach a team-mate (scripts use it).
 */
export function pass(
  ctx: PlayContext,
  holder: Actor,
  at: Point,
  action: number,
  gap: number,
  options: {
    target?: Point;
    receiver?: Actor;
    forceAccurate?: boolean;
    extra?: readonly number[];
    success?: number;
  } = {},
): Step {
  const { rng, squads } = ctx;
  const side = holder.side;
  const target = options.target ?? passTarget(rng, at, action);
  const receiver =
    options.receiver ??
    squads.near(rng, side, target, { exclude: holder, outfield: target.x > 25 });
  const aerial = AERIAL.has(action) && (action !== ACTION.corner || inPenaltyArea(target));
  const extra = [
    ...(action === ACTION.headPass ? [MOD.headBody] : []),
    ...(aerial ? [MOD.high] : []),
    ...(options.extra ?? []),
  ];
  const ok = options.forceAccurate || rng.chance(options.success ?? passSuccess(action, at));
  const made = (accurate: boolean, end: Point, more: readonly number[] = []): Draft => ({
    actor: holder,
    at,
    action,
    end: ground(end),
    outcome: accurate ? OUTCOME.accurate : OUTCOME.notAccurate,
    gap,
    modifiers: [...extra, accuracy(accurate), ...more],
  });
  if (ok) {
    if (
      !options.forceAccurate &&
      (action === ACTION.smartPass || action === ACTION.highPass) &&
      target.x > 75 &&
      rng.chance(0.1)
    ) {
      const spot = flip(target);
      return {
        drafts: [
          made(false, target),
          {
            actor: receiver,
            at: target,
            action: ACTION.offside,
            end: null,
            outcome: null,
            gap: 0.4,
            modifiers: [],
          },
        ],
        next: {
          kind: 'dead',
          side: other(side),
          restart: 'indirectFreeKick',
          at: spot,
          wait: restartWait(rng, 'indirectFreeKick'),
        },
      };
    }
    const drafts = [made(true, target, action === ACTION.smartPass ? [MOD.through] : [])];
    if (aerial && !options.forceAccurate && rng.chance(0.4)) {
      const defender = squads.near(rng, other(side), flip(target), { outfield: true });
      drafts.push(...duel(ACTION.airDuel, receiver, target, defender, ACTION.airDuel, 0.6));
    }
    return { drafts, next: { kind: 'play', side, holder: receiver, at: target, aerial } };
  }
  // Long balls near a line often go out; the rest are won by the other team, in the air or cut out.
  if (
    ((target.y < 12 || target.y > 88) && rng.chance(0.6)) ||
    (action === ACTION.launch && rng.chance(0.15))
  ) {
    const end = point(target.x, target.y < 50 ? 0 : 100);
    return {
      drafts: [made(false, end)],
      next: {
        kind: 'dead',
        side: other(side),
        restart: 'throwIn',
        at: flip(end),
        wait: restartWait(rng, 'throwIn'),
      },
    };
  }
  if (aerial && target.x > 97 - (action === ACTION.cross ? 0 : 6) && rng.chance(0.3)) {
    const end = point(100, target.y);
    return {
      drafts: [made(false, end)],
      next: {
        kind: 'dead',
        side: other(side),
        restart: 'goalKick',
        at: point(5.2, rng.float(38, 62)),
        wait: restartWait(rng, 'goalKick'),
      },
    };
  }
  if (aerial) {
    const defender = squads.near(rng, other(side), flip(target), { outfield: true });
    const drafts = [
      made(false, target),
      ...duel(ACTION.airDuel, defender, flip(target), receiver, ACTION.airDuel, 0.6),
    ];
    if (inOwnPenaltyArea(flip(target))) {
      const cleared = clearance(ctx, defender, flip(target), true, 0.5);
      return { drafts: [...drafts, ...cleared.drafts], next: cleared.next };
    }
    return {
      drafts,
      next: { kind: 'play', side: other(side), holder: defender, at: flip(target), aerial: true },
    };
  }
  const cut = point(
    at.x + (target.x - at.x) * rng.float(0.3, 0.9),
    at.y + (target.y - at.y) * rng.float(0.3, 0.9),
  );
  const spot = flip(cut);
  const defender = squads.near(rng, other(side), spot);
  const control = inField(spot.x + rng.float(-2, 4), spot.y + rng.float(-3, 3));
  return {
    drafts: [
      made(false, cut),
      {
        actor: defender,
        at: spot,
        action: ACTION.touch,
        end: ground(control),
        outcome: OUTCOME.accurate,
        gap: 0.8,
        modifiers: [MOD.interception],
      },
    ],
    next: { kind: 'play', side: other(side), holder: defender, at: control },
  };
}

/**
 * What follows a shot that did not score: a corner, a goal kick, the goalkeeper's save (and his
 * catch, punch or parry), or a loose ball in the box.
 */
export function afterShot(ctx: PlayContext, shot: Draft, how: Exclude<ShotEnd, 'goal'>): Step {
  const { rng, squads } = ctx;
  const side = shot.actor.side;
  const end = shot.end!;
  switch (how) {
    case 'offTarget':
      return {
        drafts: [],
        next: {
          kind: 'dead',
          side: other(side),
          restart: 'goalKick',
          at: point(5.2, rng.float(38, 62)),
          wait: restartWait(rng, 'goalKick'),
        },
      };
    case 'blocked': {
      // The blocker's touch or clearance comes next, as providers record a block.
      const spot = flip(end);
      const blocker = squads.near(rng, other(side), spot, { outfield: true });
      if (rng.chance(0.5)) return clearance(ctx, blocker, spot, false, 0.3);
      const after = contest(
        ctx,
        blocker.side,
        inField(spot.x + rng.float(1, 6), spot.y + rng.float(-6, 6)),
        false,
        0.55,
      );
      return {
        drafts: [
          {
            actor: blocker,
            at: spot,
            action: ACTION.touch,
            end: ground(spot),
            outcome: null,
            gap: 0.3,
            modifiers: [],
          },
          ...after.drafts,
        ],
        next: after.next,
      };
    }
    case 'woodwork':
      return contest(ctx, side, point(rng.float(86, 95), rng.float(35, 65)), rng.chance(0.4), 0.45);
    case 'saved': {
      const keeper = squads.keeper(other(side));
      const at = flip(point(Math.min(end.x, 99), end.y));
      const action = shot.at.x > 90 ? ACTION.reflexes : ACTION.saveAttempt;
      const roll = rng.float(0, 1, 4);
      const how = roll < 0.55 ? MOD.catch : roll < 0.8 ? MOD.punch : MOD.dive;
      if (how === MOD.catch) {
        return {
          drafts: [
            {
              actor: keeper,
              at,
              action,
              end: ground(point(at.x + 1, at.y)),
              outcome: OUTCOME.accurate,
              gap: 0.5,
              modifiers: [MOD.accurate, MOD.catch],
            },
          ],
          next: { kind: 'play', side: keeper.side, holder: keeper, at: point(at.x + 3, at.y) },
        };
      }
      if (rng.chance(0.55)) {
        const out = point(0, at.y < 50 ? rng.float(20, 40) : rng.float(60, 80));
        return {
          drafts: [
            {
              actor: keeper,
              at,
              action,
              end: ground(out),
              outcome: OUTCOME.accurate,
              gap: 0.5,
              modifiers: [MOD.accurate, how],
            },
          ],
          next: {
            kind: 'dead',
            side,
            restart: 'corner',
            at: point(100, out.y < 50 ? 100 : 0),
            wait: restartWait(rng, 'corner'),
          },
        };
      }
      const loose = point(rng.float(6, 16), at.y + rng.float(-15, 15));
      const after = contest(ctx, keeper.side, loose, false, 0.55);
      return {
        drafts: [
          {
            actor: keeper,
            at,
            action,
            end: ground(loose),
            outcome: OUTCOME.accurate,
            gap: 0.5,
            modifiers: [MOD.accurate, how],
          },
          ...after.drafts,
        ],
        next: after.next,
      };
    }
  }
}

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

/** One action of the player on the ball, and what it leads to. */
export function openPlay(ctx: PlayContext, state: InPlay): Step {
  const { rng } = ctx;
  const { holder, at } = state;
  const gap = playGap(ctx);
  if (holder.line === 'gk') return distribute(ctx, state, gap);
  const central = Math.abs(at.y - 50) < 26;
  const options: [string, number][] = [
    ['simplePass', 0.6],
    ['highPass', at.x < 45 ? 0.09 : 0.05],
    ['smartPass', at.x > 40 && at.x < 85 ? 0.05 : 0.01],
    ['acceleration', 0.06],
    ['takeOn', 0.085],
    ['fouled', 0.026],
    ['touch', 0.03],
  ];
  if (at.x > 74 && central)
    options.push(['shot', inPenaltyArea(at) ? (state.aerial ? 1.5 : 0.5) : 0.1]);
  if (at.x > 66 && !central) options.push(['cross', at.y < 18 || at.y > 82 ? 0.35 : 0.12]);
  if (at.x < 20 && holder.line === 'def') options.push(['clearance', 0.12]);
  if (state.aerial) options.push(['headPass', 0.6]);
  if (holder.line === 'def' && at.x < 40) options.push(['launch', 0.04]);
  switch (rng.weighted(options)) {
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
    case 'takeOn':
      return takeOn(ctx, state, gap);
    case 'fouled':
      return inPenaltyArea(at) ? takeOn(ctx, state, gap) : fouled(ctx, state, gap);
    case 'acceleration': {
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
    case 'touch': {
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
    default:
      return pass(ctx, holder, at, ACTION.simplePass, gap);
  }
}
