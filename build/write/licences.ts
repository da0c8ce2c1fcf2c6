import type { Db } from '../../data/db.ts';
import type { Provider } from '../../contract/envelope.ts';

/** Where every build puts its licences and credits: `/LICENSES.md`. */
export const LICENCES_FILE = 'LICENSES.md';

/**
 * The licences and credits of the sources a database was made from, as Markdown: one section per
 * provider, with its licence and the credit line its licence asks for. It travels with every
 * build, tree or archive, so a downloaded copy of the data carries its terms.
 */
export function licencesDocument(db: Db): string {
  const providers = db
    .prepare('SELECT name, url, html, license FROM provider ORDER BY key')
    .all() as Pick<Provider, 'name' | 'url' | 'html' | 'license'>[];
  const sections = providers.map((p) =>
    [
      `## ${p.name}`,
      '',
      `- Licence: ${p.license}`,
      `- Source: ${p.url}`,
      `- Credit: ${p.html}`,
    ].join('\n'),
  );
  return [
    '# Licences and credits',
    '',
    'The data of this API comes from the sources below. Every answer names the sources of its',
    'records in `attribution.source`; whoever reuses the data follows the licence of each source',
    'and gives the credit it asks for.',
    '',
    ...(sections.length > 0
      ? sections.join('\n\n').split('\n')
      : ['(The database names no source.)']),
    '',
  ].join('\n');
}
