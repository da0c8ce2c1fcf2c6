import type { ImportContext } from '../context.ts';

/** The provider key of every row the Fjelstul importer owns. */
export const FJELSTUL_SOURCE = 'fjelstul';

const LICENSE_URL = 'https://creativecommons.org/licenses/by-sa/4.0/legalcode';
const REPO_URL = 'https://github.com/jfjelstul/worldcup';

/**
 * The provider row. The credit follows the upstream README (LICENSE-ATTRIBUTION.md): the author's
 * name, the copyright notice, links to the licence and to the repository, and a note that the data
 * was modified (converted to this API's model). Anything built from it is CC-BY-SA 4.0 as well.
 * There is no provider logo; `logo` is empty (the column is NOT NULL).
 */
export const FJELSTUL_PROVIDER = {
  key: FJELSTUL_SOURCE,
  name: 'Fjelstul World Cup Database',
  url: REPO_URL,
  html:
    `<a href="${REPO_URL}">Fjelstul World Cup Database</a> by Joshua C. Fjelstul, Ph.D., ` +
    `© 2023 Joshua C. Fjelstul, Ph.D., licensed under <a href="${LICENSE_URL}">CC-BY-SA 4.0</a>; ` +
    'modified: converted to the model of this API',
  logo: '',
  license: 'CC-BY-SA 4.0',
} as const;

/** Writes (or refreshes) the provider row and the importer's `meta` entry. */
export function importProvider(ctx: ImportContext): void {
  ctx.save('provider', { ...FJELSTUL_PROVIDER });
  // No timestamp: a second import must leave the database byte-for-byte the same.
  ctx.save('meta', {
    key: 'import.fjelstul',
    value: 'Fjelstul World Cup Database (data-csv), importer version 1',
  });
}
