/**
 * The project's numbering of micro-event actions and modifiers.
 *
 * Actions take the id of the Wyscout sub-event code they stand for (10 = air duel ... 100 = shot),
 * and modifiers the id of the Wyscout tag (101 = goal ... 1802 = not accurate), so Wyscout events
 * map onto them one to one and without loss. Modifiers no Wyscout tag covers but other sources or
 * the demo need are numbered from 3000 up, by category. Once published an id never changes meaning.
 */

import { MODIFIER_CATEGORIES } from './lists.ts';

/**
 * An action: id, description, and whether it is a player's touch of the ball (`events/touches`).
 */
export type ActionEntry = readonly [id: number, desc: string, isTouch: boolean];

export const ACTIONS: readonly ActionEntry[] = [
  [10, 'Air duel', false],
  [11, 'Ground attacking duel', false],
  [12, 'Ground defending duel', false],
  [13, 'Ground loose ball duel', false],
  [20, 'Foul', false],
  [21, 'Hand foul', false],
  [22, 'Late card foul', false],
  [23, 'Out of game foul', false],
  [24, 'Protest', false],
  [25, 'Simulation', false],
  [26, 'Time lost foul', false],
  [27, 'Violent foul', false],
  [30, 'Corner', true],
  [31, 'Free kick', true],
  [32, 'Free kick cross', true],
  [33, 'Free kick shot', true],
  [34, 'Goal kick', true],
  [35, 'Penalty', true],
  [36, 'Throw-in', true],
  [40, 'Goalkeeper leaving line', false],
  [50, 'Ball out of the field', false],
  [51, 'Whistle', false],
  [60, 'Offside', false],
  [70, 'Acceleration', true],
  [71, 'Clearance', true],
  [72, 'Touch', true],
  [80, 'Cross', true],
  [81, 'Hand pass', true],
  [82, 'Head pass', true],
  [83, 'High pass', true],
  [84, 'Launch', true],
  [85, 'Simple pass', true],
  [86, 'Smart pass', true],
  [90, 'Reflexes', true],
  [91, 'Save attempt', true],
  [100, 'Shot', true],
];

/** A modifier: id, description, modifier category id (see MODIFIER_CATEGORIES). */
export type ModifierEntry = readonly [id: number, desc: string, category: number];

const SUBSTITUTION = 1,
  BODY_PART = 2,
  GOAL_REGION = 3,
  SHOT_DIRECTION = 4,
  FIELD_SECTOR = 5,
  PASS_TYPE = 6,
  PLAY_OUTCOME = 7,
  SET_PIECE = 8,
  SHOT_TYPE = 9,
  FOUL_TYPE = 10,
  CARD_TYPE = 11,
  SHOT_DISTANCE = 12,
  GOALKEEPER = 13,
  SHOT_OUTCOME = 14,
  IMPORTANT_PLAY = 15,
  MISC = 16;

export const MODIFIERS: readonly ModifierEntry[] = [
  // Wyscout tags, id = tag code.
  [101, 'Goal', SHOT_OUTCOME],
  [102, 'Own goal', SHOT_OUTCOME],
  [201, 'Opportunity', IMPORTANT_PLAY],
  [301, 'Assist', IMPORTANT_PLAY],
  [302, 'Key pass', IMPORTANT_PLAY],
  [401, 'Left foot', BODY_PART],
  [402, 'Right foot', BODY_PART],
  [403, 'Head/body', BODY_PART],
  [501, 'Free space right', MISC],
  [502, 'Free space left', MISC],
  [503, 'Take on left', MISC],
  [504, 'Take on right', MISC],
  [601, 'Anticipated', MISC],
  [602, 'Anticipation', MISC],
  [701, 'Lost', PLAY_OUTCOME],
  [702, 'Neutral', PLAY_OUTCOME],
  [703, 'Won', PLAY_OUTCOME],
  [801, 'High', PASS_TYPE],
  [802, 'Low', PASS_TYPE],
  [901, 'Through', PASS_TYPE],
  [1001, 'Fairplay', MISC],
  [1101, 'Direct', SET_PIECE],
  [1102, 'Indirect', SET_PIECE],
  [1201, 'Goal low center', GOAL_REGION],
  [1202, 'Goal low right', GOAL_REGION],
  [1203, 'Goal center', GOAL_REGION],
  [1204, 'Goal center left', GOAL_REGION],
  [1205, 'Goal low left', GOAL_REGION],
  [1206, 'Goal center right', GOAL_REGION],
  [1207, 'Goal high center', GOAL_REGION],
  [1208, 'Goal high left', GOAL_REGION],
  [1209, 'Goal high right', GOAL_REGION],
  [1210, 'Out low right', GOAL_REGION],
  [1211, 'Out center left', GOAL_REGION],
  [1212, 'Out low left', GOAL_REGION],
  [1213, 'Out center right', GOAL_REGION],
  [1214, 'Out high center', GOAL_REGION],
  [1215, 'Out high left', GOAL_REGION],
  [1216, 'Out high right', GOAL_REGION],
  [1217, 'Post low right', GOAL_REGION],
  [1218, 'Post center left', GOAL_REGION],
  [1219, 'Post low left', GOAL_REGION],
  [1220, 'Post center right', GOAL_REGION],
  [1221, 'Post high center', GOAL_REGION],
  [1222, 'Post high left', GOAL_REGION],
  [1223, 'Post high right', GOAL_REGION],
  [1301, 'Feint', MISC],
  [1302, 'Missed ball', MISC],
  [1401, 'Interception', MISC],
  [1501, 'Clearance', MISC],
  [1601, 'Sliding tackle', MISC],
  [1701, 'Red card', CARD_TYPE],
  [1702, 'Yellow card', CARD_TYPE],
  [1703, 'Second yellow card', CARD_TYPE],
  [1801, 'Accurate', PLAY_OUTCOME],
  [1802, 'Not accurate', PLAY_OUTCOME],
  [1901, 'Counter attack', MISC],
  [2001, 'Dangerous ball lost', PLAY_OUTCOME],
  [2101, 'Blocked', SHOT_OUTCOME],
  // Project modifiers (3000+), for what Wyscout tags do not say.
  [3001, 'Tactical', SUBSTITUTION],
  [3002, 'Injury', SUBSTITUTION],
  [3101, 'Shot to the left', SHOT_DIRECTION],
  [3102, 'Shot to the centre', SHOT_DIRECTION],
  [3103, 'Shot to the right', SHOT_DIRECTION],
  [3201, 'Defensive third', FIELD_SECTOR],
  [3202, 'Middle third', FIELD_SECTOR],
  [3203, 'Final third', FIELD_SECTOR],
  [3204, 'Penalty area', FIELD_SECTOR],
  [3205, 'Goal area', FIELD_SECTOR],
  [3301, 'Volley', SHOT_TYPE],
  [3302, 'Half volley', SHOT_TYPE],
  [3303, 'Overhead kick', SHOT_TYPE],
  [3401, 'Holding', FOUL_TYPE],
  [3402, 'Tripping', FOUL_TYPE],
  [3403, 'Handball', FOUL_TYPE],
  [3404, 'Dangerous play', FOUL_TYPE],
  [3501, 'Inside the penalty area', SHOT_DISTANCE],
  [3502, 'Outside the penalty area', SHOT_DISTANCE],
  [3601, 'Catch', GOALKEEPER],
  [3602, 'Punch', GOALKEEPER],
  [3603, 'Drop', GOALKEEPER],
  [3604, 'Dive', GOALKEEPER],
  [3701, 'Saved', SHOT_OUTCOME],
  [3702, 'Off target', SHOT_OUTCOME],
  [3703, 'Hit woodwork', SHOT_OUTCOME],
];

/**
 * How a shot ended: the category's name, as the action modifiers name it, and the labels of its
 * modifiers (goal, saved, blocked, ...).
 */
export const SHOT_OUTCOMES = {
  category: MODIFIER_CATEGORIES.find(([id]) => id === SHOT_OUTCOME)![1],
  labels: MODIFIERS.filter(([, , category]) => category === SHOT_OUTCOME).map(([, label]) => label),
};
