import {
  BODY_PARTS,
  CARDS,
  FOULS,
  GROUP_ROUNDS,
  KNOCKOUT_ROUNDS,
  PENALTY_OUTCOMES,
  PHASES,
  POSITIONS,
  SHOT_EVENTS,
  SURFACES,
  WEATHER,
} from './lists.ts';
import { MODIFIERS } from './events.ts';

/**
 * Readable names for the codes of the reference lists (`lists.ts`), so that code outside
 * `football/` writes `CARD.red` rather than `3` (a test holds it to that). Each name is
 * looked up by its label, so every id is still written once, in its list. The actions and
 * modifiers have theirs in `event-codes.ts`.
 */

/** Names for ids of a reference list, by label; a label the list lacks fails at load. */
function idsByLabel<K extends string>(
  list: readonly (readonly [id: number, label: string, ...rest: unknown[]])[],
  labels: Readonly<Record<K, string>>,
): Readonly<Record<K, number>> {
  const byLabel = new Map(list.map(([id, label]) => [label, id]));
  const ids = {} as Record<K, number>;
  for (const [name, label] of Object.entries(labels) as [K, string][]) {
    const id = byLabel.get(label);
    if (id === undefined) throw new Error(`no reference entry labelled ${label}`);
    ids[name] = id;
  }
  return Object.freeze(ids);
}

/** Phase ids by name. */
export const PHASE = idsByLabel(PHASES, {
  league: 'League',
  group: 'Group',
  knockout: 'Knockout',
});

/** Group round ids by name. */
export const GROUP_ROUND = idsByLabel(GROUP_ROUNDS, {
  groupStage: 'Group Stage',
  firstRound: 'First Round',
  secondRound: 'Second Round',
  thirdRound: 'Third Round',
  fourthRound: 'Fourth Round',
  finalRound: 'Final Round',
  playoffGroup: 'Playoff Group',
  championshipGroup: 'Championship Group',
  promotionGroup: 'Promotion Group',
  relegationGroup: 'Relegation Group',
});

/** Knockout round ids by name, for the rounds code names (the importers' and the demo's). */
export const KNOCKOUT_ROUND = idsByLabel(KNOCKOUT_ROUNDS, {
  preliminaryRound: 'Preliminary Round',
  firstRound: 'First Round',
  roundOf64: 'Round of 64 (1/32)',
  roundOf32: 'Round of 32 (1/16)',
  roundOf16: 'Round of 16 (1/8)',
  quarterfinal: 'Quarter-final (1/4)',
  semifinal: 'Semi-final (1/2)',
  final: 'Final',
  thirdPlace: 'Third Place Play-off',
});

/** Position ids by name. */
export const POSITION = idsByLabel(POSITIONS, {
  goalkeeper: 'Goalkeeper',
  defender: 'Defender',
  centralDefender: 'Central Defender',
  libero: 'Libero',
  fullBack: 'Full-back',
  leftFullBack: 'Left Full-back',
  rightFullBack: 'Right Full-back',
  wingBack: 'Wing-back',
  leftWingBack: 'Left Wing-back',
  rightWingBack: 'Right Wing-back',
  midfielder: 'Midfielder',
  centralMidfielder: 'Central Midfielder',
  leftWinger: 'Left Winger',
  rightWinger: 'Right Winger',
  leftForward: 'Left Forward',
  centralForward: 'Central Forward',
  rightForward: 'Right Forward',
  striker: 'Striker',
});

/** Weather ids by name. */
export const WEATHER_ID = idsByLabel(WEATHER, {
  clear: 'Clear',
  mostlyCloudy: 'Mostly Cloudy',
  fewClouds: 'Few Clouds',
  hotDry: 'Hot and Dry',
  hotHumid: 'Hot and Humid',
  partlyCloudy: 'Partly Cloudy',
  overcast: 'Overcast',
  fog: 'Fog/Mist',
  lightRain: 'Light Rain',
  rain: 'Rain',
  heavyRain: 'Heavy Rain',
  clearWindy: 'Clear and Windy',
  partlyWindy: 'Partly Cloudy and Windy',
  mostlyWindy: 'Mostly Cloudy and Windy',
  overcastWindy: 'Overcast and Windy',
  flurries: 'Snow Flurries',
  lightSnow: 'Light Snow',
  heavySnow: 'Heavy Snow',
});

/** Surface ids by name. */
export const SURFACE_ID = idsByLabel(SURFACES, {
  astroTurf1: 'AstroTurf Gen 1',
  astroTurf2: 'AstroTurf Gen 2',
  fieldTurf: 'FieldTurf',
  otherArtificial: 'Other artificial',
  hybrid: 'Mixed grass/artificial',
  naturalGrass: 'Natural grass',
});

/** Body part ids by name. */
export const BODY_PART = idsByLabel(BODY_PARTS, {
  unknown: 'Unknown',
  foot: 'Foot',
  leftFoot: 'Left Foot',
  rightFoot: 'Right Foot',
  head: 'Head',
  chest: 'Chest',
  other: 'Other',
});

/** Shot event ids by name. */
export const SHOT_EVENT = idsByLabel(SHOT_EVENTS, {
  unknown: 'Unknown',
  crossFromFreeKick: 'Cross from free kick',
  crossFromCorner: 'Cross from corner kick',
  crossFromThrowIn: 'Cross from throw-in',
  crossFromOpenPlay: 'Cross from open play',
  directFromCorner: 'Direct from corner kick',
  directFromFreeKick: 'Direct from free kick',
  flickOnFromCorner: 'Flick on from corner kick',
  flickOnFromFreeKick: 'Flick on from free kick',
  flickOnFromThrowIn: 'Flick on from throw-in',
  throughPass: 'Through pass creates 1-on-1',
  scramble: 'Contested scramble',
  redirection: 'Close-range re-direction',
  deflected: 'Deflected shot',
  insideGoalArea: 'Shot inside goal area',
  outsideGoalArea: 'Shot outside goal area',
  outsidePenaltyArea: 'Shot outside penalty area',
  rebound: 'Shot following rebound',
  giveaway: 'Defensive giveaway',
  roundKeeper: 'Maneuver around goalkeeper',
});

/** Card ids by name. */
export const CARD = idsByLabel(CARDS, {
  yellow: 'Yellow',
  secondYellow: 'Yellow/Red',
  red: 'Red',
});

/** Foul ids by name. */
export const FOUL = idsByLabel(FOULS, {
  unknown: 'Unknown',
  handball: 'Handball',
  intentionalHandball: 'Intentional handball',
  holding: 'Holding',
  offTheBall: 'Off-the-ball infraction',
  dangerousPlay: 'Dangerous play',
  recklessChallenge: 'Reckless challenge',
  celebration: 'Excessive celebration',
  simulation: 'Simulation',
  dissent: 'Dissent',
  persistentInfringement: 'Persistent infringement',
  delayingRestart: 'Delaying restart',
  encroachment: 'Deadball encroachment',
  unauthorizedEntry: 'Unauthorized field entrance/exit',
  seriousFoulPlay: 'Serious foul play',
  violentConduct: 'Violent conduct',
  abusiveLanguage: 'Abusive language',
  spitting: 'Spitting',
  professionalFoul: 'Professional foul',
  handballDenyingChance: 'Handball denied scoring opportunity',
});

/** Penalty outcome ids by name. */
export const PENALTY_OUTCOME = idsByLabel(PENALTY_OUTCOMES, {
  goal: 'Goal',
  miss: 'Miss',
  save: 'Save',
  wide: 'Wide of post',
  over: 'Over crossbar',
  post: 'Hit post',
  bar: 'Hit crossbar',
});

/**
 * The goal-region modifiers by name: where a shot ended, in the goal mouth, out (wide or high) or
 * on the frame (`GOAL_REGION` gives their ranges).
 */
export const GOAL_REGION_MOD = idsByLabel(MODIFIERS, {
  goalLowCenter: 'Goal low center',
  goalLowRight: 'Goal low right',
  goalCenter: 'Goal center',
  goalCenterLeft: 'Goal center left',
  goalLowLeft: 'Goal low left',
  goalCenterRight: 'Goal center right',
  goalHighCenter: 'Goal high center',
  goalHighLeft: 'Goal high left',
  goalHighRight: 'Goal high right',
  outLowRight: 'Out low right',
  outCenterLeft: 'Out center left',
  outLowLeft: 'Out low left',
  outCenterRight: 'Out center right',
  outHighCenter: 'Out high center',
  outHighLeft: 'Out high left',
  outHighRight: 'Out high right',
  postLowRight: 'Post low right',
  postCenterLeft: 'Post center left',
  postLowLeft: 'Post low left',
  postCenterRight: 'Post center right',
  postHighCenter: 'Post high center',
  postHighLeft: 'Post high left',
  postHighRight: 'Post high right',
});

/** The cards that send a player off: a second yellow and a straight red. */
export const SENDINGS_OFF: readonly number[] = [CARD.secondYellow, CARD.red];

export { OUTCOME } from './outcome.ts';
