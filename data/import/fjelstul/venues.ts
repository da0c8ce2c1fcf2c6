import type { ImportContext } from '../context.ts';
import { int, text } from '../csv.ts';
import type { FjelstulCountries } from './countries.ts';
import { readSource } from './source.ts';

/**
 * Stadiums -> venues: name, city, country (the stadium's country, by name; every name is one of the
 * teams' names) and capacity. The source has no coordinates, time zone, altitude, pitch size or
 * surface: those stay NULL. Returns venue ids by stadium id (`S-xxx`).
 */
export function importVenues(
  ctx: ImportContext,
  dir: string,
  countries: FjelstulCountries,
): ReadonlyMap<string, string> {
  const ids = new Map<string, string>();
  const stadiums = readSource(dir, 'stadiums');
  const step = ctx.progress.step('venues', stadiums.length);
  for (const stadium of stadiums) {
    const id = ctx.id('venue', stadium.stadium_id);
    ctx.save('venue', {
      id,
      name: stadium.stadium_name,
      team: null,
      city: text(stadium.city_name),
      country: countries.name(stadium.country_name),
      timezone: null,
      latitude: null,
      longitude: null,
      altitude: null,
      length: null,
      width: null,
      capacity: int(stadium, 'stadium_capacity'),
      seated: null,
      surface: null,
      source: ctx.source,
    });
    ids.set(stadium.stadium_id, id);
    step.tick();
  }
  step.done();
  return ids;
}
