import type { ImportContext } from '../context.ts';

/** The provider key of every row the openfootball importer owns. */
export const OPENFOOTBALL_SOURCE = 'openfootball';

const REPO_URL = 'https://github.com/openfootball/worldcup.json';

/**
 * The provider row. The data is CC0 1.0 (attribution appreciated, not required); the credit names
 * the dataset and links it anyway, as users of a data API expect to see where a result comes from.
 */
export const OPENFOOTBALL_PROVIDER = {
  key: OPENFOOTBALL_SOURCE,
  name: 'openfootball World Cup JSON',
  url: REPO_URL,
  html:
    `<a href="${REPO_URL}">openfootball World Cup JSON</a> (football.db), ` +
    '<a href="https://creativecommons.org/publicdomain/zero/1.0/">CC0 1.0</a>',
  logo: '',
  license: 'CC0 1.0',
} as const;

/** Writes (or refreshes) the provider row and the importer's `meta` entry. */
export function importProvider(ctx: ImportContext): void {
  ctx.save('provider', { ...OPENFOOTBALL_PROVIDER });
  // No timestamp: a second import must leave the database byte-for-byte the same.
  ctx.save('meta', {
    key: 'import.openfootball',
    value:
      'openfootball World Cup JSON (worldcup, stadiums, 2026 squads and teams), importer version 1',
  });
}
