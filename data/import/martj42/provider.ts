import type { ImportContext } from '../context.ts';

/** The provider key of every row the martj42 importer owns. */
export const MARTJ42_SOURCE = 'martj42';

const REPO_URL = 'https://github.com/martj42/international_results';

/**
 * The provider row. The data is CC0 1.0 (no attribution required); the credit names the dataset and
 * its author anyway, as users of a data API expect to see where a result comes from.
 */
export const MARTJ42_PROVIDER = {
  key: MARTJ42_SOURCE,
  name: 'International football results from 1872 (martj42)',
  url: REPO_URL,
  html:
    `<a href="${REPO_URL}">International football results from 1872</a> by Mart Jürisoo, ` +
    '<a href="https://creativecommons.org/publicdomain/zero/1.0/">CC0 1.0</a>',
  logo: '',
  license: 'CC0 1.0',
} as const;

/** Writes (or refreshes) the provider row and the importer's `meta` entry. */
export function importProvider(ctx: ImportContext): void {
  ctx.save('provider', { ...MARTJ42_PROVIDER });
  ctx.save('meta', {
    key: 'import.martj42',
    value:
      'martj42 international results (results, goalscorers, shootouts, former_names), importer version 1',
  });
}
