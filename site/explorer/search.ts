import { get, withQuery } from './api.ts';
import { buildFile } from './build-file.ts';
import { h } from './dom.ts';
import type { MatchType } from './index-file.ts';
import { href, type Route } from './routes.ts';
import {
  SEARCH_KEYS,
  searchWords,
  shardFile,
  shardKey,
  type SearchEntry,
  type SearchKind,
} from './search-index.ts';
import { count } from './view.ts';

/**
 * The search box: players, managers, referees, teams and competitions by name, ranked as people
 * expect: whole words of a name before the start of a word, and those before a name that only
 * holds the text ("messi" finds Lionel Messi before Julio Musimessi); then the better known
 * first, by the matches the data has of them. Word matches come from the build's search index
 * (`search-index.ts`: one small file per search); names that hold the text inside a word, and any
 * a full shard left out, from the API's own wildcard filters, which match case and accents aside
 * ("muller" finds Müller). It asks once typing pauses, and only the answers to the latest text
 * are shown.
 */

/** Milliseconds of quiet before a search is sent. */
const PAUSE_MS = 250;

/** Results shown. */
const LIMIT = 10;

/** Results each of the API's collections is asked for. */
const PER_KIND = 5;

/** Fewer characters than this find too much to show. */
const MIN_LENGTH = 2;

/** What a result is called, by kind. */
const KIND_NAMES: Record<SearchKind, string> = {
  player: 'Player',
  manager: 'Manager',
  referee: 'Referee',
  club: 'Club',
  country: 'National team',
  competition: 'Competition',
};

/** A result: what it is, its name and page, and how well it matches. */
interface Found {
  kind: SearchKind;
  id: string;
  name: string;
  link: string;
  /** 0: each word typed is a word of the name; 1: each starts one; 2: the name holds the text. */
  tier: number;
  weight: number;
}

/** How well a name matches the words typed (`Found.tier`). */
export function tierOf(name: string, typed: readonly string[]): number {
  const words = searchWords(name);
  if (typed.every((t) => words.includes(t))) return 0;
  if (typed.every((t) => words.some((w) => w.startsWith(t)))) return 1;
  return 2;
}

/** The page of a record of the index; null for a competition without matches of a type. */
function pageOf(kind: SearchKind, id: string, matchType: MatchType | null): Route | null {
  switch (kind) {
    case 'player':
      return { view: 'player', id };
    case 'manager':
    case 'referee':
      return { view: 'official', role: kind, id };
    case 'club':
      return { view: 'team', matchType: 'clubs', id, squad: null };
    case 'country':
      return { view: 'team', matchType: 'national', id, squad: null };
    case 'competition':
      return matchType && { view: 'competition', matchType, id };
    default:
      return kind satisfies never;
  }
}

/** The index's names with a word starting as each word typed does. */
async function fromIndex(typed: string[]): Promise<Found[]> {
  // The longest word typed picks the shard: it narrows the most.
  const key = shardKey([...typed].sort((a, b) => b.length - a.length)[0]!);
  const keys = await buildFile<string[]>(`/${SEARCH_KEYS}`);
  if (!keys.includes(key)) return [];
  const entries = await buildFile<SearchEntry[]>(`/${shardFile(key)}`);
  return entries.flatMap(([name, kind, id, weight, matchType]) => {
    const page = pageOf(kind, id, matchType);
    const tier = tierOf(name, typed);
    return page && tier < 2 ? [{ kind, id, name, link: href(page), tier, weight }] : [];
  });
}

/**
 * What the API's wildcard filters find holding the text, each collection's first names (the
 * index has every competition with matches: they are not asked for).
 */
async function fromApi(text: string, typed: string[]): Promise<Found[]> {
  const pattern = `*${text.replaceAll('*', '')}*`;
  const named = async (kind: SearchKind, path: string, field: 'full_name' | 'name') => {
    const key = field === 'full_name' ? 'fullName' : 'name';
    const query = withQuery(path, { [field]: pattern, records: PER_KIND });
    return (await get<Record<string, string>[]>(query)).result.flatMap((r) => {
      const page = pageOf(kind, r['id']!, null);
      const name = r[key]!;
      return page
        ? [{ kind, id: r['id']!, name, link: href(page), tier: tierOf(name, typed), weight: 0 }]
        : [];
    });
  };
  const lists = await Promise.all([
    named('player', '/v1/personnel/players', 'full_name'),
    named('manager', '/v1/personnel/managers', 'full_name'),
    named('referee', '/v1/personnel/referees', 'full_name'),
    named('club', '/v1/teams', 'name'),
    named('country', '/v1/countries', 'name'),
  ]);
  return lists.flat();
}

/** What the index and the API find for `text`, ranked, each record once. */
async function find(text: string): Promise<Found[]> {
  const typed = searchWords(text);
  if (typed.length === 0) return [];
  const indexed = await fromIndex(typed);
  // The API is asked only where the index has too few words that match: names holding the text
  // rank after those anyway.
  const asked = indexed.length < LIMIT ? await fromApi(text, typed) : [];
  const seen = new Set<string>();
  return [...indexed, ...asked]
    .sort((a, b) => a.tier - b.tier || b.weight - a.weight)
    .filter((f) => {
      const key = `${f.kind}|${f.id}`;
      if (seen.has(key)) return false;
      seen.add(key);
      return true;
    })
    .slice(0, LIMIT);
}

/** The parts of the search box. */
interface SearchBox {
  form: HTMLFormElement;
  input: HTMLInputElement;
  /** Says what was found, to assistive technology. */
  status: HTMLElement;
  results: HTMLUListElement;
}

/** Puts the search box into `header`. */
export function mountSearch(header: HTMLElement): void {
  const box = searchBox();
  const { form, input, status, results } = box;
  let latest = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const search = async (text: string) => {
    const turn = ++latest;
    try {
      const found = await find(text);
      if (turn === latest) show(box, found, text);
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
  listenToKeys(box);
  // A chosen result leaves the list closed.
  results.addEventListener('click', () => {
    results.hidden = true;
  });
  header.append(form);
}

/** The search box's form: its label, its field, its status and its list of results. */
function searchBox(): SearchBox {
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
    h(
      'label',
      { for: 'search', class: 'unseen' },
      'Search players, managers, referees, teams and competitions',
    ),
    input,
    status,
    results,
  );
  return { form, input, status, results };
}

/** Shows what was found for `text`, and says how many. */
function show({ status, results }: SearchBox, found: Found[], text: string): void {
  results.replaceChildren(
    ...found.map((f) =>
      h(
        'li',
        null,
        h('a', { href: f.link }, f.name),
        h('span', { class: 'detail' }, ` ${KIND_NAMES[f.kind]}`),
      ),
    ),
  );
  results.hidden = found.length === 0;
  status.textContent = `${found.length ? count(found.length, 'result') : 'No results'} for ${text}`;
}

/** Enter opens the first result; Escape clears; the arrow down reaches the results. */
function listenToKeys({ form, input, results }: SearchBox): void {
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
}
