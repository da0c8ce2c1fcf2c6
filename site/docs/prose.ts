import { h, type Child } from '../explorer/dom.ts';

/**
 * The descriptions of the OpenAPI document as the page shows them. They use a small part of
 * Markdown: paragraphs split by a blank line, `**bold**` and `` `code` ``, and headings (`### `)
 * that open a section after the description's own words. That part is rendered here into
 * elements, as text: a description is never parsed as HTML.
 */

/** The inline marks of a description's text: `code` and **bold**. */
const MARKS = /(`[^`]+`|\*\*[^*]+\*\*)/;

/** One paragraph's text, its marks as elements. */
function inline(text: string): Child[] {
  return text
    .split(MARKS)
    .filter((piece) => piece !== '')
    .map((piece) => {
      if (piece.startsWith('`') && piece.endsWith('`')) return h('code', null, piece.slice(1, -1));
      if (piece.startsWith('**') && piece.endsWith('**'))
        return h('strong', null, piece.slice(2, -2));
      return piece;
    });
}

/** A description as paragraphs; none for no text. */
export function prose(text: string | undefined, className = 'prose'): HTMLElement[] {
  return (text ?? '')
    .split(/\n\s*\n/)
    .map((paragraph) => paragraph.trim())
    .filter((paragraph) => paragraph !== '')
    .map((paragraph) => h('p', { class: className }, inline(paragraph)));
}

/** A headed section of a description: its heading and its text. */
export interface Section {
  heading: string;
  text: string;
}

/** An ATX heading line (`### What a query reads`), and its text. */
const HEADING = /^#{1,6}[ \t]+(.+?)[ \t#]*$/m;

/**
 * A description split at its headings: its own words (the text before the first heading), and
 * each headed section after them, in order.
 */
export function sections(text: string | undefined): { lead: string; sections: Section[] } {
  const [lead = '', ...rest] = (text ?? '').split(HEADING);
  const found: Section[] = [];
  // `split` with a group alternates each heading's text and the text up to the next heading.
  for (let i = 0; i + 1 < rest.length; i += 2)
    found.push({ heading: rest[i]!, text: rest[i + 1]! });
  return { lead, sections: found };
}
