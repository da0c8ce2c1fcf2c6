import {
  COUNTRY_ERAS,
  eraLookup,
  type Era,
  type EraLookup,
} from '../../../football/country-eras.ts';
import { CONFEDERATION_ID, type ConfederationCode } from '../../../football/lists.ts';
import type { ImportContext } from '../context.ts';
import { addCountryAlias, findCountry } from '../countries.ts';
import { uuidFor } from '../../ids.ts';
import { nameKey } from '../written-names.ts';
import { readSource, type SourceRecord } from './source.ts';

/**
 * Tournaments only a confederation's members enter (qualifiers, nations leagues, championships
 * without invited guests): a team's latest match in one of them tells its confederation, also
 * across a move (Australia: OFC, then AFC). Copa América and the Gold Cup have invited guests and
 * are not used.
 */
const MEMBERS_ONLY: Readonly<Record<string, ConfederationCode>> = {
  'UEFA Euro qualification': 'UEFA',
  'UEFA Nations League': 'UEFA',
  'UEFA Euro': 'UEFA',
  'African Cup of Nations qualification': 'CAF',
  'African Cup of Nations': 'CAF',
  'AFC Asian Cup qualification': 'AFC',
  'AFC Asian Cup': 'AFC',
  'AFC Challenge Cup': 'AFC',
  'AFC Challenge Cup qualification': 'AFC',
  'AFC Solidarity Cup': 'AFC',
  'CONCACAF Nations League': 'CONCACAF',
  'CONCACAF Nations League qualification': 'CONCACAF',
  'Gold Cup qualification': 'CONCACAF',
  'CFU Caribbean Cup': 'CONCACAF',
  'CFU Caribbean Cup qualification': 'CONCACAF',
  'CONCACAF Championship': 'CONCACAF',
  'CONCACAF Championship qualification': 'CONCACAF',
  'UNCAF Cup': 'CONCACAF',
  'Oceania Nations Cup': 'OFC',
  'Oceania Nations Cup qualification': 'OFC',
};

/**
 * The periods the file's team names are read with, in the order they are tried: former_names.csv's
 * own (the file's word on when it wrote a team under another name: Russia as the Soviet Union,
 * DR Congo as Zaïre, Serbia as Serbia and Montenegro, ...), then the shared country eras (periods
 * it writes under today's name although other sources keep a country apart: West Germany, East
 * Germany as "German DR", FR Yugoslavia as Serbia, ...). `known` tells a country the database
 * holds; an era of another one (FR Yugoslavia, CIS, Dahomey: names no source keeps as a country) is
 * left out, so it neither sends a match to a country that does not exist nor hides a later era of
 * the same date.
 */
export function teamEras(
  formerNames: readonly SourceRecord<'former_names'>[],
  known: (country: string) => boolean,
): EraLookup {
  const fromFile = formerNames.map((row): Era => ({
    name: row.current,
    country: row.former,
    from: row.start_date,
    to: row.end_date,
  }));
  return eraLookup([...fromFile, ...COUNTRY_ERAS].filter((era) => known(era.country)));
}

/** Countries of the results file's teams. */
export interface Martj42Teams {
  /** The country id of `team` (a name of the file) in a match played on `date`. */
  country(team: string, date: string): string;
}

/**
 * Teams -> countries.
 *
 * - The file names every team by its current name; former_names.csv lists the names it played under
 *   before (Dahomey for Benin, ...). Those become `country_alias` rows of the current country: one
 *   team across renames is one country.
 * - Where another source already holds a former name as a country of its own (Soviet Union, Zaire,
 *   Serbia and Montenegro, Dutch East Indies; and the shared country eras, see `teamEras`), the
 *   file's matches of that period are that country's, so a match both sources hold reconciles and
 *   a team's record is not split.
 * - A name another source knows (by name or alias) is that country; a new one is created with the
 *   confederation of its latest members-only tournament match (above), or NULL when it never played
 *   one (Basque Country, Monaco, Greenland, ...: teams outside every confederation).
 */
export function importTeams(
  ctx: ImportContext,
  dir: string,
  results: readonly SourceRecord<'results'>[],
): Martj42Teams {
  const countryByKey = new Map<string, string>();
  for (const row of ctx.db
    .prepare<[], { id: string; name: string }>('SELECT id, name FROM country')
    .all()) {
    countryByKey.set(nameKey(row.name), row.id);
  }
  const existing = (name: string): string | null =>
    findCountry(ctx, name) ?? countryByKey.get(nameKey(name)) ?? null;

  const formerNames = readSource(dir, 'former_names');
  // By country name only: an alias (a spelling or former name) must not pull a period elsewhere.
  const eraOf = teamEras(formerNames, (country) => countryByKey.has(nameKey(country)));
  const { byName, created } = resolveTeams(ctx, results, existing);
  for (const row of formerNames) {
    const current = byName.get(row.current) ?? existing(row.current);
    if (current !== null) addCountryAlias(ctx, row.former, current);
  }
  if (created > 0)
    ctx.report.note(
      `country: ${created} teams no other source has; confederation from their latest ` +
        'members-only tournament, NULL for teams that never played one',
    );

  return {
    country(team, date) {
      const era = eraOf(team, date);
      if (era) return countryByKey.get(nameKey(era.country))!;
      const id = byName.get(team);
      if (!id) throw new Error(`unknown team ${team}`);
      return id;
    },
  };
}

/**
 * The country id of every team of the results, by name: the one `existing` finds, else a new
 * country with the confederation of its latest members-only tournament match (`created` of them).
 */
function resolveTeams(
  ctx: ImportContext,
  results: readonly SourceRecord<'results'>[],
  existing: (name: string) => string | null,
): { byName: Map<string, string>; created: number } {
  const latest = latestConfederations(results);
  const byName = new Map<string, string>();
  const teams = [...new Set(results.flatMap((r) => [r.home_team, r.away_team]))].sort();
  const step = ctx.progress.step('countries', teams.length);
  let created = 0;
  for (const team of teams) {
    const found = existing(team);
    if (found !== null) {
      ctx.report.count('country', 'present');
      byName.set(team, found);
    } else {
      const id = uuidFor('world', 'country', team);
      const confederation = latest.get(team);
      if (
        ctx.ensure('country', {
          id,
          name: team,
          confederation: confederation ? CONFEDERATION_ID[confederation] : null,
          source: ctx.source,
        }) === 'new'
      )
        created += 1;
      byName.set(team, id);
    }
    step.tick();
  }
  step.done();
  return { byName, created };
}

/** The confederation of each team's latest match in a members-only tournament (`MEMBERS_ONLY`). */
function latestConfederations(
  results: readonly SourceRecord<'results'>[],
): Map<string, ConfederationCode> {
  const latest = new Map<string, ConfederationCode>();
  for (const row of results) {
    const confederation = MEMBERS_ONLY[row.tournament];
    if (confederation)
      for (const team of [row.home_team, row.away_team]) latest.set(team, confederation);
  }
  return latest;
}
