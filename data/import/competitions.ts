import { uuidFor } from '../ids.ts';
import type { ImportContext } from './context.ts';

/**
 * An international competition several sources know (the men's World Cup is in Fjelstul,
 * openfootball and martj42): its id is `uuidFor('world', 'competition', name)`, whatever the
 * source, so every importer that names it points at one row (the first importer writes it, the
 * others find it).
 * `confederation` is the organiser, or null when no confederation organises it.
 */
export function ensureIntlCompetition(
  ctx: ImportContext,
  name: string,
  confederation: number | null,
): string {
  const id = uuidFor('world', 'competition', name);
  ctx.ensure('competition', { id, name, level: null, supplier_id: null, source: ctx.source });
  ctx.ensure('intl_competition', { id, confederation });
  return id;
}

/**
 * The calendar-year season `year` (id = the year, docs/api.md#resources), written if absent.
 */
export function ensureYearSeason(ctx: ImportContext, year: number): number {
  ctx.ensure('season', { id: year, name: String(year), supplier_id: null });
  return year;
}

/** The name of the men's World Cup competition, shared by every source that has it. */
export const MENS_WORLD_CUP = "FIFA Men's World Cup";
