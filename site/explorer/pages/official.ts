import { all, firstPage, get, withQuery } from '../api.ts';
import { h, type Child } from '../dom.ts';
import type { MatchType } from '../index-file.ts';
import type { MatchInfo, Person } from '../records.ts';
import { href, type Route } from '../routes.ts';
import { scoreLink } from './season.ts';
import { count, day, empty, facts, section, table, teamLink } from '../view.ts';

type OfficialRoute = Extract<Route, { view: 'official' }>;

/** The match types and the parts of the page showing them. */
const TYPES: [MatchType, string][] = [
  ['clubs', 'Club matches'],
  ['national', 'International matches'],
];

/** A manager or a referee: who they are, and the matches they managed or refereed. */
export async function officialView(route: OfficialRoute): Promise<Child[]> {
  const { role, id } = route;
  const path = `/v1/personnel/${role}s/${id}`;
  const [person] = (await get<Person[]>(path)).result;
  if (!person) throw new Error(`${path} has no record.`);
  // `manager` is either side's; a referee is the match's one.
  const paths = TYPES.map(([type]) =>
    withQuery(`/v1/${type}/matches/info`, { [role]: id, sort: '-match_date' }),
  );
  const lists = await Promise.all(paths.map((p) => all<MatchInfo>(p)));
  const title = role === 'manager' ? 'Manager' : 'Referee';
  const rows: [string, string | null][] = [
    ['Role', title],
    ['Born', day(person.birthDate)],
    ['Country', person.countryName],
  ];
  const parts = TYPES.flatMap(([type, title], i) =>
    lists[i]!.length ? [matchesSection(route, type, title, paths[i]!, lists[i]!)] : [],
  );
  return [
    h('p', { class: 'crumbs' }, h('a', { href: href({ view: 'home' }) }, 'Competitions')),
    h('h1', null, person.fullName),
    facts(`${title} facts`, rows, path),
    parts.length ? parts : empty(`No match of this ${role} is recorded.`),
  ];
}

/** The side a manager managed, or null for a referee. */
function sideOf(route: OfficialRoute, m: MatchInfo): 'home' | 'away' | null {
  if (route.role === 'referee') return null;
  return m.homeManager === route.id ? 'home' : 'away';
}

/** A manager's result: won, drawn or lost, from the team's side; blank without a score. */
function result(side: 'home' | 'away', m: MatchInfo): string {
  if (m.homeScore === null || m.awayScore === null) return '';
  const [own, other] = side === 'home' ? [m.homeScore, m.awayScore] : [m.awayScore, m.homeScore];
  return own > other ? 'W' : own < other ? 'L' : 'D';
}

/** The matches of one type, latest first. */
function matchesSection(
  route: OfficialRoute,
  type: MatchType,
  title: string,
  path: string,
  matches: MatchInfo[],
): HTMLElement {
  const managed = route.role === 'manager';
  return section(
    title,
    [firstPage(path)],
    table(
      `${count(matches.length, 'match', 'matches')} ${managed ? 'managed' : 'refereed'}, latest first`,
      ['Date', 'Competition', 'Home', 'Score', 'Away', ...(managed ? ['Team', 'Result'] : [])],
      matches.map((m) => {
        const side = sideOf(route, m);
        return [
          day(m.matchDate),
          `${m.competitionName} ${m.seasonName}`,
          teamLink(type, m.homeTeam, m.homeTeamName),
          scoreLink(type, m),
          teamLink(type, m.awayTeam, m.awayTeamName),
          ...(side ? [side === 'home' ? m.homeTeamName : m.awayTeamName, result(side, m)] : []),
        ];
      }),
    ),
  );
}
