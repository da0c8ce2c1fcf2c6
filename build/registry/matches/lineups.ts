import { POSITIONS } from '../../../football/lists.ts';
import {
  field,
  idsOf,
  labelsOf,
  type CollectionDef,
  type FieldDef,
  type NestedDef,
} from '../../define/resource.ts';
import type { Scope } from '../../define/scope.ts';
import { statsLinks } from '../stats-groups.ts';
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

/**
 * Lineups: the players in a match, starters and the substitutes who came on. A lineup's id is also
 * the id of its statistics records, which its `stats` links name.
 */

/**
 * v1's shirt number; v0 lineups have none (docs/api.md#the-v0-api), though it still orders them.
 */
const NUMBER = field('number', 'integer', 'Shirt number.', 'l.number');

/** The fields of a lineup: the macro-events' common ones, then position, role and number. */
function lineupFields(m: MatchParts): FieldDef[] {
  return [
    ...eventFields(m, 'l'),
    field(
      'position',
      'integer',
      `Position played (${m.scope.root}/positions).`,
      'l.position',
      idsOf(POSITIONS),
    ),
    field('position_name', 'string', 'Position name.', 'pos.name', labelsOf(POSITIONS)),
    field('is_starting', 'boolean', 'In the starting eleven.', 'l.is_starting', {
      nullable: false,
    }),
    field('is_captain', 'boolean', 'Captain; null when the source does not say.', 'l.is_captain'),
    ...(m.v1 ? [NUMBER] : []),
  ];
}

/** `/<base>/matches/lineups`: the players of each match, nested under the match. */
export function lineups(scope: Scope): NestedDef | CollectionDef {
  const m = matchParts(scope);
  return perMatch(m, 'lineups', {
    title: `Lineups (${m.scopeName})`,
    description:
      'Players in a match: starters and the substitutes who came on, with captains' +
      (m.v1 ? ' and shirt numbers.' : '.'),
    sql: {
      id: scope.own('l'),
      from: `FROM lineup l JOIN match m ON m.id = l.match ${phaseJoins(scope)} LEFT JOIN position pos ON pos.id = l.position ${m.where}`,
      hidden: m.v1 ? {} : { _number: 'l.number' },
    },
    keyCase: scope.keyCase,
    fields: indexOnly(EVENT_INDEXES, lineupFields(m)),
    order: m.v1
      ? { by: ['player_team_name', '-is_starting', 'number'] }
      : {
          by: ['player_team_name', '-is_starting', '_number'],
          note: 'by team name, starters first, then shirt number',
        },
    composition: matchComposition(scope),
    links: {
      ...eventLinks(m),
      stats: statsLinks(
        scope.version,
        (group, name) => `/${scope.base}/stats/${group}/${name}/{id}`,
      ),
    },
  });
}
