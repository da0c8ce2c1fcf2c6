import { analyticsSegments, analyticsState, analyticsTsr } from './analytics.ts';
import type { CollectionLike, Registry } from '../define/resource.ts';
import { actionModifiers, allEvents, touches } from './events.ts';
import { matchConditions } from './matches/conditions.ts';
import { goals } from './matches/goals.ts';
import { matchInfo } from './matches/info.ts';
import { lineups } from './matches/lineups.ts';
import { offenses } from './matches/offenses.ts';
import { penalties } from './matches/penalties.ts';
import { shootouts } from './matches/shootouts.ts';
import { substitutions } from './matches/substitutions.ts';
import {
  managers,
  managerKeys,
  playerKeys,
  players,
  refereeKeys,
  referees,
  v0Persons,
  v1Persons,
} from './personnel.ts';
import {
  competitions,
  countries,
  domesticCompetitions,
  intlCompetitions,
  modifiers,
  teams,
  timezones,
  venues,
} from './reference/entities.ts';
import {
  actions,
  bodyParts,
  cards,
  confederations,
  fouls,
  groupRounds,
  knockoutRounds,
  modifierCategories,
  nameOrders,
  penaltyOutcomes,
  phases,
  positions,
  seasons,
  shotEvents,
  surfaces,
  weather,
} from './reference/lists.ts';
import { V0_REFERENCE } from './reference/v0.ts';
import { V0_ROOT, V1_ROOT } from './root.ts';
import { V0, v1Scope, type MatchType, type Scope } from '../define/scope.ts';
import { headToHead, scorers, squads } from './squads.ts';
import { standings } from './standings.ts';
import { statistics } from './stats.ts';

/**
 * The list of every resource, assembled from the registry's factories: a resource added to the
 * API is a factory in the file of its concept and one line here. The order is the order of
 * publication (the manifest, the OpenAPI document, the build's tasks).
 */

/** v1 publishes match data once per match type. */
const MATCH_TYPES: MatchType[] = ['clubs', 'national'];

/** v1's reference resources, confederations through modifier categories (docs/api.md#resources). */
const V1_REFERENCE = [
  confederations,
  countries,
  competitions,
  domesticCompetitions,
  intlCompetitions,
  phases,
  groupRounds,
  knockoutRounds,
  weather,
  surfaces,
  seasons,
  teams,
  timezones,
  venues,
  nameOrders,
  positions,
  fouls,
  cards,
  bodyParts,
  shotEvents,
  penaltyOutcomes,
  actions,
  modifiers,
  modifierCategories,
];

/** The personnel of a scope. */
const personnel = (scope: Scope) => [players(scope), managers(scope), referees(scope)];

/** The match information and the resources nested under a match, of a scope. */
const matchData = (scope: Scope): CollectionLike[] => [
  matchInfo(scope),
  matchConditions(scope),
  lineups(scope),
  goals(scope),
  penalties(scope),
  offenses(scope),
  substitutions(scope),
  // v0 has no shootouts (docs/api.md#shootouts).
  ...(scope.version === 'v1' ? [shootouts(scope)] : []),
];

/** v1's standings and team figures of a match type (additions to the original service). */
const teamFigures = (scope: Scope) => [
  standings(scope),
  squads(scope),
  scorers(scope),
  headToHead(scope),
];

/**
 * v1's micro-events of a match type; v0 has none. Largest first, as the root lists them: the
 * build starts its tasks in this order once the micro-events are derived, and the modifiers
 * (about 1.4 an action) take the longest, so started last they ended the build alone.
 */
const microEvents = (matchType: MatchType) => [
  actionModifiers(matchType),
  allEvents(matchType),
  touches(matchType),
];

/** The analytics documents of a version. */
const analytics = (version: 'v1' | 'v0') => [
  analyticsState(version),
  analyticsSegments(version),
  analyticsTsr(version),
];

/**
 * The API as it is published: v1, then v0, whose resources are the same definitions in v0's scope
 * (`scope.ts`); v0 has no micro-events.
 */
export const REGISTRY: Registry = {
  resources: [
    ...V1_REFERENCE,
    v1Persons,
    // Personnel read only v1's id rules, which are the same for both match types.
    ...personnel(v1Scope('clubs')),
    playerKeys,
    managerKeys,
    refereeKeys,
    ...MATCH_TYPES.flatMap((type) => matchData(v1Scope(type))),
    ...MATCH_TYPES.flatMap((type) => teamFigures(v1Scope(type))),
    ...MATCH_TYPES.flatMap(microEvents),
    ...analytics('v1'),
    ...MATCH_TYPES.flatMap((type) => statistics(v1Scope(type))),
    ...V0_REFERENCE,
    v0Persons,
    ...personnel(V0),
    ...matchData(V0),
    ...analytics('v0'),
    ...statistics(V0),
  ],
  roots: { v1: V1_ROOT, v0: V0_ROOT },
};
