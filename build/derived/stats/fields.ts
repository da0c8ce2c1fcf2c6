import {
  ACTION,
  CROSSES,
  DUELS,
  FOULS_COMMITTED,
  FOULS_ON_A_PLAYER,
  MOD,
  PASSES,
  SAVES,
  SHOTS,
  TOUCHES,
} from '../../../football/event-families.ts';
import { PENALTY_OUTCOME } from '../../../football/codes.ts';
import {
  accurate,
  blocker,
  bodyPart,
  cornerConcededBy,
  cornerIntoBox,
  duelLost,
  duelWon,
  errorLedTo,
  facedInBox,
  facedPenalty,
  fromLeft,
  gavePenalty,
  handled,
  high,
  isCross,
  isKeeper,
  lostPossession,
  onTarget,
  passKept,
  penaltyConcededBy,
  playOf,
  saved,
  shotFaced,
  shotInBox,
  takeOn,
  usedPart,
  victim,
  wonPossession,
  type Play,
} from './event-rules.ts';
import {
  goalInBox,
  goalsKnown,
  goalsOf,
  isFirstGoal,
  isSituation,
  isWinningGoal,
  keptCleanSheet,
  penaltiesWith,
  redCards,
  scoredWith,
  yellowCards,
  type Situation,
} from './macro-rules.ts';
import type { Act, LineupFacts, MatchFacts } from '../match-model/facts.ts';
import {
  directionOf,
  inGoalArea,
  inPenaltyArea,
  lengthMetres,
  LONG_PASS_METRES,
  thirdOf,
  HALFWAY,
  type Direction,
} from './pitch.ts';
import { all, countOf, not, type Tri } from './tri.ts';

/**
 * Every field of every statistic (docs/api.md#statistics), each with the rule that computes
 * it:
 *
 * - `events`: a count of micro-event actions. The rule names the actions it looks at, a test each
 *   must pass (true / false / null: a null makes the count null, the source cannot tell) and, where
 *   it is not the actor, the lineup credited. A match without micro-events gets null, unless an
 *   `otherwise` rule can tell from the macro-events.
 * - `macro`: from the goal, penalty and offense rows and the score, whether or not the match has
 *   micro-events.
 * - `null`: no source we have can tell; the field is always null, and `why` says why.
 *
 * The table is the documentation too: every rule's text is the field's description in OPTIONS.
 */

/** A count of micro-event actions. */
export interface EventRule {
  from: 'events';
  /** What is counted, in words (the field's documentation). */
  rule: string;
  /** The action types looked at (`/v1/actions` ids), or every action. */
  actions: readonly number[] | 'all';
  /** Whether an action counts; null when the source does not say (the count is then null). */
  test: (a: Act, m: MatchFacts) => Tri;
  /**
   * The lineup credited, when it is not the actor; null: no one can be credited with this action.
   */
  credit?: (a: Act, m: MatchFacts) => string | null;
  /** For a match without micro-events: what the macro-events can tell. Absent: null. */
  otherwise?: MacroRule;
}

/** A value from the macro-events or the score. */
export interface MacroRule {
  from: 'macro';
  rule: string;
  type: 'integer' | 'boolean';
  value: (l: LineupFacts, m: MatchFacts) => number | boolean | null;
}

/** No derivation: always null. */
export interface NoRule {
  from: null;
  why: string;
}

export type FieldRule = EventRule | MacroRule | NoRule;

/** The fields of one statistic, in the documented order. */
export type StatFields = Readonly<Record<string, FieldRule>>;

const yes = (): Tri => true;

/** Penalty outcomes off target: missed, wide, over, on the post, on the bar. */
const PENALTY_OFF_TARGET = [
  PENALTY_OUTCOME.miss,
  PENALTY_OUTCOME.wide,
  PENALTY_OUTCOME.over,
  PENALTY_OUTCOME.post,
  PENALTY_OUTCOME.bar,
];

/** A pass that made a chance: tagged key pass or assist. */
const keyPlay = (a: Act): Tri => a.mods.has(MOD.keyPass) || a.mods.has(MOD.assist);

function events(
  rule: string,
  actions: readonly number[] | 'all',
  test: EventRule['test'] = yes,
  credit?: EventRule['credit'],
): EventRule {
  return credit
    ? { from: 'events', rule, actions, test, credit }
    : { from: 'events', rule, actions, test };
}

function macro(
  rule: string,
  value: MacroRule['value'],
  type: MacroRule['type'] = 'integer',
): MacroRule {
  return { from: 'macro', rule, type, value };
}

function none(why: string): NoRule {
  return { from: null, why };
}

/** `<name>_s` and `<name>_f`: the actions of `what` that were accurate, and those that were not. */
function successFailure(
  name: string,
  what: string,
  actions: readonly number[],
  test: EventRule['test'] = yes,
  outcome: EventRule['test'] = accurate,
  credit?: EventRule['credit'],
): Record<string, EventRule> {
  return {
    [`${name}_s`]: events(
      `${what} that succeeded.`,
      actions,
      (a, m) => all(test(a, m), outcome(a, m)),
      credit,
    ),
    [`${name}_f`]: events(
      `${what} that failed.`,
      actions,
      (a, m) => all(test(a, m), not(outcome(a, m))),
      credit,
    ),
  };
}

/** `<name>_ontarget` and `<name>_offtarget` of the shots that pass `test`. */
function onOffTarget(
  name: string,
  what: string,
  test: EventRule['test'],
): Record<string, EventRule> {
  return {
    [`${name}_ontarget`]: events(`${what} on target.`, SHOTS, (a, m) =>
      all(test(a, m), onTarget(a)),
    ),
    [`${name}_offtarget`]: events(
      `${what} off target (blocked, wide, high or on the woodwork).`,
      SHOTS,
      (a, m) => all(test(a, m), not(onTarget(a))),
    ),
  };
}

/** Whether an action's place (or end) is in a third of the pitch. */
const inThird =
  (third: 0 | 1 | 2) =>
  (a: Act): Tri => {
    const t = thirdOf(a.at);
    return t === null ? null : t === third;
  };
const inOwnHalf = (a: Act): Tri => (a.at === null ? null : a.at.x < HALFWAY);
const isLong = (a: Act): Tri => {
  const length = lengthMetres(a.at, a.end);
  return length === null ? null : length >= LONG_PASS_METRES;
};
const going =
  (direction: Direction) =>
  (a: Act): Tri => {
    const d = directionOf(a.at, a.end);
    return d === null ? null : d === direction;
  };
/** A flick-on: a header passed on forward. */
const flickOn = (a: Act): Tri => (a.action !== ACTION.headPass ? false : going('forward')(a));
const isPlay =
  (play: Play) =>
  (a: Act, m: MatchFacts): Tri => {
    const p = playOf(a, m);
    return p === null ? null : p === play;
  };
const blocked = (a: Act): Tri => a.mods.has(MOD.blocked);
const keeper = (a: Act, m: MatchFacts): Tri => isKeeper(a.lineup, m);
/** Of the lineup's goals, how many pass `test`; null when a goal's facts cannot tell. */
const goalCount =
  (test: (g: MatchFacts['goals'][number]) => Tri) => (l: LineupFacts, m: MatchFacts) =>
    goalsKnown(m) ? countOf(goalsOf(l, m), test) : null;
const situationCount = (s: Situation) => goalCount((g) => isSituation(g, s));

/** Macro rule of goal locations, for matches without micro-events. */
const goalLocation = (inside: boolean): MacroRule =>
  macro(
    `Goals scored from ${inside ? 'inside' : 'outside'} the penalty area, where the goal rows tell (a penalty or shot event 24 inside; ` +
      "shot events 26 and 15 outside); null when a goal's place is not told.",
    goalCount((g) => {
      const box = goalInBox(g);
      return box === null ? null : box === inside;
    }),
  );

const SAVES_NOTE = ' (the save attempt that followed the shot; located where the shot was taken)';

/**
 * The statistics: group -> name -> field -> rule, in the documented order (docs/api.md#statistics).
 */
export const STAT_FIELDS: Readonly<Record<string, Readonly<Record<string, StatFields>>>> = {
  crosses: {
    corners: {
      ...successFailure(
        'total',
        'Corners played into the penalty area (crosses; the end of the corner in the area)',
        [ACTION.corner],
        cornerIntoBox,
      ),
      ...successFailure('air', 'Corner crosses in the air (high, 801)', [ACTION.corner], (a) =>
        all(cornerIntoBox(a), high(a)),
      ),
      ...successFailure('left', 'Corner crosses from the left (y < 50)', [ACTION.corner], (a) =>
        all(cornerIntoBox(a), fromLeft(a)),
      ),
      ...successFailure('right', 'Corner crosses from the right (y >= 50)', [ACTION.corner], (a) =>
        all(cornerIntoBox(a), not(fromLeft(a))),
      ),
    },
    totals: {
      ...successFailure(
        'total',
        'Crosses: open-play crosses, free-kick crosses and corners played into the penalty area',
        CROSSES,
        isCross,
      ),
      ...successFailure('air', 'Crosses in the air (high, 801)', CROSSES, (a) =>
        all(isCross(a), high(a)),
      ),
      ...successFailure('left', 'Crosses from the left (y < 50)', CROSSES, (a) =>
        all(isCross(a), fromLeft(a)),
      ),
      ...successFailure('right', 'Crosses from the right (y >= 50)', CROSSES, (a) =>
        all(isCross(a), not(fromLeft(a))),
      ),
      ...successFailure('openplay', 'Crosses from open play (action Cross)', [ACTION.cross]),
    },
  },
  defense: {
    actions: {
      blocks: events(
        'Shots of the other team blocked (the player whose action follows a blocked shot, 2101).',
        SHOTS,
        blocked,
        blocker,
      ),
      interceptions: events('Actions tagged interception (1401).', 'all', (a) =>
        a.mods.has(MOD.interception),
      ),
      recoveries: events(
        "Ball recoveries: touches that win the ball back right after the other team's touch, not by an interception " +
          'or a restart.',
        [...TOUCHES].filter((t) => t < ACTION.corner || t > ACTION.throwIn),
        (a, m) =>
          a.mods.has(MOD.interception) || SAVES.includes(a.action) ? false : wonPossession(a, m),
      ),
      corners_conceded: events(
        "Corners conceded: the other team's corners after this player touched the ball last.",
        [ACTION.corner],
        yes,
        cornerConcededBy,
      ),
      fouls_conceded: events(
        'Fouls committed (the foul actions but protests and time wasting).',
        FOULS_COMMITTED,
      ),
      challenges_lost: events(
        'Take-ons the player failed to stop: ground defending duels lost (701) against a take-on (503/504).',
        [ACTION.groundDefendingDuel],
        (a) => all(duelLost(a), takeOn(a)),
      ),
      handballs_conceded: events('Hand fouls (action 21).', [ACTION.handFoul]),
      penalties_conceded: events(
        "Penalty kicks given away: the player's foul is the last before the other team's penalty kick.",
        [ACTION.penalty],
        yes,
        penaltyConcededBy,
      ),
      error_goals: events(
        'Errors leading to a goal: a dangerous loss of the ball (2001) after which the other team scored before ' +
          "the player's team touched the ball again.",
        'all',
        (a, m) => a.mods.has(MOD.dangerousBallLost) && errorLedTo(a, m).goal,
      ),
      error_shots: events(
        'Errors leading to a shot: a dangerous loss of the ball (2001) after which the other team shot before ' +
          "the player's team touched the ball again.",
        'all',
        (a, m) => a.mods.has(MOD.dangerousBallLost) && errorLedTo(a, m).shot,
      ),
    },
    blocks: {
      freekick: events(
        'Direct free-kick shots blocked (credited as defense/actions blocks).',
        [ACTION.freeKickShot],
        blocked,
        blocker,
      ),
      insidebox: events(
        'Blocked shots taken inside the penalty area.',
        SHOTS,
        (a) => all(blocked(a), shotInBox(a)),
        blocker,
      ),
      outsidebox: events(
        'Blocked shots taken outside the penalty area.',
        SHOTS,
        (a) => all(blocked(a), not(shotInBox(a))),
        blocker,
      ),
      headed: events(
        'Blocked headers (head/body, 403).',
        SHOTS,
        (a) => all(blocked(a), usedPart(a, 'head')),
        blocker,
      ),
      leftfoot: events(
        'Blocked left-foot shots (401).',
        SHOTS,
        (a) => all(blocked(a), usedPart(a, 'left')),
        blocker,
      ),
      rightfoot: events(
        'Blocked right-foot shots (402).',
        SHOTS,
        (a) => all(blocked(a), usedPart(a, 'right')),
        blocker,
      ),
      other: events(
        "Blocked shots with a body part other than the head and the feet: Wyscout's head/body (403) takes in every " +
          'other part, so 0 wherever the body part is given.',
        SHOTS,
        (a) => all(blocked(a), bodyPart(a) === null ? null : false),
        blocker,
      ),
      total: events('Blocked shots.', SHOTS, blocked, blocker),
    },
    clearances: {
      total: events('Clearances (action 71).', [ACTION.clearance]),
      headed: events(
        'Headed clearances (head/body, 403); null when a clearance has no body-part modifier (Wyscout gives none).',
        [ACTION.clearance],
        (a) => usedPart(a, 'head'),
      ),
      other: none(
        'Clearances neither headed nor off the goal line: goal-line clearances cannot be told (see goalline).',
      ),
      goalline: none(
        'No source marks a clearance off the goal line (no such modifier; positions do not show the ball crossing the line).',
      ),
    },
    goalline: {
      insidebox: none('No source marks a clearance off the goal line.'),
      outsidebox: none('No source marks a clearance off the goal line.'),
      totalshots: none('No source marks a clearance off the goal line.'),
    },
    tackles: {
      won: events(
        'Tackles won: ground defending duels won (703).',
        [ACTION.groundDefendingDuel],
        duelWon,
      ),
      lost: events(
        'Tackles lost: ground defending duels lost (701).',
        [ACTION.groundDefendingDuel],
        duelLost,
      ),
      lastman: none(
        'A last-man tackle needs the positions of the other defenders, which event data does not have.',
      ),
    },
  },
  fouls: {
    cards: {
      yellows: macro(
        'Yellow cards shown (offense rows: card 1; a second yellow, card 2, means two).',
        yellowCards,
      ),
      reds: macro('Sendings-off (offense rows: card 2 second yellow, card 3 red).', redCards),
    },
    wins: {
      total_danger: events(
        "Fouls suffered in the attacking third, not giving a penalty (the player fouled is the other side's duel " +
          'player within 3 s before the foul).',
        FOULS_ON_A_PLAYER,
        (a, m) => all(not(gavePenalty(a, m)), inThird(0)(a)),
        victim,
      ),
      total_penalty: events(
        'Fouls suffered that gave a penalty kick.',
        FOULS_ON_A_PLAYER,
        gavePenalty,
        victim,
      ),
      total_nodanger: events(
        'Fouls suffered outside the attacking third.',
        FOULS_ON_A_PLAYER,
        (a, m) => all(not(gavePenalty(a, m)), not(inThird(0)(a))),
        victim,
      ),
      total: events(
        "Fouls suffered (foul actions on a player; the player fouled is the other side's duel player within 3 s before the foul).",
        FOULS_ON_A_PLAYER,
        yes,
        victim,
      ),
    },
  },
  goalkeeper: {
    actions: {
      catches: events(
        'Balls caught (3601) in save attempts and claims; null when those carry no handling modifier (Wyscout gives none).',
        [...SAVES, ACTION.goalkeeperLeavingLine],
        (a) => handled(a, MOD.catch),
      ),
      punches: events(
        'Balls punched (3602) in save attempts and claims; null without handling modifiers.',
        [...SAVES, ACTION.goalkeeperLeavingLine],
        (a) => handled(a, MOD.punch),
      ),
      drops: events(
        'Balls dropped (3603) in save attempts and claims; null without handling modifiers.',
        [...SAVES, ACTION.goalkeeperLeavingLine],
        (a) => handled(a, MOD.drop),
      ),
      crosses_unclaimed: events(
        'Goalkeeper leaving the line (action 40) without getting the ball (not accurate); null when not said.',
        [ACTION.goalkeeperLeavingLine],
        (a) => not(accurate(a)),
      ),
      ...successFailure(
        'distribution',
        'Passes and goal kicks by a goalkeeper (lineup position 10; a goal kick without accuracy ' +
          "succeeded when the next touch is the kicking team's)",
        [...PASSES, ACTION.goalKick],
        keeper,
        passKept,
      ),
    },
    goals: {
      insidebox: events(
        'Goals conceded from shots inside the penalty area' + SAVES_NOTE + '.',
        SAVES,
        (a, m) => all(a.mods.has(MOD.goal), facedInBox(a, m)),
      ),
      outsidebox: events(
        'Goals conceded from shots outside the penalty area' + SAVES_NOTE + '.',
        SAVES,
        (a, m) => all(a.mods.has(MOD.goal), not(facedInBox(a, m))),
      ),
      is_cleansheet: macro(
        "The player's team conceded no goal in the match (final score, extra time included).",
        keptCleanSheet,
        'boolean',
      ),
    },
    saves: {
      insidebox: events(
        'Saves of shots from inside the penalty area, penalties not included' + SAVES_NOTE + '.',
        SAVES,
        (a, m) => all(saved(a), not(facedPenalty(a, m)), facedInBox(a, m)),
      ),
      outsidebox: events(
        'Saves of shots from outside the penalty area' + SAVES_NOTE + '.',
        SAVES,
        (a, m) => all(saved(a), not(facedInBox(a, m))),
      ),
      penalty: events('Penalty kicks saved' + SAVES_NOTE + '.', SAVES, (a, m) =>
        all(saved(a), facedPenalty(a, m)),
      ),
    },
    shots: {
      insidebox: events(
        'Shots on target faced from inside the penalty area' + SAVES_NOTE + '.',
        SAVES,
        facedInBox,
      ),
      outsidebox: events(
        'Shots on target faced from outside the penalty area' + SAVES_NOTE + '.',
        SAVES,
        (a, m) => not(facedInBox(a, m)),
      ),
      dangerous: events(
        'Shots on target faced that were clear chances (opportunity, 201).',
        SAVES,
        (a, m) => {
          const faced = shotFaced(a, m);
          return faced === null ? null : faced.shot.mods.has(MOD.opportunity);
        },
      ),
    },
  },
  goals: {
    assists: {
      corners: events('Assists (301) from corners.', [ACTION.corner], (a) =>
        a.mods.has(MOD.assist),
      ),
      freekicks: events(
        'Assists from free kicks (free kicks and free-kick crosses).',
        [ACTION.freeKick, ACTION.freeKickCross],
        (a) => a.mods.has(MOD.assist),
      ),
      throwins: events('Assists from throw-ins.', [ACTION.throwIn], (a) => a.mods.has(MOD.assist)),
      goalkicks: events('Assists from goal kicks.', [ACTION.goalKick], (a) =>
        a.mods.has(MOD.assist),
      ),
      setpieces: events(
        'Assists from set pieces (corners, free kicks, throw-ins, goal kicks).',
        [ACTION.corner, ACTION.freeKick, ACTION.freeKickCross, ACTION.throwIn, ACTION.goalKick],
        (a) => a.mods.has(MOD.assist),
      ),
      total: events('Assists: actions tagged assist (301).', 'all', (a) => a.mods.has(MOD.assist)),
    },
    bodyparts: {
      headed: macro(
        "Goals headed (goal rows: body part 5); null when a goal's body part is unknown.",
        goalCount((g) => scoredWith(g, 'head')),
      ),
      leftfoot: macro(
        "Goals with the left foot (body part 3); null when a goal's foot is unknown.",
        goalCount((g) => scoredWith(g, 'left')),
      ),
      rightfoot: macro(
        "Goals with the right foot (body part 4); null when a goal's foot is unknown.",
        goalCount((g) => scoredWith(g, 'right')),
      ),
    },
    locations: {
      insidebox: {
        ...events('Goals (shots tagged goal, 101) from inside the penalty area.', SHOTS, (a) =>
          all(a.mods.has(MOD.goal), shotInBox(a)),
        ),
        otherwise: goalLocation(true),
      },
      outsidebox: {
        ...events('Goals from outside the penalty area.', SHOTS, (a) =>
          all(a.mods.has(MOD.goal), not(shotInBox(a))),
        ),
        otherwise: goalLocation(false),
      },
    },
    penalties: {
      taken: macro(
        'Penalty kicks taken in play (penalty rows); null for sources that record converted kicks only.',
        (l, m) => penaltiesWith(l, m, null),
      ),
      saved: macro('Penalty kicks saved (outcome 3).', (l, m) =>
        penaltiesWith(l, m, [PENALTY_OUTCOME.save]),
      ),
      offtarget: macro(
        'Penalty kicks off target (outcomes 2, 4-7: missed, wide, over, post, crossbar).',
        (l, m) => penaltiesWith(l, m, PENALTY_OFF_TARGET),
      ),
      ontarget: macro('Penalty kicks on target (outcomes 1 goal and 3 saved).', (l, m) =>
        penaltiesWith(l, m, [PENALTY_OUTCOME.goal, PENALTY_OUTCOME.save]),
      ),
    },
    totals: {
      is_firstgoal: macro(
        "Scored the match's first goal (not an own goal); null when the goal rows do not account for the score.",
        isFirstGoal,
        'boolean',
      ),
      is_winner: macro(
        "Scored the winning goal: the winner's goal that took it one past the loser's final score.",
        isWinningGoal,
        'boolean',
      ),
      freekick: macro(
        "Goals from free kicks (shot events 11, 16, 18); null when a goal's shot event is unknown.",
        situationCount('freekick'),
      ),
      openplay: macro(
        'Goals from open play (shot events 14, 20, 24-26, 29).',
        situationCount('openplay'),
      ),
      corners: macro('Goals from corners (shot events 12, 15, 17).', situationCount('corners')),
      throwins: macro('Goals from throw-ins (shot events 13, 19).', situationCount('throwins')),
      penalties: macro(
        "Penalty kicks converted (a penalty row with outcome Goal at the goal's minute).",
        situationCount('penalty'),
      ),
      substitute: macro(
        'Goals scored after coming on as a substitute (0 for a starter).',
        (l, m) => (l.isStarting ? (goalsKnown(m) ? 0 : null) : goalCount(() => true)(l, m)),
      ),
      other: macro(
        'Goals from broken play: scrambles, re-directions, deflections, rebounds, giveaways (shot events 21-23, 27, 28).',
        situationCount('other'),
      ),
    },
  },
  passes: {
    directions: {
      forward: events(
        'Passes played forward (more along the pitch than across it, in metres).',
        PASSES,
        going('forward'),
      ),
      backward: events('Passes played backward.', PASSES, going('backward')),
      left_side: events('Passes played across towards the left touchline.', PASSES, going('left')),
      right_side: events(
        'Passes played across towards the right touchline.',
        PASSES,
        going('right'),
      ),
    },
    lengths: {
      ...successFailure('short', `Passes shorter than ${LONG_PASS_METRES} m`, PASSES, (a) =>
        not(isLong(a)),
      ),
      ...successFailure('long', `Passes of ${LONG_PASS_METRES} m or more`, PASSES, isLong),
      ...successFailure(
        'flickon',
        'Flick-ons: head passes played forward',
        [ACTION.headPass],
        flickOn,
      ),
    },
    locations: {
      ...successFailure('ownhalf', 'Passes from the own half (x < 50)', PASSES, inOwnHalf),
      ...successFailure('opphalf', "Passes from the opponent's half", PASSES, (a) =>
        not(inOwnHalf(a)),
      ),
      ...successFailure('defthird', 'Passes from the defensive third', PASSES, inThird(0)),
      ...successFailure('midthird', 'Passes from the middle third', PASSES, inThird(1)),
      ...successFailure('finthird', 'Passes from the final third', PASSES, inThird(2)),
    },
    totals: {
      ...successFailure(
        'total',
        'Passes (the pass family, corners and free kicks; not goal kicks or throw-ins)',
        PASSES,
      ),
      ...successFailure(
        'total_no_cc',
        'Passes other than crosses and corners',
        PASSES.filter((p) => !CROSSES.includes(p)),
      ),
      ...successFailure('longball', 'Long balls: high passes and launches', [
        ACTION.highPass,
        ACTION.launch,
      ]),
      layoffs_s: none(
        'A lay-off is a first-time pass back by a player with his back to goal: event data does not record body orientation.',
      ),
      layoffs_f: none(
        'A lay-off is a first-time pass back by a player with his back to goal: event data does not record body orientation.',
      ),
      throughballs: events('Through balls (901).', PASSES, (a) => a.mods.has(MOD.through)),
      important_passes: events(
        'Key passes and assists (302, 301).',
        PASSES,
        (a) => a.mods.has(MOD.keyPass) || a.mods.has(MOD.assist),
      ),
    },
  },
  setpieces: {
    corners: {
      ...successFailure(
        'penbox',
        'Corners played into the penalty area',
        [ACTION.corner],
        cornerIntoBox,
      ),
      ...successFailure('left', 'Corners from the left (y < 50)', [ACTION.corner], fromLeft),
      ...successFailure('right', 'Corners from the right', [ACTION.corner], (a) =>
        not(fromLeft(a)),
      ),
      short: events(
        'Short corners: played to a point outside the penalty area.',
        [ACTION.corner],
        (a) => not(cornerIntoBox(a)),
      ),
      total: events('Corners taken.', [ACTION.corner]),
    },
    freekicks: {
      ontarget: events('Direct free-kick shots on target.', [ACTION.freeKickShot], onTarget),
      offtarget: events('Direct free-kick shots off target.', [ACTION.freeKickShot], (a) =>
        not(onTarget(a)),
      ),
    },
    throwins: {
      to_teamplayer: events(
        'Throw-ins that reached a team-mate (accurate).',
        [ACTION.throwIn],
        accurate,
      ),
      to_oppplayer: events(
        'Throw-ins that went to the other team (not accurate).',
        [ACTION.throwIn],
        (a) => not(accurate(a)),
      ),
    },
    // v0 only: set pieces that made a chance, by the source's key pass and assist tags.
    keyplays: {
      corners: events(
        'Corners that made a shot or a goal: tagged key pass (302) or assist (301).',
        [ACTION.corner],
        keyPlay,
      ),
      freekicks: events(
        'Free kicks played to a team-mate (passed or crossed) tagged key pass or assist.',
        [ACTION.freeKick, ACTION.freeKickCross],
        keyPlay,
      ),
      throwins: events('Throw-ins tagged key pass or assist.', [ACTION.throwIn], keyPlay),
      goalkicks: events('Goal kicks tagged key pass or assist.', [ACTION.goalKick], keyPlay),
    },
  },
  shots: {
    bodyparts: {
      ...onOffTarget(
        'head',
        'Headers (head/body, 403; shots are open-play shots, direct free kicks and penalties)',
        (a) => usedPart(a, 'head'),
      ),
      ...onOffTarget('left', 'Left-foot shots (401)', (a) => usedPart(a, 'left')),
      ...onOffTarget('right', 'Right-foot shots (402)', (a) => usedPart(a, 'right')),
    },
    locations: {
      ...onOffTarget('insidebox', 'Shots from inside the penalty area', shotInBox),
      ...onOffTarget('outsidebox', 'Shots from outside the penalty area', (a) => not(shotInBox(a))),
    },
    plays: {
      ...onOffTarget('openplay', 'Shots from open play', isPlay('openplay')),
      ...onOffTarget(
        'setplay',
        'Shots after an indirect free kick the team kept the ball from',
        isPlay('setplay'),
      ),
      ...onOffTarget('freekick', 'Direct free-kick shots', isPlay('freekick')),
      ...onOffTarget(
        'corners',
        'Shots after a corner the team kept the ball from',
        isPlay('corners'),
      ),
      ...onOffTarget(
        'throwins',
        'Shots after a throw-in the team kept the ball from',
        isPlay('throwins'),
      ),
      ...onOffTarget('other', 'Penalty kicks', isPlay('other')),
    },
    totals: {
      ontarget: events(
        'Shots on target (goal, saved, in the goal mouth, or accurate).',
        SHOTS,
        onTarget,
      ),
      offtarget: events(
        'Shots off target (blocked, wide, high, woodwork, or not accurate).',
        SHOTS,
        (a) => not(onTarget(a)),
      ),
      dangerous: events('Shots that were clear chances (opportunity, 201).', SHOTS, (a) =>
        a.mods.has(MOD.opportunity),
      ),
    },
  },
  touches: {
    duels: {
      total_won: events('Duels won (703).', DUELS, duelWon),
      total_lost: events('Duels lost (701); neutral ones (702) are neither.', DUELS, duelLost),
      aerial_won: events('Air duels won.', [ACTION.airDuel], duelWon),
      aerial_lost: events('Air duels lost.', [ACTION.airDuel], duelLost),
      ground_won: events(
        'Ground duels won.',
        DUELS.filter((d) => d !== ACTION.airDuel),
        duelWon,
      ),
      ground_lost: events(
        'Ground duels lost.',
        DUELS.filter((d) => d !== ACTION.airDuel),
        duelLost,
      ),
    },
    locations: {
      final_third: events(
        'Touches of the ball in the final third (x >= 66.7).',
        [...TOUCHES],
        inThird(2),
      ),
      oppbox: events("Touches in the opponent's penalty area.", [...TOUCHES], (a) =>
        inPenaltyArea(a.at),
      ),
      oppsix: events("Touches in the opponent's goal area.", [...TOUCHES], (a) => inGoalArea(a.at)),
    },
    totals: {
      dribble_overruns: events(
        'Runs with the ball (acceleration) on which the player lost it (not accurate).',
        [ACTION.acceleration],
        (a) => not(accurate(a)),
      ),
      ...successFailure(
        'dribble',
        'Take-ons: ground attacking duels with a take-on (503/504), won (703) or lost (701)',
        [ACTION.groundAttackingDuel],
        (a) => takeOn(a) && !a.mods.has(MOD.neutral),
        duelWon,
      ),
      balltouch_s: events(
        'Ball touches (action Touch) controlled: without a missed ball (1302).',
        [ACTION.touch],
        (a) => !a.mods.has(MOD.missedBall),
      ),
      balltouch_f: events('Ball touches that missed the ball (1302).', [ACTION.touch], (a) =>
        a.mods.has(MOD.missedBall),
      ),
      possession_loss: events(
        'Touches after which the other team had the next touch (shots and saves not included).',
        [...TOUCHES].filter((t) => !SHOTS.includes(t) && !SAVES.includes(t)),
        lostPossession,
      ),
      total: events('Touches of the ball (the actions /v1/actions marks as touches).', [
        ...TOUCHES,
      ]),
    },
  },
};

/** A field's type in the API. */
export function fieldType(rule: FieldRule): 'integer' | 'boolean' {
  return rule.from === 'macro' ? rule.type : 'integer';
}

/** A field's documentation (OPTIONS): its rule, where the count comes from, and when it is null. */
export function describeRule(rule: FieldRule): string {
  if (rule.from === null) return `Always null: ${rule.why}`;
  if (rule.from === 'macro') return `${rule.rule} From the macro-events.`;
  const otherwise = rule.otherwise
    ? ` Without micro-events: ${rule.otherwise.rule}`
    : ' Null for a match without micro-events.';
  return `${rule.rule} From the micro-events.${otherwise}`;
}
