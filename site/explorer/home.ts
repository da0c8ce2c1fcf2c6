import { h, type Child } from './dom.ts';
import { competitionsIndex, INDEX_PATH } from './competition.ts';
import { href } from './routes.ts';
import { day, empty, section } from './view.ts';

const TYPE_NAMES = { clubs: 'Club football', national: 'National teams' } as const;

/** The first page: every competition and its seasons. */
export async function homeView(): Promise<Child[]> {
  const competitions = await competitionsIndex();
  const cards = competitions.map((c) =>
    h(
      'article',
      { class: 'card' },
      h(
        'h3',
        null,
        h('a', { href: href({ view: 'competition', matchType: c.matchType, id: c.id }) }, c.name),
      ),
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
