import { playerName } from '../../define/player-name.ts';
import {
  dataCredit,
  field,
  type AnyOfDef,
  type CollectionDef,
  type CompositionDef,
  type FieldDef,
  type LinkTemplate,
  type NestedDef,
  type OrderDef,
  type StoredBy,
} from '../../define/resource.ts';
import { idField, linkNames, type Scope } from '../../define/scope.ts';
import { phaseFields, phaseRule } from './phase.ts';

/**
 * What the match-data resources of a scope (`scope.ts`) share: in v1 they are published once per
 * match type, `clubs` (teams are /v1/teams) and `national` (a national team is its country,
 * /v1/countries), each query scoped by its match type; in v0 once, every match, with integer ids,
 * no phase fields but matchday, snake_case lineups and macro-events, and the macro-events under
 * /v0/events (docs/api.md#the-v0-api).
 */

/** The macro-events of v0 (v1 adds shootouts; docs/api.md#macro-events). */
export const MACRO_EVENTS = ['goals', 'offenses', 'penalties', 'substitutions'];

/** Filters pre-rendered on lineups and every macro-event resource. */
export const EVENT_INDEXES = [
  'match',
  'phase',
  'matchday',
  'round_name',
  'group',
  'player',
  'player_team',
];

/** What a scope's match-data resources share, derived from the scope once per resource. */
export interface MatchParts {
  scope: Scope;
  v1: boolean;
  /** The path of the match resources, without the leading slash: `v1/clubs/matches`. */
  base: string;
  /** The WHERE clause selecting the scope's matches (`m`). */
  where: string;
  credit: CollectionDef['credit'];
  /** Link template of a record's match info, from its field `match`. */
  matchLink: string;
  /** Link templates of the home and away teams, from the fields of those names. */
  teamLinks: { homeTeam: string; awayTeam: string };
  /** Path of the players' records. */
  playerLink: string;
  /** What titles say of the scope: its match type, or all matches. */
  scopeName: string;
}

/** The parts of a scope's match-data resources. */
export function matchParts(scope: Scope): MatchParts {
  const base = `${scope.base}/matches`;
  return {
    scope,
    v1: scope.version === 'v1',
    base,
    where: `WHERE ${scope.matches()}`,
    credit: dataCredit('m.source'),
    matchLink: `/${base}/{match}/info`,
    teamLinks: { homeTeam: scope.teamLink('home_team'), awayTeam: scope.teamLink('away_team') },
    playerLink: `${scope.root}/personnel/players`,
    scopeName: scope.matchType ?? 'all matches',
  };
}

/** Where a macro-event kind lives: under a match in v1, under /v0/events in v0. */
export function eventPath(m: MatchParts, kind: string): string {
  return m.v1 ? `${m.base}/${kind}` : `v0/events/${kind}`;
}

/** What a per-match resource declares; `perMatch` adds where it lives and how it is listed. */
export type PerMatchDef = Pick<
  CollectionDef,
  'title' | 'description' | 'sql' | 'fields' | 'links' | 'keyCase' | 'order' | 'composition'
>;

/**
 * A match's records stored together, matches by the date they were played (the hidden column
 * `_played`) and then by id.
 */
export const PLAYED: StoredBy = { field: 'match', order: '_played' };

/**
 * A resource of rows that belong to one match, a file each: in v1 and for v0's match resources a
 * nested collection, listed under `/<base>/<kind>` and `/<base>/<match>/<kind>`; v0's
 * macro-events are plain collections under /v0/events, with snake_case keys and totals.
 */
export function perMatch(m: MatchParts, name: string, def: PerMatchDef): NestedDef | CollectionDef {
  const { scope, base } = m;
  const common = {
    version: scope.version,
    group: 'matches' as const,
    idType: scope.idType,
    credit: m.credit,
    recordFiles: 'one' as const,
    // A match's records together: its pages (the explorer's match page reads them all) read a
    // block or two each, where the default order (by minute, by team name) spreads them over
    // one block a record. Matches in the order they were played: a new matchday's after.
    storedBy: PLAYED,
    ...def,
    sql: {
      ...def.sql,
      hidden: { ...scope.hidden(), _played: 'm.match_date', ...def.sql.hidden },
    },
  };
  if (m.v1 || !MACRO_EVENTS.includes(name)) {
    return {
      kind: 'nested',
      path: `${base}/${name}`,
      parent: { path: base, name, param: 'match' },
      routing: { uri: `/${base}/{match}/${name}/{id}` },
      paging: { kind: 'pages' },
      ...common,
    };
  }
  return {
    kind: 'collection',
    path: eventPath(m, name),
    paging: { kind: 'pages', totals: 'snake' },
    keyCase: 'snake',
    ...common,
  };
}

/** A match's id, the field every per-match resource starts with. */
export function matchKey(scope: Scope): FieldDef {
  return idField(scope, 'match', 'Match id.', scope.own('m'), { nullable: false });
}

/** What a match's own fields are not: an addition to the original service. */
const ADDED = 'an addition to the original service';

/**
 * v1's competition, season and date of the match `m`, on the records of a match (lineups and
 * macro-events), so that "a player's World Cup goals" or "a season's cards" is one request and a
 * player's lineups sort by date. Filters and sorts from the query index: no collection is
 * pre-rendered for them (docs/queries.md). v0 keeps the original records.
 */
export function matchContextFields(scope: Scope): FieldDef[] {
  if (scope.version === 'v0') return [];
  const scan = { nullable: false, filter: 'scan' } as const;
  return [
    idField(scope, 'competition', `Competition of the match (${ADDED}).`, 'm.competition', scan),
    field(
      'competition_name',
      'string',
      'Competition name.',
      '(SELECT name FROM competition WHERE id = m.competition)',
      scan,
    ),
    field(
      'season',
      'integer',
      `Season of the match (${scope.root}/seasons; ${ADDED}).`,
      'm.season',
      scan,
    ),
    field(
      'season_name',
      'string',
      'Season name.',
      '(SELECT name FROM season WHERE id = m.season)',
      scan,
    ),
    field('match_date', 'date', `Date of the match, local (${ADDED}).`, 'm.match_date', scan),
  ];
}

/**
 * `team`: the records of the matches of a team, home or away, in one request rather than one per
 * side (an addition to the original service).
 */
export const MATCH_TEAM: AnyOfDef = {
  name: 'team',
  description:
    'A team of the match, home or away: records whose home_team or away_team is this team ' +
    `(${ADDED}).`,
  fields: ['home_team', 'away_team'],
};

/** `manager`: a manager's matches, of the home team or the away team. */
export const MATCH_MANAGER: AnyOfDef = {
  name: 'manager',
  description:
    'A manager of the match, home or away: matches whose home_manager or away_manager is this ' +
    `manager (${ADDED}).`,
  fields: ['home_manager', 'away_manager'],
};

/**
 * What the router does with the parameters of a scope's records of matches: the phase rule, and
 * the filters on both sides of the match (`team`, and on the match information `manager`).
 */
export function matchComposition(scope: Scope, anyOf = [MATCH_TEAM]): CompositionDef {
  return { implied: phaseRule(scope), anyOf };
}

/** The home and away teams of the match `m`, ids and names. */
export function teamFields(scope: Scope): FieldDef[] {
  return [
    idField(
      scope,
      'home_team',
      'Home team (a club, or a country for national teams).',
      scope.team('m.home_team'),
      { nullable: false },
    ),
    field('home_team_name', 'string', 'Home team name.', scope.teamName('m.home_team'), {
      nullable: false,
    }),
    idField(scope, 'away_team', 'Away team.', scope.team('m.away_team'), { nullable: false }),
    field('away_team_name', 'string', 'Away team name.', scope.teamName('m.away_team'), {
      nullable: false,
    }),
  ];
}

/**
 * Keeps pre-rendered filter collections for the fields users select by (ids, phase details, dates)
 * and lets the router apply the others within them. Every indexed field costs one more copy of the
 * collection in pages, and match records are large (their stats links alone are ~2.5 KB), so at
 * 50,000 matches and 60,000 lineups indexing every field would mean tens of gigabytes.
 */
export function indexOnly(names: string[], fields: FieldDef[]): FieldDef[] {
  return fields.map((f) => (names.includes(f.name) ? f : { ...f, filter: 'scan' as const }));
}

/**
 * Fields every macro-event has: match, its competition, season and date in v1, phase fields, teams
 * (docs/api.md#macro-events), and the
 * player and their team from the row `alias` (a lineup, or a goal, which names its scorer also
 * where no lineup exists).
 */
export function eventFields(m: MatchParts, alias: string, teamColumn = 'team'): FieldDef[] {
  const { scope } = m;
  const team = `${alias}.${teamColumn}`;
  return [
    matchKey(scope),
    ...matchContextFields(scope),
    ...phaseFields(scope),
    ...teamFields(scope),
    idField(
      scope,
      'player',
      `Player id (${m.playerLink}).`,
      scope.ref('player', `${alias}.player`),
    ),
    field('player_name', 'string', 'Player name.', playerName(alias)),
    idField(scope, 'player_team', 'Team of the player.', scope.team(team)),
    field('player_team_name', 'string', "Name of the player's team.", scope.teamName(team)),
  ];
}

/** The match time of an event of the row `alias`: minute and stoppage minutes. */
export function timeFields(alias: string): FieldDef[] {
  return [
    field('time_mins', 'integer', 'Match minute.', `${alias}.time_mins`, { nullable: false }),
    field(
      'stoppage_mins',
      'integer',
      'Minutes of stoppage time after time_mins.',
      `${alias}.stoppage_mins`,
      { nullable: false },
    ),
  ];
}

/**
 * Links of a macro-event (or a lineup): snake_case names in v0, as its keys
 * (docs/api.md#the-v0-api).
 */
export function eventLinks(m: MatchParts): Record<string, LinkTemplate> {
  return linkNames(m.scope.keyCase, {
    match: m.matchLink,
    player: `${m.playerLink}/{player}`,
    ...m.teamLinks,
  });
}

/** The order of macro-events: by match time. */
export const BY_TIME: OrderDef = { by: ['time_mins', 'stoppage_mins'] };
