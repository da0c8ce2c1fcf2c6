import type { ImportContext } from '../context.ts';
import { flag, int, recordError } from '../csv.ts';
import type { WrittenNames } from '../written-names.ts';
import type { Martj42Matches } from './matches.ts';
import { matchKey, type SourceRecord } from './source.ts';
import type { Martj42Teams } from './teams.ts';

/**
 * goalscorers.csv -> goals of this source's own matches (a merged match keeps the other source's
 * goals).
 *
 * - team: the team credited (`team`); the scorer played for the other side when `own_goal` is TRUE.
 * - player: the scorer by name for their team's country (written-names.ts: an existing person of
 *   that name and country, else one of this source); a scorer written "NA" leaves player NULL.
 *   lineup NULL: the file has no lineups.
 * - time_mins: the file's minute; it does not separate stoppage time (stoppage_mins 0). A goal
 *   without a minute ("NA") is skipped: the model needs the minute.
 * - shot_event and bodypart NULL. Penalty goals get no penalty row: a penalty row needs the taker's
 *   lineup (reported).
 */
export function importGoals(
  ctx: ImportContext,
  rows: readonly SourceRecord<'goalscorers'>[],
  matches: Martj42Matches,
  teams: Martj42Teams,
  names: WrittenNames,
): void {
  const run: GoalsRun = { ctx, teams, names, noMinute: 0, ofMerged: 0, penalties: 0 };
  const seen = new Map<string, number>();
  const step = ctx.progress.step('goals', rows.length);
  for (const row of rows) {
    step.tick();
    const key = matchKey(row);
    const match = matches.get(key);
    if (match === undefined) throw recordError(row, `goalscorers: no result for ${key}`);
    if (match === null) {
      run.ofMerged += 1;
      continue;
    }
    const minute = int(row, 'minute');
    if (minute === null) {
      run.noMinute += 1;
      continue;
    }
    const n = (seen.get(key) ?? 0) + 1;
    seen.set(key, n);
    saveGoal(run, row, { key, n, minute }, match);
  }
  step.done();
  reportGoals(run);
}

/** What the goals step shares, and what it counts for the report. */
interface GoalsRun {
  readonly ctx: ImportContext;
  readonly teams: Martj42Teams;
  readonly names: WrittenNames;
  noMinute: number;
  ofMerged: number;
  penalties: number;
}

/** Writes a goal of this source's own `match`: the `n`th of the match's key, at `minute`. */
function saveGoal(
  run: GoalsRun,
  row: SourceRecord<'goalscorers'>,
  goal: { readonly key: string; readonly n: number; readonly minute: number },
  match: { readonly id: string; readonly home: string; readonly away: string },
): void {
  const { ctx, teams, names } = run;
  const credited = teams.country(row.team, row.date);
  if (credited !== match.home && credited !== match.away)
    throw recordError(row, `goalscorers: ${row.team} did not play ${goal.key}`);
  const playerTeam = flag(row, 'own_goal')
    ? credited === match.home
      ? match.away
      : match.home
    : credited;
  const scorer =
    row.scorer.trim() === 'NA' || row.scorer.trim() === ''
      ? null
      : names.player(row.scorer.trim(), playerTeam);
  if (flag(row, 'penalty')) run.penalties += 1;
  ctx.save('goal', {
    id: ctx.id('goal', `${goal.key}|${goal.n}`),
    match: match.id,
    team: credited,
    lineup: null,
    player: scorer,
    player_team: playerTeam,
    shot_event: null,
    bodypart: null,
    time_mins: goal.minute,
    stoppage_mins: 0,
  });
}

/** Reports the goals not written, how scorers were found and what the file lacks. */
function reportGoals(run: GoalsRun): void {
  const { ctx, names } = run;
  ctx.report.skip('goal', "goals of merged matches (the other source's goals stand)", run.ofMerged);
  ctx.report.skip('goal', 'goals without a minute (the model needs one)', run.noMinute);
  ctx.report.skip(
    'penalty',
    "penalty goals: no penalty row without the taker's lineup (the goal is kept)",
    run.penalties,
  );
  ctx.report.note(
    'person: scorers matched to existing persons by name and country: ' +
      `${names.merged.toLocaleString('en')} mentions; new persons: ` +
      `${names.created.toLocaleString('en')} (name as nickname, not split)`,
  );
  ctx.report.note(
    'goal: the file does not separate stoppage time (stoppage_mins 0) or say how a goal was ' +
      'scored (shot_event, bodypart NULL)',
  );
}
