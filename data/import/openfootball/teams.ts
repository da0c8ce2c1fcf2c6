import { uuidFor } from '../../ids.ts';
import { COUNTRY_ERAS, eraLookup } from '../../../football/country-eras.ts';
import { CONFEDERATION_ID } from '../../../football/lists.ts';
import type { ImportContext } from '../context.ts';
import { addCountryAlias, findCountry } from '../countries.ts';
import { DAY_ONE_2026, type SourceTeam } from './source.ts';

/**
 * The file's team names that other sources (Fjelstul, martj42) spell differently, and the country
 * name they use. Every other name of the files is already the common one; checked against
 * Fjelstul's teams.csv and martj42's results.csv: South Korea, North Korea, Iran, China, Turkey,
 * Czech Republic, Czechoslovakia, West Germany, East Germany, Soviet Union, Russia, Yugoslavia,
 * Serbia and Montenegro, Serbia, Zaire, DR Congo (a country apart from Zaire, as in both), Dutch
 * East Indies, United Arab Emirates, Cape Verde, Curaçao. The files name former teams as such in
 * their years (West Germany 1954–1990, Soviet Union to 1990, Zaire 1974, ...).
 */
export const TEAM_NAMES: Readonly<Record<string, string>> = {
  USA: 'United States', // 1994 on; "United States" in 1930–1950 and 1990
  "Côte d'Ivoire": 'Ivory Coast', // 2006–2014; "Ivory Coast" in 2026
  'Bosnia-Herzegovina': 'Bosnia and Herzegovina', // 2014
  'Bosnia & Herzegovina': 'Bosnia and Herzegovina', // 2026
  // 1990, 1994, 2002: the Republic of Ireland. Never recorded as an alias: "Ireland" is also a
  // former name of Northern Ireland (martj42's former_names.csv), so the bare word must not point
  // anywhere.
  Ireland: 'Republic of Ireland',
};

/** Spellings not recorded as country aliases (ambiguous, see above). */
const NOT_ALIASED = new Set(['Ireland']);

/**
 * Date-dependent names, from the shared country eras. The current files already write the former
 * team's name in its years, so these only guard against a file that uses today's name for a former
 * team's match (openfootball has renamed teams between versions, "Côte d'Ivoire" -> "Ivory Coast"):
 * such a match then still reconciles with the other sources' record of the former team.
 */
const eraOf = eraLookup(COUNTRY_ERAS);

/** The country name of a team name of the files in a match played on `date` (ISO date). */
export function countryName(team: string, date: string): string {
  const name = TEAM_NAMES[team] ?? team;
  return eraOf(name, date)?.country ?? name;
}

/** Country ids of the files' teams. */
export interface OpenfootballTeams {
  /** The country id of a team name of the files in a match played on `date`. */
  team(team: string, date: string): string;
  /** The country id of a country name (a host country): `countryName` without a date. */
  country(name: string): string;
}

/**
 * Teams -> countries, shared with the other sources by name (countries.ts): a name (after the map
 * and the eras above) that the database holds, as a country or an alias, is that country; otherwise
 * a new country row with the confederation `2026/worldcup.teams.json` gives for the team, or NULL
 * for a team not at the 2026 World Cup (the other files do not say; only when openfootball is
 * imported without Fjelstul). The files' other spellings (USA, Côte d'Ivoire, ...) and FIFA's
 * spellings of the teams file (Korea Republic, Czechia, ...) become country aliases, for later
 * sources that write them so.
 *
 * `names` are every (team name, date) of the files and every country name a venue needs.
 */
export function importTeams(
  ctx: ImportContext,
  names: Iterable<readonly [team: string, date: string | null]>,
  teams2026: readonly SourceTeam[],
): OpenfootballTeams {
  const ids = new Map<string, string>();
  const made: NewCountries = { count: 0, unplaced: 0 };
  const resolve = countryResolver(ctx, confederationsOf(teams2026), ids, made);
  const { distinct, spellings } = namesOf(names, teams2026);
  const step = ctx.progress.step('countries', distinct.size);
  for (const name of [...distinct].sort()) {
    resolve(name);
    step.tick();
  }
  step.done();
  for (const [alias, name] of [...spellings].sort(([a], [b]) => a.localeCompare(b)))
    addCountryAlias(ctx, alias, resolve(name));

  if (made.count > 0) {
    ctx.report.note(
      `country: ${made.count} teams no other source had; confederation from ` +
        `2026/worldcup.teams.json, NULL for ${made.unplaced} teams not at the 2026 World Cup ` +
        '(the files do not say)',
    );
  }
  return {
    team: (team, date) => {
      const id = ids.get(countryName(team, date));
      if (id === undefined) throw new Error(`unknown team ${team} (${date})`);
      return id;
    },
    country: (name) => {
      const id = ids.get(name);
      if (id === undefined) throw new Error(`unknown country ${name}`);
      return id;
    },
  };
}

/** The confederation id of each team of the 2026 teams file, by country name. */
function confederationsOf(teams2026: readonly SourceTeam[]): Map<string, number> {
  const confederations = new Map<string, number>();
  for (const team of teams2026) {
    const id = (CONFEDERATION_ID as Record<string, number | undefined>)[team.confed];
    if (id === undefined || team.confed === 'FIFA')
      throw new Error(`worldcup.teams.json: ${team.name}: unknown confederation "${team.confed}"`);
    confederations.set(countryName(team.name, DAY_ONE_2026), id);
  }
  return confederations;
}

/** Countries this source created: how many, and how many of them without a confederation. */
interface NewCountries {
  count: number;
  unplaced: number;
}

/**
 * The country id of a country name, remembered in `ids`: the country the database holds by that
 * name or alias, else a new one (counted in `made`).
 */
function countryResolver(
  ctx: ImportContext,
  confederations: ReadonlyMap<string, number>,
  ids: Map<string, string>,
  made: NewCountries,
): (name: string) => string {
  return (name) => {
    let id = ids.get(name);
    if (id !== undefined) return id;
    id = findCountry(ctx, name) ?? undefined;
    if (id !== undefined) ctx.report.count('country', 'present');
    else {
      id = uuidFor('world', 'country', name);
      const confederation = confederations.get(name) ?? null;
      if (ctx.ensure('country', { id, name, confederation, source: ctx.source }) === 'new') {
        made.count += 1;
        if (confederation === null) made.unplaced += 1;
      }
    }
    ids.set(name, id);
    return id;
  };
}

/**
 * The distinct country names of the files' teams (at their dates) and venues, and the spellings
 * to record as aliases, by the country name they stand for.
 */
function namesOf(
  names: Iterable<readonly [team: string, date: string | null]>,
  teams2026: readonly SourceTeam[],
): { distinct: Set<string>; spellings: Map<string, string> } {
  const distinct = new Set<string>();
  const spellings = new Map<string, string>();
  for (const [team, date] of names) {
    distinct.add(date === null ? team : countryName(team, date));
    const spelling = TEAM_NAMES[team];
    if (spelling !== undefined && !NOT_ALIASED.has(team)) spellings.set(team, spelling);
  }
  for (const team of teams2026) {
    if (team.name_normalised !== undefined)
      spellings.set(team.name_normalised, countryName(team.name, DAY_ONE_2026));
  }
  return { distinct, spellings };
}
