import { CONFEDERATION_ID } from '../../../football/lists.ts';
import { ensureIntlCompetition, ensureYearSeason, MENS_WORLD_CUP } from '../competitions.ts';
import type { ImportContext } from '../context.ts';
import { recordError, requiredInt } from '../csv.ts';
import { readSource } from './source.ts';

/** The competition and season of each tournament (`WC-2022` -> men's World Cup, season 2022). */
export interface Tournament {
  readonly competition: string;
  readonly season: number;
  readonly women: boolean;
  /** The source's name, e.g. "2022 FIFA Men's World Cup". */
  readonly name: string;
}

/** The two competitions, keyed by the source's tournament name without the year. */
const COMPETITIONS = [MENS_WORLD_CUP, "FIFA Women's World Cup"] as const;

/**
 * Competitions, seasons and the tournament -> (competition, season) map. The men's and the women's
 * World Cup are two competitions (intl_competition of FIFA, id 16; ids shared with the other
 * sources that have them, competitions.ts); level is NULL (no pyramid). A season is the tournament
 * year (id = year, name 'YYYY'), shared with every other source's calendar season of that year, so
 * it is only inserted when absent.
 */
export function importCompetitions(
  ctx: ImportContext,
  dir: string,
): ReadonlyMap<string, Tournament> {
  const ids = new Map<string, string>();
  for (const name of COMPETITIONS) {
    ids.set(name, ensureIntlCompetition(ctx, name, CONFEDERATION_ID.FIFA));
  }

  const tournaments = new Map<string, Tournament>();
  for (const row of readSource(dir, 'tournaments')) {
    const year = requiredInt(row, 'year');
    const competitionName = row.tournament_name.replace(/^\d{4}\s+/, '');
    const competition = ids.get(competitionName);
    if (!competition)
      throw recordError(
        row,
        `tournament ${row.tournament_id}: unknown competition "${competitionName}"`,
      );
    tournaments.set(row.tournament_id, {
      competition,
      season: ensureYearSeason(ctx, year),
      women: competitionName === COMPETITIONS[1],
      name: row.tournament_name,
    });
  }
  return tournaments;
}
