import { get } from '../api.ts';
import { buildFile } from '../build-file.ts';
import { h, type Child } from '../dom.ts';
import { EXPLORER_INDEX, type Competition } from '../index-file.ts';
import { href, type Route } from '../routes.ts';
import { count, day, section, table } from '../view.ts';

/** The explorer's index, as the page asks for it. */
export const INDEX_PATH = `/${EXPLORER_INDEX}`;

/**
 * Every competition with its seasons, from the build's index (`index-file.ts`), read once per
 * page load.
 */
export function competitionsIndex(): Promise<Competition[]> {
  return buildFile<Competition[]>(INDEX_PATH);
}

/** The index's entry of a competition of a match type; undefined if it has none. */
export async function competitionOf(
  matchType: Competition['matchType'],
  id: string,
): Promise<Competition | undefined> {
  return (await competitionsIndex()).find((c) => c.id === id && c.matchType === matchType);
}

/** One competition: its seasons, newest first, each with its matches and dates. */
export async function competitionView(
  route: Extract<Route, { view: 'competition' }>,
): Promise<Child[]> {
  const { matchType, id } = route;
  const recordPath = `/v1/competitions/${id}`;
  // The record answers 404 with the API's message for an unknown id.
  const [record, entry] = await Promise.all([
    get<{ name: string }[]>(recordPath),
    competitionOf(matchType, id),
  ]);
  const seasons = entry?.seasons ?? [];
  return [
    h('p', { class: 'crumbs' }, h('a', { href: href({ view: 'home' }) }, 'Competitions')),
    h('h1', null, record.result[0]?.name ?? 'Competition'),
    section(
      'Seasons',
      [recordPath, INDEX_PATH],
      table(
        count(seasons.length, 'season'),
        ['Season', 'Matches', 'With pitch map', 'First match', 'Last match'],
        seasons.map((s) => [
          h(
            'a',
            { href: href({ view: 'season', matchType, competition: id, season: s.id, page: 1 }) },
            s.name,
          ),
          s.matches,
          s.withEvents,
          day(s.first),
          day(s.last),
        ]),
      ),
    ),
  ];
}
