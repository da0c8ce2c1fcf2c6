import { PENALTY_OUTCOME } from '../../../football/codes.ts';
import type { KickEntry, Shootout } from './played-match.ts';
import type { Side } from './match-plan.ts';
import { lineOf, type TeamState } from './match-team.ts';
import type { Rng } from '../random.ts';

/**
 * A shootout by the usual rules: kicks alternate, five each unless one team can no longer catch up,
 * then sudden death by pairs. Only players on the pitch at the end take kicks; the team with more
 * players leaves its extra ones out; nobody kicks twice before all of his team have kicked.
 */
export function playShootout(rng: Rng, teams: readonly [TeamState, TeamState]): Shootout {
  const openingSide: Side = rng.chance(0.5) ? 0 : 1;
  const kickers = teams.map((team) =>
    team.onPitch
      .slice()
      .sort(
        (a, b) =>
          (lineOf(a.position) === 'gk' ? 1 : 0) - (lineOf(b.position) === 'gk' ? 1 : 0) ||
          (lineOf(b.position) === 'fwd' ? 1 : 0) - (lineOf(a.position) === 'fwd' ? 1 : 0) ||
          b.quality - a.quality,
      ),
  );
  const eligible = Math.min(kickers[0]!.length, kickers[1]!.length);
  const scored = [0, 0];
  const taken = [0, 0];
  const kicks: KickEntry[] = [];
  const decidedInFive = (): boolean =>
    scored[0]! + (5 - taken[0]!) < scored[1]! || scored[1]! + (5 - taken[1]!) < scored[0]!;
  for (let round = 1; ; round++) {
    for (const side of [openingSide, openingSide === 0 ? 1 : 0] as const) {
      const kicker = kickers[side]![taken[side]! % eligible]!;
      const outcome = rng.weighted([
        [PENALTY_OUTCOME.goal, 76],
        [PENALTY_OUTCOME.save, 14],
        [PENALTY_OUTCOME.miss, 2],
        [PENALTY_OUTCOME.wide, 3],
        [PENALTY_OUTCOME.over, 2],
        [PENALTY_OUTCOME.post, 2],
        [PENALTY_OUTCOME.bar, 1],
      ]);
      kicks.push({ team: teams[side].sheet.team, player: kicker.player, round, outcome });
      taken[side]! += 1;
      if (outcome === PENALTY_OUTCOME.goal) scored[side]! += 1;
      if (round <= 5 && decidedInFive()) {
        return {
          opening: teams[openingSide].sheet.team,
          kicks,
          home: scored[0]!,
          away: scored[1]!,
        };
      }
    }
    if (round >= 5 && scored[0] !== scored[1]) {
      return { opening: teams[openingSide].sheet.team, kicks, home: scored[0]!, away: scored[1]! };
    }
  }
}
