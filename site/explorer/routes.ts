import type { MatchType } from './index-file.ts';

/**
 * The explorer's pages, addressed by the URL fragment (`#/match/clubs/<id>`) so the static files
 * serve every page and a page can be bookmarked.
 */
export type Route =
  | { view: 'home' }
  | { view: 'season'; matchType: MatchType; competition: string; season: number; page: number }
  | { view: 'match'; matchType: MatchType; id: string }
  | { view: 'player'; id: string }
  | { view: 'team'; matchType: MatchType; id: string }
  | { view: 'missing'; hash: string };

const ID = /^[0-9a-f]{32}$/;
const isType = (t: string | undefined): t is MatchType => t === 'clubs' || t === 'national';

/** The page a fragment names; anything else is `missing`. */
export function parseRoute(hash: string): Route {
  const [path = '', query = ''] = hash.replace(/^#/, '').split('?');
  const parts = path.split('/').filter((part) => part !== '');
  const page = Number(new URLSearchParams(query).get('page') ?? '1');
  const [view, a, b, c] = parts;
  if (parts.length === 0) return { view: 'home' };
  if (
    view === 'season' &&
    isType(a) &&
    b &&
    ID.test(b) &&
    /^\d+$/.test(c ?? '') &&
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
  if (view === 'team' && isType(a) && b && ID.test(b) && parts.length === 3)
    return { view: 'team', matchType: a, id: b };
  return { view: 'missing', hash };
}

/** The fragment of a page. */
export function href(route: Route): string {
  switch (route.view) {
    case 'home':
      return '#/';
    case 'season': {
      const page = route.page > 1 ? `?page=${route.page}` : '';
      return `#/season/${route.matchType}/${route.competition}/${route.season}${page}`;
    }
    case 'match':
      return `#/match/${route.matchType}/${route.id}`;
    case 'player':
      return `#/player/${route.id}`;
    case 'team':
      return `#/team/${route.matchType}/${route.id}`;
    case 'missing':
      return route.hash;
    default:
      return route satisfies never;
  }
}
