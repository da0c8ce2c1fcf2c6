import { all, firstPage, get, withQuery, type Envelope } from '../api.ts';
import { h, type Child } from '../dom.ts';
import type { MatchType } from '../index-file.ts';
import type { HeadToHead, MatchInfo, Scorer, SquadLine, Standing } from '../records.ts';
import { href, type Route, type Squad } from '../routes.ts';
import { roundOf, scoreLink, tableName } from './season.ts';
import { count, day, empty, facts, known, section, table, teamLink, thousands } from '../view.ts';

/** The teams of a country, or of a club, that the data sums apart. */
const GENDERS = ['men', 'women'] as const;
type Gender = (typeof GENDERS)[number];
const GENDER_NAMES: Record<Gender, string> = { men: "men's team", women: "women's team" };

/** Matches a team page lists, most recent first. */
const RECENT = 10;

/** Scorers a team page lists. */
const TOP_SCORERS = 20;

type TeamRoute = Extract<Route, { view: 'team' }>;

/**
 * One team (a club, or a country's national team): the tables it played in, its most recent
 * matches, its matches and squad in one competition season (the latest match's unless the page
 * names one),
 * its top scorers and its record against each opponent across all its matches in the data.
 */
export async function teamView(route: TeamRoute): Promise<Child[]> {
  const { matchType, id } = route;
  const base = `/v1/${matchType}`;
  const recordPath = `/v1/${matchType === 'clubs' ? 'teams' : 'countries'}/${id}`;
  const standingsPath = withQuery(`${base}/standings`, { team: id });
  // A country's men's and women's teams are one team id, summed apart by gender.
  const scorersPaths = GENDERS.map((gender) =>
    withQuery(`${base}/scorers`, { team: id, gender, records: TOP_SCORERS }),
  );
  const opponentsPath = withQuery(`${base}/head_to_head`, { team: id });
  // The team's matches, home or away: the latest, and the first to say since when.
  const [recentPath, firstPath] = [
    { sort: '-match_date', records: RECENT },
    { sort: 'match_date', records: 1 },
  ].map((order) => withQuery(`${base}/matches/info`, { team: id, ...order }));
  const [record, lines, opponents, scorers, played, first] = await Promise.all([
    get<{ name: string }[]>(recordPath),
    all<Standing>(standingsPath),
    all<HeadToHead>(opponentsPath),
    Promise.all(scorersPaths.map((path) => get<Scorer[]>(path))),
    get<MatchInfo[]>(recentPath!),
    get<MatchInfo[]>(firstPath!),
  ]);
  const recent = played.result;
  const latest = recent[0];
  const squad: Squad | null =
    route.squad ?? (latest ? { competition: latest.competition, season: latest.season } : null);
  return [
    h('p', { class: 'crumbs' }, h('a', { href: href({ view: 'home' }) }, 'Competitions')),
    h('h1', null, record.result[0]?.name ?? 'Team'),
    matchesSummary(played, first, [recentPath!, firstPath!]),
    tablesSection(route, recordPath, standingsPath, lines),
    recentSection(route, recentPath!, recent),
    squad
      ? await Promise.all([seasonMatchesSection(route, squad), squadSection(route, squad)])
      : null,
    figuresSections(matchType, { paths: scorersPaths, pages: scorers }, opponentsPath, opponents),
  ];
}

/** The season whose squad a row leads to, on this team's page. */
const squadHref = (route: TeamRoute, squad: Squad) => href({ ...route, squad });

/** The tables the team played in, each with its season's page and the team's squad in it. */
function tablesSection(
  route: TeamRoute,
  recordPath: string,
  standingsPath: string,
  lines: Standing[],
): HTMLElement {
  const { matchType } = route;
  return section(
    'Tables',
    [recordPath, firstPage(standingsPath)],
    lines.length
      ? table(
          count(lines.length, 'table'),
          ['Competition', 'Season', 'Table', 'Pos', 'P', 'Pts', 'Squad'],
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
            h('a', { href: squadHref(route, s) }, 'Squad'),
          ]),
        )
      : empty('This team played in no league or group in the data.'),
  );
}

/** How many matches of the team the data has, and from when to when. */
function matchesSummary(
  latest: Envelope<MatchInfo[]>,
  first: Envelope<MatchInfo[]>,
  paths: string[],
): HTMLElement {
  const total = latest.meta.totalRecords ?? latest.result.length;
  const [from, to] = [first.result[0]?.matchDate, latest.result[0]?.matchDate];
  const matches =
    from && to
      ? `${thousands(total)} in the data, home or away, ${day(from)} to ${day(to)}`
      : 'none in the data';
  return facts('Matches in the data', [['Matches', matches]], ...paths);
}

/** The team's latest matches, each with the competition season's squad. */
function recentSection(route: TeamRoute, path: string, recent: MatchInfo[]): HTMLElement {
  const { matchType } = route;
  return section(
    'Recent matches',
    [path],
    recent.length
      ? table(
          `The last ${count(recent.length, 'match', 'matches')} in the data`,
          ['Date', 'Competition', 'Home', 'Score', 'Away'],
          recent.map((m) => [
            day(m.matchDate),
            h('a', { href: squadHref(route, m) }, `${m.competitionName} ${m.seasonName}`),
            teamLink(matchType, m.homeTeam, m.homeTeamName),
            scoreLink(matchType, m),
            teamLink(matchType, m.awayTeam, m.awayTeamName),
          ]),
        )
      : empty('No match of this team in the data.'),
  );
}

/** The team's matches in one competition season, in the order they were played. */
async function seasonMatchesSection(route: TeamRoute, squad: Squad): Promise<HTMLElement> {
  const { matchType, id } = route;
  const path = withQuery(`/v1/${matchType}/matches/info`, { ...squad, team: id });
  const matches = await all<MatchInfo>(path);
  const first = matches[0];
  return section(
    first ? `Matches: ${first.competitionName} ${first.seasonName}` : 'Matches',
    [firstPage(path)],
    first
      ? table(
          count(matches.length, 'match', 'matches'),
          ['Date', 'Round', 'Home', 'Score', 'Away'],
          matches.map((m) => [
            day(m.matchDate),
            roundOf(m),
            teamLink(matchType, m.homeTeam, m.homeTeamName),
            scoreLink(matchType, m),
            teamLink(matchType, m.awayTeam, m.awayTeamName),
          ]),
        )
      : empty('No match of this team in this competition season.'),
  );
}

/** The team's players in one competition season. */
async function squadSection(route: TeamRoute, squad: Squad): Promise<HTMLElement> {
  const path = withQuery(`/v1/${route.matchType}/squads`, { team: route.id, ...squad });
  const players = await all<SquadLine>(path);
  const first = players[0];
  const title = first ? `Squad: ${first.competitionName} ${first.seasonName}` : 'Squad';
  return section(
    title,
    [firstPage(path)],
    first
      ? table(
          count(players.length, 'player'),
          ['Player', 'Apps', 'Starts', 'Minutes', 'Goals', 'Yellow', 'Red'],
          players.map((p) => [
            h('a', { href: href({ view: 'player', id: p.player }) }, p.playerName),
            known(p.appearances),
            known(p.starts),
            known(p.minutes),
            p.goals,
            known(p.yellows),
            known(p.reds),
          ]),
        )
      : empty('The data lists no player of this team in this competition season.'),
    players.some((p) => p.appearances === null)
      ? h('p', { class: 'note' }, '– The source names these scorers but lists no lineups.')
      : null,
  );
}

/**
 * The team's top scorers and its record against each opponent, for each of its genders with
 * either; a title names the gender only when there are two.
 */
function figuresSections(
  matchType: MatchType,
  scorers: { paths: string[]; pages: Envelope<Scorer[]>[] },
  opponentsPath: string,
  opponents: HeadToHead[],
): Child[] {
  const genders = GENDERS.filter(
    (g, i) => scorers.pages[i]!.result.length || opponents.some((o) => o.gender === g),
  );
  if (genders.length === 0) return [empty('No match of this team with a score in the data.')];
  const titled = (title: string, gender: Gender) =>
    genders.length > 1 ? `${title}: ${GENDER_NAMES[gender]}` : title;
  return genders.flatMap((gender) => {
    const i = GENDERS.indexOf(gender);
    return [
      scorersSection(titled('Top scorers', gender), scorers.paths[i]!, scorers.pages[i]!),
      opponentsSection(
        matchType,
        titled('Record against each opponent', gender),
        opponentsPath,
        opponents.filter((o) => o.gender === gender),
      ),
    ];
  });
}

/** The team's top scorers, most goals first. */
function scorersSection(title: string, path: string, scorers: Envelope<Scorer[]>): HTMLElement {
  const total = scorers.meta.totalRecords ?? scorers.result.length;
  return section(
    title,
    [path],
    total === 0
      ? empty('The data names no scorer of this team.')
      : table(
          `Most goals for the team in the data, ${count(total, 'scorer')} in all`,
          ['Player', 'Goals', 'Matches scored in', 'First goal', 'Last goal'],
          scorers.result.map((s) => [
            h('a', { href: href({ view: 'player', id: s.player }) }, s.playerName),
            s.goals,
            s.matches,
            day(s.firstGoal),
            day(s.lastGoal),
          ]),
        ),
  );
}

/** The team's record against each opponent, most meetings first. */
function opponentsSection(
  matchType: MatchType,
  title: string,
  path: string,
  rows: HeadToHead[],
): HTMLElement {
  return section(
    title,
    [firstPage(path)],
    rows.length
      ? table(
          `${count(rows.length, 'opponent')}, in every match of the data with a score`,
          ['Opponent', 'P', 'W', 'D', 'L', 'GF', 'GA', 'First', 'Last'],
          rows.map((r) => [
            teamLink(matchType, r.opponent, r.opponentName),
            r.played,
            r.won,
            r.drawn,
            r.lost,
            r.goalsFor,
            r.goalsAgainst,
            day(r.firstMatch),
            day(r.lastMatch),
          ]),
        )
      : empty('No match of this team with a score in the data.'),
  );
}
