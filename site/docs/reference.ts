import { apiFetch, linkSite, pageSource } from '../explorer/api-fetch.ts';
import { fragment, h } from '../explorer/dom.ts';
import { dereference } from './local-refs.ts';
import { operationView, type Operation } from './operation.ts';
import { CONTENTS_PART, tagPart } from './parts.ts';
import { prose } from './prose.ts';

/**
 * The API reference at `/docs`: the OpenAPI document, one tag at a time. The page opens with the
 * list of tags (every part of the document lists them all), loads a tag's part of the document
 * (`parts.ts`) when the tag is opened, and renders an operation when it is opened, resolving its
 * references against the part (`local-refs.ts`).
 *
 * Why its own renderer: Swagger UI, which this page used before, spent longer starting its own
 * script and opening an operation than a reader should wait, however small the document it was
 * given. This page is a few kilobytes, names no other host, and shows what a reader of this API needs: each operation's parameters, a field
 * for each to try the request (every optional one empty), the curl command, the answer as it
 * came, and each response's schema.
 */

/** A part of the document, as the page reads it. */
interface Part {
  info: { title: string; version: string; description?: string; license?: { name: string } };
  tags: { name: string; description?: string }[];
  paths: Record<string, Record<string, Operation>>;
}

/** The methods of a path, in the order the page lists them. */
const METHODS = ['get', 'head', 'options'];

/** The URL of a tag's part, or of the contents for none. */
const partUrl = (tag: string | null): string => `/${tag === null ? CONTENTS_PART : tagPart(tag)}`;

/** A link to a tag, or to an operation of it: `#/v1%20persons/list_v1_persons`. */
const linkTo = (tag: string, operationId?: string): string =>
  `#/${encodeURIComponent(tag)}${operationId === undefined ? '' : `/${operationId}`}`;

/** What a link names: a tag, and maybe an operation of it. */
function linked(hash: string): { tag: string; operationId: string | null } | null {
  const link = /^#!?\/([^/]+)(?:\/([^/]+))?/.exec(hash);
  if (!link) return null;
  try {
    return { tag: decodeURIComponent(link[1]!), operationId: link[2] ?? null };
  } catch {
    return null;
  }
}

/** The parts asked for, by tag (null for the contents). */
const parts = new Map<string | null, Promise<Part | null>>();

/** The part of a tag, or the contents; null where the build has none. */
function part(tag: string | null): Promise<Part | null> {
  let asked = parts.get(tag);
  if (asked === undefined) {
    asked = apiFetch(partUrl(tag))
      .then((reply) => (reply.ok ? (reply.json() as Promise<Part>) : null))
      .catch(() => null);
    parts.set(tag, asked);
  }
  return asked;
}

/** The first part, asked for as this script starts: the linked tag's, which lists every tag. */
const start = linked(window.location.hash);
const first = part(start?.tag ?? null).then((found) => found ?? part(null));

/** A tag's section on the page, and what opens it. */
interface TagView {
  section: HTMLElement;
  open(): Promise<void>;
  /** The operations shown once the tag's part is loaded, by id. */
  operations: Map<string, HTMLDetailsElement>;
}

/** The block of one operation: its summary line, its body rendered when first opened. */
function operationBlock(
  tag: string,
  method: string,
  path: string,
  op: Operation,
  doc: Part,
): HTMLDetailsElement {
  const block = h(
    'details',
    { class: `operation ${method}`, id: op.operationId, 'data-path': path, 'data-method': method },
    h(
      'summary',
      null,
      h('span', { class: 'method' }, method.toUpperCase()),
      ' ',
      h('code', { class: 'path' }, path),
      ' ',
      h('span', { class: 'summary-text' }, op.summary ?? ''),
    ),
  );
  block.addEventListener('toggle', () => {
    if (!block.open) return;
    if (block.children.length === 1)
      block.append(operationView(method, path, dereference(op, doc) as Operation));
    history.replaceState(null, '', linkTo(tag, op.operationId));
  });
  return block;
}

/** The section of a tag: its name as a button, its description, its operations once loaded. */
function tagView(tag: { name: string; description?: string }): TagView {
  const list = h('div', { class: 'operations', hidden: true });
  const button = h('button', { type: 'button', 'aria-expanded': 'false' }, tag.name);
  const section = h(
    'section',
    { class: 'group', 'data-tag': tag.name },
    h('h2', null, button),
    prose(tag.description, 'about'),
    list,
  );
  const operations = new Map<string, HTMLDetailsElement>();
  let loading: Promise<void> | null = null;
  const load = () =>
    (loading ??= part(tag.name).then((doc) => {
      if (doc === null) {
        list.replaceChildren(h('p', { class: 'error', role: 'alert' }, 'This tag has no part.'));
        return;
      }
      const blocks = Object.entries(doc.paths).flatMap(([path, item]) =>
        METHODS.filter((method) => item[method]).map((method) => {
          const block = operationBlock(tag.name, method, path, item[method]!, doc);
          operations.set(item[method]!.operationId, block);
          return block;
        }),
      );
      list.replaceChildren(...blocks);
      filterPage();
    }));
  const show = (shown: boolean) => {
    list.hidden = !shown;
    button.setAttribute('aria-expanded', String(shown));
    section.dataset['open'] = String(shown);
  };
  const open = async () => {
    show(true);
    if (loading === null) list.replaceChildren(h('p', { class: 'about' }, 'Loading…'));
    await load();
  };
  button.addEventListener('click', () => {
    if (list.hidden) {
      history.replaceState(null, '', linkTo(tag.name));
      void open();
    } else show(false);
  });
  show(false);
  return { section, open, operations };
}

/** Every tag's view, in the document's order. */
const views: TagView[] = [];

/** The filter box: it finds tags by name, and the operations of loaded tags by path or summary. */
const filter = h('input', {
  type: 'search',
  class: 'filter',
  placeholder: 'Filter by tag or path',
  'aria-label': 'Filter the tags and operations',
});

/** Shows what the filter finds. */
function filterPage(): void {
  const text = filter.value.trim().toLowerCase();
  for (const { section, operations } of views) {
    const byName = section.dataset['tag']!.toLowerCase().includes(text);
    let found = 0;
    for (const block of operations.values()) {
      const words = block.querySelector('summary')!.textContent!.toLowerCase();
      const shown = byName || words.includes(text);
      block.hidden = !shown;
      if (shown) found++;
    }
    section.hidden = !byName && found === 0;
  }
}
filter.addEventListener('input', filterPage);

/** Opens what a link names, and brings it into view. */
async function follow(hash: string): Promise<void> {
  const link = linked(hash);
  const view = link && views.find(({ section }) => section.dataset['tag'] === link.tag);
  if (!link || !view) return;
  await view.open();
  const block = link.operationId === null ? null : view.operations.get(link.operationId);
  if (block) block.open = true;
  (block ?? view.section).scrollIntoView({ block: 'start' });
}

/** The page, from the first part read. */
function render(doc: Part): void {
  views.push(...doc.tags.map(tagView));
  const license = doc.info.license?.name;
  const page = fragment(
    h(
      'h1',
      null,
      doc.info.title,
      ' ',
      h('span', { class: 'version' }, `version ${doc.info.version}`),
    ),
    prose(doc.info.description),
    h(
      'p',
      { class: 'about' },
      'The whole document: ',
      h('a', { href: '../openapi.json' }, '/openapi.json'),
      license ? `. Licence: ${license}.` : '.',
    ),
    filter,
    views.map((view) => view.section),
  );
  document.getElementById('reference')!.replaceChildren(page);
  void follow(window.location.hash);
  window.addEventListener('hashchange', () => void follow(window.location.hash));
}

linkSite();
void first.then((doc) => {
  if (doc === null) {
    const at = pageSource();
    const why = at.kind === 'refused' ? at.reason : 'The OpenAPI document could not be read.';
    document
      .getElementById('reference')!
      .replaceChildren(h('p', { class: 'error', role: 'alert' }, why));
    return;
  }
  render(doc);
});
