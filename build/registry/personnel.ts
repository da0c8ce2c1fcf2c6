import { NAME_ORDERS, POSITIONS } from '../../data/reference/lists.ts';
import {
  dataCredit,
  field,
  idsOf,
  labelsOf,
  type CollectionDef,
  type FieldDef,
  type LinkTemplate,
} from './define.ts';
import { idField, supplierIdField, V0, v1Scope, type Scope } from './scope.ts';

/**
 * Persons, personnel (players, managers, referees) and the key resources. v1 and v0 share the
 * personnel resources (v0: integer ids, `supplier_id`, links into v0's match data); v0's persons
 * have five fields, and v0's /v0/players, /v0/managers and /v0/referees are the personnel records
 * again, where v1's are key records.
 */

const credit = dataCredit('p.source');

/** The fields every personnel resource shares (person, full name, birth date, country). */
function personnelFields(scope: Scope): FieldDef[] {
  return [
    idField(scope, 'person', `Person id (${scope.root}/persons).`, scope.own('p'), {
      nullable: false,
    }),
    field(
      'full_name',
      'string',
      "Full name in the person's name order, or the nickname if there is one.",
      'n.full_name',
      { nullable: false },
    ),
    field('birth_date', 'date', 'Date of birth.', 'p.birth_date'),
    idField(scope, 'country', 'Country of nationality.', scope.own('c')),
    field('country_name', 'string', 'Name of the country of nationality.', 'c.name'),
  ];
}

const personJoins =
  'JOIN person p ON p.id = x.person JOIN person_name n ON n.id = p.id LEFT JOIN country c ON c.id = p.country';

type Role = 'players' | 'managers' | 'referees';

/**
 * A `/<version>/personnel/<role>` resource: the role's table joined to its person, with
 * role-specific fields and its links into match data: in v1 under `club` (club matches) and `natl`
 * (national-team matches); in v0, which lists every match in one place, once.
 */
function personnel(
  scope: Scope,
  role: Role,
  title: string,
  description: string,
  extra: {
    join?: string;
    fields?: FieldDef[];
    links: (base: string) => Record<string, LinkTemplate>;
  },
): CollectionDef {
  const table = role.slice(0, -1);
  const root = scope.root;
  return {
    kind: 'collection',
    path: `${root.slice(1)}/personnel/${role}`,
    version: scope.version,
    title,
    description: scope.version === 'v0' ? `${description} Also at /v0/${role}.` : description,
    idType: scope.idType,
    sql: {
      id: scope.own('x'),
      from: `FROM ${table} x ${personJoins} ${extra.join ?? ''}`.trimEnd(),
    },
    fields: [
      ...(scope.version === 'v0' ? [supplierIdField('x')] : []),
      ...personnelFields(scope),
      ...(extra.fields ?? []),
    ],
    order: { by: ['full_name', 'birth_date'] },
    paging: { kind: 'pages' },
    recordFiles: 'one',
    ...(scope.version === 'v0' ? { routing: { aliases: [`v0/${role}`] } } : {}),
    links: {
      country: `${root}/countries/{country}`,
      person: `${root}/persons/{person}`,
      ...(scope.version === 'v1'
        ? { club: extra.links('/v1/clubs'), natl: extra.links('/v1/national') }
        : extra.links('/v0')),
    },
    credit,
  };
}

/** The personnel of a version: players, managers and referees. */
function personnelOf(scope: Scope): CollectionDef[] {
  const root = scope.root;
  const v1 = scope.version === 'v1';
  // Macro-events are `<base>/matches/<kind>` in v1 and `/v0/events/<kind>` in v0.
  const events = (base: string, kind: string) =>
    v1 ? `${base}/matches/${kind}` : `${base}/events/${kind}`;
  return [
    personnel(
      scope,
      'players',
      'Players',
      'Players with their person details and default position.',
      {
        join: 'LEFT JOIN position pos ON pos.id = x.position',
        fields: [
          field(
            'position',
            'integer',
            `Default position id (${root}/positions).`,
            'x.position',
            idsOf(POSITIONS),
          ),
          field(
            'position_name',
            'string',
            'Default position name.',
            'pos.name',
            labelsOf(POSITIONS),
          ),
        ],
        links: (base): Record<string, LinkTemplate> => {
          const goals = `${events(base, 'goals')}?player={id}`;
          const matches = `${base}/matches/lineups?player={id}`;
          const rest = {
            offenses: `${events(base, 'offenses')}?player={id}`,
            penalties: `${events(base, 'penalties')}?player={id}`,
            subbedIn: `${events(base, 'substitutions')}?in_player={id}`,
            subbedOut: `${events(base, 'substitutions')}?out_player={id}`,
          };
          // SPEC: v1's club and natl objects hold all six; v0 has `matches` and an `events` object.
          return v1 ? { goals, matches, ...rest } : { matches, events: { goals, ...rest } };
        },
      },
    ),
    personnel(scope, 'managers', 'Managers', 'Team managers with their person details.', {
      links: (base) => ({
        awayMatches: `${base}/matches/info?away_manager={id}`,
        homeMatches: `${base}/matches/info?home_manager={id}`,
      }),
    }),
    personnel(scope, 'referees', 'Referees', 'Match referees with their person details.', {
      links: (base) => ({ matches: `${base}/matches/info?referee={id}` }),
    }),
  ];
}

/** Persons in v1: every name part, the name order. */
const V1_PERSONS: CollectionDef = {
  kind: 'collection',
  path: 'v1/persons',
  version: 'v1',
  title: 'Persons',
  description: 'Everyone in the data: players, managers and referees are persons with a role.',
  idType: 'uuid',
  sql: { id: 'p.id', from: 'FROM person p' },
  fields: [
    field('first_name', 'string', 'First (given) name.', 'p.first_name'),
    field('second_name', 'string', 'Second (middle) name.', 'p.second_name'),
    field('last_name', 'string', 'Last (family) name.', 'p.last_name'),
    field(
      'second_last_name',
      'string',
      "Second family name (for example the mother's, in Spanish names).",
      'p.second_last_name',
    ),
    field('nickname', 'string', 'Nickname; empty when there is none.', 'p.nickname', {
      nullable: false,
    }),
    field('birth_date', 'date', 'Date of birth.', 'p.birth_date'),
    field('order', 'integer', 'Name order id (/v1/name_order).', 'p.name_order', {
      nullable: false,
      ...idsOf(NAME_ORDERS),
    }),
    field('country', 'uuid', 'Country of nationality.', 'p.country'),
  ],
  order: { by: ['last_name', 'first_name', 'birth_date'] },
  paging: { kind: 'pages' },
  recordFiles: 'one',
  links: { country: '/v1/countries/{country}' },
  credit,
};

/** Persons in v0: SPEC's five fields. */
const V0_PERSONS: CollectionDef = {
  ...V1_PERSONS,
  path: 'v0/persons',
  version: 'v0',
  idType: 'integer',
  sql: { ...V1_PERSONS.sql, id: 'p.v0_id' },
  fields: [
    ...V1_PERSONS.fields.filter((f) =>
      ['first_name', 'last_name', 'nickname', 'birth_date'].includes(f.name),
    ),
    idField(V0, 'country', 'Country of nationality.', V0.ref('country', 'p.country')),
  ],
  links: { country: '/v0/countries/{country}' },
};

/** Every personnel resource of both versions. */
export const personnelResources: CollectionDef[] = [
  V1_PERSONS,
  // Personnel read only v1's id rules, which are the same for both match types.
  ...personnelOf(v1Scope('clubs')),
  keyResource(
    'players',
    'player',
    'Player keys: person and default position. Unfiltered requests return very many records; filter by person or position.',
    [
      field('person', 'uuid', 'Person id (/v1/persons).', 'x.person', { nullable: false }),
      field(
        'position',
        'integer',
        'Default position id (/v1/positions).',
        'x.position',
        idsOf(POSITIONS),
      ),
    ],
  ),
  keyResource(
    'managers',
    'manager',
    'Manager keys. Unfiltered requests return very many records; filter by person.',
    [field('person', 'uuid', 'Person id (/v1/persons).', 'x.person', { nullable: false })],
  ),
  keyResource(
    'referees',
    'referee',
    'Referee keys. Unfiltered requests return very many records; filter by person.',
    [field('person', 'uuid', 'Person id (/v1/persons).', 'x.person', { nullable: false })],
  ),
];

/** The v0 persons and personnel. */
export const v0PersonnelResources: CollectionDef[] = [V0_PERSONS, ...personnelOf(V0)];

function keyResource(
  path: string,
  table: string,
  description: string,
  fields: FieldDef[],
): CollectionDef {
  return {
    kind: 'collection',
    path: `v1/${path}`,
    version: 'v1',
    title: `${table[0]!.toUpperCase()}${table.slice(1)} keys`,
    description,
    idType: 'uuid',
    sql: { id: 'x.id', from: `FROM ${table} x JOIN person p ON p.id = x.person` },
    fields,
    paging: { kind: 'pages' },
    recordFiles: 'one',
    links: { person: '/v1/persons/{person}' },
    credit,
  };
}
