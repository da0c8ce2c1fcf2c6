import { describeRule, fieldType, STAT_FIELDS } from '../derived/stats/fields.ts';
import { LINEUP_ORDER } from '../derived/stats/lineup-order.ts';
import { LINEUP_STATS, statColumn } from '../derived/stats/lineup-stat.ts';
import { MATCH_SOURCES, matchCredit } from '../derived/match-sources.ts';
import { field, type CollectionDef, type FieldDef } from '../define/resource.ts';
import { idField, type Scope } from '../define/scope.ts';
import { STATS_GROUPS } from './stats-groups.ts';

/**
 * Match statistics per lineup (docs/api.md#statistics), once per scope and statistic:
 * `/v1/{match_type}/stats/<group>/<name>` and `/v0/stats/<group>/<name>`, one record per lineup
 * entry whose id is the lineup's, so a lineup's `stats` links (`.../<group>/<name>/<lineup id>`)
 * are its records. The fields after the common ones, and how each is computed, come from the rule
 * table
 * `build/derived/stats/fields.ts`; the build computes them into `derived.lineup_stat`
 * (`build/derived/stats/lineup-stat.ts`) once, before the first of these resources is written, and both
 * versions read it, with what they say of each lineup besides its counts (ids, names, ranks) from
 * `derived.lineup_order` (`build/derived/stats/lineup-order.ts`).
 *
 * Sized for ~60,000 lineups x 32 statistics (about 2 M records per version): records live in bucket
 * files, not a file each; `match` (what the match records link to) is pre-rendered per value,
 * `player` is a bucket filter, and the other filters are composed within a match's or a player's
 * records.
 */

/**
 * How `player` is filtered: a bucket filter, so a player's records across matches (a few dozen)
 * come from one file of many players' groups rather than a folder per player in each of the
 * statistics resources (~15,000 players at full scale).
 */
const PLAYER_FILTER = 'bucket' as const;

/** A lineup's id or one of its match, player or team, as the scope names them (`o`). */
const idOf = (scope: Scope, of: 'lineup' | 'match' | 'player' | 'team') =>
  `o.${of}_${scope.version}`;

/** The fields every statistic starts with: the lineup entry, its match, player and team. */
function lineupFields(scope: Scope): FieldDef[] {
  return [
    idField(scope, 'lineup', 'Lineup id (the record id too).', idOf(scope, 'lineup'), {
      nullable: false,
      filter: 'none',
    }),
    idField(scope, 'match', 'Match id.', idOf(scope, 'match'), { nullable: false }),
    idField(
      scope,
      'player',
      `Player id (${scope.root}/personnel/players).`,
      idOf(scope, 'player'),
      {
        nullable: false,
        filter: PLAYER_FILTER,
      },
    ),
    field('player_name', 'string', 'Player name.', 'o.player_name', {
      nullable: false,
      filter: 'scan',
    }),
    idField(
      scope,
      'player_team',
      'Team of the player (a club, or a country for national teams).',
      idOf(scope, 'team'),
      { nullable: false, filter: 'scan' },
    ),
    field('player_team_name', 'string', "Name of the player's team.", 'o.team_name', {
      nullable: false,
      filter: 'scan',
    }),
  ];
}

/** The fields of one statistic, from its rules (`build/derived/stats/fields.ts`), in their order. */
function statisticFields(group: string, name: string): FieldDef[] {
  const rules = STAT_FIELDS[group]?.[name];
  if (!rules)
    throw new Error(`statistics: no rules for ${group}/${name} in build/derived/stats/fields.ts`);
  return Object.entries(rules).map(([f, rule], i) =>
    field(f, fieldType(rule), describeRule(rule), statColumn(i), { filter: 'none' }),
  );
}

/** `/<base>/stats/<group>/<name>`: one statistic, one record per lineup entry. */
export function statistic(scope: Scope, group: string, name: string): CollectionDef {
  const { root, version } = scope;
  return {
    kind: 'collection',
    path: `${scope.base}/stats/${group}/${name}`,
    version,
    group: 'statistics',
    title: `Statistics ${group}/${name} (${scope.matchType ?? 'all matches'})`,
    description:
      `One record per lineup entry (a player in a match): the ${group}/${name} statistic. Counts come from ` +
      "the match's micro-events where it has them, from its goals, penalties and offenses where those can tell, and are " +
      "null where the source cannot tell. ?match=<id> gives a match's players; each field documents its rule.",
    idType: scope.idType,
    sql: {
      id: idOf(scope, 'lineup'),
      from: `FROM derived.lineup_stat s JOIN derived.lineup_order o ON o.lineup_v1 = s.lineup
        WHERE s.grp = '${group}' AND s.name = '${name}' AND ${scope.matches('o.match_type')}`,
      hidden: { ...scope.hidden('o.match_type'), _date: 'o.match_date', _rank: `o.ord_${version}` },
      temp: [LINEUP_STATS, LINEUP_ORDER, MATCH_SOURCES],
    },
    fields: [...lineupFields(scope), ...statisticFields(group, name)],
    recordFiles: 'bucket',
    paging: { kind: 'pages' },
    order: {
      by: ['_date', 'match', 'player_team_name', 'player_name'],
      rank: '_rank',
      note: 'by match date, then match, then team name and player name, then id',
    },
    links: {
      lineup: `/${scope.base}/matches/{match}/lineups/{id}`,
      match: `/${scope.base}/matches/{match}/info`,
      player: `${root}/personnel/players/{player}`,
      playerTeam: scope.teamLink('player_team'),
    },
    credit: matchCredit('o.match_v1'),
  };
}

/**
 * Every statistic of a scope, in the documented order of groups and names: one family, which only
 * the group, the name and the rules of the fields tell apart.
 */
export function statistics(scope: Scope): CollectionDef[] {
  return Object.entries(STATS_GROUPS[scope.version]).flatMap(([group, names]) =>
    names.map((name) => statistic(scope, group, name)),
  );
}
