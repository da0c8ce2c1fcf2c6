import { ACTIONS } from '../../../football/events.ts';
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
} from '../../../football/lists.ts';
import {
  REFERENCE,
  field,
  idsOf,
  labelsOf,
  type CollectionDef,
  type ListEntry,
} from '../../define/resource.ts';

/**
 * v1's small fixed lists (phases, rounds, weather, fouls, cards...; docs/api.md#reference-lists):
 * integer ids and one text column, most of them the reference lists of `football/` verbatim.
 */

/** What a v1 reference resource declares; `reference` adds its version, storage and credit. */
export type ReferenceDef = Omit<
  CollectionDef,
  'kind' | 'version' | 'group' | 'credit' | 'recordFiles'
>;

/**
 * A v1 reference resource: a plain collection of few records, a file each; `source` in its
 * attribution is empty (docs/api.md#attribution).
 */
export function reference(def: ReferenceDef): CollectionDef {
  return {
    ...def,
    kind: 'collection',
    path: `v1/${def.path}`,
    version: 'v1',
    group: 'reference',
    credit: REFERENCE,
    recordFiles: 'one',
  };
}

/** The text column of a fixed list. */
interface ListColumn {
  name: string;
  description: string;
  sqlColumn?: string;
  key?: string;
  /** The fixed list the table holds, verbatim, when it is one (`football/`). */
  list?: readonly ListEntry[];
}

/**
 * A small fixed set with integer ids and one text column, in id order and in one answer unless
 * `extra` says otherwise.
 */
function fixedList(
  path: string,
  title: string,
  description: string,
  table: string,
  column: ListColumn,
  extra: Partial<Pick<CollectionDef, 'links' | 'paging' | 'order'>> = {},
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

/** The column `desc` of a list, described as `what`. */
const desc = (what: string, list?: readonly ListEntry[]): ListColumn => ({
  name: 'desc',
  description: what,
  ...(list ? { list } : {}),
});

/** The column `name` of a list, described as `what`. */
const name = (what: string, list?: readonly ListEntry[]): ListColumn => ({
  name: 'name',
  description: what,
  ...(list ? { list } : {}),
});

/** `/v1/confederations`, each linked to its member countries. */
export const confederations = fixedList(
  'confederations',
  'Confederations',
  'Football confederations (FIFA member associations grouped by continent).',
  'confederation',
  name('Acronym of the confederation.', CONFEDERATIONS),
  { links: { countries: '/v1/countries?confederation={id}' } },
);

/** `/v1/phases`. */
export const phases = fixedList(
  'phases',
  'Competition phases',
  'League, group and knockout phases.',
  'phase',
  name('Phase name.', PHASES),
);

/** `/v1/grouprounds`. */
export const groupRounds = fixedList(
  'grouprounds',
  'Group rounds',
  'Rounds of group phases.',
  'groupround',
  name('Round name.', GROUP_ROUNDS),
);

/** `/v1/knockoutrounds`. */
export const knockoutRounds = fixedList(
  'knockoutrounds',
  'Knockout rounds',
  'Rounds of knockout phases.',
  'knockoutround',
  name('Round name.', KNOCKOUT_ROUNDS),
);

/** `/v1/weather`. */
export const weather = fixedList(
  'weather',
  'Weather conditions',
  'Weather conditions in US National Weather Service terms.',
  'weather',
  desc('Weather condition.', WEATHER),
);

/** `/v1/surfaces`: the name under the original service's key `desc`. */
export const surfaces = fixedList(
  'surfaces',
  'Playing surfaces',
  'Types of playing surface. The records carry the name under the key `desc`, as the original service did.',
  'surface',
  { name: 'name', description: 'Surface type (response key `desc`).', key: 'desc', list: SURFACES },
);

/** `/v1/seasons`: the data's own seasons (no fixed list), by name. */
export const seasons = fixedList(
  'seasons',
  'Seasons',
  'Seasons: a calendar year (id = the year) or a split season (id = start year * 10000 + end year).',
  'season',
  name('Season year or years.'),
  { order: { by: ['name'] } },
);

/** `/v1/name_order`. */
export const nameOrders = fixedList(
  'name_order',
  'Name orders',
  "Orders in which a person's names are written.",
  'name_order',
  desc('Name order.', NAME_ORDERS),
);

/** `/v1/positions`, each linked to the players of that default position. */
export const positions = fixedList(
  'positions',
  'Positions',
  'Playing positions.',
  'position',
  name('Position name.', POSITIONS),
  { links: { players: '/v1/personnel/players?position={id}' } },
);

/** `/v1/fouls`. */
export const fouls = fixedList('fouls', 'Fouls', 'Kinds of foul.', 'foul', desc('Foul.', FOULS));

/** `/v1/cards`. */
export const cards = fixedList(
  'cards',
  'Cards',
  'Disciplinary cards.',
  'card',
  desc('Card.', CARDS),
);

/** `/v1/bodyparts`. */
export const bodyParts = fixedList(
  'bodyparts',
  'Body parts',
  'Body parts a player scores or shoots with.',
  'bodypart',
  desc('Body part.', BODY_PARTS),
);

/** `/v1/shotevents`. */
export const shotEvents = fixedList(
  'shotevents',
  'Shot events',
  'Scenarios in which a shot was taken.',
  'shotevent',
  desc('Shot scenario.', SHOT_EVENTS),
);

/** `/v1/penalty_outcomes`. */
export const penaltyOutcomes = fixedList(
  'penalty_outcomes',
  'Penalty outcomes',
  'Outcomes of a penalty kick.',
  'penalty_outcome',
  desc('Outcome.', PENALTY_OUTCOMES),
);

/** `/v1/actions`: the micro-event actions, too many for one answer. */
export const actions = fixedList(
  'actions',
  'Actions',
  'Micro-event actions. Ids are the Wyscout sub-event codes they stand for.',
  'action',
  desc('Event action.', ACTIONS),
  { paging: { kind: 'pages' } },
);

/** `/v1/modifier_categories`, paged as the modifiers. */
export const modifierCategories = fixedList(
  'modifier_categories',
  'Modifier categories',
  'Categories of action modifiers.',
  'modifier_category',
  desc('Modifier category.', MODIFIER_CATEGORIES),
  { paging: { kind: 'pages' } },
);
