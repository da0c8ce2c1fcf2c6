import { field, type CollectionDef, type LinkTemplate } from '../../define/resource.ts';
import { supplierIdField, V0 } from '../../define/scope.ts';
import { competitions, countries, teams, venues } from './entities.ts';
import {
  bodyParts,
  cards,
  confederations,
  fouls,
  penaltyOutcomes,
  positions,
  seasons,
  shotEvents,
  surfaces,
  weather,
} from './lists.ts';

/**
 * v0's reference resources (docs/api.md#the-v0-api): some of v1's, with integer ids, `supplier_id`
 * and v0's field sets.
 */

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
 * A v1 reference resource as v0 publishes it: at /v0, linking into v0, and paginated: every v0
 * collection is (docs/api.md#the-v0-api).
 * `changes` replaces what v0 does differently (integer ids from `v0_id`, field sets).
 */
function inV0(def: CollectionDef, changes: Partial<CollectionDef> = {}): CollectionDef {
  const v0: CollectionDef = {
    ...def,
    path: def.path.replace(/^v1\//, 'v0/'),
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

/** The fields of v1's resource `def` of these names. */
const fieldsOf = (def: CollectionDef, ...names: string[]) =>
  def.fields.filter((f) => names.includes(f.name));

/** v0's teams: the country by its v0 id. */
const v0Teams = inV0(teams, {
  idType: 'integer',
  sql: { ...teams.sql, id: V0.own('t') },
  fields: [
    ...fieldsOf(teams, 'name'),
    field(
      'country',
      'integer',
      'Country of the club (/v0/countries).',
      V0.ref('country', 't.country'),
      { nullable: false },
    ),
    supplierIdField('t'),
  ],
});

/** v0's venues: team and country by their v0 ids, and no time zone (docs/api.md#the-v0-api). */
const v0Venues = inV0(venues, {
  idType: 'integer',
  sql: { ...venues.sql, id: V0.own('v') },
  fields: venues.fields
    .filter((f) => f.name !== 'timezone')
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
  links: toV0(Object.fromEntries(Object.entries(venues.links).filter(([n]) => n !== 'timezone'))),
});

/** The v0 reference resources, in the documented order (docs/api.md#the-v0-api). */
export const V0_REFERENCE: CollectionDef[] = [
  inV0(confederations),
  inV0(countries, { idType: 'integer', sql: { ...countries.sql, id: V0.own('c') } }),
  inV0(competitions, {
    idType: 'integer',
    sql: { ...competitions.sql, id: V0.own('c') },
    fields: [...fieldsOf(competitions, 'name'), supplierIdField('c')],
  }),
  inV0(weather),
  inV0(surfaces),
  inV0(seasons, {
    description:
      'Seasons: a calendar year (id = the year) or a split season (id = start year * 10000 + end year), the same ids as in v1.',
    fields: [...seasons.fields, supplierIdField('t')],
  }),
  v0Teams,
  v0Venues,
  ...[positions, fouls, cards, bodyParts, shotEvents, penaltyOutcomes].map((def) => inV0(def)),
];
