import { PENALTY_OUTCOME } from '../../../football/codes.ts';
import type { ImportContext } from '../context.ts';
import { flag, recordError, requiredInt } from '../csv.ts';
import type { FjelstulCountries } from './countries.ts';
import type { FjelstulLineups, LineupRef } from './lineups.ts';
import type { FjelstulPersons } from './persons.ts';
import type { MatchInfo } from './matches.ts';
import { readSource, type SourceRecord } from './source.ts';

/** Penalty outcome id of a converted kick. */
const GOAL = PENALTY_OUTCOME.goal;

/**
 * goals.csv -> goals, and penalties for the penalty goals.
 *
 * - team: the team credited with the goal (`team_id`); the scorer's team is `player_team_id`, which
 *   differs for own goals (own_goal = 1), so an own goal's lineup belongs to the other team.
 * - player / player_team: the scorer and their team, for every goal. lineup: the scorer's lineup
 *   row in that match where the source has lineups (1970 on); NULL otherwise (before 1970, the 1999
 *   Women's World Cup, the 2011 Women's final).
 * - time_mins = minute_regulation, stoppage_mins = minute_stoppage ("90'+3'" -> 90, 3; "105'+1'" ->
 *   105, 1).
 * - shot_event and bodypart NULL: the source does not say how a goal was scored (a penalty is not
 *   one of the shot events).
 * - Penalties (kicks in play, not shootouts): the source only has the converted ones (goals with
 *   penalty = 1), so each becomes a penalty row with outcome 1 Goal, same time, foul NULL; a
 *   penalty row needs the taker's lineup, so penalty goals without lineups have no penalty row
 *   (reported). Missed or saved penalties in play are not in the source.
 */
export function importGoals(
  ctx: ImportContext,
  dir: string,
  matches: ReadonlyMap<string, MatchInfo>,
  countries: FjelstulCountries,
  persons: FjelstulPersons,
  lineups: FjelstulLineups,
): void {
  const rows = readSource(dir, 'goals');
  const step = ctx.progress.step('goals', rows.length);
  let withoutLineup = 0;
  let penaltiesWithoutLineup = 0;
  for (const row of rows) {
    const match = matches.get(row.match_id);
    if (!match) throw recordError(row, `goals: unknown match ${row.match_id}`);
    const lineup = scorerLineup(row, lineups);
    const time = requiredInt(row, 'minute_regulation');
    const stoppage = requiredInt(row, 'minute_stoppage');
    ctx.save('goal', {
      id: ctx.id('goal', row.goal_id),
      match: match.id,
      team: countries.team(row.team_id),
      lineup: lineup?.id ?? null,
      player: persons.player(row.player_id),
      player_team: countries.team(row.player_team_id),
      shot_event: null,
      bodypart: null,
      time_mins: time,
      stoppage_mins: stoppage,
    });
    if (!lineup) withoutLineup += 1;
    if (flag(row, 'penalty')) {
      if (lineup) {
        ctx.save('penalty', {
          id: ctx.id('penalty', row.goal_id),
          match: match.id,
          lineup: lineup.id,
          foul: null,
          outcome: GOAL,
          time_mins: time,
          stoppage_mins: stoppage,
        });
      } else penaltiesWithoutLineup += 1;
    }
    step.tick();
  }
  step.done();
  reportGoals(ctx, withoutLineup, penaltiesWithoutLineup);
}

/**
 * The scorer's lineup row in the goal's match, or undefined where the match has no lineups; a
 * goal the lineups or its own teams contradict is an error of the source.
 */
function scorerLineup(row: SourceRecord<'goals'>, lineups: FjelstulLineups): LineupRef | undefined {
  const lineup = lineups.get(row.match_id, row.player_id);
  if (lineup && lineup.team !== row.player_team_id) {
    throw recordError(
      row,
      `${row.goal_id}: the scorer's lineup team ${lineup.team} ` +
        `is not player_team_id ${row.player_team_id}`,
    );
  }
  if (lineups.matches.has(row.match_id) && !lineup) {
    throw recordError(
      row,
      `${row.goal_id}: scorer ${row.player_id} is not in the lineup of ${row.match_id}`,
    );
  }
  const ownGoal = flag(row, 'own_goal');
  if (ownGoal === (row.team_id === row.player_team_id)) {
    throw recordError(
      row,
      `${row.goal_id}: own_goal ${row.own_goal} disagrees with ` +
        `team ${row.team_id} / player team ${row.player_team_id}`,
    );
  }
  return lineup;
}

/** The summary's notes on the goals without lineups and the penalties the source lacks. */
function reportGoals(
  ctx: ImportContext,
  withoutLineup: number,
  penaltiesWithoutLineup: number,
): void {
  ctx.report.note(
    `goal: ${withoutLineup} goals have no lineup (lineup NULL; the scorer is still named): ` +
      'their matches have no player appearances in the source',
  );
  ctx.report.skip(
    'penalty',
    'penalty goals without a lineup of the taker (matches without player appearances): ' +
      'the goal is kept, no penalty row',
    penaltiesWithoutLineup,
  );
  ctx.report.note(
    'penalty: only converted penalties in play are in the source (outcome Goal); ' +
      'shot_event, bodypart and foul are NULL (not in the source)',
  );
}
