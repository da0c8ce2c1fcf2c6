import type { LinkTemplate } from '../define/resource.ts';
import { statsLinks } from './stats-groups.ts';

/** The link tree of a match type (`club` and `natl` in the v1 root). */
function matchTypeLinks(matchType: 'clubs' | 'national'): LinkTemplate {
  const base = `/v1/${matchType}`;
  const under = (group: string, names: string[]) =>
    Object.fromEntries(names.map((n) => [n, `${base}/${group}/${n}`]));
  return {
    events: under('events', ['actions', 'all', 'touches']),
    matches: under('matches', [
      'conditions',
      'goals',
      'info',
      'lineups',
      'offenses',
      'penalties',
      'substitutions',
    ]),
    headToHead: `${base}/head_to_head`,
    scorers: `${base}/scorers`,
    squads: `${base}/squads`,
    standings: `${base}/standings`,
    stats: statsLinks('v1', (group, name) => `${base}/stats/${group}/${name}`),
  };
}

/** The v1 service root: links to every base resource (docs/api.md#the-root). */
export const V1_ROOT: Record<string, LinkTemplate> = {
  actions: '/v1/actions',
  bodyparts: '/v1/bodyparts',
  cards: '/v1/cards',
  club: matchTypeLinks('clubs'),
  competitions: '/v1/competitions',
  confederations: '/v1/confederations',
  countries: '/v1/countries',
  domesticCompetitions: '/v1/domestic_competitions',
  fouls: '/v1/fouls',
  grouprounds: '/v1/grouprounds',
  intlCompetitions: '/v1/intl_competitions',
  knockoutrounds: '/v1/knockoutrounds',
  managers: '/v1/managers',
  modifierCategories: '/v1/modifier_categories',
  modifiers: '/v1/modifiers',
  nameOrder: '/v1/name_order',
  natl: matchTypeLinks('national'),
  penaltyOutcomes: '/v1/penalty_outcomes',
  personnel: {
    managers: '/v1/personnel/managers',
    players: '/v1/personnel/players',
    referees: '/v1/personnel/referees',
  },
  persons: '/v1/persons',
  phases: '/v1/phases',
  players: '/v1/players',
  positions: '/v1/positions',
  referees: '/v1/referees',
  seasons: '/v1/seasons',
  shotevents: '/v1/shotevents',
  surfaces: '/v1/surfaces',
  teams: '/v1/teams',
  timezones: '/v1/timezones',
  venues: '/v1/venues',
  weather: '/v1/weather',
};

/**
 * The v0 service root: its reference resources, persons and personnel (also at /v0/players, ...),
 * and the match data of every match: `matches`, the macro-events under `events`, and `stats`.
 */
export const V0_ROOT: Record<string, LinkTemplate> = {
  bodyparts: '/v0/bodyparts',
  cards: '/v0/cards',
  competitions: '/v0/competitions',
  confederations: '/v0/confederations',
  countries: '/v0/countries',
  events: Object.fromEntries(
    ['goals', 'offenses', 'penalties', 'substitutions'].map((k) => [k, `/v0/events/${k}`]),
  ),
  fouls: '/v0/fouls',
  managers: '/v0/managers',
  matches: Object.fromEntries(
    ['conditions', 'info', 'lineups'].map((k) => [k, `/v0/matches/${k}`]),
  ),
  penaltyOutcomes: '/v0/penalty_outcomes',
  personnel: {
    managers: '/v0/personnel/managers',
    players: '/v0/personnel/players',
    referees: '/v0/personnel/referees',
  },
  persons: '/v0/persons',
  players: '/v0/players',
  positions: '/v0/positions',
  referees: '/v0/referees',
  seasons: '/v0/seasons',
  shotevents: '/v0/shotevents',
  stats: statsLinks('v0', (group, name) => `/v0/stats/${group}/${name}`),
  surfaces: '/v0/surfaces',
  teams: '/v0/teams',
  venues: '/v0/venues',
  weather: '/v0/weather',
};
