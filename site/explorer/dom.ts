/**
 * Elements made from data without ever parsing it as HTML: text goes in as text nodes, so a name
 * in the data cannot become markup.
 */

export type Child = Node | string | number | null | undefined | false | Child[];
type Attributes = Record<string, string | number | boolean | null | undefined>;

function append(parent: ParentNode, children: Child[]): void {
  const add = (child: Child): void => {
    if (Array.isArray(child)) child.forEach(add);
    else if (child instanceof Node) parent.append(child);
    else if (child !== null && child !== undefined && child !== false) parent.append(String(child));
  };
  children.forEach(add);
}

function fill(element: Element, attributes: Attributes | null, children: Child[]): void {
  for (const [name, value] of Object.entries(attributes ?? {})) {
    if (value === true) element.setAttribute(name, '');
    else if (value !== false && value !== null && value !== undefined)
      element.setAttribute(name, String(value));
  }
  append(element, children);
}

/** Children without an element around them, to put in place of a page's content. */
export function fragment(...children: Child[]): DocumentFragment {
  const node = document.createDocumentFragment();
  append(node, children);
  return node;
}

/** An HTML element. */
export function h<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  attributes: Attributes | null = null,
  ...children: Child[]
): HTMLElementTagNameMap[K] {
  const element = document.createElement(tag);
  fill(element, attributes, children);
  return element;
}

/** An SVG element. */
export function s<K extends keyof SVGElementTagNameMap>(
  tag: K,
  attributes: Attributes | null = null,
  ...children: Child[]
): SVGElementTagNameMap[K] {
  const element = document.createElementNS('http://www.w3.org/2000/svg', tag);
  fill(element, attributes, children);
  return element;
}

/** A match time as football writes it: `45+2'`. */
export function minute(timeMins: number, stoppageMins: number | null): string {
  return stoppageMins ? `${timeMins}+${stoppageMins}'` : `${timeMins}'`;
}
