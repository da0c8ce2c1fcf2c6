import type { ImportContext } from '../context.ts';

/** The provider key of every row the Wyscout importer owns. */
export const WYSCOUT_SOURCE = 'wyscout';

const DOI = 'https://doi.org/10.1038/s41597-019-0247-7';
const COLLECTION = 'https://doi.org/10.6084/m9.figshare.c.4415000';

/**
 * The provider row. The data is CC BY 4.0: the credit cites the paper the licence asks for, names
 * Wyscout as the collector and links the licence.
 */
export const WYSCOUT_PROVIDER = {
  key: WYSCOUT_SOURCE,
  name: 'Wyscout public soccer-logs (Pappalardo et al. 2019)',
  url: COLLECTION,
  html:
    'Pappalardo, L., Cintia, P., Rossi, A. et al. ' +
    `<a href="${DOI}">A public data set of spatio-temporal match events in soccer competitions</a>. ` +
    `Sci Data 6, 236 (2019); <a href="${COLLECTION}">Soccer match event dataset</a>, data collected by ` +
    '<a href="https://wyscout.com">Wyscout</a>, <a href="https://creativecommons.org/licenses/by/4.0/">CC BY 4.0</a>',
  logo: '',
  license: 'CC BY 4.0',
} as const;

/** Writes (or refreshes) the provider row and the importer's `meta` entry. */
export function importProvider(ctx: ImportContext): void {
  ctx.save('provider', { ...WYSCOUT_PROVIDER });
  ctx.save('meta', {
    key: 'import.wyscout',
    value: 'Wyscout public event data (matches, players, teams, events), importer version 1',
  });
}
