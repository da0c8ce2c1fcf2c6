import { uuidFor } from '../ids.ts';
import { CONFEDERATION_ID, TIMEZONES } from '../../football/lists.ts';
import { DEMO_SOURCE, type DemoContext } from './context.ts';
import type { Culture } from './names.ts';

type Confederation = 'AFC' | 'CAF' | 'CONCACAF' | 'CONMEBOL' | 'OFC' | 'UEFA';

/**
 * One demo country: real name, its confederation, time zone region, naming culture and rough
 * centre.
 */
export interface CountrySpec {
  readonly name: string;
  readonly confederation: Confederation;
  /** A region name of `TIMEZONES`; venues in the country use it. */
  readonly timezone: string;
  /** How people of this nationality are named (names.ts). */
  readonly culture: Culture;
  /**
   * Rough geographic centre [latitude, longitude] where venues of invented towns are scattered
   * around.
   */
  readonly centre: readonly [number, number];
  /** Former or alternative names, loaded as `country_alias` rows. */
  readonly aliases?: readonly string[];
}

/**
 * The demo countries: real names (fine to use), every confederation present, several spellings that
 * need care (apostrophes, cedillas, tildes, dotless i). Listed by confederation; insertion follows
 * this order, so v0 ids do too.
 */
export const COUNTRIES: readonly CountrySpec[] = [
  // AFC
  {
    name: 'Japan',
    confederation: 'AFC',
    timezone: 'Asia/Tokyo',
    culture: 'japanese',
    centre: [36.2, 138.3],
  },
  {
    name: 'South Korea',
    confederation: 'AFC',
    timezone: 'Asia/Seoul',
    culture: 'korean',
    centre: [36.5, 127.9],
    aliases: ['Korea Republic'],
  },
  {
    name: 'China PR',
    confederation: 'AFC',
    timezone: 'Asia/Shanghai',
    culture: 'chinese',
    centre: [34.0, 108.0],
  },
  {
    name: 'Iran',
    confederation: 'AFC',
    timezone: 'Asia/Tehran',
    culture: 'persian',
    centre: [32.4, 53.7],
    aliases: ['IR Iran'],
  },
  {
    name: 'Saudi Arabia',
    confederation: 'AFC',
    timezone: 'Asia/Riyadh',
    culture: 'arabic',
    centre: [24.0, 45.0],
  },
  {
    name: 'Qatar',
    confederation: 'AFC',
    timezone: 'Asia/Qatar',
    culture: 'arabic',
    centre: [25.3, 51.2],
  },
  // Australia plays in the AFC although its time zone region is Oceanian.
  {
    name: 'Australia',
    confederation: 'AFC',
    timezone: 'Australia/Sydney',
    culture: 'anglophone',
    centre: [-33.0, 147.0],
  },
  // CAF
  {
    name: 'Egypt',
    confederation: 'CAF',
    timezone: 'Africa/Cairo',
    culture: 'arabic',
    centre: [27.0, 30.8],
  },
  {
    name: 'Morocco',
    confederation: 'CAF',
    timezone: 'Africa/Casablanca',
    culture: 'maghreb',
    centre: [32.0, -6.5],
  },
  {
    name: 'Senegal',
    confederation: 'CAF',
    timezone: 'Africa/Dakar',
    culture: 'westAfricaFr',
    centre: [14.5, -14.5],
  },
  {
    name: "Côte d'Ivoire",
    confederation: 'CAF',
    timezone: 'Africa/Abidjan',
    culture: 'westAfricaFr',
    centre: [7.5, -5.5],
    aliases: ['Ivory Coast'],
  },
  {
    name: 'Ghana',
    confederation: 'CAF',
    timezone: 'Africa/Abidjan',
    culture: 'anglophoneAfrica',
    centre: [7.9, -1.0],
  },
  {
    name: 'Nigeria',
    confederation: 'CAF',
    timezone: 'Africa/Lagos',
    culture: 'anglophoneAfrica',
    centre: [9.1, 8.7],
  },
  {
    name: 'Cameroon',
    confederation: 'CAF',
    timezone: 'Africa/Lagos',
    culture: 'westAfricaFr',
    centre: [5.7, 12.4],
  },
  {
    name: 'South Africa',
    confederation: 'CAF',
    timezone: 'Africa/Johannesburg',
    culture: 'anglophoneAfrica',
    centre: [-29.0, 25.0],
  },
  // UTC+0 like Abidjan, the nearest region of the list.
  {
    name: 'São Tomé and Príncipe',
    confederation: 'CAF',
    timezone: 'Africa/Abidjan',
    culture: 'portuguese',
    centre: [0.3, 6.6],
  },
  // CONCACAF
  {
    name: 'Mexico',
    confederation: 'CONCACAF',
    timezone: 'America/Mexico_City',
    culture: 'hispanic',
    centre: [21.0, -101.0],
  },
  {
    name: 'United States',
    confederation: 'CONCACAF',
    timezone: 'America/Chicago',
    culture: 'anglophone',
    centre: [39.0, -95.0],
    aliases: ['USA'],
  },
  {
    name: 'Canada',
    confederation: 'CONCACAF',
    timezone: 'America/New_York',
    culture: 'anglophone',
    centre: [45.5, -76.0],
  },
  {
    name: 'Costa Rica',
    confederation: 'CONCACAF',
    timezone: 'America/Costa_Rica',
    culture: 'hispanic',
    centre: [9.9, -84.1],
  },
  {
    name: 'Jamaica',
    confederation: 'CONCACAF',
    timezone: 'America/Jamaica',
    culture: 'caribbean',
    centre: [18.1, -77.3],
  },
  {
    name: 'Trinidad and Tobago',
    confederation: 'CONCACAF',
    timezone: 'America/Port_of_Spain',
    culture: 'caribbean',
    centre: [10.5, -61.3],
  },
  // Successor of the Netherlands Antilles in football; UTC-4 like Port of Spain.
  {
    name: 'Curaçao',
    confederation: 'CONCACAF',
    timezone: 'America/Port_of_Spain',
    culture: 'curacao',
    centre: [12.2, -69.0],
    aliases: ['Netherlands Antilles'],
  },
  // CONMEBOL
  {
    name: 'Argentina',
    confederation: 'CONMEBOL',
    timezone: 'America/Argentina/Buenos_Aires',
    culture: 'rioplatense',
    centre: [-34.0, -63.0],
  },
  {
    name: 'Brazil',
    confederation: 'CONMEBOL',
    timezone: 'America/Sao_Paulo',
    culture: 'brazilian',
    centre: [-15.8, -47.9],
  },
  {
    name: 'Uruguay',
    confederation: 'CONMEBOL',
    timezone: 'America/Montevideo',
    culture: 'rioplatense',
    centre: [-32.5, -55.8],
  },
  {
    name: 'Chile',
    confederation: 'CONMEBOL',
    timezone: 'America/Santiago',
    culture: 'hispanic',
    centre: [-35.0, -71.5],
  },
  {
    name: 'Colombia',
    confederation: 'CONMEBOL',
    timezone: 'America/Bogota',
    culture: 'hispanic',
    centre: [4.6, -74.1],
  },
  {
    name: 'Peru',
    confederation: 'CONMEBOL',
    timezone: 'America/Lima',
    culture: 'hispanic',
    centre: [-10.0, -76.0],
  },
  {
    name: 'Ecuador',
    confederation: 'CONMEBOL',
    timezone: 'America/Guayaquil',
    culture: 'hispanic',
    centre: [-1.5, -78.5],
  },
  {
    name: 'Paraguay',
    confederation: 'CONMEBOL',
    timezone: 'America/Asuncion',
    culture: 'hispanic',
    centre: [-24.0, -57.5],
  },
  // OFC
  {
    name: 'New Zealand',
    confederation: 'OFC',
    timezone: 'Pacific/Auckland',
    culture: 'anglophone',
    centre: [-40.9, 174.9],
  },
  {
    name: 'Fiji',
    confederation: 'OFC',
    timezone: 'Pacific/Fiji',
    culture: 'pacific',
    centre: [-17.8, 178.0],
  },
  {
    name: 'Papua New Guinea',
    confederation: 'OFC',
    timezone: 'Pacific/Port_Moresby',
    culture: 'pacific',
    centre: [-6.3, 145.0],
  },
  // UEFA
  {
    name: 'Spain',
    confederation: 'UEFA',
    timezone: 'Europe/Madrid',
    culture: 'hispanic',
    centre: [40.2, -3.6],
  },
  {
    name: 'France',
    confederation: 'UEFA',
    timezone: 'Europe/Paris',
    culture: 'french',
    centre: [46.6, 2.4],
  },
  {
    name: 'Portugal',
    confederation: 'UEFA',
    timezone: 'Europe/Lisbon',
    culture: 'portuguese',
    centre: [39.6, -8.1],
  },
  {
    name: 'Norway',
    confederation: 'UEFA',
    timezone: 'Europe/Berlin',
    culture: 'nordic',
    centre: [62.0, 9.5],
  },
  {
    name: 'Türkiye',
    confederation: 'UEFA',
    timezone: 'Europe/Istanbul',
    culture: 'turkish',
    centre: [39.0, 33.0],
    aliases: ['Turkey'],
  },
  {
    name: 'Bosnia and Herzegovina',
    confederation: 'UEFA',
    timezone: 'Europe/Rome',
    culture: 'balkan',
    centre: [44.2, 17.8],
  },
  {
    name: 'England',
    confederation: 'UEFA',
    timezone: 'Europe/London',
    culture: 'anglophone',
    centre: [52.6, -1.5],
  },
  {
    name: 'Republic of Ireland',
    confederation: 'UEFA',
    timezone: 'Europe/London',
    culture: 'irish',
    centre: [53.2, -8.0],
  },
  {
    name: 'Netherlands',
    confederation: 'UEFA',
    timezone: 'Europe/Paris',
    culture: 'dutch',
    centre: [52.2, 5.5],
    aliases: ['Holland'],
  },
  {
    name: 'Germany',
    confederation: 'UEFA',
    timezone: 'Europe/Berlin',
    culture: 'german',
    centre: [51.0, 10.3],
  },
  {
    name: 'Denmark',
    confederation: 'UEFA',
    timezone: 'Europe/Berlin',
    culture: 'nordic',
    centre: [56.0, 9.5],
  },
  {
    name: 'Iceland',
    confederation: 'UEFA',
    timezone: 'Atlantic/Reykjavik',
    culture: 'icelandic',
    centre: [64.5, -19.0],
  },
  {
    name: 'Italy',
    confederation: 'UEFA',
    timezone: 'Europe/Rome',
    culture: 'italian',
    centre: [42.8, 12.5],
  },
  {
    name: 'Croatia',
    confederation: 'UEFA',
    timezone: 'Europe/Rome',
    culture: 'balkan',
    centre: [45.1, 15.5],
  },
  {
    name: 'Serbia',
    confederation: 'UEFA',
    timezone: 'Europe/Rome',
    culture: 'balkan',
    centre: [44.0, 20.9],
  },
];

/**
 * The v1 id of a country. Deliberately independent of the source (`world`), so every importer that
 * knows "Brazil" points at the same row.
 */
export function countryId(name: string): string {
  return uuidFor('world', 'country', name);
}

/** The spec of a demo country by name; throws for a name that is not in `COUNTRIES`. */
export function countrySpec(name: string): CountrySpec {
  const spec = COUNTRIES.find((country) => country.name === name);
  if (!spec) throw new Error(`not a demo country: ${name}`);
  return spec;
}

/** The `timezone` id of a region name; throws for a region that is not in `TIMEZONES`. */
export function timezoneId(region: string): number {
  const row = TIMEZONES.find(([, name]) => name === region);
  if (!row) throw new Error(`unknown time zone region: ${region}`);
  return row[0];
}

/**
 * Writes the `country` and `country_alias` rows; returns country ids by name (in `COUNTRIES`
 * order).
 */
export function insertCountries(ctx: DemoContext): Record<string, string> {
  const ids: Record<string, string> = {};
  for (const country of COUNTRIES) {
    const id = countryId(country.name);
    ctx.insert('country', {
      id,
      v0_id: ctx.v0('country'),
      name: country.name,
      confederation: CONFEDERATION_ID[country.confederation],
      source: DEMO_SOURCE,
    });
    ids[country.name] = id;
  }
  for (const country of COUNTRIES) {
    for (const alias of country.aliases ?? [])
      ctx.insert('country_alias', { alias, country: countryId(country.name) });
  }
  return ids;
}
