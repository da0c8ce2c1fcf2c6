import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { Importer } from '../importer.ts';
import { importCompetition } from './competitions.ts';
import { importEvents } from './events.ts';
import { importLineups } from './lineups.ts';
import { importMacroEvents } from './macro.ts';
import { matchImporter } from './matches.ts';
import { importPlayers } from './persons.ts';
import { importProvider, WYSCOUT_SOURCE } from './provider.ts';
import {
  COMPETITION_FILES,
  readEvents,
  readMatches,
  readPlayers,
  readTeams,
  REQUIRED,
  type CompetitionFile,
} from './source.ts';
import { importTeams } from './teams.ts';

/**
 * The Wyscout public event data (Pappalardo et al. 2019, CC BY 4.0): the 2017/18 first divisions of
 * England, France, Germany, Italy and Spain, the 2018 World Cup and Euro 2016, with every on-ball
 * event. Pass the dataset folder (the one with `matches/`, `events/`, `players.json`,
 * `teams.json`).
 *
 * One match at a time: its event file is read, its rows written and dropped, so memory does not
 * grow with the number of matches. World Cup and Euro matches that another source already has (by
 * date and teams) are merged: that row stays, and gains Wyscout's micro-events and whatever tables
 * it lacks.
 */
export const wyscout: Importer = {
  format: 'wyscout',
  source: WYSCOUT_SOURCE,
  description:
    'Wyscout public event data: the folder with matches/, events/, players.json (e.g. sources/wyscout-pappalardo2019; see docs/data.md)',
  selections: COMPETITION_FILES,
  check(dir) {
    const missing = REQUIRED.filter((f) => !existsSync(join(dir, f)));
    if (missing.length > 0) {
      throw new Error(
        `${dir} is not the Wyscout public dataset folder: missing ${missing.join(', ')} ` +
          '(see https://doi.org/10.6084/m9.figshare.c.4415000; pass the folder that contains matches/ and events/)',
      );
    }
  },
  run(ctx, dir, selection = {}) {
    const competitions = (selection.competitions ??
      COMPETITION_FILES) as readonly CompetitionFile[];
    importProvider(ctx);
    // Part of the dataset brings only the clubs and players of its matches (null: everything).
    const matchFiles = competitions.map((file) => [file, readMatches(dir, file)] as const);
    const sides = selection.competitions
      ? matchFiles.flatMap(([, matches]) => matches).flatMap((m) => Object.values(m.teamsData))
      : null;
    const teamIds = sides && new Set(sides.map((t) => t.teamId));
    const playerIds =
      sides &&
      new Set(
        sides.flatMap((t) => [...t.formation.lineup, ...t.formation.bench].map((p) => p.playerId)),
      );
    const wyTeams = readTeams(dir);
    const teams = importTeams(ctx, wyTeams, (t) => teamIds?.has(t.wyId) ?? true);
    const national = new Set(wyTeams.filter((t) => t.type === 'national').map((t) => t.wyId));
    const players = importPlayers(
      ctx,
      readPlayers(dir).filter((p) => playerIds?.has(p.wyId) ?? true),
      teams,
      national,
    );
    const importMatch = matchImporter(ctx, teams);

    const tally = new Map<string, number>();
    const report = (what: string, n = 1) => tally.set(what, (tally.get(what) ?? 0) + n);
    let merged = 0;
    let events = 0;
    for (const [file, matches] of matchFiles) {
      const competition = importCompetition(ctx, file, matches, teams);
      const step = ctx.progress.step(file, matches.length);
      for (const wyMatch of matches) {
        const match = importMatch(competition, wyMatch);
        if (match.merged) merged += 1;
        const lineups = importLineups(ctx, match, players, report);
        const list = readEvents(dir, file, wyMatch.wyId);
        if (list === null) report('match: no event file (no micro-events or goals)');
        else {
          events += importEvents(ctx, match, list, teams, lineups, report);
          importMacroEvents(ctx, match, list, players, lineups, report);
        }
        step.tick();
      }
      step.done();
    }
    ctx.report.note(
      `match: ${merged} World Cup and Euro matches were already in the database (another source's) and were merged: ` +
        'they gain micro-events, and lineups, goals, penalties, bookings or shootout kicks only where they had none',
    );
    ctx.report.note(
      `event: ${events.toLocaleString('en')} events of periods 1-4; shootout kicks (period P) are shootout rows`,
    );
    ctx.report.note(
      'match: managers and referees are not named in the public files (NULL); no attendance, shirt numbers or captains',
    );
    for (const [what, n] of tally) if (n > 0) ctx.report.note(`${what}: ${n.toLocaleString('en')}`);
  },
};
