import { MODIFIERS } from '../../../football/events.ts';
import { CONFEDERATIONS, MODIFIER_CATEGORIES, SURFACES } from '../../../football/lists.ts';
import { field, idsOf, labelsOf } from '../../define/resource.ts';
import { reference } from './lists.ts';

/**
 * v1's reference resources that are more than a list: countries, competitions, teams, time zones,
 * venues and the micro-event modifiers.
 */

/** `/v1/countries`: a national team is its country. */
export const countries = reference({
  path: 'countries',
  title: 'Countries',
  description: 'Countries, each a member of one confederation. A national team is its country.',
  idType: 'uuid',
  sql: { id: 'c.id', from: 'FROM country c' },
  fields: [
    field('name', 'string', 'Country name.', 'c.name', { nullable: false }),
    field(
      'confederation',
      'integer',
      'Confederation id (/v1/confederations); null for a team outside every confederation or one its source cannot place.',
      'c.confederation',
      idsOf(CONFEDERATIONS),
    ),
  ],
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
});

/** `/v1/competitions`: domestic and international alike. */
export const competitions = reference({
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
});

/** `/v1/domestic_competitions`: the competitions a national association organises. */
export const domesticCompetitions = reference({
  path: 'domestic_competitions',
  title: 'Domestic competitions',
  description: 'Competitions organised by a national football association.',
  idType: 'uuid',
  sql: { id: 'd.id', from: 'FROM domestic_competition d JOIN competition c ON c.id = d.id' },
  fields: [
    field('competition', 'uuid', 'Competition id (/v1/competitions).', 'd.id', { nullable: false }),
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
});

/** `/v1/intl_competitions`: the competitions a confederation or a world body organises. */
export const intlCompetitions = reference({
  path: 'intl_competitions',
  title: 'International competitions',
  description: 'Competitions organised by a confederation or a world body.',
  idType: 'uuid',
  sql: { id: 'i.id', from: 'FROM intl_competition i' },
  fields: [
    field('competition', 'uuid', 'Competition id (/v1/competitions).', 'i.id', { nullable: false }),
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
});

/** `/v1/teams`: club teams (national teams are countries). */
export const teams = reference({
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
});

/** `/v1/timezones`: time zone regions. */
export const timezones = reference({
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
});

/** `/v1/venues`: stadiums and grounds, with their place and pitch. */
export const venues = reference({
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
    field('surface', 'integer', 'Playing surface id (/v1/surfaces).', 'v.surface', idsOf(SURFACES)),
  ],
  paging: { kind: 'pages' },
  order: { by: ['name'] },
  links: {
    country: '/v1/countries/{country}',
    team: '/v1/teams/{team}',
    timezone: '/v1/timezones/{timezone}',
    surface: '/v1/surfaces/{surface}',
  },
});

/** `/v1/modifiers`: the micro-event modifiers, each of a category. */
export const modifiers = reference({
  path: 'modifiers',
  title: 'Modifiers',
  description:
    "Modifiers that add context to an action. Ids 101-2101 are the Wyscout tag codes; 3000 and up are the project's.",
  idType: 'integer',
  sql: { id: 'm.id', from: 'FROM modifier m' },
  ids: idsOf(MODIFIERS).values,
  fields: [
    field('desc', 'string', 'Modifier.', 'm.desc', { nullable: false, ...labelsOf(MODIFIERS) }),
    field('category', 'integer', 'Modifier category id (/v1/modifier_categories).', 'm.category', {
      nullable: false,
      ...idsOf(MODIFIER_CATEGORIES),
    }),
  ],
  paging: { kind: 'pages' },
  links: { category: '/v1/modifier_categories/{category}' },
});
