import { TEAM_GENDERS } from '../../football/competitions.ts';
import { HEAD_TO_HEAD, SCORERS, SQUADS } from '../derived/teams/derived.ts';
import { dataCredit, field, type CollectionDef, type FieldDef } from '../define/resource.ts';
import { playerName } from '../define/player-name.ts';
import { idField, type Scope } from '../define/scope.ts';

/**
 * The team figures of a match type (docs/api.md#squads-scorers-and-head-to-head), summed up by the
 * build from the matches (`build/derived/teams/`): `squads` (a team's players in a competition season),
 * `scorers` (a team's scorers across every match) and `head_to_head` (a team's record against
 * each opponent). Additions to the original service, v1 only.
 */

/** A count that is always known. */
const count = (alias: string, name: string, description: string): FieldDef =>
  field(name, 'integer', description, `${alias}.${name}`, { nullable: false, filter: 'none' });

/** A date that is always known, not filtered. */
const date = (alias: string, name: string, description: string): FieldDef =>
  field(name, 'date', description, `${alias}.${name}`, { nullable: false, filter: 'none' });

/**
 * The competition and the season of a line (`c` and `s` joined): shared with the standings.
 */
export const competitionSeasonFields = (scope: Scope, alias: string): FieldDef[] => [
  idField(scope, 'competition', 'Competition id.', `${alias}.competition`, { nullable: false }),
  field('competition_name', 'string', 'Competition name.', 'c.name', {
    nullable: false,
    filter: 'scan',
  }),
  field('season', 'integer', `Season id (${scope.root}/seasons).`, `${alias}.season`, {
    nullable: false,
  }),
  field('season_name', 'string', 'Season name.', 's.name', { nullable: false, filter: 'scan' }),
];

/** A count that lineup rows make: `null` for a scorer no lineup row lists. */
const lineupCount = (name: string, description: string): FieldDef =>
  field(name, 'integer', `${description} Null when no lineup row lists the player.`, `sq.${name}`, {
    filter: 'none',
  });

/** A team and its name. */
const teamFields = (scope: Scope, alias: string, name = 'team', what = 'Team'): FieldDef[] => [
  idField(scope, name, `${what} (a club, or a country for national teams).`, `${alias}.${name}`, {
    nullable: false,
  }),
  field(`${name}_name`, 'string', `${what} name.`, scope.teamName(`${alias}.${name}`), {
    nullable: false,
    filter: 'scan',
  }),
];

/**
 * Which of a country's teams a line is about: a national team is its country, so its men's and
 * women's teams are told apart by the competitions they play (`football/competitions.ts`).
 */
const genderField = (alias: string): FieldDef =>
  field(
    'gender',
    'string',
    "The team's: men or women, by the competitions it played; a country's men's and women's " +
      'teams are summed apart.',
    `${alias}.gender`,
    { nullable: false, filter: 'scan', values: [...TEAM_GENDERS] },
  );

/** A player and their full name. */
const playerFields = (scope: Scope, alias: string): FieldDef[] => [
  idField(scope, 'player', 'Player.', `${alias}.player`, { nullable: false }),
  field('player_name', 'string', 'Player full name.', playerName(alias), {
    nullable: false,
    filter: 'scan',
  }),
];

/** `/v1/<match type>/squads`: a team's players in each competition season. */
export function squads(scope: Scope): CollectionDef {
  return {
    kind: 'collection',
    path: `${scope.base}/squads`,
    version: scope.version,
    group: 'matches',
    title: `Squads (${scope.matchType})`,
    description:
      'The players of each team in each competition season (an addition to the original ' +
      'service): appearances, starts, minutes on the pitch, goals and cards, summed up from the ' +
      'lineups, substitutions, goals and bookings. Filter by competition, season, team or player.',
    idType: scope.idType,
    sql: {
      id: 'sq.id',
      from: `FROM derived.squad sq JOIN competition c ON c.id = sq.competition
        JOIN season s ON s.id = sq.season WHERE ${scope.matches('sq.match_type')}`,
      hidden: { _ord: 'sq.ord' },
      temp: [SQUADS],
    },
    fields: [
      ...competitionSeasonFields(scope, 'sq'),
      ...teamFields(scope, 'sq'),
      ...playerFields(scope, 'sq'),
      lineupCount('appearances', 'Matches played: started or came on.'),
      lineupCount('starts', 'Matches started.'),
      lineupCount(
        'minutes',
        'Minutes on the pitch, stoppage time included as far as the events show it; also null ' +
          "when a match's lineup lacks the starters.",
      ),
      count('sq', 'goals', 'Goals scored for the team (own goals are not counted).'),
      lineupCount('yellows', 'Yellow cards (a second yellow counts as two).'),
      lineupCount('reds', 'Sendings-off (a second yellow or a straight red).'),
    ],
    recordFiles: 'one',
    paging: { kind: 'pages', size: 30 },
    order: {
      by: ['_ord'],
      note: 'by competition, season and team, then appearances, minutes and goals (most first)',
    },
    links: {
      competition: '/v1/competitions/{competition}',
      season: '/v1/seasons/{season}',
      team: scope.teamLink('team'),
      player: '/v1/personnel/players/{player}',
    },
    credit: dataCredit('sq.source'),
  };
}

/** `/v1/<match type>/scorers`: a team's scorers across every match of its type. */
export function scorers(scope: Scope): CollectionDef {
  return {
    kind: 'collection',
    path: `${scope.base}/scorers`,
    version: scope.version,
    group: 'matches',
    title: `Scorers (${scope.matchType})`,
    description:
      "Every team's scorers across all its matches (an addition to the original service), most " +
      'goals first: goals, matches scored in, the dates of the first and the last goal; men and ' +
      'women apart. Filter by team, gender or player.',
    idType: scope.idType,
    sql: {
      id: 'sc.id',
      from: `FROM derived.scorer sc WHERE ${scope.matches('sc.match_type')}`,
      hidden: { _ord: 'sc.ord' },
      temp: [SCORERS],
    },
    fields: [
      ...teamFields(scope, 'sc'),
      genderField('sc'),
      ...playerFields(scope, 'sc'),
      count('sc', 'goals', 'Goals scored for the team (own goals are not counted).'),
      count('sc', 'matches', 'Matches in which the player scored for the team.'),
      date('sc', 'first_goal', 'Date of the match of the first goal.'),
      date('sc', 'last_goal', 'Date of the match of the last goal.'),
    ],
    recordFiles: 'one',
    paging: { kind: 'pages', size: 20 },
    order: { by: ['_ord'], note: 'by team and gender, then goals (most first) and player name' },
    links: { team: scope.teamLink('team'), player: '/v1/personnel/players/{player}' },
    credit: dataCredit('sc.source'),
  };
}

/** `/v1/<match type>/head_to_head`: each team's record against each opponent. */
export function headToHead(scope: Scope): CollectionDef {
  return {
    kind: 'collection',
    path: `${scope.base}/head_to_head`,
    version: scope.version,
    group: 'matches',
    title: `Head to head (${scope.matchType})`,
    description:
      "Each team's record against each opponent across all their matches with a final score (an " +
      'addition to the original service): played, won, drawn, lost, goals, first and last ' +
      'meeting; men and women apart. A match decided by a shootout is a draw. Filter by team, ' +
      'gender or opponent.',
    idType: scope.idType,
    sql: {
      id: 'h.id',
      from: `FROM derived.head_to_head h WHERE ${scope.matches('h.match_type')}`,
      hidden: { _ord: 'h.ord' },
      temp: [HEAD_TO_HEAD],
    },
    fields: [
      ...teamFields(scope, 'h'),
      genderField('h'),
      ...teamFields(scope, 'h', 'opponent', 'Opponent'),
      count('h', 'played', 'Matches played with a final score.'),
      count('h', 'won', 'Matches won.'),
      count('h', 'drawn', 'Matches drawn, a shootout or not.'),
      count('h', 'lost', 'Matches lost.'),
      count('h', 'goals_for', 'Goals scored.'),
      count('h', 'goals_against', 'Goals conceded.'),
      date('h', 'first_match', 'Date of the first meeting.'),
      date('h', 'last_match', 'Date of the last meeting.'),
    ],
    recordFiles: 'one',
    paging: { kind: 'pages', size: 20 },
    order: {
      by: ['_ord'],
      note: 'by team and gender, then matches played (most first) and opponent name',
    },
    links: { team: scope.teamLink('team'), opponent: scope.teamLink('opponent') },
    credit: dataCredit('h.source'),
  };
}
