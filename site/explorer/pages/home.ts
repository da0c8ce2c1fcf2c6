import { h, type Child } from '../dom.ts';
import { competitionsIndex, INDEX_PATH } from './competition.ts';
import { FEATURED, groups } from '../featured.ts';
import type { Competition } from '../index-file.ts';
import { href } from '../routes.ts';
import { count, empty, section, thousands } from '../view.ts';

/** The newest seasons a card links to; the competition's page lists them all. */
const LATEST = 3;

/** Above this many competitions the groups of the full list start closed. */
const OPEN_UP_TO = 30;

/**
 * The first page: what people look for first (the World Cups, the continental championships, the
 * leagues with on-ball events), then every competition in groups, each a link to its seasons.
 */
export async function homeView(): Promise<Child[]> {
  const competitions = await competitionsIndex();
  const byName = (names: readonly string[]) =>
    names.flatMap((name) => competitions.filter((c) => c.name === name));
  const leads = [
    ...FEATURED.map(({ title, names }) => ({ title, list: byName(names) })),
    {
      title: 'Leagues with on-ball events',
      list: competitions.filter(
        (c) => c.matchType === 'clubs' && c.seasons.some((s) => s.withEvents > 0),
      ),
    },
  ].filter(({ list }) => list.length > 0);
  return [
    h('h1', null, 'Competitions'),
    h(
      'p',
      { class: 'lead' },
      'Choose a competition, then a season and a match. Every part of a page names the API path ',
      'it was read from: follow it to see the JSON.',
    ),
    competitions.length ? null : empty('This build has no matches.'),
    leads.map(({ title, list }) =>
      section(title, [INDEX_PATH], h('div', { class: 'cards' }, list.map(card))),
    ),
    competitions.length ? allSection(competitions) : null,
  ];
}

/** A competition's years, first to last. */
function years(c: Competition): string {
  const dates = c.seasons.flatMap((s) => [s.first, s.last]).sort();
  const [first, last] = [dates[0]!.slice(0, 4), dates.at(-1)!.slice(0, 4)];
  return first === last ? first : `${first}–${last}`;
}

/** A link to a competition's page. */
const competitionLink = (c: Competition) =>
  h('a', { href: href({ view: 'competition', matchType: c.matchType, id: c.id }) }, c.name);

/** A featured competition: its page, what it holds, and its newest seasons. */
function card(c: Competition): HTMLElement {
  const matches = c.seasons.reduce((n, s) => n + s.matches, 0);
  const organiser = c.organiser.kind === 'none' ? [] : [c.organiser.name];
  return h(
    'article',
    { class: 'card' },
    h('h3', null, competitionLink(c)),
    h(
      'p',
      { class: 'kind' },
      [
        ...organiser,
        count(c.seasons.length, 'season'),
        matches === 1 ? '1 match' : `${thousands(matches)} matches`,
        years(c),
      ].join(' · '),
    ),
    h(
      'p',
      { class: 'latest' },
      'Latest: ',
      c.seasons.slice(0, LATEST).map((s, i) => [
        i ? ', ' : '',
        h(
          'a',
          {
            href: href({
              view: 'season',
              matchType: c.matchType,
              competition: c.id,
              season: s.id,
              page: 1,
            }),
          },
          s.name,
        ),
      ]),
    ),
  );
}

/** Every competition, grouped; on a large build each group opens at a click. */
function allSection(competitions: Competition[]): HTMLElement {
  const open = competitions.length <= OPEN_UP_TO;
  return section(
    `All ${count(competitions.length, 'competition')}`,
    [INDEX_PATH],
    groups(competitions).map(({ title, competitions: list }) =>
      h(
        'details',
        { class: 'group', open },
        h('summary', null, title, h('span', { class: 'detail' }, ` · ${list.length}`)),
        h(
          'ul',
          { class: 'competitions' },
          list.map((c) =>
            h(
              'li',
              null,
              competitionLink(c),
              h('span', { class: 'detail' }, ` ${count(c.seasons.length, 'season')}, ${years(c)}`),
            ),
          ),
        ),
      ),
    ),
  );
}
