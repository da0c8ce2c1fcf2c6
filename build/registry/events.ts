import { ACTIONS, MODIFIERS } from '../../football/events.ts';
import { MODIFIER_CATEGORIES } from '../../football/lists.ts';
import { MICRO_EVENTS } from '../derived/micro-events.ts';
import {
  dataCredit,
  field,
  idsOf,
  labelsOf,
  type CollectionDef,
  type FieldDef,
  type OrderDef,
} from '../define/resource.ts';
import type { MatchType } from '../define/scope.ts';
import { PLAYED } from './matches/parts.ts';

/**
 * Micro-events of v1 (docs/api.md#micro-events), once per match type: `all` (one record per action
 * of an event), `touches` (the actions that are a player's touch of the ball) and `actions` (the
 * modifiers of actions).
 *
 * Sized for the Wyscout data (3.25 M events, ~5 M modifiers), so the layout differs from the other
 * resources (docs/architecture.md#the-file-budget):
 * - records live in id-prefix bucket files, not a file each;
 * - `match` is the one pre-rendered filter; every other filter and sort is answered by the router
 *   from the query index (`contract/query-index.ts`);
 * - the modifiers of one action, which `/events/actions/<action id>` lists, are a bucket filter:
 *   grouped by action id into bucket files instead of a folder per action.
 */

/** The default page size of micro-event collections. */
const EVENT_PAGE_SIZE = 30;

/** The path of a match type's micro-events, without the leading slash. */
const eventsBase = (matchType: MatchType) => `v1/${matchType}/events`;

/** The SQL condition selecting a match type's micro-events. */
const ofType = (matchType: MatchType) => `ea.match_type = '${matchType}'`;

/** Link template of a micro-event's match information. */
const matchLink = (matchType: MatchType) => `/v1/${matchType}/matches/{match}/info`;

/**
 * The build's join of actions and their events (`derived.micro_event`, `ea`) with the action
 * types: a pass reads that table's rows, and every order is one sort of them.
 */
const EVENT_JOINS = `FROM derived.micro_event ea JOIN action a ON a.id = ea.action`;

/** Simultaneous events keep the source's order; several actions of one event follow by id. */
const BY_EVENT_TIME: OrderDef = {
  by: ['period', 'match_seconds', '_seq'],
  note: "by period and match_seconds, then the source's order of the events in the match, then id",
};

/**
 * The hidden columns of `all` and `touches`: the source's order, and the action id where the action
 * has modifiers, for the `actions` link, which is left out rather than pointing at nothing (an
 * action without modifiers has no list to show).
 */
const EVENT_HIDDEN = {
  _seq: 'ea.seq',
  _modified: 'CASE WHEN ea.mods IS NOT NULL THEN ea.id END',
};

/** What a micro-event resource declares; `microEvent` adds how it is stored, paged and credited. */
type MicroEventDef = Pick<
  CollectionDef,
  'path' | 'title' | 'description' | 'sql' | 'fields' | 'links' | 'order' | 'routing'
>;

/**
 * A micro-event resource: records in bucket files, 30 to a page, from the build's
 * `derived.micro_event`.
 */
function microEvent(def: MicroEventDef): CollectionDef {
  return {
    kind: 'collection',
    version: 'v1',
    group: 'micro-events',
    idType: 'uuid',
    recordFiles: 'bucket',
    storedBy: PLAYED,
    paging: { kind: 'pages', size: EVENT_PAGE_SIZE },
    // An event's provider may differ from its match's (Wyscout events on a Fjelstul match).
    credit: dataCredit('ea.source'),
    ...def,
    sql: {
      ...def.sql,
      temp: [MICRO_EVENTS],
      hidden: { _played: 'ea.match_date', ...def.sql.hidden },
    },
  };
}

/** The event's action, its type and place in the match. */
/** An action's type, id and name: every micro-event resource lists and filters by it. */
const ACTION_TYPE: FieldDef[] = [
  field('action_type', 'integer', 'Action type id (/v1/actions).', 'ea.action', {
    nullable: false,
    filter: 'scan',
    ...idsOf(ACTIONS),
  }),
  field('action_desc', 'string', 'Action type.', 'a.desc', {
    nullable: false,
    filter: 'scan',
    ...labelsOf(ACTIONS),
  }),
];

function actionFields(matchType: MatchType): FieldDef[] {
  return [
    field('match', 'uuid', 'Match id.', 'ea.match', { nullable: false }),
    field(
      'action',
      'uuid',
      `Action id, also the record's id (one record per action); /${eventsBase(matchType)}/actions/<action> lists its modifiers.`,
      'ea.id',
      { nullable: false, filter: 'scan' },
    ),
    ...ACTION_TYPE,
    field(
      'period',
      'integer',
      'Period: 1 first half, 2 second half, 3 and 4 the extra-time periods.',
      'ea.period',
      { nullable: false, filter: 'scan' },
    ),
    field('match_seconds', 'float', 'Seconds elapsed in the period.', 'ea.match_seconds', {
      nullable: false,
      filter: 'scan',
    }),
  ];
}

/** Where the action happened on the pitch. */
const POSITION: FieldDef[] = [
  field(
    'x',
    'float',
    "Position along the pitch, 0 to 100 (own goal line to the opponent's).",
    'ea.x',
    { filter: 'scan' },
  ),
  field('y', 'float', 'Position across the pitch, 0 to 100.', 'ea.y', { filter: 'scan' }),
];

/** `/v1/<match type>/events/all`: every action of every event. */
export function allEvents(matchType: MatchType): CollectionDef {
  const base = eventsBase(matchType);
  return microEvent({
    path: `${base}/all`,
    title: `Micro-events (${matchType})`,
    description:
      'Every action of every event: one record per (event, action), with match time and position. ' +
      'Filter by match first: other filters and sorts are applied within one match.',
    sql: { id: 'ea.id', from: `${EVENT_JOINS} WHERE ${ofType(matchType)}`, hidden: EVENT_HIDDEN },
    fields: [...actionFields(matchType), ...POSITION],
    order: BY_EVENT_TIME,
    links: { actions: `/${base}/actions/{_modified}`, match: matchLink(matchType) },
  });
}

/** Who touched the ball, for which team. */
function toucherFields(matchType: MatchType): FieldDef[] {
  const teams = matchType === 'clubs' ? 'team' : 'country';
  return [
    field(
      'team',
      'uuid',
      `Team of the player (/v1/${matchType === 'clubs' ? 'teams' : 'countries'}).`,
      'ea.team',
      { filter: 'scan' },
    ),
    field(
      'team_name',
      'string',
      'Team name.',
      `(SELECT t.name FROM ${teams} t WHERE t.id = ea.team)`,
      { filter: 'scan' },
    ),
    field('player', 'uuid', 'Player id (/v1/personnel/players).', 'l.player', { filter: 'scan' }),
    field(
      'player_name',
      'string',
      'Player name.',
      '(SELECT n.full_name FROM player pl JOIN person_name n ON n.id = pl.person WHERE pl.id = l.player)',
      { filter: 'scan' },
    ),
  ];
}

/** Where the ball went, and the outcome of the touch. */
const BALL_END: FieldDef[] = [
  field(
    'x_end',
    'float',
    'Where the ball went, along the pitch (0 to 100); null when the source does not say.',
    'ea.x_end',
    { filter: 'scan' },
  ),
  field(
    'y_end',
    'float',
    'Where the ball went, across the pitch; null when not given.',
    'ea.y_end',
    { filter: 'scan' },
  ),
  field('z_end', 'float', 'Height the ball reached; null when not given.', 'ea.z_end', {
    filter: 'scan',
  }),
  field(
    'outcome',
    'integer',
    'Outcome of the touch as the source codes it (Wyscout: 1 accurate, 0 not); null when not given.',
    'ea.outcome',
    { filter: 'scan' },
  ),
];

/** `/v1/<match type>/events/touches`: the actions that are a player's touch of the ball. */
export function touches(matchType: MatchType): CollectionDef {
  const base = eventsBase(matchType);
  return microEvent({
    path: `${base}/touches`,
    title: `Touches (${matchType})`,
    description:
      "The actions that are a player's touch of the ball, with the player, the team and where the ball went. " +
      'Filter by match first: other filters and sorts are applied within one match.',
    sql: {
      id: 'ea.id',
      from: `${EVENT_JOINS} LEFT JOIN lineup l ON l.id = ea.lineup WHERE ${ofType(matchType)} AND a.is_touch = 1`,
      hidden: EVENT_HIDDEN,
    },
    fields: [...actionFields(matchType), ...POSITION, ...toucherFields(matchType), ...BALL_END],
    order: BY_EVENT_TIME,
    links: {
      actions: `/${base}/actions/{_modified}`,
      match: matchLink(matchType),
      player: '/v1/personnel/players/{player}',
    },
  });
}

/**
 * The action a modifier belongs to: its match and event, and the action itself, a bucket filter
 * (the modifiers of one action are one bucket file's group).
 */
function modifiedActionFields(matchType: MatchType): FieldDef[] {
  return [
    field('match', 'uuid', 'Match id (an addition to the original service).', 'ea.match', {
      nullable: false,
    }),
    field('event', 'uuid', 'Event id.', 'ea.event', { nullable: false, filter: 'scan' }),
    field('action', 'uuid', `Action id (/${eventsBase(matchType)}/all/<action>).`, 'ea.id', {
      nullable: false,
      filter: 'bucket',
    }),
    ...ACTION_TYPE,
  ];
}

/** The modifier, and when its action's event happened. */
const MODIFIER_FIELDS: FieldDef[] = [
  field('modifier_type', 'integer', 'Modifier id (/v1/modifiers).', 'em.modifier', {
    nullable: false,
    filter: 'scan',
    ...idsOf(MODIFIERS),
  }),
  field('modifier_category', 'string', 'Modifier category (/v1/modifier_categories).', 'mc.desc', {
    nullable: false,
    filter: 'scan',
    ...labelsOf(MODIFIER_CATEGORIES),
  }),
  field('modifier_desc', 'string', 'Modifier.', 'mo.desc', {
    nullable: false,
    filter: 'scan',
    ...labelsOf(MODIFIERS),
  }),
  field(
    'period',
    'integer',
    'Period of the event (an addition to the original service).',
    'ea.period',
    {
      nullable: false,
      filter: 'scan',
    },
  ),
  field(
    'match_seconds',
    'float',
    'Seconds elapsed in the period (an addition to the original service).',
    'ea.match_seconds',
    { nullable: false, filter: 'scan' },
  ),
];

/**
 * `/v1/<match type>/events/actions`: the modifiers of actions; `/actions/<action id>` lists those
 * of one action (`pathFilter`).
 */
export function actionModifiers(matchType: MatchType): CollectionDef {
  const base = eventsBase(matchType);
  return microEvent({
    path: `${base}/actions`,
    title: `Action modifiers (${matchType})`,
    description:
      'The modifiers of actions (body part, field sector, pass type, shot outcome, ...). ' +
      `/${base}/actions/<action id> lists every modifier of that action; a modifier's own id also works there. ` +
      "match, period and match_seconds (the action's event) are additions to the original service, to select and order by.",
    sql: {
      id: 'em.id',
      from: `${EVENT_JOINS} JOIN derived.micro_modifier em ON em.ord = ea.ord
      JOIN modifier mo ON mo.id = em.modifier JOIN modifier_category mc ON mc.id = mo.category
      WHERE ${ofType(matchType)}`,
      hidden: { _seq: 'ea.seq' },
    },
    fields: [...modifiedActionFields(matchType), ...MODIFIER_FIELDS],
    order: {
      by: ['period', 'match_seconds', '_seq', 'action', 'modifier_type'],
      note: "by period and match_seconds, then the source's order of the events, then action and modifier_type, then id",
    },
    routing: { pathFilter: 'action' },
    // The `all` record of the modifier's action: its event's time and place, and the action's type.
    links: { event: `/${base}/all/{action}` },
  });
}
