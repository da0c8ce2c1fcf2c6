import { dataCredit, field, type FieldDef, type LinkTemplate, type ResourceDef } from './define.ts';

/** Persons, personnel (players, managers, referees) and the key resources of v1. */

const credit = dataCredit('p.source');

/** The fields every personnel resource shares (person, full name, birth date, country). */
const personnelFields: FieldDef[] = [
  field('person', 'uuid', 'Person id (/v1/persons).', 'p.id', { nullable: false }),
  field('full_name', 'string', 'Full name in the person\'s name order, or the nickname if there is one.', 'n.full_name', { nullable: false }),
  field('birth_date', 'date', 'Date of birth.', 'p.birth_date'),
  field('country', 'uuid', 'Country of nationality.', 'p.country'),
  field('country_name', 'string', 'Name of the country of nationality.', 'c.name'),
];

const personJoins = 'JOIN person p ON p.id = x.person JOIN person_name n ON n.id = p.id LEFT JOIN country c ON c.id = p.country';

/**
 * A `/v1/personnel/<role>` resource: the role's table joined to its person, with role-specific fields
 * and the links under `club` (club matches) and `natl` (national-team matches).
 */
function personnel(
  role: 'players' | 'managers' | 'referees',
  title: string,
  description: string,
  extra: { join?: string; fields?: FieldDef[]; links: (matchType: 'clubs' | 'national') => Record<string, string> },
): ResourceDef {
  const table = role.slice(0, -1);
  return {
    path: `v1/personnel/${role}`,
    version: 'v1',
    title,
    description,
    idType: 'uuid',
    idSql: 'x.id',
    from: `FROM ${table} x ${personJoins} ${extra.join ?? ''}`.trimEnd(),
    fields: [...personnelFields, ...(extra.fields ?? [])],
    defaultSort: ['full_name', 'birth_date'],
    paginated: true,
    links: {
      country: '/v1/countries/{country}',
      person: '/v1/persons/{person}',
      club: extra.links('clubs'),
      natl: extra.links('national'),
    } satisfies Record<string, LinkTemplate>,
    credit,
  };
}

/** Every v1 personnel resource. */
export const personnelResources: ResourceDef[] = [
  {
    path: 'v1/persons',
    version: 'v1',
    title: 'Persons',
    description: 'Everyone in the data: players, managers and referees are persons with a role.',
    idType: 'uuid',
    idSql: 'p.id',
    from: 'FROM person p',
    fields: [
      field('first_name', 'string', 'First (given) name.', 'p.first_name'),
      field('second_name', 'string', 'Second (middle) name.', 'p.second_name'),
      field('last_name', 'string', 'Last (family) name.', 'p.last_name'),
      field('second_last_name', 'string', 'Second family name (for example the mother\'s, in Spanish names).', 'p.second_last_name'),
      field('nickname', 'string', 'Nickname; empty when there is none.', 'p.nickname', { nullable: false }),
      field('birth_date', 'date', 'Date of birth.', 'p.birth_date'),
      field('order', 'integer', 'Name order id (/v1/name_order).', 'p.name_order', { nullable: false }),
      field('country', 'uuid', 'Country of nationality.', 'p.country'),
    ],
    defaultSort: ['last_name', 'first_name', 'birth_date'],
    paginated: true,
    links: { country: '/v1/countries/{country}' },
    credit,
  },
  personnel('players', 'Players', 'Players with their person details and default position.', {
    join: 'LEFT JOIN position pos ON pos.id = x.position',
    fields: [
      field('position', 'integer', 'Default position id (/v1/positions).', 'x.position'),
      field('position_name', 'string', 'Default position name.', 'pos.name'),
    ],
    links: (t) => ({
      goals: `/v1/${t}/matches/goals?player={id}`,
      matches: `/v1/${t}/matches/lineups?player={id}`,
      offenses: `/v1/${t}/matches/offenses?player={id}`,
      penalties: `/v1/${t}/matches/penalties?player={id}`,
      subbedIn: `/v1/${t}/matches/substitutions?in_player={id}`,
      subbedOut: `/v1/${t}/matches/substitutions?out_player={id}`,
    }),
  }),
  personnel('managers', 'Managers', 'Team managers with their person details.', {
    links: (t) => ({
      awayMatches: `/v1/${t}/matches/info?away_manager={id}`,
      homeMatches: `/v1/${t}/matches/info?home_manager={id}`,
    }),
  }),
  personnel('referees', 'Referees', 'Match referees with their person details.', {
    links: (t) => ({ matches: `/v1/${t}/matches/info?referee={id}` }),
  }),
  keyResource('players', 'player', 'Player keys: person and default position. Unfiltered requests return very many records; filter by person or position.', [
    field('person', 'uuid', 'Person id (/v1/persons).', 'x.person', { nullable: false }),
    field('position', 'integer', 'Default position id (/v1/positions).', 'x.position'),
  ]),
  keyResource('managers', 'manager', 'Manager keys. Unfiltered requests return very many records; filter by person.', [
    field('person', 'uuid', 'Person id (/v1/persons).', 'x.person', { nullable: false }),
  ]),
  keyResource('referees', 'referee', 'Referee keys. Unfiltered requests return very many records; filter by person.', [
    field('person', 'uuid', 'Person id (/v1/persons).', 'x.person', { nullable: false }),
  ]),
];

function keyResource(path: string, table: string, description: string, fields: FieldDef[]): ResourceDef {
  return {
    path: `v1/${path}`,
    version: 'v1',
    title: `${table[0]!.toUpperCase()}${table.slice(1)} keys`,
    description,
    idType: 'uuid',
    idSql: 'x.id',
    from: `FROM ${table} x JOIN person p ON p.id = x.person`,
    fields,
    defaultSort: [],
    paginated: true,
    links: { person: '/v1/persons/{person}' },
    credit,
  };
}
