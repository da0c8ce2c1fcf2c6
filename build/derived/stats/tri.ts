/**
 * Three-valued answers: a rule asked whether an action counts answers true, false, or null when the
 * source does not say (a shot without a body-part modifier is neither headed nor not headed). A
 * count with one unknown among its items is itself unknown: null, never a made-up number.
 */

/** true, false, or null for "the source does not say". */
export type Tri = boolean | null;

/** Kleene AND: false as soon as one part is false, otherwise null if one part is unknown. */
export function all(...parts: Tri[]): Tri {
  let unknown = false;
  for (const p of parts) {
    if (p === false) return false;
    if (p === null) unknown = true;
  }
  return unknown ? null : true;
}

/** Negation; unknown stays unknown. */
export function not(value: Tri): Tri {
  return value === null ? null : !value;
}

/** How many items pass `test`; null when the test cannot tell for one of them. */
export function countOf<T>(items: readonly T[], test: (item: T) => Tri): number | null {
  let n = 0;
  for (const item of items) {
    const t = test(item);
    if (t === null) return null;
    if (t) n++;
  }
  return n;
}
