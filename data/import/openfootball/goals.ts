import type { ImportContext } from '../context.ts';
import type { WrittenNames } from '../written-names.ts';
import type { OwnMatch } from './matches.ts';
import type { SourceGoal } from './source.ts';
import { SQUADS_YEAR, type Squads } from './squads.ts';

/** A goal's minute: 67 -> 67 + 0; "90+4" -> 90 + 4; minute 90 with offset 2 -> 90 + 2. */
export function goalTime(goal: SourceGoal, what: string): { time: number; stoppage: number } {
  if (typeof goal.minute === 'number') {
    if (!Number.isInteger(goal.minute) || goal.minute < 0)
      throw new Error(`${what}: minute ${goal.minute}`);
    return { time: goal.minute, stoppage: goal.offset ?? 0 };
  }
  const m = /^(\d{1,3})(?:\+(\d{1,2}))?$/.exec(goal.minute.trim());
  if (!m) throw new Error(`${what}: cannot read minute "${goal.minute}"`);
  if (m[2] !== undefined && goal.offset !== undefined)
    throw new Error(`${what}: stoppage time given twice`);
  return { time: Number(m[1]), stoppage: Number(m[2] ?? goal.offset ?? 0) };
}

/**
 * goals1 / goals2 of the matches this source writes -> goals (a merged match keeps the other
 * source's goals).
 *
 * - goals1 are the goals credited to team1 (`team`), goals2 to team2. An own goal (`owngoal`) is
 *   listed with the team it counts for, and was scored by a player of the other team: `player_team`
 *   is then the other team.
 * - player: in 2026, the scorer by name (or a spelling variant, squads.ts) among the squad of
 *   `player_team`; otherwise (and for earlier years) by written name for that country
 *   (written-names.ts: an existing person of that name and country, else one of this source).
 *   lineup NULL: the files have no lineups.
 * - time_mins / stoppage_mins from `minute` (and `offset`, or "90+4").
 * - shot_event and bodypart NULL (not in the files). Penalty goals (`penalty`) get no penalty row:
 *   a penalty row needs the taker's lineup (reported).
 * - Each match's goals are checked against its score (reported when they differ). A match without
 *   goal lists has no goals in the files (most matches before 2014): none are written, and it is
 *   reported when its score is not 0–0.
 */
export function importGoals(
  ctx: ImportContext,
  matches: readonly OwnMatch[],
  squads: Squads,
  names: WrittenNames,
): void {
  const step = ctx.progress.step('goals', matches.length);
  const run: GoalsRun = {
    ctx,
    squads,
    names,
    penalties: 0,
    notInSquad: 0,
    withoutGoals: 0,
    disagreements: [],
  };
  for (const match of matches) {
    step.tick();
    const m = match.source;
    const [h, a] = m.score!.et ?? m.score!.ft;
    if (m.goals1 === undefined && m.goals2 === undefined) {
      if (h + a > 0) run.withoutGoals += 1;
      continue;
    }
    saveGoals(run, match);
    if ((m.goals1?.length ?? 0) !== h || (m.goals2?.length ?? 0) !== a) {
      run.disagreements.push(
        `${m.date} ${m.team1}–${m.team2} ${h}–${a} ` +
          `(goals ${m.goals1?.length ?? 0}–${m.goals2?.length ?? 0})`,
      );
    }
  }
  step.done();
  reportGoals(run);
}

/** What the goals step shares, and what it counts for the report. */
interface GoalsRun {
  readonly ctx: ImportContext;
  readonly squads: Squads;
  readonly names: WrittenNames;
  penalties: number;
  /** Goals of 2026 whose scorer is not in their team's squad. */
  notInSquad: number;
  /** Matches with goals in the score and no goal lists. */
  withoutGoals: number;
  /** Matches whose goal lists disagree with their score. */
  readonly disagreements: string[];
}

/** Writes the goals of both goal lists of a match. */
function saveGoals(run: GoalsRun, match: OwnMatch): void {
  const { ctx, squads, names } = run;
  const m = match.source;
  const sides: [goals: readonly SourceGoal[], credited: string, other: string][] = [
    [m.goals1 ?? [], match.home, match.away],
    [m.goals2 ?? [], match.away, match.home],
  ];
  sides.forEach(([goals, credited, other], side) => {
    goals.forEach((goal, i) => {
      const what = `${match.key} ${m.team1}–${m.team2} goal ${goal.name}`;
      const playerTeam = goal.owngoal ? other : credited;
      // The squads are those of 2026: an earlier "Rodríguez" is not looked for among them.
      const inSquad = match.year === SQUADS_YEAR;
      let player = inSquad ? squads.get(playerTeam, goal.name) : undefined;
      if (player === undefined) {
        player = names.player(goal.name, playerTeam);
        if (inSquad) run.notInSquad += 1;
      }
      const { time, stoppage } = goalTime(goal, what);
      if (goal.penalty) run.penalties += 1;
      ctx.save('goal', {
        id: ctx.id('goal', `${match.key}|${side + 1}|${i + 1}`),
        match: match.id,
        team: credited,
        lineup: null,
        player,
        player_team: playerTeam,
        shot_event: null,
        bodypart: null,
        time_mins: time,
        stoppage_mins: stoppage,
      });
    });
  });
}

/** Reports the goals the files lack or that disagree, and how scorers were found. */
function reportGoals(run: GoalsRun): void {
  const { ctx, squads } = run;
  ctx.report.skip(
    'penalty',
    "penalty goals: no penalty row without the taker's lineup (the goal is kept)",
    run.penalties,
  );
  ctx.report.skip(
    'goal',
    'matches whose score has goals but that the files list without goals (no goals written for ' +
      'them; the files have goal lists for 1930–1950, a few matches of 1990 and 2006, and 2014 on)',
    run.withoutGoals,
  );
  if (run.disagreements.length > 0)
    ctx.report.note(
      `goal: ${run.disagreements.length} matches whose goals disagree with their score: ` +
        run.disagreements.join('; '),
    );
  if (squads.variants.length > 0) {
    ctx.report.note(
      `goal: ${squads.variants.length} scorers written otherwise than in their team's 2026 ` +
        `squad, taken as that squad player: ${squads.variants.join('; ')}`,
    );
  }
  if (run.notInSquad > 0)
    ctx.report.note(
      `goal: ${run.notInSquad} goals of 2026 whose scorer is not found in the squad of their ` +
        'team (player by written name)',
    );
  ctx.report.note(
    'goal: lineup NULL (the files have no lineups; the scorer is named); shot_event and ' +
      'bodypart are not in the files (NULL)',
  );
}
