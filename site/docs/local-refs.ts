/**
 * The references of a part of the OpenAPI document, resolved in the page. Every `$ref` of the
 * document points at one of its own components (`#/components/schemas/v1_persons`), so resolving
 * one is reading the component it names: no fetch, no other document.
 */

/** The value a local JSON pointer (`#/components/schemas/Error`) names in `root`, if any. */
function pointed(root: unknown, pointer: string): unknown {
  return pointer
    .slice(2)
    .split('/')
    .map((token) => token.replaceAll('~1', '/').replaceAll('~0', '~'))
    .reduce<unknown>(
      (value, token) =>
        value !== null && typeof value === 'object'
          ? (value as Record<string, unknown>)[token]
          : undefined,
      root,
    );
}

/**
 * `value` with every local `$ref` in it replaced by what it names in `root`, recursively. A `$ref`
 * with other keys beside it (a description) keeps them over the target's. A reference met again
 * inside its own target, or one that names nothing, is left as it is.
 */
export function dereference(value: unknown, root: unknown, open: readonly string[] = []): unknown {
  if (Array.isArray(value)) return value.map((item) => dereference(item, root, open));
  if (value === null || typeof value !== 'object') return value;
  const { $ref, ...rest } = value as Record<string, unknown>;
  if (typeof $ref === 'string' && $ref.startsWith('#/') && !open.includes($ref)) {
    const target = pointed(root, $ref);
    if (target !== undefined) {
      const resolved = dereference(target, root, [...open, $ref]);
      const siblings = dereference(rest, root, open) as Record<string, unknown>;
      return Object.keys(siblings).length > 0 && resolved !== null && typeof resolved === 'object'
        ? { ...resolved, ...siblings }
        : resolved;
    }
  }
  return Object.fromEntries(
    Object.entries(value).map(([key, item]) => [key, dereference(item, root, open)]),
  );
}
