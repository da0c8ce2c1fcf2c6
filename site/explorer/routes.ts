import type { MatchType } from './index-file.ts';

/**
 * The explorer's pages, addressed by the URL fragment (`#/match/clubs/<id>`) so the static files
 * serve every page and a page can be bookmarked.
 */
export type Route =
  | { view: 'home' }
  | { view: 'competition'; matchType: MatchType; id: string }
  | { view: 'season'; matchType: MatchType; competition: string; season: number; page: number }
  | { view: 'match'; matchType: MatchType; id: string }
  | { view: 'player'; id: string }
  /** A manager's or a referee's matches. */
  | { view: 'official'; role: Official; id: string }
  /** `squad`: the competition season whose squad the page shows; null for the latest match's. */
  | { view: 'team'; matchType: MatchType; id: string; squad: Squad | null }
  | { view: 'missing'; hash: string };

/** The officials of a match with pages of their own. */
export type Official = 'manager' | 'referee';

/** A competition season, as a team page names the squad it shows. */
export interface Squad {
  competition: string;
  season: number;
}

/** The ids the explorer's addresses name: matches, players, teams, competitions. */
export const ID = /^[0-9a-f]{32}$/;
const SEASON = /^\d+$/;
const isType = (t: string | undefined): t is MatchType => t === 'clubs' || t === 'national';

/** The page a fragment names; anything else is `missing`. */
export function parseRoute(hash: string): Route {
  const [path = '', query = ''] = hash.replace(/^#/, '').split('?');
  const parts = path.split('/').filter((part) => part !== '');
  const params = new URLSearchParams(query);
  const page = Number(params.get('page') ?? '1');
  const [view, a, b, c] = parts;
  if (parts.length === 0) return { view: 'home' };
  if (
    view === 'season' &&
    isType(a) &&
    b &&
    ID.test(b) &&
    SEASON.test(c ?? '') &&
    parts.length === 4
  )
    return {
      view: 'season',
      matchType: a,
      competition: b,
      season: Number(c),
      page: Number.isInteger(page) && page > 0 ? page : 1,
    };
  if (view === 'match' && isType(a) && b && ID.test(b) && parts.length === 3)
    return { view: 'match', matchType: a, id: b };
  if (view === 'player' && a && ID.test(a) && parts.length === 2) return { view: 'player', id: a };
  if ((view === 'manager' || view === 'referee') && a && ID.test(a) && parts.length === 2)
    return { view: 'official', role: view, id: a };
  if (view === 'team' && isType(a) && b && ID.test(b) && parts.length === 3)
    return { view: 'team', matchType: a, id: b, squad: squadOf(params) };
  if (view === 'competition' && isType(a) && b && ID.test(b) && parts.length === 3)
    return { view: 'competition', matchType: a, id: b };
  return { view: 'missing', hash };
}

/** The squad a team page's query names (`?competition=<id>&season=<id>`); null if none. */
function squadOf(params: URLSearchParams): Squad | null {
  const competition = params.get('competition') ?? '';
  const season = params.get('season') ?? '';
  return ID.test(competition) && SEASON.test(season)
    ? { competition, season: Number(season) }
    : null;
}

/** The fragment of a page. */
export function href(route: Route): string {
  switch (route.view) {
    case 'home':
      return '#/';
    case 'competition':
      return `#/competition/${route.matchType}/${route.id}`;
    case 'season': {
      const page = route.page > 1 ? `?page=${route.page}` : '';
      return `#/season/${route.matchType}/${route.competition}/${route.season}${page}`;
    }
    case 'match':
      return `#/match/${route.matchType}/${route.id}`;
    case 'player':
      return `#/player/${route.id}`;
    case 'official':
      return `#/${route.role}/${route.id}`;
    case 'team': {
      const squad = route.squad
        ? `?competition=${route.squad.competition}&season=${route.squad.season}`
        : '';
      return `#/team/${route.matchType}/${route.id}${squad}`;
    }
    case 'missing':
      return route.hash;
    default:
      return route satisfies never;
  }
}
