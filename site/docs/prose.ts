import { h, type Child } from '../explorer/dom.ts';

/**
 * The descriptions of the OpenAPI document as the page shows them. They use a small part of
 * Markdown: paragraphs split by a blank line, `**bold**` and `` `code` ``. That part is rendered
 * here into elements, as text: a description is never parsed as HTML.
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
