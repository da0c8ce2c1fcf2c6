import { fjelstul } from './fjelstul/index.ts';
import type { Importer } from './importer.ts';
import { martj42 } from './martj42/index.ts';
import { openfootball } from './openfootball/index.ts';
import { wyscout } from './wyscout/index.ts';
import { packageImporter } from '../package/import.ts';

/**
 * The import formats by name: the four open sources and the project's own package format. A new
 * source is one module exporting an `Importer`, added here.
 */
export const FORMATS: Readonly<Record<string, Importer>> = {
  [fjelstul.format]: fjelstul,
  [openfootball.format]: openfootball,
  [martj42.format]: martj42,
  [wyscout.format]: wyscout,
  [packageImporter.format]: packageImporter,
};

/** The importer of a format; throws with the list of known formats otherwise. */
export function importerFor(format: string): Importer {
  const importer = FORMATS[format];
  if (!importer)
    throw new Error(
      `unknown format "${format}"; known formats: ${Object.keys(FORMATS).join(', ')}`,
    );
  return importer;
}
