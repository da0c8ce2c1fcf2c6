import { get, withQuery } from './api.ts';
import { h, type Child } from './dom.ts';
import type { MatchInfo } from './records.ts';
import { href, type Route } from './routes.ts';
import { day, empty, PAGE_SIZE, section, table } from './view.ts';

/** The round of a match as its phase names it. */
export function roundOf(m: MatchInfo): string {
  if (m.group) return `${m.roundName ?? m.phaseName}, group ${m.group}`;
  if (m.roundName) return m.roundName;
  return m.matchday ? `Matchday ${m.matchday}` : m.phaseName;
}

/** The score of a match, with its shootout; a dash where the source gives none. */
export function scoreOf(m: MatchInfo): string {
  const score =
    m.homeScore === null || m.awayScore === null ? '–' : `${m.homeScore}–${m.awayScore}`;
  return m.homeShootoutScore === null || m.awayShootoutScore === null
    ? score
    : `${score} (${m.homeShootoutScore}–${m.awayShootoutScore} pens)`;
}

/** One season of a competition: its matches, a page at a time. */
export async function seasonView(route: Extract<Route, { view: 'season' }>): Promise<Child[]> {
  const { matchType, competition, season, page } = route;
  const path = withQuery(`/v1/${matchType}/matches/info`, {
    competition,
    season,
    records: PAGE_SIZE,
    page,
  });
  const { meta, result } = await get<MatchInfo[]>(path);
  const first = result[0];
  const pages = meta.totalPages ?? 1;
  const pageLink = (n: number, text: string) =>
    h('a', { href: href({ ...route, page: n }), rel: n < page ? 'prev' : 'next' }, text);
  const rows = result.map((m) => [
    day(m.matchDate),
    roundOf(m),
    m.homeTeamName,
    h(
      'a',
      {
        href: href({ view: 'match', matchType, id: m.id }),
        'aria-label': `${m.homeTeamName} ${scoreOf(m)} ${m.awayTeamName}`,
      },
      scoreOf(m),
    ),
    m.awayTeamName,
  ]);
  return [
    h('p', { class: 'crumbs' }, h('a', { href: href({ view: 'home' }) }, 'Competitions')),
    h('h1', null, first ? `${first.competitionName} ${first.seasonName}` : 'No matches'),
    section(
      'Matches',
      [path],
      rows.length
        ? table(
            `Page ${page} of ${pages}, ${meta.totalRecords ?? rows.length} matches`,
            ['Date', 'Round', 'Home', 'Score', 'Away'],
            rows,
          )
        : empty('No match on this page.'),
      h(
        'nav',
        { class: 'pager', 'aria-label': 'Pages' },
        page > 1 ? pageLink(page - 1, '← Previous') : null,
        page < pages ? pageLink(page + 1, 'Next →') : null,
      ),
    ),
  ];
}
