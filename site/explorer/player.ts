import { all, firstPage, get, withQuery } from './api.ts';
import { h, type Child } from './dom.ts';
import type { MatchType } from './index-file.ts';
import type { Goal, Lineup, Links, MatchInfo, Offense, Player, StatRecord } from './records.ts';
import { href, type Route } from './routes.ts';
import { scoreOf } from './season.ts';
import { day, empty, section, sources } from './view.ts';

const PER_PAGE = 20;

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

const TYPES: [MatchType, 'club' | 'natl', string][] = [
  ['clubs', 'club', 'Club matches'],
  ['national', 'natl', 'International matches'],
];

/** One player: who they are, and their matches, goals, cards and statistics per match. */
export async function playerView(route: Extract<Route, { view: 'player' }>): Promise<Child[]> {
  const path = `/v1/personnel/players/${route.id}`;
  const [player] = (await get<Player[]>(path)).result;
  if (!player) throw new Error(`${path} has no record.`);
  const parts = await Promise.all(
    TYPES.map(([type, key, title]) => matches(type, player.link[key] as Links, title)),
  );
  return [
    h('p', { class: 'crumbs' }, h('a', { href: href({ view: 'home' }) }, 'Competitions')),
    h('h1', null, player.fullName),
    h(
      'section',
      { class: 'facts', 'aria-label': 'Player facts' },
      h(
        'dl',
        null,
        (
          [
            ['Born', day(player.birthDate)],
            ['Country', player.countryName],
            ['Position', player.positionName],
          ] as [string, string | null][]
        ).map(([term, value]) => [h('dt', null, term), h('dd', null, value || 'not recorded')]),
      ),
      sources(path),
    ),
    parts.some((part) => part !== null) ? parts : empty('No match of this player is recorded.'),
  ];
}

/** A player's matches of one type, a page at a time, with their goals and cards in each. */
async function matches(type: MatchType, links: Links, title: string): Promise<HTMLElement | null> {
  const lineupsPath = links['matches'] as string;
  const goalsPath = links['goals'] as string;
  const offensesPath = links['offenses'] as string;
  const [first, goals, offenses] = await Promise.all([
    get<Lineup[]>(withQuery(lineupsPath, { records: PER_PAGE })),
    all<Goal>(goalsPath),
    all<Offense>(offensesPath),
  ]);
  const total = first.meta.totalRecords ?? first.result.length;
  if (total === 0) return null;
  const yellow = offenses.filter((o) => o.cardType === 'Yellow').length;
  const body = h('tbody');
  const more = h('button', { type: 'button' }, 'More matches');
  let page = 1;
  const add = async (lineups: Lineup[]) => {
    const infos = await Promise.all(
      lineups.map(
        async (l) => [l, (await get<MatchInfo[]>(l.link['match'] as string)).result[0]] as const,
      ),
    );
    // Each page of matches in date order.
    infos.sort(([, a], [, b]) => (a?.matchDate ?? '').localeCompare(b?.matchDate ?? ''));
    for (const [l, info] of infos) body.append(row(type, l, info, goals, offenses));
    more.hidden = page >= (first.meta.totalPages ?? 1);
  };
  more.addEventListener('click', () => {
    page += 1;
    more.disabled = true;
    void get<Lineup[]>(withQuery(lineupsPath, { records: PER_PAGE, page }))
      .then((next) => add(next.result))
      .finally(() => (more.disabled = false));
  });
  await add(first.result);
  return section(
    title,
    [withQuery(lineupsPath, { records: PER_PAGE }), firstPage(goalsPath), firstPage(offensesPath)],
    h(
      'p',
      { class: 'summary' },
      `${total} ${total === 1 ? 'match' : 'matches'}, ${goals.filter((g) => g.scoringTeam === g.playerTeam).length} goals, `,
      `${yellow} yellow and ${offenses.length - yellow} red cards.`,
    ),
    h(
      'div',
      { class: 'table' },
      h(
        'table',
        null,
        h('caption', null, `${title}, by date within each page`),
        h(
          'thead',
          null,
          h(
            'tr',
            null,
            ['Date', 'Match', 'Team', 'Role', 'Goals', 'Cards', 'Statistics'].map((t) =>
              h('th', { scope: 'col' }, t),
            ),
          ),
        ),
        body,
      ),
    ),
    more,
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
  const cells: Child[] = [
    m ? day(m.matchDate) : '',
    h(
      'a',
      { href: href({ view: 'match', matchType: type, id: l.match }) },
      `${l.homeTeamName} ${m ? scoreOf(m) : 'v'} ${l.awayTeamName}`,
    ),
    l.playerTeamName,
    [
      l.isStarting ? 'Started' : 'Substitute',
      l.isCaptain ? ', captain' : '',
      l.positionName ? ` (${l.positionName})` : '',
    ],
    String(inMatch(goals).filter((g) => g.scoringTeam === g.playerTeam).length),
    inMatch(offenses)
      .map((o) => o.cardType)
      .join(', '),
    stats(l),
  ];
  return h(
    'tr',
    null,
    cells.map((cell) => h('td', null, cell)),
  );
}

/** A lineup's statistics, read when the reader opens them. */
function stats(l: Lineup): HTMLElement {
  const details = h('details', null, h('summary', null, 'Show'));
  const paths = STATS.map(
    ([group, name]) => (l.link['stats'] as Record<string, Links>)[group]![name] as string,
  );
  details.addEventListener(
    'toggle',
    () => {
      void Promise.all(paths.map((p) => get<StatRecord[]>(p))).then(
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
                h('h4', null, STATS[i]![2]),
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
