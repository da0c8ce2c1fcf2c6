import { BODY_PARTS, SHOT_EVENTS } from '../../../football/lists.ts';
import {
  field,
  idsOf,
  labelsOf,
  type CollectionDef,
  type FieldDef,
  type NestedDef,
} from '../../define/resource.ts';
import { idField, type Scope } from '../../define/scope.ts';
import {
  BY_TIME,
  EVENT_INDEXES,
  eventFields,
  eventLinks,
  indexOnly,
  matchComposition,
  matchParts,
  perMatch,
  timeFields,
  type MatchParts,
} from './parts.ts';
import { phaseJoins } from './phase.ts';

/** Goals, own goals included: the player is the scorer, the scoring team the one credited. */

/** The fields of a goal: the scorer from the goal itself, the team credited, how it was scored. */
function goalFields(m: MatchParts): FieldDef[] {
  const { scope } = m;
  const { root } = scope;
  return [
    ...eventFields(m, 'g', 'player_team'),
    idField(scope, 'scoring_team', 'Team credited with the goal.', scope.team('g.team'), {
      nullable: false,
    }),
    field('scoring_team_name', 'string', 'Name of the team credited.', scope.teamName('g.team'), {
      nullable: false,
    }),
    field(
      'shot_event',
      'integer',
      `Shot event id (${root}/shotevents).`,
      'g.shot_event',
      idsOf(SHOT_EVENTS),
    ),
    field('shot_event_type', 'string', 'Shot event.', 'se.desc', labelsOf(SHOT_EVENTS)),
    field(
      'bodypart',
      'integer',
      `Body part id (${root}/bodyparts).`,
      'g.bodypart',
      idsOf(BODY_PARTS),
    ),
    field('bodypart_name', 'string', 'Body part.', 'bp.desc', labelsOf(BODY_PARTS)),
    ...timeFields('g'),
  ];
}

/** `/<base>/matches/goals` (v0: `/v0/events/goals`): the goals of each match. */
export function goals(scope: Scope): NestedDef | CollectionDef {
  const m = matchParts(scope);
  return perMatch(m, 'goals', {
    title: `Goals (${m.scopeName})`,
    description: 'Goals. An own goal is a goal whose player_team differs from scoring_team.',
    sql: {
      id: scope.own('g'),
      from: `FROM goal g JOIN match m ON m.id = g.match ${phaseJoins(scope)}
      LEFT JOIN shotevent se ON se.id = g.shot_event LEFT JOIN bodypart bp ON bp.id = g.bodypart ${m.where}`,
    },
    fields: indexOnly([...EVENT_INDEXES, 'scoring_team'], goalFields(m)),
    order: BY_TIME,
    composition: matchComposition(scope),
    links: eventLinks(m),
  });
}
