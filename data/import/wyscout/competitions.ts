import { CONFEDERATION_ID } from '../../../football/lists.ts';
import { ensureIntlCompetition } from '../competitions.ts';
import type { ImportContext } from '../context.ts';
import { COMPETITIONS, type CompetitionFile, type WyMatch } from './source.ts';
import type { WyscoutTeams } from './teams.ts';

/** Where a competition's matches go: competition id, season id, host or league country. */
export interface WyscoutCompetition {
  readonly file: CompetitionFile;
  readonly id: string;
  readonly season: number;
  readonly country: string;
  readonly national: boolean;
}

/**
 * The competition and season of one competition file. Leagues are domestic competitions of this
 * source (level 1, Wyscout's competition id as `supplier_id`) with a split season (2017/18: id
 * 20172018, docs/api.md#resources); tournaments are the shared international competitions
 * the other sources also name (the men's World Cup, UEFA Euro), with the calendar year as season.
 */
export function importCompetition(
  ctx: ImportContext,
  file: CompetitionFile,
  matches: readonly WyMatch[],
  teams: WyscoutTeams,
): WyscoutCompetition {
  const spec = COMPETITIONS[file];
  const country = teams.country({ name: spec.country, alpha3code: '' });
  const years = matches.map((m) => Number(m.dateutc.slice(0, 4)));
  const [first, last] = [Math.min(...years), Math.max(...years)];
  if (spec.organiser !== null) {
    if (first !== last) throw new Error(`${file}: a tournament spanning ${first}-${last}`);
    ctx.ensure('season', { id: first, name: String(first), supplier_id: null });
    const id = ensureIntlCompetition(ctx, spec.name, CONFEDERATION_ID[spec.organiser]);
    return { file, id, season: first, country, national: true };
  }
  if (last !== first + 1) throw new Error(`${file}: a league season spanning ${first}-${last}`);
  const season = first * 10000 + last;
  ctx.ensure('season', {
    id: season,
    name: `${first}-${last}`,
    supplier_id: matches[0]!.seasonId ?? null,
  });
  const id = ctx.id('competition', file);
  ctx.save('competition', {
    id,
    name: spec.name,
    level: 1,
    supplier_id: matches[0]!.competitionId,
    source: ctx.source,
  });
  ctx.save('domestic_competition', { id, country });
  return { file, id, season, country, national: false };
}
