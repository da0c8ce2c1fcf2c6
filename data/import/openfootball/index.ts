import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { CONFEDERATION_ID } from '../../../football/lists.ts';
import { ensureIntlCompetition, MENS_WORLD_CUP } from '../competitions.ts';
import type { Importer } from '../importer.ts';
import { WrittenNames } from '../written-names.ts';
import { importGoals } from './goals.ts';
import { HOST_COUNTRIES } from './hosts.ts';
import { importMatches } from './matches.ts';
import { importProvider, OPENFOOTBALL_SOURCE } from './provider.ts';
import {
  DAY_ONE_2026,
  MATCHES_FILE,
  presentButNotImported,
  readSquads,
  readTeams,
  readYear,
  worldCupYears,
} from './source.ts';
import { importSquads } from './squads.ts';
import { importTeams } from './teams.ts';
import { planVenues, VenueWriter } from './venues.ts';

/**
 * openfootball World Cup JSON (https://github.com/openfootball/worldcup.json, CC0): every men's
 * World Cup match 1930–2026 with scores (goals for some years), stadiums with coordinates and time
 * zones for 2014–2026, and the 2026 squads. Import it after Fjelstul: the 1930–2022 matches
 * Fjelstul holds are merged (their venues gain coordinates and time zones); the 2026 World Cup is
 * new. On its own it creates every match.
 */
export const openfootball: Importer = {
  format: 'openfootball',
  source: OPENFOOTBALL_SOURCE,
  description:
    'openfootball World Cup JSON: the folder with 1930/ ... 2026/ (e.g. sources/openfootball-worldcup.json; see docs/data.md)',
  check(dir) {
    if (!existsSync(join(dir, '2026', MATCHES_FILE)) || worldCupYears(dir).length === 0) {
      throw new Error(
        `${dir} is not the openfootball World Cup JSON folder: missing ${join('2026', MATCHES_FILE)} ` +
          '(download https://github.com/openfootball/worldcup.json and pass the folder that contains 1930/ ... 2026/)',
      );
    }
  },
  run(ctx, dir) {
    importProvider(ctx);
    const years = worldCupYears(dir).map((year) => readYear(dir, year));
    const squads = readSquads(dir);
    const teams = importTeams(
      ctx,
      [
        ...years.flatMap((y) =>
          y.matches.flatMap(
            (m) =>
              [
                [m.team1, m.date],
                [m.team2, m.date],
              ] as const,
          ),
        ),
        ...squads.map((s) => [s.name, DAY_ONE_2026] as const),
        ...HOST_COUNTRIES.map((name) => [name, null] as const),
      ],
      readTeams(dir),
    );
    const competition = ensureIntlCompetition(ctx, MENS_WORLD_CUP, CONFEDERATION_ID.FIFA);
    const plan = planVenues(ctx, years);
    const venues = new VenueWriter(ctx, teams);
    const own = importMatches(ctx, years, teams, competition, plan, venues);
    if (venues.filledCount > 0) {
      ctx.report.note(
        `venue: ${venues.filledCount} venues of other sources gained coordinates, time zone or capacity from the stadium files (filled only where NULL)`,
      );
    }
    const names = new WrittenNames(ctx);
    const squadPlayers = importSquads(ctx, squads, teams, names);
    importGoals(ctx, own, squadPlayers, names);
    for (const [file, why] of presentButNotImported(dir))
      ctx.report.note(`not imported: ${file}: ${why}`);
  },
};
