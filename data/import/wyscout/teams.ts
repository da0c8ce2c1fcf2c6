import { uuidFor } from '../../ids.ts';
import type { ImportContext } from '../context.ts';
import { addCountryAlias, findCountry } from '../countries.ts';
import { unescape, type WyArea, type WyTeam } from './source.ts';

/**
 * Wyscout's spellings of countries the other sources (and the model) name differently. A country is
 * found by its model name, so the Wyscout data joins the national teams the other importers wrote;
 * the Wyscout spelling is recorded as an alias.
 */
const COUNTRY_NAMES: Readonly<Record<string, string>> = {
  'Cape Verde Islands': 'Cape Verde',
  'China PR': 'China',
  "Côte d'Ivoire": 'Ivory Coast',
  'Ireland Republic': 'Republic of Ireland',
  'Korea DPR': 'North Korea',
  'Korea Republic': 'South Korea',
  'Macedonia FYR': 'North Macedonia',
  Reunion: 'Réunion',
  'São Tomé e Príncipe': 'São Tomé and Príncipe',
  'St. Lucia': 'Saint Lucia',
};

/**
 * Country ids of the source's areas, and team ids (a club's team row, a national team's country).
 */
export interface WyscoutTeams {
  /** The country id of an area (a team's or a player's), created if no source has it yet. */
  country(area: WyArea): string;
  /**
   * The team id of a Wyscout team: a `team` row for a club, the `country` row for a national team.
   */
  team(wyId: number): string;
  /** The Wyscout team behind a wyId. */
  source(wyId: number): WyTeam;
}

/**
 * Countries and teams. Areas and national teams map onto the model's countries by name (with the
 * spellings above); a country no source has yet is created with the confederation NULL, since the
 * files do not say it. Clubs become `team` rows (name, country of the club's area, Wyscout id as
 * `supplier_id`; the `wanted` ones); a national team is its country, as everywhere in the model.
 */
export function importTeams(
  ctx: ImportContext,
  teams: readonly WyTeam[],
  wanted: (team: WyTeam) => boolean,
): WyscoutTeams {
  const countries = new Map<string, string>();
  const country = (area: WyArea): string => {
    const written = unescape(area.name);
    let id = countries.get(written);
    if (id !== undefined) return id;
    const name = COUNTRY_NAMES[written] ?? written;
    id = findCountry(ctx, name) ?? findCountry(ctx, written) ?? undefined;
    if (id === undefined) {
      id = uuidFor('world', 'country', name);
      ctx.ensure('country', { id, name, confederation: null, source: ctx.source });
    }
    if (written !== name) addCountryAlias(ctx, written, id);
    countries.set(written, id);
    return id;
  };

  const byId = new Map<number, WyTeam>();
  const ids = new Map<number, string>();
  const step = ctx.progress.step('teams', teams.length);
  for (const team of teams) {
    byId.set(team.wyId, team);
    if (team.type === 'national') {
      ids.set(team.wyId, country({ ...team.area, name: team.name }));
    } else if (wanted(team)) {
      const id = ctx.id('team', team.wyId);
      ctx.save('team', {
        id,
        name: unescape(team.name),
        country: country(team.area),
        supplier_id: team.wyId,
        source: ctx.source,
      });
      ids.set(team.wyId, id);
    }
    step.tick();
  }
  step.done();
  const lookup =
    <T>(map: Map<number, T>) =>
    (wyId: number): T => {
      const found = map.get(wyId);
      if (found === undefined) throw new Error(`unknown Wyscout team ${wyId}`);
      return found;
    };
  return { country, team: lookup(ids), source: lookup(byId) };
}
