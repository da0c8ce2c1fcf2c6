import { h, type Child } from './dom.ts';
import type { MatchType } from './index-file.ts';
import { href } from './routes.ts';

/** The pieces every view is made of. */

/** A link to an API path, in code type, as the explorer shows every path it read. */
export const apiLink = (path: string) =>
  h('a', { href: path, class: 'api' }, h('code', null, path));

/** The API paths a part of a page was read from. */
export function sources(...paths: string[]): HTMLElement {
  return h(
    'p',
    { class: 'sources' },
    'Read from ',
    paths.map((p, i) => [i ? ', ' : '', apiLink(p)]),
  );
}

/**
 * A record's facts, each term with its value ("not recorded" where the data has none), and the
 * API paths they were read from; `label` names the list for assistive technology.
 */
export function facts(label: string, rows: [string, Child][], ...paths: string[]): HTMLElement {
  const shown = (value: Child) => (value === null || value === '' ? 'not recorded' : value);
  return h(
    'section',
    { class: 'facts', 'aria-label': label },
    h(
      'dl',
      null,
      rows.map(([term, value]) => [h('dt', null, term), h('dd', null, shown(value))]),
    ),
    sources(...paths),
  );
}

let sections = 0;

/** A titled part of a page, with the API paths it was read from. */
export function section(title: string, paths: string[], ...content: Child[]): HTMLElement {
  const id = `section-${++sections}`;
  return h(
    'section',
    { 'aria-labelledby': id },
    h('h2', { id }, title),
    content,
    paths.length ? sources(...paths) : null,
  );
}

/** A count with its noun, singular for one: `1 goal`, `2 goals`, `0 matches`. */
export const count = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/** Matches per page in the explorer's lists. */
export const PAGE_SIZE = 20;

/** Text for screen readers only, where the layout alone says it to sighted readers. */
export const unseen = (text: string) => h('span', { class: 'unseen' }, text);

/** A message in place of a part that has nothing to show. */
export const empty = (text: string) => h('p', { class: 'empty' }, text);

/**
 * Columns of a table that stay in sight while it scrolls sideways on a narrow screen: one that
 * names the rows at its start (the team), and the key figure at its end (the points).
 */
export interface KeyColumns {
  start?: number;
  end?: number;
}

/**
 * A table with a caption and column headers; cells are given row by row. On a narrow screen it
 * scrolls sideways in its frame, shaded at the edge that has more, and says so under its caption;
 * its key columns stay in sight. The caption is shown above the frame, so it wraps rather than
 * scrolling with the columns.
 */
export function table(
  caption: string,
  headers: string[],
  rows: Child[][],
  keys: KeyColumns = {},
): HTMLElement {
  const place = (i: number) =>
    i === keys.start ? { class: 'key-start' } : i === keys.end ? { class: 'key-end' } : null;
  const frame = h(
    'div',
    // It takes the focus so the keyboard can scroll it.
    { class: 'table', tabindex: '0', role: 'region', 'aria-label': caption },
    h(
      'table',
      null,
      h('caption', { class: 'unseen' }, caption),
      h(
        'thead',
        null,
        h(
          'tr',
          null,
          headers.map((text, i) => h('th', { scope: 'col', ...place(i) }, text)),
        ),
      ),
      h(
        'tbody',
        null,
        rows.map((cells) =>
          h(
            'tr',
            null,
            cells.map((cell, i) => h('td', place(i), cell)),
          ),
        ),
      ),
    ),
  );
  const block = h(
    'div',
    { class: 'table-block' },
    h('p', { class: 'caption', 'aria-hidden': 'true' }, caption),
    frame,
  );
  markOverflow(frame, block);
  return block;
}

/** Marks a table's block while its frame is narrower than its table: the caption says to scroll. */
function markBlock(block: Element): void {
  const frame = block.querySelector('.table')!;
  block.toggleAttribute('data-scrolls', frame.scrollWidth > frame.clientWidth + 1);
}

/** Keeps `block` marked as its frame changes with the screen, its table with rows added. */
function markOverflow(frame: HTMLElement, block: HTMLElement): void {
  if (typeof ResizeObserver === 'undefined') return;
  const observer = new ResizeObserver(() => markBlock(block));
  observer.observe(frame);
  observer.observe(frame.firstElementChild!);
}

/**
 * Marks every table of a page just drawn, at once: marked later, their captions would grow above
 * the place a page opens at, and move it.
 */
export function markTables(root: ParentNode): void {
  root.querySelectorAll('.table-block').forEach(markBlock);
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/**
 * A date `YYYY-MM-DD` as people read it (`15 Jul 2018`); the date itself if not one. Written out
 * rather than with `Intl.DateTimeFormat`, whose first use loads the locale's data: tens of
 * milliseconds of the first draw of a page with a date.
 */
export function day(date: string | null): string {
  const parts = date && /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  const month = parts ? MONTHS[Number(parts[2]) - 1] : undefined;
  if (!parts || !month || parts[3] === '00' || Number(parts[3]) > 31) return date ?? '';
  return `${Number(parts[3])} ${month} ${parts[1]}`;
}

/** An integer with its thousands marked (`12,345`), as `day` without `Intl`. */
export function thousands(n: number): string {
  return String(n).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}

/** A team's name, linked to its page. */
export const teamLink = (matchType: MatchType, id: string, name: string) =>
  h('a', { href: href({ view: 'team', matchType, id, squad: null }) }, name);

/** A count the source may not know: a dash for `null`. */
export const known = (n: number | null) => (n === null ? '–' : n);
