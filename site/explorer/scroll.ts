/**
 * Where each page of the explorer is scrolled, as browsers keep it for pages of their own: a page
 * opened by a link opens at its top; back and forward open it where it was left, also after a
 * reload. The pages are drawn after their data arrives, so the browser's own restoration, which
 * comes at once, would find them empty: it is turned off, and each history entry is given a key
 * under which its position is kept while it is scrolled.
 */

/** Where the positions are kept, so that a reload finds them. */
const STORE = 'football-explorer-scroll';

/** A history entry's key, in its state. */
interface EntryState {
  scrollKey: string;
}

const positions = new Map<string, number>(
  Object.entries(JSON.parse(sessionStorage.getItem(STORE) ?? '{}') as Record<string, number>),
);

/** The key of the entry shown, whose position scrolling records. */
let current: string | null = null;

/** The key of the current history entry; null for an entry no page of the explorer has shown. */
function entryKey(): string | null {
  const state = history.state as Partial<EntryState> | null;
  return typeof state?.scrollKey === 'string' ? state.scrollKey : null;
}

/**
 * Starts keeping positions. Call once, before the first page is shown.
 */
export function keepScroll(): void {
  history.scrollRestoration = 'manual';
  addEventListener(
    'scroll',
    () => {
      if (current !== null) positions.set(current, scrollY);
    },
    { passive: true },
  );
  addEventListener('pagehide', () =>
    sessionStorage.setItem(STORE, JSON.stringify(Object.fromEntries(positions))),
  );
}

/**
 * The position a page about to be drawn should open at: where its entry was left, when it is an
 * entry shown before (back, forward, reload); the top for a new one. It stops recording until
 * `openAt` is called, so that the page's drawing does not count as the reader's scrolling.
 */
export function positionFor(): number {
  // The page left is where the reader last saw it, a scroll not yet reported included.
  if (current !== null) positions.set(current, scrollY);
  current = null;
  const key = entryKey();
  if (key !== null) return positions.get(key) ?? 0;
  const state: EntryState = { scrollKey: `${Date.now().toString(36)}.${Math.random()}` };
  history.replaceState({ ...(history.state as object | null), ...state }, '');
  return 0;
}

/** Scrolls the page drawn to `top`, and records its entry's position from then on. */
export function openAt(top: number): void {
  current = entryKey();
  scrollTo(0, top);
  if (current !== null) positions.set(current, scrollY);
}
