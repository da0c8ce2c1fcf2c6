import { NAME_ORDERS, POSITIONS } from '../../football/lists.ts';
import {
  dataCredit,
  field,
  idsOf,
  labelsOf,
  type CollectionDef,
  type FieldDef,
  type LinkTemplate,
} from '../define/resource.ts';
import { idField, supplierIdField, V0, type Scope } from '../define/scope.ts';

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

/** What a personnel role adds to the fields and links every role has. */
interface RoleDef {
  role: Role;
  title: string;
  description: string;
  join?: string;
  fields?: FieldDef[];
  /** The role's links into the match data under `base` (`/v1/clubs`, `/v0`). */
  links: (base: string) => Record<string, LinkTemplate>;
}

/**
 * A `/<version>/personnel/<role>` resource: the role's table joined to its person, with
 * role-specific fields and its links into match data: in v1 under `club` (club matches) and `natl`
 * (national-team matches); in v0, which lists every match in one place, once.
 */
function personnel(scope: Scope, def: RoleDef): CollectionDef {
  const { role } = def;
  const { root } = scope;
  const v0 = scope.version === 'v0';
  return {
    kind: 'collection',
    path: `${root.slice(1)}/personnel/${role}`,
    version: scope.version,
    group: 'persons',
    title: def.title,
    description: v0 ? `${def.description} Also at /v0/${role}.` : def.description,
    idType: scope.idType,
    sql: {
      id: scope.own('x'),
      from: `FROM ${role.slice(0, -1)} x ${personJoins} ${def.join ?? ''}`.trimEnd(),
    },
    fields: [
      ...(v0 ? [supplierIdField('x')] : []),
      ...personnelFields(scope),
      ...(def.fields ?? []),
    ],
    recordFiles: 'one',
    paging: { kind: 'pages' },
    order: { by: ['full_name', 'birth_date'] },
    ...(v0 ? { routing: { aliases: [`v0/${role}`] } } : {}),
    links: {
      country: `${root}/countries/{country}`,
      person: `${root}/persons/{person}`,
      ...(v0
        ? def.links('/v0')
        : { club: def.links('/v1/clubs'), natl: def.links('/v1/national') }),
    },
    credit,
  };
}

/**
 * A player's links into the match data under `base`: v1's club and natl objects hold all
 * six; v0 has `matches` and an `events` object.
 */
function playerLinks(scope: Scope, base: string): Record<string, LinkTemplate> {
  const v1 = scope.version === 'v1';
  // Macro-events are `<base>/matches/<kind>` in v1 and `/v0/events/<kind>` in v0.
  const events = (kind: string) => (v1 ? `${base}/matches/${kind}` : `${base}/events/${kind}`);
  const goals = `${events('goals')}?player={id}`;
  const matches = `${base}/matches/lineups?player={id}`;
  const rest = {
    offenses: `${events('offenses')}?player={id}`,
    penalties: `${events('penalties')}?player={id}`,
    subbedIn: `${events('substitutions')}?in_player={id}`,
    subbedOut: `${events('substitutions')}?out_player={id}`,
  };
  return v1 ? { goals, matches, ...rest } : { matches, events: { goals, ...rest } };
}

/** `/<version>/personnel/players`: players with their default position. */
export function players(scope: Scope): CollectionDef {
  return personnel(scope, {
    role: 'players',
    title: 'Players',
    description: 'Players with their person details and default position.',
    join: 'LEFT JOIN position pos ON pos.id = x.position',
    fields: [
      field(
        'position',
        'integer',
        `Default position id (${scope.root}/positions).`,
        'x.position',
        idsOf(POSITIONS),
      ),
      field('position_name', 'string', 'Default position name.', 'pos.name', labelsOf(POSITIONS)),
    ],
    links: (base) => playerLinks(scope, base),
  });
}

/** `/<version>/personnel/managers`: team managers, linked to the matches they managed. */
export function managers(scope: Scope): CollectionDef {
  return personnel(scope, {
    role: 'managers',
    title: 'Managers',
    description: 'Team managers with their person details.',
    links: (base) => ({
      awayMatches: `${base}/matches/info?away_manager={id}`,
      homeMatches: `${base}/matches/info?home_manager={id}`,
    }),
  });
}

/** `/<version>/personnel/referees`: referees, linked to the matches they officiated. */
export function referees(scope: Scope): CollectionDef {
  return personnel(scope, {
    role: 'referees',
    title: 'Referees',
    description: 'Match referees with their person details.',
    links: (base) => ({ matches: `${base}/matches/info?referee={id}` }),
  });
}

/** `/v1/persons`: every name part, the name order. */
export const v1Persons: CollectionDef = {
  kind: 'collection',
  path: 'v1/persons',
  version: 'v1',
  group: 'persons',
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
  recordFiles: 'one',
  paging: { kind: 'pages' },
  order: { by: ['last_name', 'first_name', 'birth_date'] },
  links: { country: '/v1/countries/{country}' },
  credit,
};

/** `/v0/persons`: five fields (docs/api.md#the-v0-api). */
export const v0Persons: CollectionDef = {
  ...v1Persons,
  path: 'v0/persons',
  version: 'v0',
  idType: 'integer',
  sql: { ...v1Persons.sql, id: 'p.v0_id' },
  fields: [
    ...v1Persons.fields.filter((f) =>
      ['first_name', 'last_name', 'nickname', 'birth_date'].includes(f.name),
    ),
    idField(V0, 'country', 'Country of nationality.', V0.ref('country', 'p.country')),
  ],
  links: { country: '/v0/countries/{country}' },
};

/**
 * A v1 key resource (`/v1/players`, ...): the ids of a role's records and their person, in id
 * order.
 */
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
    group: 'persons',
    title: `${table[0]!.toUpperCase()}${table.slice(1)} keys`,
    description,
    idType: 'uuid',
    sql: { id: 'x.id', from: `FROM ${table} x JOIN person p ON p.id = x.person` },
    fields,
    recordFiles: 'one',
    paging: { kind: 'pages' },
    links: { person: '/v1/persons/{person}' },
    credit,
  };
}

const personKey = field('person', 'uuid', 'Person id (/v1/persons).', 'x.person', {
  nullable: false,
});

/** `/v1/players`: player keys, person and default position. */
export const playerKeys = keyResource(
  'players',
  'player',
  'Player keys: person and default position. Unfiltered requests return very many records; filter by person or position.',
  [
    personKey,
    field(
      'position',
      'integer',
      'Default position id (/v1/positions).',
      'x.position',
      idsOf(POSITIONS),
    ),
  ],
);

/** `/v1/managers`: manager keys. */
export const managerKeys = keyResource(
  'managers',
  'manager',
  'Manager keys. Unfiltered requests return very many records; filter by person.',
  [personKey],
);

/** `/v1/referees`: referee keys. */
export const refereeKeys = keyResource(
  'referees',
  'referee',
  'Referee keys. Unfiltered requests return very many records; filter by person.',
  [personKey],
);
