import { PHASES } from '../../football/lists.ts';
import { STANDINGS } from '../derived/standings/derived.ts';
import {
  dataCredit,
  field,
  idsOf,
  labelsOf,
  type CollectionDef,
  type FieldDef,
} from '../define/resource.ts';
import { idField, type Scope } from '../define/scope.ts';
import { competitionSeasonFields } from './squads.ts';

/**
 * `/v1/<match type>/standings` (docs/api.md#standings): the table of every league season and of
 * every group of a group phase, one record per team, computed by the build from the matches
 * under the rules of each competition's edition (`derived.standing`, `build/derived/standings/`).
 */

/** A count of the table, not filtered. */
const count = (name: string, description: string): FieldDef =>
  field(name, 'integer', description, `st.${name}`, { nullable: false, filter: 'none' });

/** Which table and which team a line is. */
function standingFields(scope: Scope): FieldDef[] {
  return [
    ...competitionSeasonFields(scope, 'st'),
    field('phase', 'integer', 'Competition phase id (/v1/phases): 1 League, 2 Group.', 'st.phase', {
      nullable: false,
      filter: 'scan',
      values: idsOf(PHASES).values.filter((id) => id !== 3),
    }),
    field('phase_name', 'string', 'Competition phase name.', 'ph.name', {
      nullable: false,
      filter: 'none',
      values: labelsOf(PHASES).values.filter((label) => label !== 'Knockout'),
    }),
    field(
      'round',
      'integer',
      'Group round id (/v1/grouprounds); absent in a league.',
      'st.group_round',
      {
        omitNull: true,
        filter: 'scan',
      },
    ),
    field('round_name', 'string', 'Group round name.', 'gr.name', {
      omitNull: true,
      filter: 'scan',
    }),
    field(
      'group',
      'string',
      'Group name; absent in a league and a group round of one group.',
      'st.group_name',
      {
        omitNull: true,
      },
    ),
    idField(scope, 'team', 'Team (a club, or a country for national teams).', 'st.team', {
      nullable: false,
    }),
    field('team_name', 'string', 'Team name.', scope.teamName('st.team'), {
      nullable: false,
      filter: 'scan',
    }),
  ];
}

/** The place and the counts of a line. */
function tableFields(): FieldDef[] {
  return [
    field(
      'position',
      'integer',
      'Place in the table, from 1. Teams nothing separates share a place.',
      'st.position',
      { nullable: false, filter: 'scan' },
    ),
    count('played', 'Matches played (play-offs not counted).'),
    count('won', 'Matches won.'),
    count('drawn', 'Matches drawn.'),
    count('lost', 'Matches lost.'),
    count('goals_for', 'Goals scored.'),
    count('goals_against', 'Goals conceded.'),
    field(
      'goal_difference',
      'integer',
      'Goals scored minus goals conceded.',
      'st.goals_for - st.goals_against',
      {
        nullable: false,
        filter: 'none',
      },
    ),
    count('points', "Points, under the rules of the competition's edition (2 or 3 a win)."),
    field(
      'form',
      'string',
      'Results of the last five matches played, oldest first: W won, D drawn, L lost.',
      'st.form',
      { nullable: false, filter: 'none' },
    ),
    field(
      'decided_by',
      'string',
      'What set the team apart from a team level with it when no result of the table did: ' +
        'play-off, lots or fair play; null otherwise.',
      'st.decided_by',
      { filter: 'scan', values: ['play-off', 'lots', 'fair play'] },
    ),
  ];
}

/** `/v1/<match type>/standings`: the tables of a match type. */
export function standings(scope: Scope): CollectionDef {
  return {
    kind: 'collection',
    path: `${scope.base}/standings`,
    version: scope.version,
    group: 'matches',
    title: `Standings (${scope.matchType})`,
    description:
      'The table of every league season and of every group of a group phase (an addition to the original ' +
      'service), one record per team, computed ' +
      "from the matches under the rules of the competition's edition: points for a win, and what separates " +
      'teams level on points. Filter by competition, season, group or team.',
    idType: scope.idType,
    sql: {
      id: 'st.id',
      from: `FROM derived.standing st JOIN competition c ON c.id = st.competition
        JOIN season s ON s.id = st.season JOIN phase ph ON ph.id = st.phase
        LEFT JOIN groupround gr ON gr.id = st.group_round
        WHERE ${scope.matches('st.match_type')}`,
      hidden: { _ord: 'st.ord' },
      temp: [STANDINGS],
    },
    fields: [...standingFields(scope), ...tableFields()],
    recordFiles: 'one',
    paging: { kind: 'pages', size: 20 },
    order: {
      by: ['_ord'],
      note: 'by competition, season, round and group, then position',
    },
    links: {
      competition: '/v1/competitions/{competition}',
      season: '/v1/seasons/{season}',
      team: scope.teamLink('team'),
    },
    credit: dataCredit('st.source'),
  };
}
