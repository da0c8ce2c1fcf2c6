import { dataCredit, field, type FieldDef, type LinkTemplate, type ResourceDef } from './define.ts';
import { statsLinks } from './stats-groups.ts';

/**
 * Match information, conditions, lineups, macro-events and shootouts of v1, once per match type:
 * `clubs` (teams are /v1/teams) and `national` (a national team is its country, /v1/countries).
 * A club match is never listed under `national` and vice versa: every query is scoped by match type.
 */

/** The two match types of v1 paths. */
export type MatchType = 'clubs' | 'national';

const PHASE_PARAMS = ['phase', 'phase_name', 'matchday', 'round', 'round_name', 'group'];

/** The joins every match-scoped resource needs: the match, its phase and round names, its teams. */
function matchJoins(matchType: MatchType, alias = 'm'): string {
  const teams = matchType === 'clubs' ? 'team' : 'country';
  return `JOIN phase ph ON ph.id = ${alias}.phase
    LEFT JOIN groupround gr ON gr.id = ${alias}.group_round
    LEFT JOIN knockoutround kr ON kr.id = ${alias}.knockout_round
    JOIN ${teams} ht ON ht.id = ${alias}.home_team
    JOIN ${teams} at ON at.id = ${alias}.away_team`;
}

/** SPEC's phase-specific fields; round, round_name and group appear only on matches of phases that have them. */
const phaseFields: FieldDef[] = [
  field('phase', 'integer', 'Competition phase id (/v1/phases): 1 League, 2 Group, 3 Knockout.', 'm.phase', { nullable: false }),
  field('phase_name', 'string', 'Competition phase name.', 'ph.name', { nullable: false }),
  field('matchday', 'integer', 'Matchday (league and group phases).', 'm.matchday'),
  field('round', 'integer', 'Group round id (/v1/grouprounds) or knockout round id (/v1/knockoutrounds).',
    'COALESCE(m.group_round, m.knockout_round)', { omitNull: true }),
  field('round_name', 'string', 'Round name.', 'COALESCE(gr.name, kr.name)', { omitNull: true }),
  field('group', 'string', 'Group name (group phase).', 'm.group_name', { omitNull: true }),
];

const teamFields: FieldDef[] = [
  field('home_team', 'uuid', 'Home team (a club, or a country for national teams).', 'm.home_team', { nullable: false }),
  field('home_team_name', 'string', 'Home team name.', 'ht.name', { nullable: false }),
  field('away_team', 'uuid', 'Away team.', 'm.away_team', { nullable: false }),
  field('away_team_name', 'string', 'Away team name.', 'at.name', { nullable: false }),
];

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
const EVENT_INDEXES = ['match', 'phase', 'matchday', 'round_name', 'group', 'player', 'player_team'];

/** A team's name, whichever table holds it for the match type. */
function teamName(matchType: MatchType, idSql: string): string {
  return `(SELECT name FROM ${matchType === 'clubs' ? 'team' : 'country'} WHERE id = ${idSql})`;
}

/** Every v1 match-data resource of one match type. */
export function matchResources(matchType: MatchType): ResourceDef[] {
  const base = `v1/${matchType}/matches`;
  const teamPath = matchType === 'clubs' ? '/v1/teams' : '/v1/countries';
  const scope = `m.match_type = '${matchType}'`;
  const credit = dataCredit('m.source');
  const matchLink = `/${base}/{match}/info`;
  const teamLinks = { homeTeam: `${teamPath}/{home_team}`, awayTeam: `${teamPath}/{away_team}` };

  /** A resource of rows that belong to one match, listed under `/<base>/<kind>` and `/<base>/<match>/<kind>`. */
  const perMatch = (kind: string, def: Omit<ResourceDef, 'path' | 'version' | 'idType' | 'paginated' | 'credit' | 'parent' | 'uri'>): ResourceDef => ({
    path: `${base}/${kind}`,
    version: 'v1',
    idType: 'uuid',
    paginated: true,
    credit,
    parent: { path: base, name: kind, param: 'match', mode: 'collection' },
    uri: `/${base}/{match}/${kind}/{id}`,
    ...def,
  });

  /**
   * Fields every macro-event has: match, phase fields, teams (DECISIONS), and the player and their team
   * from the row `alias` (a lineup, or a goal, which names its scorer also where no lineup exists).
   */
  const eventFields = (alias: string, teamColumn = 'team'): FieldDef[] => [
    field('match', 'uuid', 'Match id.', 'm.id', { nullable: false }),
    ...phaseFields,
    ...teamFields,
    field('player', 'uuid', 'Player id (/v1/personnel/players).', `${alias}.player`),
    field('player_name', 'string', 'Player name.', playerName(alias)),
    field('player_team', 'uuid', 'Team of the player.', `${alias}.${teamColumn}`),
    field('player_team_name', 'string', 'Name of the player\'s team.', teamName(matchType, `${alias}.${teamColumn}`)),
  ];
  const timeFields = (alias: string): FieldDef[] => [
    field('time_mins', 'integer', 'Match minute.', `${alias}.time_mins`, { nullable: false }),
    field('stoppage_mins', 'integer', 'Minutes of stoppage time after time_mins.', `${alias}.stoppage_mins`, { nullable: false }),
  ];
  const eventLinks: Record<string, LinkTemplate> = { match: matchLink, player: '/v1/personnel/players/{player}', ...teamLinks };

  const info: ResourceDef = {
    path: `${base}/info`,
    version: 'v1',
    title: `Matches (${matchType})`,
    description: `Match information of ${matchType === 'clubs' ? 'club' : 'national-team'} matches. Filter by phase details: ` +
      'matchday alone selects league matches, round_name with group selects group matches, round_name alone knockout matches.',
    idType: 'uuid',
    idSql: 'm.id',
    from: `FROM match m ${matchJoins(matchType)}
      JOIN competition c ON c.id = m.competition
      JOIN season s ON s.id = m.season
      LEFT JOIN manager hm ON hm.id = m.home_manager LEFT JOIN person_name hmn ON hmn.id = hm.person
      LEFT JOIN manager am ON am.id = m.away_manager LEFT JOIN person_name amn ON amn.id = am.person
      LEFT JOIN referee r ON r.id = m.referee LEFT JOIN person_name rn ON rn.id = r.person
      LEFT JOIN venue v ON v.id = m.venue
      WHERE ${scope}`,
    fields: indexOnly(['competition', 'season', 'phase', 'matchday', 'round_name', 'group', 'home_team', 'away_team',
      'home_manager', 'away_manager', 'referee', 'venue', 'match_date'], [
      field('competition', 'uuid', 'Competition id.', 'm.competition', { nullable: false }),
      field('competition_name', 'string', 'Competition name.', 'c.name', { nullable: false }),
      field('season', 'integer', 'Season id (/v1/seasons).', 'm.season', { nullable: false }),
      field('season_name', 'string', 'Season name.', 's.name', { nullable: false }),
      ...phaseFields,
      ...teamFields,
      field('home_manager', 'uuid', 'Home manager id (/v1/personnel/managers).', 'm.home_manager'),
      field('home_manager_name', 'string', 'Home manager name.', 'hmn.full_name'),
      field('away_manager', 'uuid', 'Away manager id.', 'm.away_manager'),
      field('away_manager_name', 'string', 'Away manager name.', 'amn.full_name'),
      field('referee', 'uuid', 'Id of the referee who began officiating (/v1/personnel/referees).', 'm.referee'),
      field('referee_name', 'string', 'Referee name.', 'rn.full_name'),
      field('venue', 'uuid', 'Venue id (/v1/venues).', 'm.venue'),
      field('venue_name', 'string', 'Venue name.', 'v.name'),
      field('match_date', 'date', 'Date of the match (local).', 'm.match_date', { nullable: false }),
      field('kickoff_time', 'time', 'Local kickoff time.', 'm.kickoff_time'),
      field('firsthalf_length', 'integer', 'Length of the first half in minutes.', 'm.firsthalf_length'),
      field('secondhalf_length', 'integer', 'Length of the second half in minutes.', 'm.secondhalf_length'),
      field('firstextra_length', 'integer', 'Length of the first extra-time period; null when there was none.', 'm.firstextra_length'),
      field('secondextra_length', 'integer', 'Length of the second extra-time period; null when there was none.', 'm.secondextra_length'),
      field('attendance', 'integer', 'Attendance (estimate).', 'm.attendance'),
      field('home_score', 'integer', 'Goals of the home team, extra time included, shootout not (an addition to SPEC).', 'm.home_score'),
      field('away_score', 'integer', 'Goals of the away team (an addition to SPEC).', 'm.away_score'),
      field('home_shootout_score', 'integer', 'Shootout kicks converted by the home team; null without a shootout or when the source gives only the winner (an addition to SPEC).', 'm.home_shootout_score'),
      field('away_shootout_score', 'integer', 'Shootout kicks converted by the away team (an addition to SPEC).', 'm.away_shootout_score'),
      field('shootout_winner', 'uuid', 'Team that won the shootout; null without one (an addition to SPEC).', 'm.shootout_winner'),
      field('shootout_winner_name', 'string', 'Name of the team that won the shootout.', teamName(matchType, 'm.shootout_winner')),
    ]),
    defaultSort: ['match_date', 'kickoff_time'],
    paginated: true,
    phaseRule: true,
    parent: { path: base, name: 'info', param: 'match', mode: 'record' },
    uri: `/${base}/{id}/info`,
    links: {
      venue: '/v1/venues/{venue}',
      conditions: `/${base}/{id}/conditions`,
      ...teamLinks,
      homeManager: '/v1/personnel/managers/{home_manager}',
      awayManager: '/v1/personnel/managers/{away_manager}',
      referee: '/v1/personnel/referees/{referee}',
      lineups: `/${base}/{id}/lineups`,
      goals: `/${base}/{id}/goals`,
      offenses: `/${base}/{id}/offenses`,
      penalties: `/${base}/{id}/penalties`,
      substitutions: `/${base}/{id}/substitutions`,
      shootouts: `/${base}/{id}/shootouts`,
      events: Object.fromEntries(['actions', 'all', 'touches'].map((k) => [k, `/v1/${matchType}/events/${k}?match={id}`])),
      stats: statsLinks((group, name) => `/v1/${matchType}/stats/${group}/${name}?match={id}`),
      analytics: { match: Object.fromEntries(['segments', 'state', 'tsr'].map((k) => [k, `/v1/analytics/match/{id}/${k}`])) },
    },
    credit,
  };

  const conditions = perMatch('conditions', {
    title: `Match conditions (${matchType})`,
    description: 'Weather at kickoff, half time and full time. Phase details cannot be used as filters here.',
    idSql: 'mc.id',
    from: `FROM match_condition mc JOIN match m ON m.id = mc.match
      LEFT JOIN weather kw ON kw.id = mc.kickoff_weather LEFT JOIN weather hw ON hw.id = mc.halftime_weather
      LEFT JOIN weather fw ON fw.id = mc.fulltime_weather WHERE ${scope}`,
    fields: indexOnly(['match', 'kickoff_weather', 'halftime_weather', 'fulltime_weather'], [
      field('match', 'uuid', 'Match id.', 'mc.match', { nullable: false }),
      field('kickoff_temp', 'float', 'Temperature at kickoff, degrees Celsius.', 'mc.kickoff_temp'),
      field('kickoff_humidity', 'float', 'Relative humidity at kickoff, percent.', 'mc.kickoff_humidity'),
      field('kickoff_weather', 'integer', 'Weather id at kickoff (/v1/weather).', 'mc.kickoff_weather'),
      field('halftime_weather', 'integer', 'Weather id at half time.', 'mc.halftime_weather'),
      field('fulltime_weather', 'integer', 'Weather id at full time.', 'mc.fulltime_weather'),
      field('kickoff_weather_conditions', 'string', 'Weather at kickoff (response key kickoffWeatherCondition, as the original service).',
        'kw.desc', { key: 'kickoffWeatherCondition' }),
      field('halftime_weather_conditions', 'string', 'Weather at half time (key halftimeWeatherCondition).', 'hw.desc', { key: 'halftimeWeatherCondition' }),
      field('fulltime_weather_conditions', 'string', 'Weather at full time (key fulltimeWeatherCondition).', 'fw.desc', { key: 'fulltimeWeatherCondition' }),
    ]),
    hidden: { _date: 'm.match_date', _kickoff: 'm.kickoff_time' },
    defaultSort: ['_date', '_kickoff'],
    orderNote: 'by match date and kickoff time',
    refused: { names: PHASE_PARAMS, message: 'Phase details cannot be used as filters on conditions (SPEC); filter match info by phase, then read each match\'s conditions.' },
    links: { match: matchLink },
  });

  const lineups = perMatch('lineups', {
    title: `Lineups (${matchType})`,
    description: 'Players in a match: starters and the substitutes who came on, with captains and shirt numbers.',
    idSql: 'l.id',
    from: `FROM lineup l JOIN match m ON m.id = l.match ${matchJoins(matchType)} LEFT JOIN position pos ON pos.id = l.position WHERE ${scope}`,
    fields: indexOnly(['match', 'phase', 'matchday', 'round_name', 'group', 'player', 'player_team'], [
      ...eventFields('l'),
      field('position', 'integer', 'Position played (/v1/positions).', 'l.position'),
      field('position_name', 'string', 'Position name.', 'pos.name'),
      field('is_starting', 'boolean', 'In the starting eleven.', 'l.is_starting', { nullable: false }),
      field('is_captain', 'boolean', 'Captain; null when the source does not say.', 'l.is_captain'),
      field('number', 'integer', 'Shirt number.', 'l.number'),
    ]),
    defaultSort: ['player_team_name', '-is_starting', 'number'],
    phaseRule: true,
    links: {
      match: matchLink,
      player: '/v1/personnel/players/{player}',
      ...teamLinks,
      stats: statsLinks((group, name) => `/v1/${matchType}/stats/${group}/${name}/{id}`),
    },
  });

  const goals = perMatch('goals', {
    title: `Goals (${matchType})`,
    description: 'Goals. An own goal is a goal whose player_team differs from scoring_team.',
    idSql: 'g.id',
    from: `FROM goal g JOIN match m ON m.id = g.match ${matchJoins(matchType)}
      LEFT JOIN shotevent se ON se.id = g.shot_event LEFT JOIN bodypart bp ON bp.id = g.bodypart WHERE ${scope}`,
    fields: indexOnly([...EVENT_INDEXES, 'scoring_team'], [
      ...eventFields('g', 'player_team'),
      field('scoring_team', 'uuid', 'Team credited with the goal.', 'g.team', { nullable: false }),
      field('scoring_team_name', 'string', 'Name of the team credited.', teamName(matchType, 'g.team'), { nullable: false }),
      field('shot_event', 'integer', 'Shot event id (/v1/shotevents).', 'g.shot_event'),
      field('shot_event_type', 'string', 'Shot event.', 'se.desc'),
      field('bodypart', 'integer', 'Body part id (/v1/bodyparts).', 'g.bodypart'),
      field('bodypart_name', 'string', 'Body part.', 'bp.desc'),
      ...timeFields('g'),
    ]),
    defaultSort: ['time_mins', 'stoppage_mins'],
    phaseRule: true,
    links: eventLinks,
  });

  const penalties = perMatch('penalties', {
    title: `Penalty kicks (${matchType})`,
    description: 'Penalty kicks in play (shootout kicks are under shootouts). player_team is the team awarded the kick.',
    idSql: 'p.id',
    from: `FROM penalty p JOIN match m ON m.id = p.match ${matchJoins(matchType)} JOIN lineup l ON l.id = p.lineup
      LEFT JOIN foul f ON f.id = p.foul JOIN penalty_outcome o ON o.id = p.outcome WHERE ${scope}`,
    fields: indexOnly([...EVENT_INDEXES, 'outcome'], [
      ...eventFields('l'),
      field('foul', 'integer', 'Foul that led to the kick (/v1/fouls).', 'p.foul'),
      field('foul_type', 'string', 'Foul.', 'f.desc'),
      field('outcome', 'integer', 'Outcome id (/v1/penalty_outcomes).', 'p.outcome', { nullable: false }),
      field('outcome_type', 'string', 'Outcome.', 'o.desc', { nullable: false }),
      ...timeFields('p'),
    ]),
    defaultSort: ['time_mins', 'stoppage_mins'],
    phaseRule: true,
    links: eventLinks,
  });

  const offenses = perMatch('offenses', {
    title: `Bookable offenses (${matchType})`,
    description: 'Cautions and sendings-off of players on the pitch.',
    idSql: 'o.id',
    from: `FROM offense o JOIN match m ON m.id = o.match ${matchJoins(matchType)} JOIN lineup l ON l.id = o.lineup
      LEFT JOIN foul f ON f.id = o.foul JOIN card cd ON cd.id = o.card WHERE ${scope}`,
    fields: indexOnly([...EVENT_INDEXES, 'card'], [
      ...eventFields('l'),
      field('foul', 'integer', 'Foul id (/v1/fouls).', 'o.foul'),
      field('foul_type', 'string', 'Foul.', 'f.desc'),
      field('card', 'integer', 'Card id (/v1/cards): 1 Yellow, 2 Yellow/Red, 3 Red.', 'o.card', { nullable: false }),
      field('card_type', 'string', 'Card.', 'cd.desc', { nullable: false }),
      ...timeFields('o'),
    ]),
    defaultSort: ['time_mins', 'stoppage_mins'],
    phaseRule: true,
    links: eventLinks,
  });

  const substitutions = perMatch('substitutions', {
    title: `Substitutions (${matchType})`,
    description: 'Substitutions. in_player is null when a player left and no substitute could come on.',
    idSql: 'su.id',
    from: `FROM substitution su JOIN match m ON m.id = su.match ${matchJoins(matchType)}
      LEFT JOIN lineup li ON li.id = su.lineup_in JOIN lineup lo ON lo.id = su.lineup_out WHERE ${scope}`,
    fields: indexOnly([...EVENT_INDEXES, 'team', 'in_player', 'out_player'], [
      field('match', 'uuid', 'Match id.', 'm.id', { nullable: false }),
      ...phaseFields,
      ...teamFields,
      field('team', 'uuid', 'Team making the substitution.', 'su.team', { nullable: false }),
      field('team_name', 'string', 'Team name.', teamName(matchType, 'su.team'), { nullable: false }),
      field('in_player', 'uuid', 'Player coming on; null when no one could.', 'li.player'),
      field('in_player_name', 'string', 'Name of the player coming on.', playerName('li')),
      field('out_player', 'uuid', 'Player going off.', 'lo.player', { nullable: false }),
      field('out_player_name', 'string', 'Name of the player going off.', playerName('lo'), { nullable: false }),
      ...timeFields('su'),
    ]),
    defaultSort: ['time_mins', 'stoppage_mins'],
    phaseRule: true,
    links: {
      match: matchLink,
      ...teamLinks,
      inPlayer: '/v1/personnel/players/{in_player}',
      outPlayer: '/v1/personnel/players/{out_player}',
    },
  });

  const shootouts = perMatch('shootouts', {
    title: `Penalty shootouts (${matchType})`,
    description: 'Kicks of penalty shootouts, in the order taken. opening_team is the team that kicked first.',
    idSql: 'k.id',
    from: `FROM shootout k JOIN match m ON m.id = k.match ${matchJoins(matchType)} JOIN lineup l ON l.id = k.lineup
      JOIN penalty_outcome o ON o.id = k.outcome WHERE ${scope}`,
    fields: indexOnly([...EVENT_INDEXES, 'opening_team', 'outcome'], [
      ...eventFields('l').filter((f) => f.name !== 'player' && f.name !== 'player_name'),
      field('opening_team', 'uuid', 'Team that kicked first.', 'k.opening_team', { nullable: false }),
      field('opening_team_name', 'string', 'Name of the team that kicked first.', teamName(matchType, 'k.opening_team'), { nullable: false }),
      field('player', 'uuid', 'Kicker (/v1/personnel/players).', 'l.player', { nullable: false }),
      field('player_name', 'string', 'Kicker\'s name.', playerName('l'), { nullable: false }),
      field('shootout_round', 'integer', 'Round of the shootout (1 = first pair of kicks).', 'k.round', { nullable: false }),
      field('outcome', 'integer', 'Outcome id (/v1/penalty_outcomes).', 'k.outcome', { nullable: false }),
      field('outcome_type', 'string', 'Outcome.', 'o.desc', { nullable: false }),
    ]),
    hidden: { _date: 'm.match_date', _kick: "k.round * 2 - (l.team = k.opening_team)" },
    defaultSort: ['_date', 'match', '_kick'],
    orderNote: 'by match date, then match, then the order the kicks were taken',
    phaseRule: true,
    links: eventLinks,
  });

  return [info, conditions, lineups, goals, penalties, offenses, substitutions, shootouts];
}
