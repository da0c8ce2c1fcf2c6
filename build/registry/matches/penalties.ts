import { FOULS, PENALTY_OUTCOMES } from '../../../football/lists.ts';
import {
  field,
  idsOf,
  labelsOf,
  type CollectionDef,
  type FieldDef,
  type NestedDef,
} from '../../define/resource.ts';
import type { Scope } from '../../define/scope.ts';
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

/** Penalty kicks in play; the kicks of a shootout are `shootouts.ts`. */

/** The fields of a penalty kick: the kicker, the foul that led to it, its outcome. */
function penaltyFields(m: MatchParts): FieldDef[] {
  const { root } = m.scope;
  return [
    ...eventFields(m, 'l'),
    field('foul', 'integer', `Foul that led to the kick (${root}/fouls).`, 'p.foul', idsOf(FOULS)),
    field('foul_type', 'string', 'Foul.', 'f.desc', labelsOf(FOULS)),
    field('outcome', 'integer', `Outcome id (${root}/penalty_outcomes).`, 'p.outcome', {
      nullable: false,
      ...idsOf(PENALTY_OUTCOMES),
    }),
    field('outcome_type', 'string', 'Outcome.', 'o.desc', {
      nullable: false,
      ...labelsOf(PENALTY_OUTCOMES),
    }),
    ...timeFields('p'),
  ];
}

/** `/<base>/matches/penalties` (v0: `/v0/events/penalties`): the penalty kicks of each match. */
export function penalties(scope: Scope): NestedDef | CollectionDef {
  const m = matchParts(scope);
  return perMatch(m, 'penalties', {
    title: `Penalty kicks (${m.scopeName})`,
    description: `Penalty kicks in play (${m.v1 ? 'shootout kicks are under shootouts' : 'not shootouts'}). player_team is the team awarded the kick.`,
    sql: {
      id: scope.own('p'),
      from: `FROM penalty p JOIN match m ON m.id = p.match ${phaseJoins(scope)} JOIN lineup l ON l.id = p.lineup
      LEFT JOIN foul f ON f.id = p.foul JOIN penalty_outcome o ON o.id = p.outcome ${m.where}`,
    },
    fields: indexOnly([...EVENT_INDEXES, 'outcome'], penaltyFields(m)),
    order: BY_TIME,
    composition: matchComposition(scope),
    links: eventLinks(m),
  });
}
