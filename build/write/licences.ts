import type { Db } from '../../data/db.ts';
import type { Provider } from '../../contract/envelope.ts';

/** Where every build puts its licences and credits: `/LICENSES.md`. */
export const LICENCES_FILE = 'LICENSES.md';

/** The providers of a database, by key, in the order of their keys. */
export function readProviders(db: Db): Map<string, Provider> {
  const rows = db
    .prepare('SELECT key, name, url, html, logo, license FROM provider ORDER BY key')
    .all() as (Provider & { key: string })[];
  return new Map(rows.map(({ key, ...p }) => [key, p]));
}

/**
 * The licences and credits of the sources a database was made from, as Markdown: one section per
 * provider, with its licence and the credit line its licence asks for. It travels with every
 * build, tree or archive, so a downloaded copy of the data carries its terms.
 */
export function licencesDocument(db: Db): string {
  const sections = [...readProviders(db).values()].map((p) =>
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
