import { CONFEDERATION_ID, type ConfederationCode } from '../../reference/lists.ts';
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

/** A period in which a team of the results file played as a country another source names apart. */
interface Era {
  readonly team: string;
  readonly from: string;
  readonly to: string;
  readonly country: string;
}

/**
 * Periods the results file files under a current name but other sources (Fjelstul) keep as a
 * country of its own, beyond those former_names.csv lists: West Germany (1950 to reunification;
 * "Germany" before the war is Germany in every source), East Germany ("German DR"), and FR
 * Yugoslavia (1994–2003), which the results file lists as Serbia and Fjelstul as Yugoslavia.
 */
const EXTRA_ERAS: readonly Era[] = [
  { team: 'Germany', from: '1950-01-01', to: '1990-10-02', country: 'West Germany' },
  { team: 'German DR', from: '0000-01-01', to: '9999-12-31', country: 'East Germany' },
  { team: 'Serbia', from: '1994-12-23', to: '2003-02-03', country: 'Yugoslavia' },
];

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
 *   Serbia and Montenegro, Dutch East Indies; and the eras above), the file's matches of that
 *   period are that country's, so a match both sources hold reconciles and a team's record is not
 *   split.
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

  const eras: Era[] = [];
  const formerNames = readSource(dir, 'former_names');
  for (const row of formerNames) {
    eras.push({ team: row.current, from: row.start_date, to: row.end_date, country: row.former });
  }
  eras.push(...EXTRA_ERAS);
  const eraCountry = new Map<Era, string>();
  for (const era of eras) {
    // By country name only: an alias (a spelling or former name) must not pull a period elsewhere.
    const id = countryByKey.get(nameKey(era.country));
    if (id !== undefined) eraCountry.set(era, id);
  }

  const latest = new Map<string, ConfederationCode>();
  for (const row of results) {
    const confederation = MEMBERS_ONLY[row.tournament];
    if (confederation)
      for (const team of [row.home_team, row.away_team]) latest.set(team, confederation);
  }

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
  for (const row of formerNames) {
    const current = byName.get(row.current) ?? existing(row.current);
    if (current !== null) addCountryAlias(ctx, row.former, current);
  }
  if (created > 0)
    ctx.report.note(
      `country: ${created} teams no other source has; confederation from their latest members-only tournament, NULL for teams that never played one`,
    );

  const erasOf = new Map<string, Era[]>();
  for (const era of eraCountry.keys()) erasOf.set(era.team, [...(erasOf.get(era.team) ?? []), era]);
  return {
    country(team, date) {
      const era = erasOf.get(team)?.find((e) => e.from <= date && date <= e.to);
      if (era) return eraCountry.get(era)!;
      const id = byName.get(team);
      if (!id) throw new Error(`unknown team ${team}`);
      return id;
    },
  };
}
