import type { MatchScript, PlayedMatch, Shootout, TeamSheet } from './played-match.ts';
import { planMatch } from './match-plan.ts';
import { playPlanned, startMatch, type MatchContext } from './match-steps.ts';
import { pickLineup, TeamState } from './match-team.ts';
import type { Rng } from '../random.ts';
import { playShootout } from './shootout.ts';

/**
 * Simulates one match: line-ups, goals, penalty kicks, cards, substitutions and a shootout, in
 * match time order, so every event involves a player who is on the pitch at that moment:
 *
 *   1. the scores (and, for a tie that needs a winner, extra time) are drawn first;
 *   2. the events are planned at random times (goals, missed penalties, cards, substitutions,
 *      injuries);
 *   3. the plan is played in time order against the state of each team (who is on the pitch, who is
 *      booked, how many substitutions are used), which picks the players involved;
 *   4. a draw after extra time goes to a shootout among the players on the pitch at the end.
 *
 * Everything comes from one random stream, so a match depends only on its teams, script and stream.
 * The team state is in match-team.ts, the plan in match-plan.ts, its playing in match-steps.ts and
 * the shootout in shootout.ts.
 */

/** Simulates a match between two teams (the first is the home team). */
export function playMatch(
  rng: Rng,
  home: TeamSheet,
  away: TeamSheet,
  script: MatchScript,
): PlayedMatch {
  const teams = [home, away].map((sheet) => {
    const { starters, bench } = pickLineup(rng, sheet);
    return new TeamState(sheet, starters, bench, script.captainUnknown ?? false);
  }) as [TeamState, TeamState];
  const { plans, extraTime } = planMatch(rng, home, away, script);
  const match = startMatch(rng, teams);
  for (const plan of plans) playPlanned(match, plan);
  return finalWhistle(match, script.decisive, extraTime);
}

/**
 * The result once the plan is played: the score, and a winner (after a shootout when a decisive tie
 * is still level after extra time).
 */
function finalWhistle(match: MatchContext, decisive: boolean, extraTime: boolean): PlayedMatch {
  const [home, away] = match.teams;
  const score = (team: TeamState): number =>
    match.goals.filter((g) => g.team === team.sheet.team).length;
  const homeScore = score(home);
  const awayScore = score(away);
  let shootout: Shootout | null = null;
  let winner: string | null =
    homeScore > awayScore ? home.sheet.team : awayScore > homeScore ? away.sheet.team : null;
  if (decisive && winner === null) {
    shootout = playShootout(match.rng, match.teams);
    winner = shootout.home > shootout.away ? home.sheet.team : away.sheet.team;
  }
  return {
    lineups: [...home.lineups, ...away.lineups],
    goals: match.goals,
    penalties: match.penalties,
    offenses: match.offenses,
    substitutions: match.substitutions,
    shootout,
    homeScore,
    awayScore,
    extraTime,
    winner,
  };
}
