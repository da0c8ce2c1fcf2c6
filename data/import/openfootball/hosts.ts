/**
 * The host country of each men's World Cup, by the country names the files use for teams: where a
 * stadium's country comes from when the file does not give it (every year but 2026, whose stadiums
 * carry a country code). 2002 had two hosts: its cities are listed by country below.
 */
const HOSTS: Readonly<Record<number, string>> = {
  1930: 'Uruguay',
  1934: 'Italy',
  1938: 'France',
  1950: 'Brazil',
  1954: 'Switzerland',
  1958: 'Sweden',
  1962: 'Chile',
  1966: 'England',
  1970: 'Mexico',
  1974: 'West Germany',
  1978: 'Argentina',
  1982: 'Spain',
  1986: 'Mexico',
  1990: 'Italy',
  1994: 'United States',
  1998: 'France',
  2006: 'Germany',
  2010: 'South Africa',
  2014: 'Brazil',
  2018: 'Russia',
  2022: 'Qatar',
};

/**
 * The 2002 host cities (as the file writes them) in Japan; the other 2002 cities are in South
 * Korea.
 */
const JAPAN_2002 = new Set([
  'Niigata',
  'Sapporo',
  'Ibaraki',
  'Saitama',
  'Shizuoka',
  'Yokohama',
  'Kobe',
  'Miyagi',
  'Osaka',
  'Ōita',
]);
const KOREA_2002 = new Set([
  'Seoul',
  'Ulsan',
  'Busan',
  'Daegu',
  'Incheon',
  'Suwon',
  'Gwangju',
  'Jeonju',
  'Daejeon',
  'Jeju',
]);

/** Country names of the stadium files' country codes (2026). */
const COUNTRY_CODES: Readonly<Record<string, string>> = {
  ca: 'Canada',
  mx: 'Mexico',
  us: 'United States',
};

/** Every country a venue can be in (for resolving them with the teams). */
export const HOST_COUNTRIES: readonly string[] = [
  ...new Set([...Object.values(HOSTS), 'South Korea', 'Japan', ...Object.values(COUNTRY_CODES)]),
];

/**
 * The country (name) of a stadium in `city` at the `year` World Cup, or of country code `cc`; null
 * when not known (an unknown code, a 2002 city in neither list, a year without a single host).
 */
export function hostCountry(year: number, city: string, cc?: string): string | null {
  if (cc !== undefined) return COUNTRY_CODES[cc] ?? null;
  if (year === 2002)
    return JAPAN_2002.has(city) ? 'Japan' : KOREA_2002.has(city) ? 'South Korea' : null;
  return HOSTS[year] ?? null;
}
