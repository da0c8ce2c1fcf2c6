import { h, type Child } from './dom.ts';
import { EXPLORER_INDEX, type Competition } from './index-file.ts';
import { href } from './routes.ts';
import { day, empty, section } from './view.ts';

/** The explorer's index, as the page asks for it. */
const INDEX_PATH = `/${EXPLORER_INDEX}`;

const TYPE_NAMES = { clubs: 'Club football', national: 'National teams' } as const;

/** The first page: every competition and its seasons. */
export async function homeView(): Promise<Child[]> {
  const response = await fetch(INDEX_PATH);
  if (!response.ok) throw new Error(`${INDEX_PATH} answered ${response.status}`);
  const competitions = (await response.json()) as Competition[];
  const cards = competitions.map((c) =>
    h(
      'article',
      { class: 'card' },
      h('h3', null, c.name),
      h('p', { class: 'kind' }, TYPE_NAMES[c.matchType]),
      h(
        'ul',
        { class: 'seasons' },
        c.seasons.map((s) =>
          h(
            'li',
            null,
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
            h(
              'span',
              { class: 'detail' },
              ` ${s.matches} ${s.matches === 1 ? 'match' : 'matches'}`,
              s.withEvents ? `, ${s.withEvents} with on-ball events` : '',
              ` · ${day(s.first)} to ${day(s.last)}`,
            ),
          ),
        ),
      ),
    ),
  );
  return [
    h('h1', null, 'Competitions'),
    h(
      'p',
      { class: 'lead' },
      'Choose a season to see its matches, then a match for its lineups, timeline and pitch map. ',
      'Every part of a page names the API path it was read from: follow it to see the JSON.',
    ),
    section(
      'Competitions and seasons',
      [INDEX_PATH],
      competitions.length
        ? h('div', { class: 'cards' }, cards)
        : empty('This build has no matches.'),
    ),
  ];
}
