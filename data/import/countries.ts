import { uuidFor } from '../ids.ts';
import type { ImportContext } from './context.ts';

/**
 * Countries are shared by every source: the id is `uuidFor('world', 'country', name)` (as the demo
 * does), so two importers that both know "Brazil" point at one row. A name is first looked up as a
 * country name and then as an alias (`country_alias`), so a source that spells a country
 * differently (and whose importer or another one recorded that spelling as an alias) finds the
 * existing row.
 */

/** The id of a country by its name; uses an existing row (by name or alias) before creating one. */
export function resolveCountry(ctx: ImportContext, name: string, confederation: number): string {
  const existing = findCountry(ctx, name);
  if (existing !== null) {
    ctx.report.count('country', 'present');
    return existing;
  }
  const id = uuidFor('world', 'country', name);
  ctx.ensure('country', { id, name, confederation, source: ctx.source });
  return id;
}

/** The id of an existing country by name or alias, or null. */
export function findCountry(ctx: ImportContext, name: string): string | null {
  const byName = ctx.db
    .prepare<[string], { id: string }>('SELECT id FROM country WHERE name = ?')
    .get(name);
  if (byName) return byName.id;
  const byAlias = ctx.db
    .prepare<[string], { country: string }>('SELECT country FROM country_alias WHERE alias = ?')
    .get(name);
  return byAlias ? byAlias.country : null;
}

/**
 * Records an alias of a country unless the alias is a country name itself or already points
 * somewhere (first writer wins: an alias is one global key).
 */
export function addCountryAlias(ctx: ImportContext, alias: string, country: string): void {
  if (findCountry(ctx, alias) !== null) {
    ctx.report.count('country_alias', 'present');
    return;
  }
  ctx.ensure('country_alias', { alias, country });
}
