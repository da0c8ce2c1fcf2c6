import { all, firstPage, get, withQuery } from './api.ts';
import { h, type Child } from './dom.ts';
import type { MatchInfo, Standing } from './records.ts';
import { href, type Route } from './routes.ts';
import { scoreOf, tableName } from './season.ts';
import { day, empty, section, table } from './view.ts';

/** Matches a team page lists, most recent first. */
const RECENT = 10;

/**
 * One team (a club, or a country's national team): the tables it played in, each linked to its
 * season, and its most recent matches.
 */
export async function teamView(route: Extract<Route, { view: 'team' }>): Promise<Child[]> {
  const { matchType, id } = route;
  const recordPath = `/v1/${matchType === 'clubs' ? 'teams' : 'countries'}/${id}`;
  const standingsPath = withQuery(`/v1/${matchType}/standings`, { team: id });
  const info = `/v1/${matchType}/matches/info`;
  const sides = ['home_team', 'away_team'].map((side) =>
    withQuery(info, { [side]: id, sort: '-match_date', records: RECENT }),
  );
  const [record, lines, ...played] = await Promise.all([
    get<{ name: string }[]>(recordPath),
    all<Standing>(standingsPath),
    ...sides.map((path) => get<MatchInfo[]>(path)),
  ]);
  const name = record.result[0]?.name ?? 'Team';
  const recent = played
    .flatMap((page) => page.result)
    .sort((a, b) => (a.matchDate < b.matchDate ? 1 : -1))
    .slice(0, RECENT);
  return [
    h('p', { class: 'crumbs' }, h('a', { href: href({ view: 'home' }) }, 'Competitions')),
    h('h1', null, name),
    section(
      'Tables',
      [recordPath, firstPage(standingsPath)],
      lines.length
        ? table(
            `${lines.length} ${lines.length === 1 ? 'table' : 'tables'}`,
            ['Competition', 'Season', 'Table', 'Pos', 'P', 'Pts'],
            lines.map((s) => [
              s.competitionName,
              h(
                'a',
                {
                  href: href({
                    view: 'season',
                    matchType,
                    competition: s.competition,
                    season: s.season,
                    page: 1,
                  }),
                },
                s.seasonName,
              ),
              tableName(s),
              s.position,
              s.played,
              s.points,
            ]),
          )
        : empty('This team played in no league or group in the data.'),
    ),
    section(
      'Recent matches',
      sides,
      recent.length
        ? table(
            `The last ${recent.length} in the data`,
            ['Date', 'Competition', 'Home', 'Score', 'Away'],
            recent.map((m) => [
              day(m.matchDate),
              `${m.competitionName} ${m.seasonName}`,
              m.homeTeamName,
              h('a', { href: href({ view: 'match', matchType, id: m.id }) }, scoreOf(m)),
              m.awayTeamName,
            ]),
          )
        : empty('No match of this team in the data.'),
    ),
  ];
}
