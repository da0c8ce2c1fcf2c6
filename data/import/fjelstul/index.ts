import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { Importer } from '../importer.ts';
import { importBookings } from './bookings.ts';
import { importCompetitions } from './competitions.ts';
import { importCountries } from './countries.ts';
import { importGoals } from './goals.ts';
import { importLineups } from './lineups.ts';
import { importMatches } from './matches.ts';
import { importPersons } from './persons.ts';
import { FJELSTUL_SOURCE, importProvider } from './provider.ts';
import { importShootouts } from './shootouts.ts';
import { CAPTAINS_FILE, FILES } from './source.ts';
import { importSubstitutions } from './substitutions.ts';
import { importVenues } from './venues.ts';

/**
 * The Fjelstul World Cup Database (https://github.com/jfjelstul/worldcup, CC-BY-SA 4.0): every
 * men's and women's World Cup match with teams, players, managers, referees, stadiums, and from
 * 1970 player appearances, bookings and substitutions; goals and shootout kicks of all years. Pass
 * the dataset folder (the one with `data-csv/`; the captain flags are read from `derived/`).
 */
export const fjelstul: Importer = {
  format: 'fjelstul',
  source: FJELSTUL_SOURCE,
  description:
    'Fjelstul World Cup Database: the folder with data-csv/ and derived/ (e.g. sources/fjelstul-worldcup; see docs/data.md)',
  check(dir) {
    const missing = [
      ...Object.keys(FILES).map((f) => join('data-csv', `${f}.csv`)),
      CAPTAINS_FILE,
    ].filter((f) => !existsSync(join(dir, f)));
    if (missing.length > 0) {
      throw new Error(
        `${dir} is not the Fjelstul World Cup Database folder: missing ${missing.join(', ')} ` +
          '(download https://github.com/jfjelstul/worldcup and pass the folder that contains data-csv/)',
      );
    }
  },
  run(ctx, dir) {
    importProvider(ctx);
    const countries = importCountries(ctx, dir);
    const tournaments = importCompetitions(ctx, dir);
    const venues = importVenues(ctx, dir, countries);
    const persons = importPersons(ctx, dir, countries);
    const matches = importMatches(ctx, dir, tournaments, countries, venues, persons);
    const lineups = importLineups(ctx, dir, matches, countries, persons);
    importGoals(ctx, dir, matches, countries, persons, lineups);
    importBookings(ctx, dir, matches, lineups);
    importSubstitutions(ctx, dir, matches, countries, lineups);
    importShootouts(ctx, dir, matches, countries, lineups);
  },
};
