import { PHASE } from '../../../football/codes.ts';
import { ensureYearSeason } from '../competitions.ts';
import type { ImportContext } from '../context.ts';
import { requiredInt } from '../csv.ts';
import { noteMergedMatches, reconcileMatch } from '../national-matches.ts';
import { matchKey, type SourceRecord } from './source.ts';
import type { Martj42Teams } from './teams.ts';

/** Phase of every match of the file: League, see below. */
const LEAGUE = PHASE.league;

/**
 * Matches of the file, by match key: the id when the match is this source's own, null when merged.
 */
export type Martj42Matches = ReadonlyMap<
  string,
  { readonly id: string; readonly home: string; readonly away: string } | null
>;

/**
 * results.csv (and the winners of shootouts.csv) -> national matches.
 *
 * - One real match = one record: a match another source already holds (same date, same two
 *   countries) is left as that source wrote it, with its goals and shootout (counted as merged, by
 *   source).
 * - competition: the tournament (tournaments.ts); season: the calendar year of the date.
 * - phase: the file does not say whether a match was a group or a knockout match, or which
 *   matchday, so every match is phase 1 (League: a match outside any named group or knockout round)
 *   with matchday NULL. This holds for friendlies too.
 * - home/away: as the file lists them (its `neutral` flag and city are not stored: a venue needs a
 *   stadium name, which the file lacks; venue NULL).
 * - kickoff, period lengths, managers, referee, attendance: not in the file, NULL.
 * - scores: the file's, extra time included, shootout not. shootout_winner from shootouts.csv; the
 *   shootout score is not in the file (NULL).
 * - The file has one pairing twice on one day (Tahiti v New Caledonia, 1974-02-17): two matches;
 *   the second key gets a "#2" suffix.
 */
export function importMatches(
  ctx: ImportContext,
  results: readonly SourceRecord<'results'>[],
  shootouts: readonly SourceRecord<'shootouts'>[],
  teams: Martj42Teams,
  competition: (tournament: string) => string,
): Martj42Matches {
  const winners = new Map(shootouts.map((s) => [matchKey(s), s.winner]));
  const matches = new Map<string, { id: string; home: string; away: string } | null>();
  const mergedBySource = new Map<string, number>();
  let mergedShootouts = 0;
  const writer: MatchWriter = { ctx, teams, competition, season: yearSeasons(ctx) };
  const step = ctx.progress.step('matches', results.length);
  for (const row of results) {
    let key = matchKey(row);
    for (let n = 2; matches.has(key); n += 1) key = `${matchKey(row)}#${n}`;
    const home = teams.country(row.home_team, row.date);
    const away = teams.country(row.away_team, row.date);
    const id = ctx.id('match', key);
    const reconciled = reconcileMatch(ctx, id, row.date, home, away);
    const winner = winners.get(key);
    if (reconciled.kind === 'merged') {
      matches.set(key, null);
      ctx.report.count('match', 'present');
      mergedBySource.set(
        reconciled.match.source,
        (mergedBySource.get(reconciled.match.source) ?? 0) + 1,
      );
      if (winner !== undefined) mergedShootouts += 1;
    } else {
      saveMatch(writer, row, { id, home, away }, winner);
      matches.set(key, { id, home, away });
    }
    step.tick();
  }
  step.done();
  const unmatched = [...winners.keys()].filter((k) => !matches.has(k)).length;
  reportMatches(ctx, mergedBySource, { merged: mergedShootouts, unmatched });
  return matches;
}

/** What writing a match of the file needs. */
interface MatchWriter {
  readonly ctx: ImportContext;
  readonly teams: Martj42Teams;
  readonly competition: (tournament: string) => string;
  /** The season of a match's date, written the first time it is seen. */
  readonly season: (date: string) => number;
}

/** The calendar-year season of a date, each written (if absent) the first time it is needed. */
function yearSeasons(ctx: ImportContext): (date: string) => number {
  const seasons = new Set<number>();
  return (date) => {
    const year = Number(date.slice(0, 4));
    if (!seasons.has(year)) seasons.add(ensureYearSeason(ctx, year));
    return year;
  };
}

/** Writes a match no other source holds, as this source's own; `winner` of its shootout. */
function saveMatch(
  writer: MatchWriter,
  row: SourceRecord<'results'>,
  match: { readonly id: string; readonly home: string; readonly away: string },
  winner: string | undefined,
): void {
  const { ctx, teams } = writer;
  ctx.save('match', {
    id: match.id,
    match_type: 'national',
    competition: writer.competition(row.tournament),
    season: writer.season(row.date),
    phase: LEAGUE,
    matchday: null,
    group_round: null,
    group_name: null,
    knockout_round: null,
    home_team: match.home,
    away_team: match.away,
    home_manager: null,
    away_manager: null,
    referee: null,
    venue: null,
    match_date: row.date,
    kickoff_time: null,
    firsthalf_length: null,
    secondhalf_length: null,
    firstextra_length: null,
    secondextra_length: null,
    attendance: null,
    home_score: requiredInt(row, 'home_score'),
    away_score: requiredInt(row, 'away_score'),
    home_shootout_score: null,
    away_shootout_score: null,
    shootout_winner: winner === undefined ? null : teams.country(winner, row.date),
    supplier_id: null,
    source: ctx.source,
  });
}

/**
 * Reports the matches merged into other sources' records, the shootouts not written (of merged
 * matches, and without a match) and what the file lacks.
 */
function reportMatches(
  ctx: ImportContext,
  mergedBySource: ReadonlyMap<string, number>,
  shootouts: { readonly merged: number; readonly unmatched: number },
): void {
  noteMergedMatches(ctx, mergedBySource);
  ctx.report.skip(
    'shootout',
    "shootout winners of merged matches (the other source's shootout stands)",
    shootouts.merged,
  );
  ctx.report.skip('shootout', 'shootout rows without a match in results.csv', shootouts.unmatched);
  ctx.report.note(
    'match: phase League with matchday NULL for every match (the file has no stages); venue, ' +
      'kickoff, period lengths, managers, referee, attendance and shootout scores are not in the ' +
      'file (NULL); shootout kicks are not in the file',
  );
}
