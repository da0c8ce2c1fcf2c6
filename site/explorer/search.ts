import { get, withQuery } from './api.ts';
import { h } from './dom.ts';
import { competitionsIndex } from './competition.ts';
import type { MatchType } from './index-file.ts';
import { href } from './routes.ts';
import { count } from './view.ts';

/**
 * The search box: players, teams and competitions whose names hold what is typed, found through
 * the API's own wildcard filters, which match case and accents aside ("muller" finds Müller).
 * It asks once typing pauses, and only the answers to the latest text are shown.
 */

/** Milliseconds of quiet before a search is sent. */
const PAUSE_MS = 250;

/** Results per kind. */
const LIMIT = 5;

/** Fewer characters than this find too much to show. */
const MIN_LENGTH = 2;

interface Found {
  kind: string;
  name: string;
  link: string;
}

/** What the API finds for `text`, by kind, with the pages they lead to. */
async function find(text: string): Promise<Found[]> {
  const pattern = `*${text.replaceAll('*', '')}*`;
  const named = <T>(path: string, name: string) =>
    get<T[]>(withQuery(path, { [name]: pattern, records: LIMIT })).then((r) => r.result);
  const team = (matchType: MatchType) => (t: { id: string; name: string }) => ({
    kind: matchType === 'clubs' ? 'Club' : 'National team',
    name: t.name,
    link: href({ view: 'team', matchType, id: t.id, squad: null }),
  });
  const [players, clubs, countries, cups, known] = await Promise.all([
    named<{ id: string; fullName: string }>('/v1/personnel/players', 'full_name'),
    named<{ id: string; name: string }>('/v1/teams', 'name'),
    named<{ id: string; name: string }>('/v1/countries', 'name'),
    get<{ id: string; name: string }[]>(withQuery('/v1/competitions', { name: pattern })),
    competitionsIndex(),
  ]);
  // A competition leads to its page, if the build has matches of it.
  const competitionsFound = cups.result.flatMap((c) =>
    known
      .filter((entry) => entry.id === c.id)
      .map((entry) => ({
        kind: 'Competition',
        name: c.name,
        link: href({ view: 'competition', matchType: entry.matchType, id: c.id }),
      })),
  );
  return [
    ...players.map((p) => ({
      kind: 'Player',
      name: p.fullName,
      link: href({ view: 'player', id: p.id }),
    })),
    ...clubs.map(team('clubs')),
    ...countries.map(team('national')),
    ...competitionsFound.slice(0, LIMIT),
  ];
}

/** Puts the search box into `header`. */
export function mountSearch(header: HTMLElement): void {
  const input = h('input', {
    type: 'search',
    id: 'search',
    autocomplete: 'off',
    placeholder: 'Players, teams, competitions',
  });
  const status = h('p', { class: 'unseen', role: 'status' });
  const results = h('ul', { class: 'found', hidden: '' });
  const form = h(
    'form',
    { role: 'search', class: 'search' },
    h('label', { for: 'search', class: 'unseen' }, 'Search players, teams and competitions'),
    input,
    status,
    results,
  );
  let latest = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const show = (found: Found[], text: string) => {
    results.replaceChildren(
      ...found.map((f) =>
        h(
          'li',
          null,
          h('a', { href: f.link }, f.name),
          h('span', { class: 'detail' }, ` ${f.kind}`),
        ),
      ),
    );
    results.hidden = found.length === 0;
    status.textContent = `${found.length ? count(found.length, 'result') : 'No results'} for ${text}`;
  };
  const search = async (text: string) => {
    const turn = ++latest;
    try {
      const found = await find(text);
      if (turn === latest) show(found, text);
    } catch {
      if (turn === latest) status.textContent = 'The search failed; try again.';
    }
  };
  input.addEventListener('input', () => {
    clearTimeout(timer);
    const text = input.value.trim();
    if (text.length < MIN_LENGTH) {
      latest++;
      results.hidden = true;
      return;
    }
    timer = setTimeout(() => void search(text), PAUSE_MS);
  });
  // Enter opens the first result; Escape clears; the arrow down reaches the results.
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    results.querySelector('a')?.click();
  });
  form.addEventListener('keydown', (event) => {
    if (event.key === 'Escape') {
      input.value = '';
      results.hidden = true;
      input.focus();
    } else if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      const links = Array.from(results.querySelectorAll('a'));
      const at = links.indexOf(document.activeElement as HTMLAnchorElement);
      const next = event.key === 'ArrowDown' ? at + 1 : at - 1;
      if (next < -1 || next >= links.length) return;
      event.preventDefault();
      (next === -1 ? input : links[next]!).focus();
    }
  });
  // A chosen result leaves the list closed.
  results.addEventListener('click', () => {
    results.hidden = true;
  });
  header.append(form);
}
