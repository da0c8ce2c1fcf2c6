import { all, firstPage, get, linkAt, withQuery } from './api.ts';
import { h, type Child } from './dom.ts';
import type { MatchType } from './index-file.ts';
import type { Goal, Lineup, Links, MatchInfo, Offense, Player, StatRecord } from './records.ts';
import { href, type Route } from './routes.ts';
import { scoreOf } from './season.ts';
import { count, day, empty, PAGE_SIZE, section, sources, table, teamLink, unseen } from './view.ts';

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

/** Goals a player scored for their own side (not own goals). */
const ownSide = (goals: Goal[]) => goals.filter((g) => g.scoringTeam === g.playerTeam);

/** One player: who they are, and their matches, goals, cards and statistics per match. */
export async function playerView(route: Extract<Route, { view: 'player' }>): Promise<Child[]> {
  const path = `/v1/personnel/players/${route.id}`;
  const [player] = (await get<Player[]>(path)).result;
  if (!player) throw new Error(`${path} has no record.`);
  const parts = await Promise.all(
    TYPES.map(([type, key, title]) => matches(type, player.link, key, title)),
  );
  const facts: [string, string | null][] = [
    ['Born', day(player.birthDate)],
    ['Country', player.countryName],
    ['Position', player.positionName],
  ];
  return [
    h('p', { class: 'crumbs' }, h('a', { href: href({ view: 'home' }) }, 'Competitions')),
    h('h1', null, player.fullName),
    h(
      'section',
      { class: 'facts', 'aria-label': 'Player facts' },
      h(
        'dl',
        null,
        facts.map(([term, value]) => [h('dt', null, term), h('dd', null, value || 'not recorded')]),
      ),
      sources(path),
    ),
    parts.some((part) => part !== null) ? parts : empty('No match of this player is recorded.'),
  ];
}

/** A player's matches of one type, a page at a time, with their goals and cards in each. */
async function matches(
  type: MatchType,
  links: Links,
  key: 'club' | 'natl',
  title: string,
): Promise<HTMLElement | null> {
  const paths = {
    lineups: linkAt(links, key, 'matches'),
    goals: linkAt(links, key, 'goals'),
    offenses: linkAt(links, key, 'offenses'),
  };
  const pageOf = (page: number) => withQuery(paths.lineups, { records: PAGE_SIZE, page });
  const [first, goals, offenses] = await Promise.all([
    get<Lineup[]>(pageOf(1)),
    all<Goal>(paths.goals),
    all<Offense>(paths.offenses),
  ]);
  const total = first.meta.totalRecords ?? first.result.length;
  if (total === 0) return null;
  const pages = first.meta.totalPages ?? 1;
  const yellow = offenses.filter((o) => o.cardType === 'Yellow').length;
  const matchTable = table(
    `${title}, by date within each page`,
    ['Date', 'Match', 'Team', 'Role', 'Goals', 'Cards', 'Statistics'],
    [],
  );
  const body = matchTable.querySelector('tbody')!;
  const more = h('button', { type: 'button' }, 'More matches');
  const failure = h('p', { class: 'error', role: 'alert', hidden: true });
  let shown = 1;
  const add = async (lineups: Lineup[]) => {
    const rows = await Promise.all(
      lineups.map(async (l) => {
        const [info] = (await get<MatchInfo[]>(linkAt(l.link, 'match'))).result;
        return [l, info] as const;
      }),
    );
    rows.sort(([, a], [, b]) => (a?.matchDate ?? '').localeCompare(b?.matchDate ?? ''));
    for (const [l, info] of rows) body.append(row(type, l, info, goals, offenses));
    more.hidden = shown >= pages;
  };
  more.addEventListener('click', () => {
    more.disabled = true;
    get<Lineup[]>(pageOf(shown + 1))
      .then(async (next) => {
        shown += 1;
        await add(next.result);
        failure.hidden = true;
      })
      .catch((error: unknown) => {
        failure.textContent = String(error);
        failure.hidden = false;
      })
      .finally(() => (more.disabled = false));
  });
  await add(first.result);
  return section(
    title,
    [pageOf(1), firstPage(paths.goals), firstPage(paths.offenses)],
    h(
      'p',
      { class: 'summary' },
      `${count(total, 'match', 'matches')}, ${count(ownSide(goals).length, 'goal')}, `,
      `${yellow} yellow and ${count(offenses.length - yellow, 'red card')}.`,
    ),
    matchTable,
    more,
    failure,
  );
}

function row(
  type: MatchType,
  l: Lineup,
  m: MatchInfo | undefined,
  goals: Goal[],
  offenses: Offense[],
): HTMLElement {
  const inMatch = <T extends { match: string }>(list: T[]) =>
    list.filter((x) => x.match === l.match);
  const name = `${l.homeTeamName} ${m ? scoreOf(m) : 'v'} ${l.awayTeamName}`;
  const cells: Child[] = [
    m ? day(m.matchDate) : '',
    h('a', { href: href({ view: 'match', matchType: type, id: l.match }) }, name),
    teamLink(type, l.playerTeam, l.playerTeamName),
    [
      l.isStarting ? 'Started' : 'Substitute',
      l.isCaptain ? ', captain' : '',
      l.positionName ? ` (${l.positionName})` : '',
    ],
    String(ownSide(inMatch(goals)).length),
    inMatch(offenses)
      .map((o) => o.cardType)
      .join(', '),
    stats(l, name),
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
                      counts.map(([k, v]) => [h('dt', null, k), h('dd', null, String(v))]),
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
