import {
  field,
  type FieldDef,
  type LinkTemplate,
  type ParentRecordDef,
} from '../../define/resource.ts';
import { idField, type Scope } from '../../define/scope.ts';
import { statsLinks } from '../stats-groups.ts';
import {
  eventPath,
  indexOnly,
  MACRO_EVENTS,
  MATCH_MANAGER,
  MATCH_TEAM,
  matchComposition,
  matchParts,
  teamFields,
  type MatchParts,
} from './parts.ts';
import { phaseFields, phaseJoins } from './phase.ts';

/**
 * Match information: one record per match of the scope, at `/<base>/matches/info/<id>` and
 * `/<base>/matches/<id>/info`, the parent record of the match's nested resources (conditions,
 * lineups, macro-events), with links to them and to the match's micro-events, statistics and
 * analytics.
 */

/** The fields users select matches by: pre-rendered filter collections (`indexOnly`). */
const INFO_INDEXES = [
  'competition',
  'season',
  'phase',
  'matchday',
  'round_name',
  'group',
  'home_team',
  'away_team',
  'home_manager',
  'away_manager',
  'referee',
  'venue',
  'match_date',
];

/** The competition and season of the match. */
function competitionFields(scope: Scope): FieldDef[] {
  return [
    idField(scope, 'competition', 'Competition id.', scope.own('c'), { nullable: false }),
    field('competition_name', 'string', 'Competition name.', 'c.name', { nullable: false }),
    field('season', 'integer', `Season id (${scope.root}/seasons).`, 'm.season', {
      nullable: false,
    }),
    field('season_name', 'string', 'Season name.', 's.name', { nullable: false }),
  ];
}

/** The managers, the referee and the venue. */
function officialFields(scope: Scope): FieldDef[] {
  const { root } = scope;
  return [
    idField(
      scope,
      'home_manager',
      `Home manager id (${root}/personnel/managers).`,
      scope.own('hm'),
    ),
    field('home_manager_name', 'string', 'Home manager name.', 'hmn.full_name'),
    idField(scope, 'away_manager', 'Away manager id.', scope.own('am')),
    field('away_manager_name', 'string', 'Away manager name.', 'amn.full_name'),
    idField(
      scope,
      'referee',
      `Id of the referee who began officiating (${root}/personnel/referees).`,
      scope.own('r'),
    ),
    field('referee_name', 'string', 'Referee name.', 'rn.full_name'),
    idField(scope, 'venue', `Venue id (${root}/venues).`, scope.own('v')),
    field('venue_name', 'string', 'Venue name.', 'v.name'),
  ];
}

/** v1's lengths of the extra-time periods; v0 has none (docs/api.md#the-v0-api). */
const EXTRA_TIME = [
  field(
    'firstextra_length',
    'integer',
    'Length of the first extra-time period; null when there was none.',
    'm.firstextra_length',
  ),
  field(
    'secondextra_length',
    'integer',
    'Length of the second extra-time period; null when there was none.',
    'm.secondextra_length',
  ),
];

/** When the match was played and how long its periods lasted, and its attendance. */
function scheduleFields(scope: Scope): FieldDef[] {
  return [
    field('match_date', 'date', 'Date of the match (local).', 'm.match_date', { nullable: false }),
    field('kickoff_time', 'time', 'Local kickoff time.', 'm.kickoff_time'),
    field(
      'firsthalf_length',
      'integer',
      'Length of the first half in minutes.',
      'm.firsthalf_length',
    ),
    field(
      'secondhalf_length',
      'integer',
      'Length of the second half in minutes.',
      'm.secondhalf_length',
    ),
    ...(scope.version === 'v1' ? EXTRA_TIME : []),
    field('attendance', 'integer', 'Attendance (estimate).', 'm.attendance'),
  ];
}

/** The scores of the match and of its shootout, additions to the original service. */
function scoreFields(scope: Scope): FieldDef[] {
  return [
    field(
      'home_score',
      'integer',
      'Goals of the home team, extra time included, shootout not (an addition to the original service).',
      'm.home_score',
    ),
    field(
      'away_score',
      'integer',
      'Goals of the away team (an addition to the original service).',
      'm.away_score',
    ),
    field(
      'home_shootout_score',
      'integer',
      'Shootout kicks converted by the home team; null without a shootout or when the source gives only the winner (an addition to the original service).',
      'm.home_shootout_score',
    ),
    field(
      'away_shootout_score',
      'integer',
      'Shootout kicks converted by the away team (an addition to the original service).',
      'm.away_shootout_score',
    ),
    idField(
      scope,
      'shootout_winner',
      'Team that won the shootout; null without one (an addition to the original service).',
      scope.team('m.shootout_winner'),
    ),
    field(
      'shootout_winner_name',
      'string',
      'Name of the team that won the shootout.',
      scope.teamName('m.shootout_winner'),
    ),
  ];
}

/** The links of a match's resources: per kind under the match in v1, under /v0/events in v0. */
function matchDataLinks(m: MatchParts): Record<string, LinkTemplate> {
  const { base, scope } = m;
  if (!m.v1)
    return {
      events: Object.fromEntries(MACRO_EVENTS.map((k) => [k, `/${eventPath(m, k)}?match={id}`])),
    };
  return {
    ...Object.fromEntries([...MACRO_EVENTS, 'shootouts'].map((k) => [k, `/${base}/{id}/${k}`])),
    events: Object.fromEntries(
      ['actions', 'all', 'touches'].map((k) => [k, `/${scope.base}/events/${k}?match={id}`]),
    ),
  };
}

/**
 * The analytics a match links to: v1 nests them under `match`; v0 names them flat, `segments` at
 * v0's `segment`.
 */
function analyticsLinks(scope: Scope): LinkTemplate {
  const at = (name: string) => `${scope.root}/analytics/match/{id}/${name}`;
  return scope.version === 'v1'
    ? { match: { segments: at('segments'), state: at('state'), tsr: at('tsr') } }
    : { segments: at('segment'), state: at('state'), tsr: at('tsr') };
}

/** Every link of a match's information. */
function infoLinks(m: MatchParts): Record<string, LinkTemplate> {
  const { base, scope } = m;
  const { root } = scope;
  return {
    venue: `${root}/venues/{venue}`,
    conditions: `/${base}/{id}/conditions`,
    ...m.teamLinks,
    homeManager: `${root}/personnel/managers/{home_manager}`,
    awayManager: `${root}/personnel/managers/{away_manager}`,
    referee: `${root}/personnel/referees/{referee}`,
    lineups: `/${base}/{id}/lineups`,
    ...matchDataLinks(m),
    stats: statsLinks(
      scope.version,
      (group, name) => `/${scope.base}/stats/${group}/${name}?match={id}`,
    ),
    analytics: analyticsLinks(scope),
  };
}

/** The description of the match information of a scope (docs/api.md#matches). */
function infoDescription(scope: Scope): string {
  if (scope.version === 'v0')
    return (
      'Match information of every match, club and national-team alike: a national team is its country (/v0/countries), ' +
      'a club a team (/v0/teams), and the homeTeam and awayTeam links say which.'
    );
  return (
    `Match information of ${scope.matchType === 'clubs' ? 'club' : 'national-team'} matches. Filter by phase details: ` +
    'matchday alone selects league matches, round_name with group selects group matches, round_name alone knockout matches.'
  );
}

/** `/<base>/matches/info`: one record per match of the scope. */
export function matchInfo(scope: Scope): ParentRecordDef {
  const m = matchParts(scope);
  return {
    kind: 'parent-record',
    path: `${m.base}/info`,
    version: scope.version,
    group: 'matches',
    title: `Matches (${m.scopeName})`,
    description: infoDescription(scope),
    idType: scope.idType,
    sql: {
      id: scope.own('m'),
      from: `FROM match m ${phaseJoins(scope)}
      JOIN competition c ON c.id = m.competition
      JOIN season s ON s.id = m.season
      LEFT JOIN manager hm ON hm.id = m.home_manager LEFT JOIN person_name hmn ON hmn.id = hm.person
      LEFT JOIN manager am ON am.id = m.away_manager LEFT JOIN person_name amn ON amn.id = am.person
      LEFT JOIN referee r ON r.id = m.referee LEFT JOIN person_name rn ON rn.id = r.person
      LEFT JOIN venue v ON v.id = m.venue
      ${m.where}`,
      hidden: scope.hidden(),
    },
    fields: indexOnly(INFO_INDEXES, [
      ...competitionFields(scope),
      ...phaseFields(scope),
      ...teamFields(scope),
      ...officialFields(scope),
      ...scheduleFields(scope),
      ...scoreFields(scope),
    ]),
    recordFiles: 'one',
    paging: { kind: 'pages' },
    order: { by: ['match_date', 'kickoff_time'] },
    composition: matchComposition(scope, [MATCH_TEAM, MATCH_MANAGER]),
    parent: { path: m.base, name: 'info', param: 'match' },
    routing: { uri: `/${m.base}/{id}/info` },
    links: infoLinks(m),
    credit: m.credit,
  };
}
