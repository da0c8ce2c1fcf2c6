import { playerName } from '../../define/player-name.ts';
import { PENALTY_OUTCOMES } from '../../../football/lists.ts';
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
  EVENT_INDEXES,
  eventFields,
  eventLinks,
  indexOnly,
  matchComposition,
  matchParts,
  perMatch,
  type MatchParts,
} from './parts.ts';
import { phaseJoins } from './phase.ts';

/** Penalty shootouts, v1 only (v0 has only the shootout scores of the match information). */

/** The fields of a shootout kick: the opening team, the kicker, the round and the outcome. */
function kickFields(m: MatchParts): FieldDef[] {
  return [
    ...eventFields(m, 'l').filter((f) => f.name !== 'player' && f.name !== 'player_name'),
    field('opening_team', 'uuid', 'Team that kicked first.', 'k.opening_team', { nullable: false }),
    field(
      'opening_team_name',
      'string',
      'Name of the team that kicked first.',
      m.scope.teamName('k.opening_team'),
      { nullable: false },
    ),
    field('player', 'uuid', 'Kicker (/v1/personnel/players).', 'l.player', { nullable: false }),
    field('player_name', 'string', "Kicker's name.", playerName('l'), { nullable: false }),
    field(
      'shootout_round',
      'integer',
      'Round of the shootout (1 = first pair of kicks).',
      'k.round',
      { nullable: false },
    ),
    field('outcome', 'integer', 'Outcome id (/v1/penalty_outcomes).', 'k.outcome', {
      nullable: false,
      ...idsOf(PENALTY_OUTCOMES),
    }),
    field('outcome_type', 'string', 'Outcome.', 'o.desc', {
      nullable: false,
      ...labelsOf(PENALTY_OUTCOMES),
    }),
  ];
}

/** `/v1/<match type>/matches/shootouts`: the kicks of each match's shootout, in order. */
export function shootouts(scope: Scope): NestedDef | CollectionDef {
  const m = matchParts(scope);
  return perMatch(m, 'shootouts', {
    title: `Penalty shootouts (${m.scopeName})`,
    description:
      'Kicks of penalty shootouts, in the order taken. opening_team is the team that kicked first.',
    sql: {
      id: 'k.id',
      from: `FROM shootout k JOIN match m ON m.id = k.match ${phaseJoins(scope)} JOIN lineup l ON l.id = k.lineup
      JOIN penalty_outcome o ON o.id = k.outcome ${m.where}`,
      hidden: { _kick: 'k.round * 2 - (l.team = k.opening_team)' },
    },
    fields: indexOnly([...EVENT_INDEXES, 'opening_team', 'outcome'], kickFields(m)),
    order: {
      by: ['match_date', 'match', '_kick'],
      note: 'by match date, then match, then the order the kicks were taken',
    },
    composition: matchComposition(scope),
    links: eventLinks(m),
  });
}
