import { TIMEZONES } from '../../../football/lists.ts';

/**
 * A stadium's time zone region (TIMEZONES, football/lists.ts) from its country and the UTC
 * offset the stadium file states, which is the offset during the tournament (summer time where the
 * country has it: Seattle "UTC-7" is Pacific Daylight Time). One region per country and offset, the
 * IANA zone of the country's main city at that offset; every stadium of the files checked:
 *
 * - Brazil 2014: UTC-3 -> America/Sao_Paulo (also Fortaleza, Recife, Salvador, Natal, whose IANA
 *   zones have the same standard offset); UTC-4 -> America/Manaus (Manaus, and Cuiabá:
 *   America/Cuiaba differs from Manaus only by the southern-summer daylight time Brazil dropped in
 *   2019, not in June).
 * - Russia 2018: UTC+2 Kaliningrad, UTC+3 Moscow (also Volgograd, on Moscow time in 2018), UTC+4
 *   Samara, UTC+5 Yekaterinburg.
 * - Qatar 2022: UTC+3 Asia/Qatar.
 * - 2026: Canada UTC-7 Vancouver, UTC-4 Toronto; United States UTC-7 Los Angeles (Seattle, Santa
 *   Clara, Inglewood), UTC-5 Chicago (Houston, Arlington, Kansas City), UTC-4 New York (the East);
 *   Mexico UTC-6 Mexico City (also Guadalajara and Monterrey: America/Monterrey has kept Mexico
 *   City's time since 1990, and Mexico has had no daylight time since 2022).
 *
 * `checkOffset` confirms on each match day that the region's offset is the one the file states.
 */
const REGIONS: Readonly<Record<string, string>> = {
  'Brazil|UTC-3': 'America/Sao_Paulo',
  'Brazil|UTC-4': 'America/Manaus',
  'Russia|UTC+2': 'Europe/Kaliningrad',
  'Russia|UTC+3': 'Europe/Moscow',
  'Russia|UTC+4': 'Europe/Samara',
  'Russia|UTC+5': 'Asia/Yekaterinburg',
  'Qatar|UTC+3': 'Asia/Qatar',
  'Canada|UTC-7': 'America/Vancouver',
  'Canada|UTC-4': 'America/Toronto',
  'United States|UTC-7': 'America/Los_Angeles',
  'United States|UTC-5': 'America/Chicago',
  'United States|UTC-4': 'America/New_York',
  'Mexico|UTC-6': 'America/Mexico_City',
};

const ID_BY_NAME = new Map(TIMEZONES.map(([id, name]) => [name, id]));

/** A time zone region: its TIMEZONES id and IANA name. */
export interface Region {
  readonly id: number;
  readonly name: string;
}

/**
 * The region of a stadium in `country` (a country name) with the file's `offset` ("UTC-3"), or null
 * when unknown.
 */
export function regionOf(country: string, offset: string): Region | null {
  const name = REGIONS[`${country}|${offset}`];
  if (name === undefined) return null;
  const id = ID_BY_NAME.get(name);
  if (id === undefined)
    throw new Error(`time zone ${name} is not in TIMEZONES (football/lists.ts)`);
  return { id, name };
}

/** Hours from UTC of an offset text: "UTC-3" -> -3, "UTC+5:30" -> 5.5; null for anything else. */
export function offsetHours(text: string): number | null {
  const m = /^UTC([+-])(\d{1,2})(?::(\d{2}))?$/.exec(text.trim());
  if (!m) return null;
  const hours = Number(m[2]) + Number(m[3] ?? 0) / 60;
  return m[1] === '-' ? -hours : hours;
}

/** The UTC offset in hours of IANA zone `zone` at an instant (ISO text, UTC). */
export function zoneOffsetAt(zone: string, instant: string): number {
  const label =
    new Intl.DateTimeFormat('en-US', { timeZone: zone, timeZoneName: 'longOffset' })
      .formatToParts(new Date(instant))
      .find((p) => p.type === 'timeZoneName')?.value ?? '';
  if (label === 'GMT') return 0;
  const m = /^GMT([+-])(\d{2}):(\d{2})$/.exec(label);
  if (!m) throw new Error(`cannot read the offset of ${zone}: "${label}"`);
  const hours = Number(m[2]) + Number(m[3]) / 60;
  return m[1] === '-' ? -hours : hours;
}

/**
 * Whether region `zone` has `hours` offset on `date` (midday UTC: no World Cup day is a
 * clock-change day).
 */
export function checkOffset(zone: string, date: string, hours: number): boolean {
  return zoneOffsetAt(zone, `${date}T12:00:00Z`) === hours;
}
