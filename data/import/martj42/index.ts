import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { Importer } from '../importer.ts';
import { WrittenNames } from '../written-names.ts';
import { importGoals } from './goals.ts';
import { importMatches } from './matches.ts';
import { importProvider, MARTJ42_SOURCE } from './provider.ts';
import { FILES, readSource } from './source.ts';
import { importTeams } from './teams.ts';
import { importTournaments } from './tournaments.ts';

/**
 * martj42's international results (https://github.com/martj42/international_results, CC0): every
 * men's full international since 1872 with scorers and shootout winners. Import it after Fjelstul
 * and openfootball: the matches they hold are merged, not duplicated.
 */
export const martj42: Importer = {
  format: 'martj42',
  source: MARTJ42_SOURCE,
  description:
    'martj42 international results: the folder with results.csv (e.g. sources/martj42-international-results; see docs/data.md)',
  check(dir) {
    const missing = Object.keys(FILES)
      .map((f) => `${f}.csv`)
      .filter((f) => !existsSync(join(dir, f)));
    if (missing.length > 0) {
      throw new Error(
        `${dir} is not the martj42 international results folder: missing ${missing.join(', ')} ` +
          '(download https://github.com/martj42/international_results and pass the folder that contains results.csv)',
      );
    }
  },
  run(ctx, dir) {
    importProvider(ctx);
    const results = readSource(dir, 'results');
    const teams = importTeams(ctx, dir, results);
    const competition = importTournaments(
      ctx,
      results.map((r) => r.tournament),
    );
    const matches = importMatches(ctx, results, readSource(dir, 'shootouts'), teams, competition);
    importGoals(ctx, readSource(dir, 'goalscorers'), matches, teams, new WrittenNames(ctx));
  },
};
