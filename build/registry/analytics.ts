import { factsReader } from '../derived/match-model/reader.ts';
import { matchSegments } from '../derived/analytics/segments.ts';
import { matchState } from '../derived/analytics/state.ts';
import { TIME_HINT } from '../../contract/match-time.ts';
import { SHOT_RATIOS } from '../derived/analytics/tsr.ts';
import { MATCH_SOURCES, matchCredit } from '../derived/match-sources.ts';
import { SHOTS } from '../../football/event-families.ts';
import type { Db } from '../../data/db.ts';
import {
  field,
  type DocumentDef,
  type FieldDef,
  type FieldOptions,
  type LinkTemplate,
} from '../define/resource.ts';
import { byMatchType, linkNames, V0, v1Scope } from '../define/scope.ts';

/**
 * The analytics of a match (docs/api.md#analytics): match state, segments and total shot ratio,
 * each one small document per match at `/<version>/analytics/match/<matchID>/<name>`, for club and
 * national matches alike (a match id is unique across both), all computed at build time from the
 * facts of each match (`build/derived/match-model/`, `build/derived/analytics/`): state and segments per document,
 * the TSR into a derived table the documents read. v0 has the same documents with integer ids and
 * snake_case keys, and calls the segments `segment`.
 */

/** Analytics take no filters: every field is documented but not filterable. */
const value = (
  name: string,
  type: FieldDef['type'],
  description: string,
  sql: string,
  extra: FieldOptions = {},
) => field(name, type, description, sql, { filter: 'none', nullable: false, ...extra });

/** A field the build computes per match (`DocumentDef.compute`); its SQL is a placeholder. */
const computed = (
  name: string,
  type: FieldDef['type'],
  description: string,
  extra: FieldOptions = {},
) => value(name, type, description, 'NULL', extra);

/**
 * A side's share of the shots (`build/derived/analytics/tsr.ts`); null without shots (no micro-events, or
 * none of them a shot).
 */
const ratio = (side: 'home' | 'away') =>
  `(SELECT r.${side} FROM derived.shot_ratio r WHERE r.match = m.id)`;

const players = (side: string, what: string) =>
  `Ids of the ${side} team's players ${what}; null when the source has no lineup for the team.`;

/** What the analytics documents of a version share. */
interface AnalyticsParts {
  /** The path of the documents, without the leading slash: `v1/analytics/match`. */
  base: string;
  /** Link template of the match's information. */
  matchInfo: string;
  /** The match and its teams: fields, and links named in the version's key case. */
  matchFields: FieldDef[];
  teamLinks: Record<string, LinkTemplate>;
  /** What every analytics document has, whatever it computes. */
  common: Pick<DocumentDef, 'version' | 'idType' | 'sql' | 'credit' | 'keyCase' | 'storedOrder'>;
}

/** The parts the analytics documents of a version share. */
function analyticsParts(version: 'v1' | 'v0'): AnalyticsParts {
  // Analytics read only the scope's id rules; v1's are the same for both match types.
  const scope = version === 'v1' ? v1Scope('clubs') : V0;
  // A match's info lives under its match type in v1; the analytics of both types share one path.
  const matchInfo =
    version === 'v1' ? '/v1/{_match_type}/matches/{_match}/info' : '/v0/matches/{_match}/info';
  const hidden = {
    _key: 'm.id',
    _match: scope.own('m'),
    _match_type: 'm.match_type',
    _teams: "CASE m.match_type WHEN 'clubs' THEN 'teams' ELSE 'countries' END",
    _played: 'm.match_date',
  };
  const { idType, keyCase } = scope;
  return {
    base: `${version}/analytics/match`,
    matchInfo,
    matchFields: [
      value('match', idType, 'Match id (club or national match).', scope.own('m')),
      value(
        'home_team',
        idType,
        'Home team (a club, or a country for national teams).',
        scope.team('m.home_team'),
      ),
      value('away_team', idType, 'Away team.', scope.team('m.away_team')),
    ],
    teamLinks: linkNames(keyCase, {
      match: matchInfo,
      homeTeam: `/${version}/{_teams}/{home_team}`,
      awayTeam: `/${version}/{_teams}/{away_team}`,
    }),
    common: {
      version,
      idType,
      sql: { id: scope.own('m'), from: 'FROM match m', hidden, temp: [MATCH_SOURCES] },
      storedOrder: '_played',
      credit: matchCredit(),
      keyCase,
    },
  };
}

/** How a document resource computes its records from a match (`DocumentDef.compute`). */
type Compute = NonNullable<DocumentDef['compute']>;

/** The state of a match at any time, computed from its macro-events (`build/derived/analytics/`). */
const computeState: Compute = (db) => {
  const facts = factsReader(db);
  return (row) => {
    const { final, end, states } = matchState(facts(String(row['_key'])));
    return { rows: [final], timeline: { end, states } };
  };
};

/** `/<version>/analytics/match/<id>/state`: the scoreline at a match time, or the final one. */
export function analyticsState(version: 'v1' | 'v0'): DocumentDef {
  const { base, common, matchFields, teamLinks } = analyticsParts(version);
  return {
    ...common,
    kind: 'document',
    group: 'analytics',
    path: `${base}/state`,
    title: 'Match state',
    description:
      'The scoreline of a match at a match time (time=30, 45:2, 45+2 or 45-2), or without time the final state. ' +
      'result is one object. Times order by minute, then stoppage (45+3 before 46); a goal at a time counts in the ' +
      'state at that time; from the end of the match on, the state is the final one (is_fulltime true).',
    fields: [
      ...matchFields,
      computed(
        'time_mins',
        'integer',
        'Match minute of the state: the requested time, or without time the end of the match ' +
          '(90, or 120 with extra time, or the last recorded event if later).',
      ),
      computed('stoppage_mins', 'integer', 'Stoppage minutes after time_mins.'),
      computed('is_fulltime', 'boolean', 'Whether the match was over at that time.'),
      computed(
        'home_goals',
        'integer',
        "Home goals up to and including that time; null before the end when the source's goal list " +
          'does not account for the home score (some results give no scorers).',
        { nullable: true },
      ),
      computed(
        'away_goals',
        'integer',
        'Away goals up to and including that time (null as home_goals).',
        { nullable: true },
      ),
    ],
    links: teamLinks,
    parent: { path: base, name: 'state', param: 'match' },
    routing: { uri: `/${base}/{id}/state` },
    result: 'object',
    time: TIME_HINT,
    compute: computeState,
  };
}

/** The lists of player ids of a segment. */
const PLAYER_LISTS = [
  'home_players_on',
  'away_players_on',
  'home_players_expelled',
  'away_players_expelled',
] as const;

/**
 * Player ids as the version gives them: v0's integer ids for the lists of segments, the players
 * on the pitch sorted again by them (`sorted`), the expelled kept in the order they were sent
 * off.
 */
function playerIds(
  version: 'v1' | 'v0',
  db: Db,
): (ids: string[] | null, sorted: boolean) => (string | number)[] | null {
  if (version === 'v1') return (ids) => ids;
  const v0Id = db.prepare('SELECT v0_id FROM player WHERE id = ?').pluck();
  return (ids, sorted) => {
    const mapped = ids && ids.map((id) => v0Id.get(id) as number);
    return sorted && mapped ? mapped.sort((a, b) => a - b) : mapped;
  };
}

/** The segments of a match, computed from its macro-events, with the version's player ids. */
function computeSegments(version: 'v1' | 'v0'): Compute {
  return (db) => {
    const facts = factsReader(db);
    const ids = playerIds(version, db);
    return (row) => ({
      rows: matchSegments(facts(String(row['_key']))).map((segment) => ({
        ...segment,
        ...Object.fromEntries(
          PLAYER_LISTS.map((name) => [name, ids(segment[name], name.endsWith('_on'))]),
        ),
      })),
    });
  };
}

/** The fields of a segment, all computed by the build. */
function segmentFields(idType: FieldDef['type']): FieldDef[] {
  const list = { nullable: true, list: true };
  return [
    computed('start_time_mins', 'integer', 'Match minute the segment starts at (0 = kickoff).'),
    computed('start_stoppage_mins', 'integer', 'Stoppage minutes after start_time_mins.'),
    computed('duration', 'integer', 'Minutes played in the segment, stoppage time included.'),
    computed(
      'home_goals',
      'integer',
      "Home goals scored in the segment; null when the source's goal list does not account for the home score.",
      { nullable: true },
    ),
    computed('away_goals', 'integer', 'Away goals scored in the segment (null as home_goals).', {
      nullable: true,
    }),
    computed('home_players_on', idType, players('home', 'on the pitch, sorted'), list),
    computed('away_players_on', idType, players('away', 'on the pitch, sorted'), list),
    computed(
      'home_players_expelled',
      idType,
      players('home', 'sent off up to and including the segment, in order'),
      list,
    ),
    computed(
      'away_players_expelled',
      idType,
      players('away', 'sent off up to and including the segment, in order'),
      list,
    ),
  ];
}

/**
 * `/<version>/analytics/match/<id>/segments` (v0: `segment`): the periods of play between
 * changes of the players on the pitch.
 */
export function analyticsSegments(version: 'v1' | 'v0'): DocumentDef {
  const { base, common, matchInfo } = analyticsParts(version);
  // The segments are `segments` in v1 and `segment` in v0; each version answers the other
  // name too.
  const [segmentName, segmentAlias] =
    version === 'v1' ? ['segments', 'segment'] : ['segment', 'segments'];
  return {
    ...common,
    kind: 'document',
    group: 'analytics',
    path: `${base}/${segmentName}`,
    title: 'Match segments',
    description:
      'Periods of play in which the players on the pitch are unchanged, separated by substitutions and expulsions ' +
      `(red cards and second yellows), in time order; ids number them from 1. Also at .../${segmentAlias}. A goal in the minute of a ` +
      'change counts before it; durations include the stoppage time the events show.',
    fields: segmentFields(common.idType),
    links: { match: matchInfo },
    parent: { path: base, name: segmentName, param: 'match', aliases: [segmentAlias] },
    numbered: true,
    routing: { uri: `/${base}/{_match}/${segmentName}` },
    result: 'array',
    compute: computeSegments(version),
  };
}

/** `/<version>/analytics/match/<id>/tsr`: each team's share of the shots, from the match model. */
export function analyticsTsr(version: 'v1' | 'v0'): DocumentDef {
  const { base, common, matchFields, teamLinks } = analyticsParts(version);
  return {
    ...common,
    // The ratios are computed per match into a derived table (`build/derived/analytics/tsr.ts`).
    sql: { ...common.sql, temp: [MATCH_SOURCES, SHOT_RATIOS] },
    kind: 'document',
    group: 'analytics',
    path: `${base}/tsr`,
    title: 'Total shot ratio',
    description:
      "Each team's shots divided by the shots of both teams, one record in an array. Shots are the micro-events with a " +
      `shot action (${SHOTS.join(', ')}: shot, free kick shot, penalty); both ratios are null where the match has no micro-events or no shots.`,
    fields: [
      ...matchFields,
      value('home_team_name', 'string', 'Home team name.', byMatchType('name', 'm.home_team')),
      value('away_team_name', 'string', 'Away team name.', byMatchType('name', 'm.away_team')),
      value('home_team_tsr', 'float', 'Home shots / shots of both teams.', ratio('home'), {
        nullable: true,
      }),
      value('away_team_tsr', 'float', 'Away shots / shots of both teams.', ratio('away'), {
        nullable: true,
      }),
    ],
    links: teamLinks,
    parent: { path: base, name: 'tsr', param: 'match' },
    routing: { uri: `/${base}/{id}/tsr` },
    result: 'array',
  };
}
