import type { Provider } from '../../contract/envelope.ts';
import { ApiError, providers } from './api.ts';
import { linkSite } from './api-fetch.ts';
import { fragment, h, type Child } from './dom.ts';
import { competitionView } from './pages/competition.ts';
import { homeView } from './pages/home.ts';
import { matchView } from './pages/match.ts';
import { officialView } from './pages/official.ts';
import { playerView } from './pages/player.ts';
import { seasonView } from './pages/season.ts';
import { href, parseRoute, type Route } from './routes.ts';
import { markTables } from './view.ts';
import { openAt, positionFor, keepScroll } from './scroll.ts';
import { mountSearch } from './search.ts';
import { teamView } from './pages/team.ts';

/**
 * The football explorer: a page of the build that reads the API from the browser. The fragment
 * names the page (`routes.ts`); each view fetches what it shows and names the paths it read.
 */

function render(route: Route): Promise<Child[]> {
  switch (route.view) {
    case 'home':
      return homeView();
    case 'competition':
      return competitionView(route);
    case 'season':
      return seasonView(route);
    case 'match':
      return matchView(route);
    case 'player':
      return playerView(route);
    case 'official':
      return officialView(route);
    case 'team':
      return teamView(route);
    case 'missing':
      return Promise.resolve([
        h('h1', null, 'No such page'),
        h(
          'p',
          null,
          'The explorer has no page at this address. ',
          h('a', { href: '#/' }, 'Start from the competitions.'),
        ),
      ]);
    default:
      return route satisfies never;
  }
}

/** A provider's name, linked to its site where that is a web address or a path of this API. */
const providerName = (p: Provider) =>
  /^(https?:\/\/|\/(?!\/))/.test(p.url) ? h('a', { href: p.url }, p.name) : p.name;

/** The sources of the data shown so far, with their licences, as the data asks to be credited. */
function credits(): DocumentFragment {
  const named = [...providers.values()];
  return fragment(
    h(
      'p',
      null,
      'Data: ',
      named.length
        ? named.map((p, i) => [i ? '; ' : '', providerName(p), ` (${p.license})`])
        : 'see the licences',
      '. ',
      h('a', { href: 'LICENSES.md' }, 'Licences and credits'),
      '.',
    ),
  );
}

let shown = 0;

async function show(): Promise<void> {
  // Fragments not starting `#/` are in-page links (the skip link), not pages: once a page is
  // shown they leave it as it is; a page opened at one shows the competitions.
  const inPage = location.hash !== '' && !location.hash.startsWith('#/');
  if (inPage && shown > 0) return;
  const main = document.getElementById('main')!;
  const footer = document.getElementById('credits')!;
  const turn = ++shown;
  const top = positionFor();
  main.setAttribute('aria-busy', 'true');
  let content: Child[];
  try {
    content = await render(inPage ? { view: 'home' } : parseRoute(location.hash));
  } catch (error) {
    // The API's own message says what is missing or wrong; the page offers a way back.
    const missing = error instanceof ApiError && error.status === 404;
    const message =
      error instanceof ApiError
        ? `${error.message} (${error.path})`
        : error instanceof Error
          ? error.message
          : String(error);
    content = [
      h('h1', null, missing ? 'Not found' : 'Something went wrong'),
      h('p', { class: 'error', role: 'alert' }, message),
      h('p', null, h('a', { href: href({ view: 'home' }) }, '← All competitions')),
    ];
  }
  // A later navigation wins over a slower earlier one.
  if (turn !== shown) return;
  main.replaceChildren(fragment(content));
  markTables(main);
  main.removeAttribute('aria-busy');
  footer.replaceChildren(credits());
  const title = main.querySelector('h1')?.textContent;
  document.title = title ? `${title} · Football explorer` : 'Football explorer';
  // The focus moves for screen readers without moving the page, which opens where it should.
  if (turn > 1) main.focus({ preventScroll: true });
  openAt(top);
}

keepScroll();
linkSite();
mountSearch(document.querySelector<HTMLElement>('header.site')!);
addEventListener('hashchange', () => void show());
void show();
