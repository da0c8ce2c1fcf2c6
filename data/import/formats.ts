import { fjelstul } from './fjelstul/index.ts';
import type { Importer } from './importer.ts';
import { martj42 } from './martj42/index.ts';

/**
 * The import formats by name. A new source is one module exporting an `Importer` (martj42, openfootball,
 * wyscout are planned), added here.
 */
export const FORMATS: Readonly<Record<string, Importer>> = {
  [fjelstul.format]: fjelstul,
  [martj42.format]: martj42,
};

/** The importer of a format; throws with the list of known formats otherwise. */
export function importerFor(format: string): Importer {
  const importer = FORMATS[format];
  if (!importer) throw new Error(`unknown format "${format}"; known formats: ${Object.keys(FORMATS).join(', ')}`);
  return importer;
}
