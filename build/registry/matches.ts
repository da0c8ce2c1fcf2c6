import { PHASE } from '../../data/reference/codes.ts';
import {
  BODY_PARTS,
  CARDS,
  FOULS,
  PENALTY_OUTCOMES,
  PHASES,
  POSITIONS,
  SHOT_EVENTS,
  WEATHER,
} from '../../data/reference/lists.ts';
import {
  dataCredit,
  field,
  idsOf,
  labelsOf,
  type CollectionDef,
  type CollectionLike,
  type FieldDef,
  type LinkTemplate,
  type NestedDef,
  type ParentRecordDef,
} from './define.ts';
import type { ImpliedFilter } from '../../contract/manifest.ts';
import { idField, linkNames, type Scope } from './scope.ts';
import { statsLinks } from './stats-groups.ts';

/**
 * Match information, conditions, lineups and macro-events of a scope (`scope.ts`): in v1 once per
 * match type, `clubs` (teams are /v1/teams) and `national` (a national team is its country,
 * /v1/countries), each query scoped by its match type; in v0 once, every match, with integer ids,
 * no phase fields but matchday, snake_case lineups and macro-events, and the macro-events under
 * /v0/events (SPEC).
 */

const PHASE_PARAMS = ['phase', 'phase_name', 'matchday', 'round', 'round_name', 'group'];

/**
 * SPEC's phase rule: `group` (with or without `round_name`) selects group matches, `round_name`
 * alone knockout matches, `matchday` alone league matches. Nothing is implied when the phase is
 * given (`phase`, `phase_name`), nor for `matchday` with a `round` id. Phase ids are those of
 * `PHASES` (`data/reference/lists.ts`).
 */
export const PHASE_RULE: ImpliedFilter[] = [
  { field: 'phase', value: String(PHASE.group), whenAny: ['group'], unless: ['phase_name'] },
  {
    field: 'phase',
    value: String(PHASE.knockout),
    whenAny: ['round_name'],
    unless: ['phase_name'],
  },
  {
    field: 'phase',
    value: String(PHASE.league),
    whenAny: ['matchday'],
    unless: ['phase_name', 'round'],
  },
];

/** The joins of the phase and round names (v1's phase fields). */
const PHASE_JOINS = `JOIN phase ph ON ph.id = m.phase
    LEFT JOIN groupround gr ON gr.id = m.group_round
    LEFT JOIN knockoutround kr ON kr.id = m.knockout_round`;

const matchdayField = field(
  'matchday',
  'integer',
  'Matchday (league and group phases).',
  'm.matchday',
);

/**
 * SPEC's phase-specific fields; round, round_name and group appear only on matches of phases that
 * have them. v0 has no phases and rounds: of these, only matchday.
 */
function phaseFields(scope: Scope): FieldDef[] {
  if (scope.version === 'v0') return [matchdayField];
  return [
    field(
      'phase',
      'integer',
      'Competition phase id (/v1/phases): 1 League, 2 Group, 3 Knockout.',
      'm.phase',
      { nullable: false, ...idsOf(PHASES) },
    ),
    field('phase_name', 'string', 'Competition phase name.', 'ph.name', {
      nullable: false,
      ...labelsOf(PHASES),
    }),
    matchdayField,
    field(
      'round',
      'integer',
      'Group round id (/v1/grouprounds) or knockout round id (/v1/knockoutrounds).',
      'COALESCE(m.group_round, m.knockout_round)',
      { omitNull: true },
    ),
    field('round_name', 'string', 'Round name.', 'COALESCE(gr.name, kr.name)', { omitNull: true }),
    field('group', 'string', 'Group name (group phase).', 'm.group_name', { omitNull: true }),
  ];
}

function teamFields(scope: Scope): FieldDef[] {
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

/** A player's full name through the lineup row `alias`. */
function playerName(alias: string): string {
  return `(SELECT n.full_name FROM player pl JOIN person_name n ON n.id = pl.person WHERE pl.id = ${alias}.player)`;
}

/**
 * Keeps pre-rendered filter collections for the fields users select by (ids, phase details, dates)
 * and lets the router apply the others within them. Every indexed field costs one more copy of the
 * collection in pages, and match records are large (their stats links alone are ~2.5 KB), so at
 * 50,000 matches and 60,000 lineups indexing every field would mean tens of gigabytes.
 */
function indexOnly(names: string[], fields: FieldDef[]): FieldDef[] {
  return fields.map((f) => (names.includes(f.name) ? f : { ...f, filter: 'scan' as const }));
}

/** Filters pre-rendered on every macro-event resource. */
const EVENT_INDEXES = [
  'match',
  'phase',
  'matchday',
  'round_name',
  'group',
  'player',
  'player_team',
];

/** The macro-events SPEC lists in v0 (v1 adds shootouts). */
const MACRO_EVENTS = ['goals', 'offenses', 'penalties', 'substitutions'];

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

/** Every match-data resource of a scope. */
export function matchResources(scope: Scope): CollectionLike[] {
  const { root, version } = scope;
  const v1 = version === 'v1';
  const base = `${scope.base}/matches`;
  const where = `WHERE ${scope.matches()}`;
  const credit = dataCredit('m.source');
  const matchLink = `/${base}/{match}/info`;
  const teamLinks = {
    homeTeam: scope.teamLink('home_team'),
    awayTeam: scope.teamLink('away_team'),
  };
  const playerLink = `${root}/personnel/players`;
  const phaseJoins = v1 ? PHASE_JOINS : '';
  /** Where a macro-event kind lives: under a match in v1, under /v0/events in v0. */
  const eventPath = (kind: string) => (v1 ? `${base}/${kind}` : `v0/events/${kind}`);
  const matchKey = idField(scope, 'match', 'Match id.', scope.own('m'), { nullable: false });

  /**
   * A resource of rows that belong to one match, a file each: in v1 and for v0's match resources a
   * nested collection, listed under `/<base>/<kind>` and `/<base>/<match>/<kind>`; v0's
   * macro-events are plain collections under /v0/events, with snake_case keys and totals.
   */
  const perMatch = (
    name: string,
    def: Omit<
      CollectionDef,
      'kind' | 'path' | 'version' | 'idType' | 'paginated' | 'credit' | 'recordFiles'
    >,
  ): NestedDef | CollectionDef => {
    const common = {
      version,
      idType: scope.idType,
      paginated: true,
      credit,
      recordFiles: 'one' as const,
    };
    const hidden = { ...scope.hidden(), ...def.hidden };
    if (v1 || !MACRO_EVENTS.includes(name)) {
      return {
        kind: 'nested',
        path: `${base}/${name}`,
        ...common,
        parent: { path: base, name, param: 'match' },
        uri: `/${base}/{match}/${name}/{id}`,
        ...def,
        hidden,
      };
    }
    return {
      kind: 'collection',
      path: eventPath(name),
      ...common,
      keyCase: 'snake',
      totals: 'snake',
      ...def,
      hidden,
    };
  };

  /**
   * Fields every macro-event has: match, phase fields, teams (DECISIONS), and the player and their
   * team from the row `alias` (a lineup, or a goal, which names its scorer also where no lineup
   * exists).
   */
  const eventFields = (alias: string, teamColumn = 'team'): FieldDef[] => [
    matchKey,
    ...phaseFields(scope),
    ...teamFields(scope),
    idField(scope, 'player', `Player id (${playerLink}).`, scope.ref('player', `${alias}.player`)),
    field('player_name', 'string', 'Player name.', playerName(alias)),
    idField(scope, 'player_team', 'Team of the player.', scope.team(`${alias}.${teamColumn}`)),
    field(
      'player_team_name',
      'string',
      "Name of the player's team.",
      scope.teamName(`${alias}.${teamColumn}`),
    ),
  ];
  const timeFields = (alias: string): FieldDef[] => [
    field('time_mins', 'integer', 'Match minute.', `${alias}.time_mins`, { nullable: false }),
    field(
      'stoppage_mins',
      'integer',
      'Minutes of stoppage time after time_mins.',
      `${alias}.stoppage_mins`,
      { nullable: false },
    ),
  ];
  /** Links of a macro-event (or a lineup): snake_case names in v0, as its keys (SPEC). */
  const eventLinks: Record<string, LinkTemplate> = linkNames(scope.keyCase, {
    match: matchLink,
    player: `${playerLink}/{player}`,
    ...teamLinks,
  });
  const order = { defaultSort: ['time_mins', 'stoppage_mins'], implied: v1 ? PHASE_RULE : [] };
  const scopeName = v1 ? scope.matchType! : 'all matches';

  const info: ParentRecordDef = {
    kind: 'parent-record',
    path: `${base}/info`,
    version,
    title: `Matches (${scopeName})`,
    description: v1
      ? `Match information of ${scope.matchType === 'clubs' ? 'club' : 'national-team'} matches. Filter by phase details: ` +
        'matchday alone selects league matches, round_name with group selects group matches, round_name alone knockout matches.'
      : 'Match information of every match, club and national-team alike: a national team is its country (/v0/countries), ' +
        'a club a team (/v0/teams), and the homeTeam and awayTeam links say which.',
    idType: scope.idType,
    idSql: scope.own('m'),
    from: `FROM match m ${phaseJoins}
      JOIN competition c ON c.id = m.competition
      JOIN season s ON s.id = m.season
      LEFT JOIN manager hm ON hm.id = m.home_manager LEFT JOIN person_name hmn ON hmn.id = hm.person
      LEFT JOIN manager am ON am.id = m.away_manager LEFT JOIN person_name amn ON amn.id = am.person
      LEFT JOIN referee r ON r.id = m.referee LEFT JOIN person_name rn ON rn.id = r.person
      LEFT JOIN venue v ON v.id = m.venue
      ${where}`,
    fields: indexOnly(
      [
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
      ],
      [
        idField(scope, 'competition', 'Competition id.', scope.own('c'), { nullable: false }),
        field('competition_name', 'string', 'Competition name.', 'c.name', { nullable: false }),
        field('season', 'integer', `Season id (${root}/seasons).`, 'm.season', { nullable: false }),
        field('season_name', 'string', 'Season name.', 's.name', { nullable: false }),
        ...phaseFields(scope),
        ...teamFields(scope),
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
        field('match_date', 'date', 'Date of the match (local).', 'm.match_date', {
          nullable: false,
        }),
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
        // v0 has no extra-time lengths (SPEC's v0 match info).
        ...(v1
          ? [
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
            ]
          : []),
        field('attendance', 'integer', 'Attendance (estimate).', 'm.attendance'),
        field(
          'home_score',
          'integer',
          'Goals of the home team, extra time included, shootout not (an addition to SPEC).',
          'm.home_score',
        ),
        field(
          'away_score',
          'integer',
          'Goals of the away team (an addition to SPEC).',
          'm.away_score',
        ),
        field(
          'home_shootout_score',
          'integer',
          'Shootout kicks converted by the home team; null without a shootout or when the source gives only the winner (an addition to SPEC).',
          'm.home_shootout_score',
        ),
        field(
          'away_shootout_score',
          'integer',
          'Shootout kicks converted by the away team (an addition to SPEC).',
          'm.away_shootout_score',
        ),
        idField(
          scope,
          'shootout_winner',
          'Team that won the shootout; null without one (an addition to SPEC).',
          scope.team('m.shootout_winner'),
        ),
        field(
          'shootout_winner_name',
          'string',
          'Name of the team that won the shootout.',
          scope.teamName('m.shootout_winner'),
        ),
      ],
    ),
    defaultSort: ['match_date', 'kickoff_time'],
    paginated: true,
    recordFiles: 'one',
    implied: v1 ? PHASE_RULE : [],
    parent: { path: base, name: 'info', param: 'match' },
    uri: `/${base}/{id}/info`,
    hidden: scope.hidden(),
    links: {
      venue: `${root}/venues/{venue}`,
      conditions: `/${base}/{id}/conditions`,
      ...teamLinks,
      homeManager: `${root}/personnel/managers/{home_manager}`,
      awayManager: `${root}/personnel/managers/{away_manager}`,
      referee: `${root}/personnel/referees/{referee}`,
      lineups: `/${base}/{id}/lineups`,
      ...(v1
        ? {
            ...Object.fromEntries(
              [...MACRO_EVENTS, 'shootouts'].map((k) => [k, `/${base}/{id}/${k}`]),
            ),
            events: Object.fromEntries(
              ['actions', 'all', 'touches'].map((k) => [
                k,
                `/${scope.base}/events/${k}?match={id}`,
              ]),
            ),
          }
        : {
            events: Object.fromEntries(MACRO_EVENTS.map((k) => [k, `/${eventPath(k)}?match={id}`])),
          }),
      stats: statsLinks(
        version,
        (group, name) => `/${scope.base}/stats/${group}/${name}?match={id}`,
      ),
      analytics: analyticsLinks(scope),
    },
    credit,
  };

  const conditions = perMatch('conditions', {
    title: `Match conditions (${scopeName})`,
    description:
      'Weather at kickoff, half time and full time.' +
      (v1 ? ' Phase details cannot be used as filters here.' : ''),
    idSql: scope.own('mc'),
    from: `FROM match_condition mc JOIN match m ON m.id = mc.match
      LEFT JOIN weather kw ON kw.id = mc.kickoff_weather LEFT JOIN weather hw ON hw.id = mc.halftime_weather
      LEFT JOIN weather fw ON fw.id = mc.fulltime_weather ${where}`,
    fields: indexOnly(
      ['match', 'kickoff_weather', 'halftime_weather', 'fulltime_weather'],
      [
        idField(scope, 'match', 'Match id.', scope.own('m'), { nullable: false }),
        field(
          'kickoff_temp',
          'float',
          'Temperature at kickoff, degrees Celsius.',
          'mc.kickoff_temp',
        ),
        // v0 conditions have no humidity (SPEC).
        ...(v1
          ? [
              field(
                'kickoff_humidity',
                'float',
                'Relative humidity at kickoff, percent.',
                'mc.kickoff_humidity',
              ),
            ]
          : []),
        field(
          'kickoff_weather',
          'integer',
          `Weather id at kickoff (${root}/weather).`,
          'mc.kickoff_weather',
          idsOf(WEATHER),
        ),
        field(
          'halftime_weather',
          'integer',
          'Weather id at half time.',
          'mc.halftime_weather',
          idsOf(WEATHER),
        ),
        field(
          'fulltime_weather',
          'integer',
          'Weather id at full time.',
          'mc.fulltime_weather',
          idsOf(WEATHER),
        ),
        field(
          'kickoff_weather_conditions',
          'string',
          'Weather at kickoff (response key kickoffWeatherCondition, as the original service).',
          'kw.desc',
          { key: 'kickoffWeatherCondition', ...labelsOf(WEATHER) },
        ),
        field(
          'halftime_weather_conditions',
          'string',
          'Weather at half time (key halftimeWeatherCondition).',
          'hw.desc',
          { key: 'halftimeWeatherCondition', ...labelsOf(WEATHER) },
        ),
        field(
          'fulltime_weather_conditions',
          'string',
          'Weather at full time (key fulltimeWeatherCondition).',
          'fw.desc',
          { key: 'fulltimeWeatherCondition', ...labelsOf(WEATHER) },
        ),
      ],
    ),
    hidden: { _date: 'm.match_date', _kickoff: 'm.kickoff_time' },
    defaultSort: ['_date', '_kickoff'],
    orderNote: 'by match date and kickoff time',
    ...(v1
      ? {
          refused: {
            names: PHASE_PARAMS,
            message:
              "Phase details cannot be used as filters on conditions (SPEC); filter match info by phase, then read each match's conditions.",
          },
        }
      : {}),
    links: { match: matchLink },
  });

  const lineups = perMatch('lineups', {
    title: `Lineups (${scopeName})`,
    description:
      'Players in a match: starters and the substitutes who came on, with captains' +
      (v1 ? ' and shirt numbers.' : '.'),
    idSql: scope.own('l'),
    from: `FROM lineup l JOIN match m ON m.id = l.match ${phaseJoins} LEFT JOIN position pos ON pos.id = l.position ${where}`,
    keyCase: scope.keyCase,
    fields: indexOnly(
      ['match', 'phase', 'matchday', 'round_name', 'group', 'player', 'player_team'],
      [
        ...eventFields('l'),
        field(
          'position',
          'integer',
          `Position played (${root}/positions).`,
          'l.position',
          idsOf(POSITIONS),
        ),
        field('position_name', 'string', 'Position name.', 'pos.name', labelsOf(POSITIONS)),
        field('is_starting', 'boolean', 'In the starting eleven.', 'l.is_starting', {
          nullable: false,
        }),
        field(
          'is_captain',
          'boolean',
          'Captain; null when the source does not say.',
          'l.is_captain',
        ),
        // v0 lineups have no shirt number (SPEC); it still orders them.
        ...(v1 ? [field('number', 'integer', 'Shirt number.', 'l.number')] : []),
      ],
    ),
    hidden: v1 ? {} : { _number: 'l.number' },
    defaultSort: ['player_team_name', '-is_starting', v1 ? 'number' : '_number'],
    ...(v1 ? {} : { orderNote: 'by team name, starters first, then shirt number' }),
    implied: v1 ? PHASE_RULE : [],
    links: {
      ...eventLinks,
      stats: statsLinks(version, (group, name) => `/${scope.base}/stats/${group}/${name}/{id}`),
    },
  });

  const goals = perMatch('goals', {
    title: `Goals (${scopeName})`,
    description: 'Goals. An own goal is a goal whose player_team differs from scoring_team.',
    idSql: scope.own('g'),
    from: `FROM goal g JOIN match m ON m.id = g.match ${phaseJoins}
      LEFT JOIN shotevent se ON se.id = g.shot_event LEFT JOIN bodypart bp ON bp.id = g.bodypart ${where}`,
    fields: indexOnly(
      [...EVENT_INDEXES, 'scoring_team'],
      [
        ...eventFields('g', 'player_team'),
        idField(scope, 'scoring_team', 'Team credited with the goal.', scope.team('g.team'), {
          nullable: false,
        }),
        field(
          'scoring_team_name',
          'string',
          'Name of the team credited.',
          scope.teamName('g.team'),
          { nullable: false },
        ),
        field(
          'shot_event',
          'integer',
          `Shot event id (${root}/shotevents).`,
          'g.shot_event',
          idsOf(SHOT_EVENTS),
        ),
        field('shot_event_type', 'string', 'Shot event.', 'se.desc', labelsOf(SHOT_EVENTS)),
        field(
          'bodypart',
          'integer',
          `Body part id (${root}/bodyparts).`,
          'g.bodypart',
          idsOf(BODY_PARTS),
        ),
        field('bodypart_name', 'string', 'Body part.', 'bp.desc', labelsOf(BODY_PARTS)),
        ...timeFields('g'),
      ],
    ),
    ...order,
    links: eventLinks,
  });

  const penalties = perMatch('penalties', {
    title: `Penalty kicks (${scopeName})`,
    description: `Penalty kicks in play (${v1 ? 'shootout kicks are under shootouts' : 'not shootouts'}). player_team is the team awarded the kick.`,
    idSql: scope.own('p'),
    from: `FROM penalty p JOIN match m ON m.id = p.match ${phaseJoins} JOIN lineup l ON l.id = p.lineup
      LEFT JOIN foul f ON f.id = p.foul JOIN penalty_outcome o ON o.id = p.outcome ${where}`,
    fields: indexOnly(
      [...EVENT_INDEXES, 'outcome'],
      [
        ...eventFields('l'),
        field(
          'foul',
          'integer',
          `Foul that led to the kick (${root}/fouls).`,
          'p.foul',
          idsOf(FOULS),
        ),
        field('foul_type', 'string', 'Foul.', 'f.desc', labelsOf(FOULS)),
        field('outcome', 'integer', `Outcome id (${root}/penalty_outcomes).`, 'p.outcome', {
          nullable: false,
          ...idsOf(PENALTY_OUTCOMES),
        }),
        field('outcome_type', 'string', 'Outcome.', 'o.desc', {
          nullable: false,
          ...labelsOf(PENALTY_OUTCOMES),
        }),
        ...timeFields('p'),
      ],
    ),
    ...order,
    links: eventLinks,
  });

  const offenses = perMatch('offenses', {
    title: `Bookable offenses (${scopeName})`,
    description: 'Cautions and sendings-off of players on the pitch.',
    idSql: scope.own('o'),
    from: `FROM offense o JOIN match m ON m.id = o.match ${phaseJoins} JOIN lineup l ON l.id = o.lineup
      LEFT JOIN foul f ON f.id = o.foul JOIN card cd ON cd.id = o.card ${where}`,
    fields: indexOnly(
      [...EVENT_INDEXES, 'card'],
      [
        ...eventFields('l'),
        field('foul', 'integer', `Foul id (${root}/fouls).`, 'o.foul', idsOf(FOULS)),
        field('foul_type', 'string', 'Foul.', 'f.desc', labelsOf(FOULS)),
        field(
          'card',
          'integer',
          `Card id (${root}/cards): 1 Yellow, 2 Yellow/Red, 3 Red.`,
          'o.card',
          { nullable: false, ...idsOf(CARDS) },
        ),
        field('card_type', 'string', 'Card.', 'cd.desc', { nullable: false, ...labelsOf(CARDS) }),
        ...timeFields('o'),
      ],
    ),
    ...order,
    links: eventLinks,
  });

  const substitutions = perMatch('substitutions', {
    title: `Substitutions (${scopeName})`,
    description:
      'Substitutions. in_player is null when a player left and no substitute could come on.',
    idSql: scope.own('su'),
    from: `FROM substitution su JOIN match m ON m.id = su.match ${phaseJoins}
      LEFT JOIN lineup li ON li.id = su.lineup_in JOIN lineup lo ON lo.id = su.lineup_out ${where}`,
    fields: indexOnly(
      [...EVENT_INDEXES, 'team', 'in_player', 'out_player'],
      [
        matchKey,
        ...phaseFields(scope),
        ...teamFields(scope),
        idField(scope, 'team', 'Team making the substitution.', scope.team('su.team'), {
          nullable: false,
        }),
        field('team_name', 'string', 'Team name.', scope.teamName('su.team'), { nullable: false }),
        idField(
          scope,
          'in_player',
          'Player coming on; null when no one could.',
          scope.ref('player', 'li.player'),
        ),
        field('in_player_name', 'string', 'Name of the player coming on.', playerName('li')),
        idField(scope, 'out_player', 'Player going off.', scope.ref('player', 'lo.player'), {
          nullable: false,
        }),
        field('out_player_name', 'string', 'Name of the player going off.', playerName('lo'), {
          nullable: false,
        }),
        ...timeFields('su'),
      ],
    ),
    ...order,
    links: linkNames(scope.keyCase, {
      match: matchLink,
      ...teamLinks,
      inPlayer: `${playerLink}/{in_player}`,
      outPlayer: `${playerLink}/{out_player}`,
    }),
  });

  if (!v1) return [info, conditions, lineups, goals, penalties, offenses, substitutions];

  const shootouts = perMatch('shootouts', {
    title: `Penalty shootouts (${scopeName})`,
    description:
      'Kicks of penalty shootouts, in the order taken. opening_team is the team that kicked first.',
    idSql: 'k.id',
    from: `FROM shootout k JOIN match m ON m.id = k.match ${phaseJoins} JOIN lineup l ON l.id = k.lineup
      JOIN penalty_outcome o ON o.id = k.outcome ${where}`,
    fields: indexOnly(
      [...EVENT_INDEXES, 'opening_team', 'outcome'],
      [
        ...eventFields('l').filter((f) => f.name !== 'player' && f.name !== 'player_name'),
        field('opening_team', 'uuid', 'Team that kicked first.', 'k.opening_team', {
          nullable: false,
        }),
        field(
          'opening_team_name',
          'string',
          'Name of the team that kicked first.',
          scope.teamName('k.opening_team'),
          { nullable: false },
        ),
        field('player', 'uuid', 'Kicker (/v1/personnel/players).', 'l.player', { nullable: false }),
        field('player_name', 'string', "Kicker's name.", playerName('l'), { nullable: false }),
        field(
          'shootout_round',
          'integer',
          'Round of the shootout (1 = first pair of kicks).',
          'k.round',
          { nullable: false },
        ),
        field('outcome', 'integer', 'Outcome id (/v1/penalty_outcomes).', 'k.outcome', {
          nullable: false,
          ...idsOf(PENALTY_OUTCOMES),
        }),
        field('outcome_type', 'string', 'Outcome.', 'o.desc', {
          nullable: false,
          ...labelsOf(PENALTY_OUTCOMES),
        }),
      ],
    ),
    hidden: { _date: 'm.match_date', _kick: 'k.round * 2 - (l.team = k.opening_team)' },
    defaultSort: ['_date', 'match', '_kick'],
    orderNote: 'by match date, then match, then the order the kicks were taken',
    implied: PHASE_RULE,
    links: eventLinks,
  });

  return [info, conditions, lineups, goals, penalties, offenses, substitutions, shootouts];
}
