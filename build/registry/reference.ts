import {
  REFERENCE,
  field,
  type CollectionDef,
  idsOf,
  labelsOf,
  type FieldDef,
  type LinkTemplate,
  type ListEntry,
} from './define.ts';
import { supplierIdField, V0 } from './scope.ts';
import { ACTIONS, MODIFIERS } from '../../data/reference/events.ts';
import {
  BODY_PARTS,
  CARDS,
  CONFEDERATIONS,
  FOULS,
  GROUP_ROUNDS,
  KNOCKOUT_ROUNDS,
  MODIFIER_CATEGORIES,
  NAME_ORDERS,
  PENALTY_OUTCOMES,
  PHASES,
  POSITIONS,
  SHOT_EVENTS,
  SURFACES,
  WEATHER,
} from '../../data/reference/lists.ts';

/**
 * The reference resources of SPEC: v1's, confederations through modifier categories, and v0's,
 * which are some of them with integer ids, `supplier_id` and v0's field sets.
 */

/**
 * A v1 reference resource: a plain collection of few records, a file each; `source` in its
 * attribution is empty (SPEC).
 */
function reference(
  def: Omit<CollectionDef, 'kind' | 'version' | 'credit' | 'recordFiles'>,
): CollectionDef {
  return {
    ...def,
    kind: 'collection',
    path: `v1/${def.path}`,
    version: 'v1',
    credit: REFERENCE,
    recordFiles: 'one',
  };
}

/** A small fixed set with integer ids and one text column, sorted by id. */
function fixedList(
  path: string,
  title: string,
  description: string,
  table: string,
  column: {
    name: string;
    description: string;
    sqlColumn?: string;
    key?: string;
    /** The fixed list the table holds, verbatim, when it is one (`data/reference/`). */
    list?: readonly ListEntry[];
  },
  extra: Partial<Omit<CollectionDef, 'kind' | 'version' | 'credit' | 'recordFiles'>> = {},
): CollectionDef {
  return reference({
    path,
    title,
    description,
    idType: 'integer',
    sql: { id: 't.id', from: `FROM ${table} t` },
    fields: [
      field(column.name, 'string', column.description, `t.${column.sqlColumn ?? column.name}`, {
        nullable: false,
        ...(column.key ? { key: column.key } : {}),
        ...(column.list ? labelsOf(column.list) : {}),
      }),
    ],
    ...(column.list ? { ids: idsOf(column.list).values } : {}),
    paging: { kind: 'single' },
    links: {},
    ...extra,
  });
}

const desc = (what: string, list?: readonly ListEntry[]) => ({
  name: 'desc',
  description: what,
  ...(list ? { list } : {}),
});
const name = (what: string, list?: readonly ListEntry[]) => ({
  name: 'name',
  description: what,
  ...(list ? { list } : {}),
});

const countryFields: FieldDef[] = [
  field('name', 'string', 'Country name.', 'c.name', { nullable: false }),
  field(
    'confederation',
    'integer',
    'Confederation id (/v1/confederations); null for a team outside every confederation or one its source cannot place.',
    'c.confederation',
    idsOf(CONFEDERATIONS),
  ),
];

/** Every v1 reference resource. */
export const referenceResources: CollectionDef[] = [
  fixedList(
    'confederations',
    'Confederations',
    'Football confederations (FIFA member associations grouped by continent).',
    'confederation',
    name('Acronym of the confederation.', CONFEDERATIONS),
    {
      links: { countries: '/v1/countries?confederation={id}' },
    },
  ),
  reference({
    path: 'countries',
    title: 'Countries',
    description: 'Countries, each a member of one confederation. A national team is its country.',
    idType: 'uuid',
    sql: { id: 'c.id', from: 'FROM country c' },
    fields: countryFields,
    paging: { kind: 'pages' },
    order: { by: ['name'] },
    links: {
      confederation: '/v1/confederations/{confederation}',
      managers: '/v1/personnel/managers?country={id}',
      players: '/v1/personnel/players?country={id}',
      referees: '/v1/personnel/referees?country={id}',
      teams: '/v1/teams?country={id}',
      venues: '/v1/venues?country={id}',
    },
  }),
  reference({
    path: 'competitions',
    title: 'Competitions',
    description: 'All competitions, domestic and international.',
    idType: 'uuid',
    sql: { id: 'c.id', from: 'FROM competition c' },
    fields: [
      field('name', 'string', 'Competition name.', 'c.name', { nullable: false }),
      field('level', 'integer', 'Level in the organisation hierarchy (1 = top flight).', 'c.level'),
    ],
    paging: { kind: 'single' },
    order: { by: ['name'] },
    links: {},
  }),
  reference({
    path: 'domestic_competitions',
    title: 'Domestic competitions',
    description: 'Competitions organised by a national football association.',
    idType: 'uuid',
    sql: { id: 'd.id', from: 'FROM domestic_competition d JOIN competition c ON c.id = d.id' },
    fields: [
      field('competition', 'uuid', 'Competition id (/v1/competitions).', 'd.id', {
        nullable: false,
      }),
      field(
        'country',
        'uuid',
        'Country of the national association that organises it.',
        'd.country',
        { nullable: false },
      ),
    ],
    paging: { kind: 'single' },
    links: { competition: '/v1/competitions/{competition}', country: '/v1/countries/{country}' },
  }),
  reference({
    path: 'intl_competitions',
    title: 'International competitions',
    description: 'Competitions organised by a confederation or a world body.',
    idType: 'uuid',
    sql: { id: 'i.id', from: 'FROM intl_competition i' },
    fields: [
      field('competition', 'uuid', 'Competition id (/v1/competitions).', 'i.id', {
        nullable: false,
      }),
      field(
        'confederation',
        'integer',
        'Organising confederation id (/v1/confederations); null when none organises it (friendlies, invitational cups).',
        'i.confederation',
        idsOf(CONFEDERATIONS),
      ),
    ],
    paging: { kind: 'single' },
    links: {
      competition: '/v1/competitions/{competition}',
      confederation: '/v1/confederations/{confederation}',
    },
  }),
  fixedList(
    'phases',
    'Competition phases',
    'League, group and knockout phases.',
    'phase',
    name('Phase name.', PHASES),
  ),
  fixedList(
    'grouprounds',
    'Group rounds',
    'Rounds of group phases.',
    'groupround',
    name('Round name.', GROUP_ROUNDS),
  ),
  fixedList(
    'knockoutrounds',
    'Knockout rounds',
    'Rounds of knockout phases.',
    'knockoutround',
    name('Round name.', KNOCKOUT_ROUNDS),
  ),
  fixedList(
    'weather',
    'Weather conditions',
    'Weather conditions in US National Weather Service terms.',
    'weather',
    desc('Weather condition.', WEATHER),
  ),
  fixedList(
    'surfaces',
    'Playing surfaces',
    'Types of playing surface. The records carry the name under the key `desc`, as the original service did.',
    'surface',
    {
      name: 'name',
      description: 'Surface type (response key `desc`).',
      key: 'desc',
      list: SURFACES,
    },
  ),
  {
    ...fixedList(
      'seasons',
      'Seasons',
      'Seasons: a calendar year (id = the year) or a split season (id = start year * 10000 + end year).',
      'season',
      name('Season year or years.'),
    ),
    order: { by: ['name'] },
  },
  reference({
    path: 'teams',
    title: 'Teams',
    description: 'Club teams. National teams are countries (/v1/countries).',
    idType: 'uuid',
    sql: { id: 't.id', from: 'FROM team t' },
    fields: [
      field('name', 'string', 'Club team name.', 't.name', { nullable: false }),
      field('country', 'uuid', 'Country of the club.', 't.country', { nullable: false }),
    ],
    paging: { kind: 'pages' },
    order: { by: ['name'] },
    links: { country: '/v1/countries/{country}' },
  }),
  reference({
    path: 'timezones',
    title: 'Time zones',
    description: 'Time zone regions with their standard offset from UTC.',
    idType: 'integer',
    sql: { id: 'z.id', from: 'FROM timezone z' },
    fields: [
      field('name', 'string', 'Region name.', 'z.name', { nullable: false }),
      field('confederation', 'integer', 'Confederation id of the region.', 'z.confederation', {
        ...idsOf(CONFEDERATIONS),
        nullable: false,
      }),
      field('offset', 'float', 'Standard offset from UTC in decimal hours.', 'z.offset', {
        nullable: false,
      }),
    ],
    paging: { kind: 'pages' },
    links: { confederation: '/v1/confederations/{confederation}' },
  }),
  reference({
    path: 'venues',
    title: 'Venues',
    description: 'Stadiums and grounds where matches are played.',
    idType: 'uuid',
    sql: { id: 'v.id', from: 'FROM venue v' },
    fields: [
      field('name', 'string', 'Venue name.', 'v.name', { nullable: false }),
      field(
        'team',
        'uuid',
        'Team playing home matches there; null when there are several.',
        'v.team',
      ),
      field('city', 'string', 'City.', 'v.city'),
      field('country', 'uuid', 'Country of the venue.', 'v.country', { nullable: false }),
      field('timezone', 'integer', 'Time zone region id (/v1/timezones).', 'v.timezone'),
      field('latitude', 'float', 'Latitude in decimal degrees.', 'v.latitude'),
      field('longitude', 'float', 'Longitude in decimal degrees.', 'v.longitude'),
      field('altitude', 'float', 'Altitude in metres.', 'v.altitude'),
      field('length', 'integer', 'Playing surface length in metres.', 'v.length'),
      field('width', 'integer', 'Playing surface width in metres.', 'v.width'),
      field('capacity', 'integer', 'Total capacity.', 'v.capacity'),
      field('seated', 'integer', 'Number of seats.', 'v.seated'),
      field(
        'surface',
        'integer',
        'Playing surface id (/v1/surfaces).',
        'v.surface',
        idsOf(SURFACES),
      ),
    ],
    paging: { kind: 'pages' },
    order: { by: ['name'] },
    links: {
      country: '/v1/countries/{country}',
      team: '/v1/teams/{team}',
      timezone: '/v1/timezones/{timezone}',
      surface: '/v1/surfaces/{surface}',
    },
  }),
  fixedList(
    'name_order',
    'Name orders',
    "Orders in which a person's names are written.",
    'name_order',
    desc('Name order.', NAME_ORDERS),
  ),
  fixedList(
    'positions',
    'Positions',
    'Playing positions.',
    'position',
    name('Position name.', POSITIONS),
    {
      links: { players: '/v1/personnel/players?position={id}' },
    },
  ),
  fixedList('fouls', 'Fouls', 'Kinds of foul.', 'foul', desc('Foul.', FOULS)),
  fixedList('cards', 'Cards', 'Disciplinary cards.', 'card', desc('Card.', CARDS)),
  fixedList(
    'bodyparts',
    'Body parts',
    'Body parts a player scores or shoots with.',
    'bodypart',
    desc('Body part.', BODY_PARTS),
  ),
  fixedList(
    'shotevents',
    'Shot events',
    'Scenarios in which a shot was taken.',
    'shotevent',
    desc('Shot scenario.', SHOT_EVENTS),
  ),
  fixedList(
    'penalty_outcomes',
    'Penalty outcomes',
    'Outcomes of a penalty kick.',
    'penalty_outcome',
    desc('Outcome.', PENALTY_OUTCOMES),
  ),
  fixedList(
    'actions',
    'Actions',
    'Micro-event actions. Ids are the Wyscout sub-event codes they stand for.',
    'action',
    desc('Event action.', ACTIONS),
    { paging: { kind: 'pages' } },
  ),
  reference({
    path: 'modifiers',
    title: 'Modifiers',
    description:
      "Modifiers that add context to an action. Ids 101-2101 are the Wyscout tag codes; 3000 and up are the project's.",
    idType: 'integer',
    sql: { id: 'm.id', from: 'FROM modifier m' },
    ids: idsOf(MODIFIERS).values,
    fields: [
      field('desc', 'string', 'Modifier.', 'm.desc', { nullable: false, ...labelsOf(MODIFIERS) }),
      field(
        'category',
        'integer',
        'Modifier category id (/v1/modifier_categories).',
        'm.category',
        { nullable: false, ...idsOf(MODIFIER_CATEGORIES) },
      ),
    ],
    paging: { kind: 'pages' },
    links: { category: '/v1/modifier_categories/{category}' },
  }),
  fixedList(
    'modifier_categories',
    'Modifier categories',
    'Categories of action modifiers.',
    'modifier_category',
    desc('Modifier category.', MODIFIER_CATEGORIES),
    { paging: { kind: 'pages' } },
  ),
];

/** A v1 reference resource by name. */
function v1(name: string): CollectionDef {
  const def = referenceResources.find((r) => r.path === `v1/${name}`);
  if (!def) throw new Error(`reference: no v1/${name}`);
  return def;
}

/** Link templates pointed at v0's counterparts of v1's resources. */
function toV0(links: Record<string, LinkTemplate>): Record<string, LinkTemplate> {
  return Object.fromEntries(
    Object.entries(links).map(([name, t]) => [
      name,
      typeof t === 'string' ? t.replace(/^\/v1\//, '/v0/') : toV0(t),
    ]),
  );
}

/**
 * A v1 reference resource as v0 publishes it: at /v0, linking into v0, and paginated, as SPEC sets
 * no pagination restriction on v0's reference resources (DECISIONS: paginated unless SPEC says no).
 * `changes` replaces what v0 does differently (integer ids from `v0_id`, field sets).
 */
function inV0(name: string, changes: Partial<CollectionDef> = {}): CollectionDef {
  const def = v1(name);
  const v0: CollectionDef = {
    ...def,
    path: `v0/${name}`,
    version: 'v0',
    paging: { kind: 'pages' },
    links: toV0(def.links),
    ...changes,
  };
  const toV0Text = (text: string) => text.replaceAll('/v1/', '/v0/');
  return {
    ...v0,
    description: toV0Text(v0.description),
    fields: v0.fields.map((f) => ({ ...f, description: toV0Text(f.description) })),
  };
}

/** The v0 reference resources of SPEC, in its order. */
export const v0ReferenceResources: CollectionDef[] = [
  inV0('confederations'),
  inV0('countries', { idType: 'integer', sql: { ...v1('countries').sql, id: V0.own('c') } }),
  inV0('competitions', {
    idType: 'integer',
    sql: { ...v1('competitions').sql, id: V0.own('c') },
    fields: [...v1('competitions').fields.filter((f) => f.name === 'name'), supplierIdField('c')],
  }),
  inV0('weather'),
  inV0('surfaces'),
  inV0('seasons', {
    description:
      'Seasons: a calendar year (id = the year) or a split season (id = start year * 10000 + end year), the same ids as in v1.',
    fields: [...v1('seasons').fields, supplierIdField('t')],
  }),
  inV0('teams', {
    idType: 'integer',
    sql: { ...v1('teams').sql, id: V0.own('t') },
    fields: [
      ...v1('teams').fields.filter((f) => f.name === 'name'),
      field(
        'country',
        'integer',
        'Country of the club (/v0/countries).',
        V0.ref('country', 't.country'),
        { nullable: false },
      ),
      supplierIdField('t'),
    ],
  }),
  inV0('venues', {
    idType: 'integer',
    sql: { ...v1('venues').sql, id: V0.own('v') },
    // v0 venues have no time zone (SPEC, Venue).
    fields: v1('venues')
      .fields.filter((f) => f.name !== 'timezone')
      .map((f) =>
        f.name === 'team'
          ? field(
              'team',
              'integer',
              'Team playing home matches there; null when there are several.',
              V0.ref('team', 'v.team'),
            )
          : f.name === 'country'
            ? field('country', 'integer', 'Country of the venue.', V0.ref('country', 'v.country'), {
                nullable: false,
              })
            : f,
      ),
    links: toV0(
      Object.fromEntries(
        Object.entries(v1('venues').links).filter(([name]) => name !== 'timezone'),
      ),
    ),
  }),
  ...['positions', 'fouls', 'cards', 'bodyparts', 'shotevents', 'penalty_outcomes'].map((name) =>
    inV0(name),
  ),
];
