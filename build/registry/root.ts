import type { LinkTemplate } from './define.ts';
import { statsLinks } from './stats-groups.ts';

/** The link tree of a match type (`club` and `natl` in the v1 root). */
function matchTypeLinks(matchType: 'clubs' | 'national'): LinkTemplate {
  const base = `/v1/${matchType}`;
  const under = (group: string, names: string[]) => Object.fromEntries(names.map((n) => [n, `${base}/${group}/${n}`]));
  return {
    events: under('events', ['actions', 'all', 'touches']),
    matches: under('matches', ['conditions', 'goals', 'info', 'lineups', 'offenses', 'penalties', 'substitutions']),
    stats: statsLinks((group, name) => `${base}/stats/${group}/${name}`),
  };
}

/** The v1 service root: links to every base resource (SPEC's list, plus actions and modifiers). */
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
