import { CONFEDERATION_ID } from '../../../football/lists.ts';
import type { ImportContext } from '../context.ts';
import { addCountryAlias, resolveCountry } from '../countries.ts';
import { readSource } from './source.ts';

/** Country ids of the source's teams and country names. */
export interface FjelstulCountries {
  /** Country id by team id (`T-xx`): a national team is its country. */
  readonly byTeam: ReadonlyMap<string, string>;
  /** Country id by country name (team names, and the countries of referees without a team here). */
  readonly byName: ReadonlyMap<string, string>;
  /** Country id by team id or name; throws for an unknown one (the source is self-consistent). */
  team(teamId: string): string;
  name(countryName: string): string;
}

/** The confederation id of a confederation code of the source (AFC, CAF, ...: the fixed ids). */
function confederation(code: string, what: string): number {
  const id = (CONFEDERATION_ID as Record<string, number | undefined>)[code];
  if (id === undefined || code === 'FIFA')
    throw new Error(`${what}: unknown confederation code ${JSON.stringify(code)}`);
  return id;
}

/**
 * Source errors in the confederation of a country, corrected: the referee file lists Benin's
 * referee under the AFC, but Benin's association is a CAF member (the only such inconsistency in
 * the files).
 */
const CONFEDERATION_FIX: Record<string, string> = { Benin: 'CAF' };

/**
 * Team codes not recorded as aliases: DEU is both Germany's and West Germany's code in the source,
 * and the source gives two former teams their successor's code (Dutch East Indies IDN, Zaire COD),
 * which would send a later source's "IDN"/"COD" to the former team.
 */
const CODES_NOT_ALIASED = new Set(['DEU', 'IDN', 'COD']);

/**
 * Countries from teams.csv. The file has one row per country with flags for its men's and women's
 * teams, so a country is one row keyed by the team name (no " women's" variants to strip). Former
 * countries stay as the source names them (West Germany, Soviet Union, Zaire, ...): matches of
 * those years point at them. Team codes become `country_alias` rows. Referees also come from
 * countries without a World Cup team (Bahrain, Finland, ...); those get a country row with the
 * referee file's confederation.
 */
export function importCountries(ctx: ImportContext, dir: string): FjelstulCountries {
  const byTeam = new Map<string, string>();
  const byName = new Map<string, string>();
  const teams = readSource(dir, 'teams');
  const codeCount = new Map<string, number>();
  for (const team of teams) codeCount.set(team.team_code, (codeCount.get(team.team_code) ?? 0) + 1);

  const step = ctx.progress.step('countries', teams.length);
  for (const team of teams) {
    const id = resolveCountry(
      ctx,
      team.team_name,
      confederation(team.confederation_code, `team ${team.team_id}`),
    );
    byTeam.set(team.team_id, id);
    byName.set(team.team_name, id);
    step.tick();
  }
  for (const team of teams) {
    if (codeCount.get(team.team_code) === 1 && !CODES_NOT_ALIASED.has(team.team_code)) {
      addCountryAlias(ctx, team.team_code, byTeam.get(team.team_id)!);
    }
  }
  step.done();

  for (const referee of readSource(dir, 'referees')) {
    if (byName.has(referee.country_name)) continue;
    const code = CONFEDERATION_FIX[referee.country_name] ?? referee.confederation_code;
    byName.set(
      referee.country_name,
      resolveCountry(
        ctx,
        referee.country_name,
        confederation(code, `referee ${referee.referee_id}`),
      ),
    );
  }

  return {
    byTeam,
    byName,
    team(teamId) {
      const id = byTeam.get(teamId);
      if (!id) throw new Error(`unknown team id ${teamId}`);
      return id;
    },
    name(countryName) {
      const id = byName.get(countryName);
      if (!id) throw new Error(`unknown country ${countryName}`);
      return id;
    },
  };
}
