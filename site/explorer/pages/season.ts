import { PHASE } from '../../../football/codes.ts';
import { all, firstPage, get, withQuery, type Envelope } from '../api.ts';
import { competitionOf } from './competition.ts';
import { h, type Child } from '../dom.ts';
import { hasEvents, type MatchType, type Season } from '../index-file.ts';
import type { MatchInfo, Standing } from '../records.ts';
import { href, type Route } from '../routes.ts';
import { count, day, empty, PAGE_SIZE, section, table, teamLink } from '../view.ts';

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

/** The name of a table: its group and round, or the league's. */
export function tableName(s: Standing): string {
  if (s.group) return s.roundName ? `${s.roundName}, group ${s.group}` : `Group ${s.group}`;
  return s.roundName ?? s.phaseName;
}

/** A signed goal difference, as tables print it. */
const signed = (n: number) => (n > 0 ? `+${n}` : String(n));

/** The tables of a season: one per league or group, in the API's order. */
function standingsTables(matchType: MatchType, lines: Standing[]): HTMLElement[] {
  return [...groupBy(lines, tableName)].map(([name, rows]) =>
    table(
      name,
      ['Pos', 'Team', 'P', 'W', 'D', 'L', 'GF', 'GA', 'GD', 'Form', 'Pts'],
      rows.map((s) => [
        s.decidedBy
          ? h('span', { title: `Decided by ${s.decidedBy}` }, `${s.position}*`)
          : s.position,
        teamLink(matchType, s.team, s.teamName),
        s.played,
        s.won,
        s.drawn,
        s.lost,
        s.goalsFor,
        s.goalsAgainst,
        signed(s.goalDifference),
        s.form,
        s.points,
      ]),
      // The team and its points stay in sight on a narrow screen.
      { start: 1, end: 10 },
    ),
  );
}

/** Items by key, keys in the order they first come. */
function groupBy<T>(items: readonly T[], key: (item: T) => string): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const item of items) {
    const group = groups.get(key(item));
    if (group) group.push(item);
    else groups.set(key(item), [item]);
  }
  return groups;
}

/** A match's score, linked to its page and read out with both teams. */
export function scoreLink(matchType: MatchType, m: MatchInfo): HTMLElement {
  return h(
    'a',
    {
      href: href({ view: 'match', matchType, id: m.id }),
      'aria-label': `${m.homeTeamName} ${scoreOf(m)} ${m.awayTeamName}`,
    },
    scoreOf(m),
  );
}

/** The knockout matches of a season, a table per round in the order the rounds were played. */
function knockoutTables(matchType: MatchType, matches: MatchInfo[]): HTMLElement[] {
  return [...groupBy(matches, (m) => m.roundName ?? m.phaseName)].map(([round, list]) =>
    table(
      `${round}: ${count(list.length, 'match', 'matches')}`,
      ['Date', 'Home', 'Score', 'Away'],
      list.map((m) => [
        day(m.matchDate),
        teamLink(matchType, m.homeTeam, m.homeTeamName),
        scoreLink(matchType, m),
        teamLink(matchType, m.awayTeam, m.awayTeamName),
      ]),
    ),
  );
}

/** One season of a competition: its tables, then its matches, a page at a time. */
export async function seasonView(route: Extract<Route, { view: 'season' }>): Promise<Child[]> {
  const { matchType, competition, season, page } = route;
  const path = withQuery(`/v1/${matchType}/matches/info`, {
    competition,
    season,
    records: PAGE_SIZE,
    page,
  });
  const standingsPath = withQuery(`/v1/${matchType}/standings`, { competition, season });
  const knockoutPath = withQuery(`/v1/${matchType}/matches/info`, {
    competition,
    season,
    phase: PHASE.knockout,
  });
  const [matches, lines, knockouts, entry] = await Promise.all([
    get<MatchInfo[]>(path),
    all<Standing>(standingsPath),
    all<MatchInfo>(knockoutPath),
    competitionOf(matchType, competition),
  ]);
  const seasonEntry = entry?.seasons.find((s) => s.id === season);
  const first = matches.result[0];
  return [
    h(
      'p',
      { class: 'crumbs' },
      h('a', { href: href({ view: 'home' }) }, 'Competitions'),
      ' › ',
      h(
        'a',
        { href: href({ view: 'competition', matchType, id: competition }) },
        first ? first.competitionName : 'Competition',
      ),
    ),
    h('h1', null, first ? `${first.competitionName} ${first.seasonName}` : 'No matches'),
    lines.length ? standingsSection(matchType, lines, standingsPath) : null,
    knockouts.length
      ? section('Knockout rounds', [firstPage(knockoutPath)], knockoutTables(matchType, knockouts))
      : null,
    matchesSection(route, matches, path, seasonEntry),
  ];
}

/** The season's tables, with a note on the places decided by more than the points. */
function standingsSection(matchType: MatchType, lines: Standing[], path: string): HTMLElement {
  const decided = [...new Set(lines.flatMap((s) => (s.decidedBy ? [s.decidedBy] : [])))];
  return section(
    'Standings',
    [firstPage(path)],
    standingsTables(matchType, lines),
    decided.length ? h('p', { class: 'note' }, `* Place decided by ${decided.join(', ')}.`) : null,
  );
}

/**
 * One page of the season's matches, read from `path`, with links to the pages before and after;
 * `seasonEntry`, the index's entry of the season, says which matches have a pitch map.
 */
function matchesSection(
  route: Extract<Route, { view: 'season' }>,
  { meta, result }: Envelope<MatchInfo[]>,
  path: string,
  seasonEntry: Season | undefined,
): HTMLElement {
  const { matchType, page } = route;
  const pages = meta.totalPages ?? 1;
  const pageLink = (n: number, text: string) =>
    h('a', { href: href({ ...route, page: n }), rel: n < page ? 'prev' : 'next' }, text);
  const rows = result.map((m) => [
    day(m.matchDate),
    roundOf(m),
    teamLink(matchType, m.homeTeam, m.homeTeamName),
    scoreLink(matchType, m),
    teamLink(matchType, m.awayTeam, m.awayTeamName),
    seasonEntry && hasEvents(seasonEntry, m.id) ? 'Pitch map' : '',
  ]);
  const total = count(meta.totalRecords ?? rows.length, 'match', 'matches');
  return section(
    'Matches',
    [path],
    rows.length
      ? table(
          `Page ${page} of ${pages}, ${total}`,
          ['Date', 'Round', 'Home', 'Score', 'Away', 'On-ball events'],
          rows,
        )
      : empty('No match on this page.'),
    h(
      'nav',
      { class: 'pager', 'aria-label': 'Pages' },
      page > 1 ? pageLink(page - 1, '← Previous') : null,
      page < pages ? pageLink(page + 1, 'Next →') : null,
    ),
  );
}
