import { all, firstPage, get, linkAt, withQuery } from '../api.ts';
import { h, minute, type Child } from '../dom.ts';
import type { MatchType } from '../index-file.ts';
import type { Goal, Lineup, Links, MatchInfo, Offense, Player, StatRecord } from '../records.ts';
import { href, type Route } from '../routes.ts';
import { scoreOf } from './season.ts';
import { statLabel, statValue } from '../stat-labels.ts';
import {
  count,
  day,
  empty,
  facts,
  PAGE_SIZE,
  section,
  sources,
  table,
  teamLink,
  unseen,
} from '../view.ts';

/** The statistics shown per match: `/v1/{match_type}/stats/<group>/<name>/<lineup id>`. */
const STATS: [group: string, name: string, title: string][] = [
  ['goals', 'totals', 'Goals'],
  ['shots', 'totals', 'Shots'],
  ['passes', 'totals', 'Passes'],
  ['touches', 'totals', 'Touches'],
];
/** Keys of a statistics record that name rather than count. */
const NAMING = new Set([
  'id',
  'lineup',
  'match',
  'player',
  'playerName',
  'playerTeam',
  'playerTeamName',
  'uri',
  'link',
]);

/** The player's links to their matches of each type, and the part of the page showing them. */
const TYPES: [MatchType, 'club' | 'natl', string][] = [
  ['clubs', 'club', 'Club matches'],
  ['national', 'natl', 'International matches'],
];

/**
 * One match of a player's: whatever the data has of them in it. A source that names scorers only
 * (the international results) gives goals without a lineup; one with lineups gives both.
 */
interface Appearance {
  match: string;
  date: string;
  competition: string;
  home: string;
  away: string;
  team: { id: string; name: string } | null;
  lineup: Lineup | null;
  goals: Goal[];
  cards: Offense[];
}

/** A record of a player's in a match: a lineup, a goal or a card, each with its match's facts. */
type InMatch = Lineup | Goal | Offense;

/** One player: who they are, and every match the data has of them, with goals and cards. */
export async function playerView(route: Extract<Route, { view: 'player' }>): Promise<Child[]> {
  const path = `/v1/personnel/players/${route.id}`;
  const [player] = (await get<Player[]>(path)).result;
  if (!player) throw new Error(`${path} has no record.`);
  const parts = await Promise.all(
    TYPES.map(([type, key, title]) => career(type, player.link, key, title)),
  );
  const rows: [string, string | null][] = [
    ['Born', day(player.birthDate)],
    ['Country', player.countryName],
    ['Position', player.positionName],
  ];
  return [
    h('p', { class: 'crumbs' }, h('a', { href: href({ view: 'home' }) }, 'Competitions')),
    h('h1', null, player.fullName),
    facts('Player facts', rows, path),
    parts.some((part) => part !== null) ? parts : empty('No match of this player is recorded.'),
  ];
}

/** Goals a player scored for their own side (not own goals). */
const ownSide = (goals: Goal[]) => goals.filter((g) => g.scoringTeam === g.playerTeam);

/**
 * A player's matches of one type: every match with a lineup, a goal or a card of theirs, read in
 * date order (latest first) and merged by match, so no match is listed twice; what each count
 * counts is said beside it.
 */
async function career(
  type: MatchType,
  links: Links,
  key: 'club' | 'natl',
  title: string,
): Promise<HTMLElement | null> {
  const latest = (name: string) => withQuery(linkAt(links, key, name), { sort: '-match_date' });
  const paths = {
    lineups: latest('matches'),
    goals: latest('goals'),
    offenses: latest('offenses'),
  };
  const [lineups, goals, offenses] = await Promise.all([
    all<Lineup>(paths.lineups),
    all<Goal>(paths.goals),
    all<Offense>(paths.offenses),
  ]);
  const rows = appearances(lineups, goals, offenses);
  if (rows.length === 0) return null;
  const { matchTable, more, failure } = await matchPages(type, rows);
  return section(
    title,
    [firstPage(paths.lineups), firstPage(paths.goals), firstPage(paths.offenses)],
    summary(lineups, goals, offenses),
    matchTable,
    rows.some((a) => a.lineup === null)
      ? h('p', { class: 'note' }, '– The data has no lineup of this match, only goals or cards.')
      : null,
    more,
    failure,
  );
}

/**
 * The table of a player's matches with its first page of rows, the button that adds the next, and
 * where a failure to read one is told.
 */
async function matchPages(
  type: MatchType,
  rows: Appearance[],
): Promise<{ matchTable: HTMLElement; more: HTMLButtonElement; failure: HTMLElement }> {
  const matchTable = table(
    `${count(rows.length, 'match', 'matches')} in the data, latest first`,
    ['Date', 'Competition', 'Match', 'Team', 'Role', 'Goals', 'Cards', 'Statistics'],
    [],
  );
  const body = matchTable.querySelector('tbody')!;
  const more = h('button', { type: 'button' }, 'More matches');
  const failure = h('p', { class: 'error', role: 'alert', hidden: true });
  let shown = 0;
  // A page of rows at a time, each with its match's score, read for the rows shown only.
  const next = async () => {
    const page = rows.slice(shown, shown + PAGE_SIZE);
    const infos = await Promise.all(
      page.map(async (a) => (await get<MatchInfo[]>(matchPath(a))).result[0]),
    );
    page.forEach((a, i) => body.append(row(type, a, infos[i])));
    shown += page.length;
    more.hidden = shown >= rows.length;
  };
  more.addEventListener('click', () => {
    more.disabled = true;
    next()
      .then(() => (failure.hidden = true))
      .catch((error: unknown) => {
        failure.textContent = String(error);
        failure.hidden = false;
      })
      .finally(() => (more.disabled = false));
  });
  await next();
  return { matchTable, more, failure };
}

/** The match info of an appearance, where its records link it. */
function matchPath(a: Appearance): string {
  const record: InMatch = a.lineup ?? a.goals[0] ?? a.cards[0]!;
  return linkAt(record.link, 'match');
}

/** The player's records merged by match, latest match first. */
function appearances(lineups: Lineup[], goals: Goal[], offenses: Offense[]): Appearance[] {
  const byMatch = new Map<string, Appearance>();
  const of = (r: InMatch): Appearance => {
    let a = byMatch.get(r.match);
    if (!a) {
      a = {
        match: r.match,
        date: r.matchDate,
        competition: `${r.competitionName} ${r.seasonName}`,
        home: r.homeTeamName,
        away: r.awayTeamName,
        team: null,
        lineup: null,
        goals: [],
        cards: [],
      };
      byMatch.set(r.match, a);
    }
    if (!a.team && r.playerTeam && r.playerTeamName)
      a.team = { id: r.playerTeam, name: r.playerTeamName };
    return a;
  };
  for (const l of lineups) of(l).lineup = l;
  for (const g of goals) of(g).goals.push(g);
  for (const o of offenses) of(o).cards.push(o);
  return [...byMatch.values()].sort((a, b) =>
    a.date !== b.date ? (a.date < b.date ? 1 : -1) : a.match < b.match ? -1 : 1,
  );
}

/** What the data has of the player, each count saying what it counts. */
function summary(lineups: Lineup[], goals: Goal[], offenses: Offense[]): HTMLElement {
  const dates = lineups.map((l) => l.matchDate).sort();
  const started = lineups.filter((l) => l.isStarting).length;
  const scored = ownSide(goals);
  const own = goals.length - scored.length;
  const yellow = offenses.filter((o) => o.cardType === 'Yellow').length;
  const scoredIn = new Set(scored.map((g) => g.match)).size;
  const facts: [string, string][] = [
    [
      'In lineups',
      lineups.length
        ? `${count(lineups.length, 'match', 'matches')}, ${day(dates[0]!)} to ` +
          `${day(dates.at(-1)!)} (${started} started)`
        : 'none in the data',
    ],
    [
      'Goals',
      `${count(scored.length, 'goal')} in ${count(scoredIn, 'match', 'matches')}` +
        (own ? `, and ${count(own, 'own goal')}` : ''),
    ],
    ['Cards', `${yellow} yellow, ${offenses.length - yellow} red`],
  ];
  return h(
    'dl',
    { class: 'summary' },
    facts.map(([term, value]) => [h('dt', null, term), h('dd', null, value)]),
  );
}

function row(type: MatchType, a: Appearance, m: MatchInfo | undefined): HTMLElement {
  const name = `${a.home} ${m ? scoreOf(m) : 'v'} ${a.away}`;
  const l = a.lineup;
  const cells: Child[] = [
    day(a.date),
    a.competition,
    h('a', { href: href({ view: 'match', matchType: type, id: a.match }) }, name),
    a.team ? teamLink(type, a.team.id, a.team.name) : '',
    l
      ? [
          l.isStarting ? 'Started' : 'Substitute',
          l.isCaptain ? ', captain' : '',
          l.positionName ? ` (${l.positionName})` : '',
        ]
      : '–',
    a.goals
      .map(
        (g) => minute(g.timeMins, g.stoppageMins) + (g.scoringTeam === g.playerTeam ? '' : ' og'),
      )
      .join(', '),
    a.cards.map((o) => o.cardType).join(', '),
    l ? stats(l, name) : '',
  ];
  return h(
    'tr',
    null,
    cells.map((cell) => h('td', null, cell)),
  );
}

/** A lineup's statistics, read when the reader opens them. */
function stats(l: Lineup, match: string): HTMLElement {
  const details = h('details', null, h('summary', null, 'Show', unseen(` statistics of ${match}`)));
  const paths = STATS.map(([group, name]) => linkAt(l.link, 'stats', group, name));
  details.addEventListener(
    'toggle',
    () => {
      Promise.all(paths.map((p) => get<StatRecord[]>(p))).then(
        (answers) =>
          details.append(
            ...answers.map((answer, i) => {
              const [record] = answer.result;
              const counts = Object.entries(record ?? {}).filter(
                ([key, value]) => !NAMING.has(key) && value !== null,
              );
              return h(
                'div',
                { class: 'stat' },
                h('h3', null, STATS[i]![2]),
                counts.length
                  ? h(
                      'dl',
                      null,
                      counts.map(([k, v]) => [
                        h('dt', null, statLabel(k)),
                        h('dd', null, statValue(v)),
                      ]),
                    )
                  : empty('Not recorded.'),
              );
            }),
            sources(...paths),
          ),
        (error: unknown) =>
          details.append(h('p', { class: 'error', role: 'alert' }, String(error))),
      );
    },
    { once: true },
  );
  return details;
}
