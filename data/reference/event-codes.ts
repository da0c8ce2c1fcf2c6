/**
 * Readable names for the action and modifier ids of `events.ts`, so code reads `ACTION.cross` rather
 * than `80` (a test checks every name is in the lists). Actions are Wyscout sub-event codes, modifiers
 * Wyscout tag codes and the project's own from 3000, so the meanings are Wyscout's: see
 * `mappings/eventid2name.csv` and `mappings/tags2name.csv` of the Wyscout dataset.
 */

/** Action ids (Wyscout sub-event codes). */
export const ACTION = {
  airDuel: 10, groundAttackingDuel: 11, groundDefendingDuel: 12, looseBallDuel: 13,
  foul: 20, handFoul: 21, lateCardFoul: 22, outOfGameFoul: 23, protest: 24, simulation: 25, timeLostFoul: 26, violentFoul: 27,
  corner: 30, freeKick: 31, freeKickCross: 32, freeKickShot: 33, goalKick: 34, penalty: 35, throwIn: 36,
  goalkeeperLeavingLine: 40,
  offside: 60,
  acceleration: 70, clearance: 71, touch: 72,
  cross: 80, handPass: 81, headPass: 82, highPass: 83, launch: 84, simplePass: 85, smartPass: 86,
  reflexes: 90, saveAttempt: 91,
  shot: 100,
} as const;

/** Modifier ids (Wyscout tags, then the project's 3000+ modifiers). */
export const MOD = {
  goal: 101, ownGoal: 102, opportunity: 201, assist: 301, keyPass: 302,
  leftFoot: 401, rightFoot: 402, headBody: 403,
  takeOnLeft: 503, takeOnRight: 504,
  lost: 701, neutral: 702, won: 703,
  high: 801, low: 802, through: 901,
  direct: 1101, indirect: 1102,
  missedBall: 1302, interception: 1401, slidingTackle: 1601,
  redCard: 1701, yellowCard: 1702, secondYellow: 1703,
  accurate: 1801, notAccurate: 1802,
  dangerousBallLost: 2001, blocked: 2101,
  // The project's modifiers for what Wyscout tags do not say (other sources, the demo).
  defensiveThird: 3201, middleThird: 3202, finalThird: 3203, penaltyArea: 3204, goalArea: 3205,
  holding: 3401, tripping: 3402, handball: 3403, dangerousPlay: 3404,
  insideBox: 3501, outsideBox: 3502,
  catch: 3601, punch: 3602, drop: 3603, dive: 3604,
  saved: 3701, offTarget: 3702, woodwork: 3703,
} as const;
