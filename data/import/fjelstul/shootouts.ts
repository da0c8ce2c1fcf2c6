import { PENALTY_OUTCOME } from '../../../football/codes.ts';
import type { ImportContext } from '../context.ts';
import { flag } from '../csv.ts';
import type { FjelstulCountries } from './countries.ts';
import type { FjelstulLineups, LineupRef } from './lineups.ts';
import type { MatchInfo } from './matches.ts';
import { readSource } from './source.ts';

const { goal: GOAL, miss: MISS } = PENALTY_OUTCOME;

/**
 * penalty_kicks.csv -> shootout kicks.
 *
 * - The source lists a shootout's kicks team by team (the home team's kicks, then the away team's),
 *   each team's in kick order, but not which team kicked first. `round` is the kick's number within
 *   its team (1 = the first pair of kicks), which that order gives.
 * - opening_team (NOT NULL) is deduced, not guessed: with alternating kicks, best of five then
 *   sudden death, a shootout ends at the kick that decides it. Of the two possible openers, when
 *   exactly one makes the listed kicks a shootout that is decided by its last kick and not earlier,
 *   that team kicked first (2022 final: France). When both orders fit, the source cannot tell: that
 *   shootout is skipped and reported (the schema has no NULL opening team).
 * - outcome: converted 1 -> 1 Goal, 0 -> 2 Miss (the source does not say saved or missed; no saves
 *   are invented).
 * - lineup: the kicker's lineup row; a shootout whose kicks are not all linkable to a lineup (1999
 *   Women's World Cup, 2011 Women's final: no appearances in the source) is skipped and reported.
 */
export function importShootouts(
  ctx: ImportContext,
  dir: string,
  matches: ReadonlyMap<string, MatchInfo>,
  countries: FjelstulCountries,
  lineups: FjelstulLineups,
): void {
  const rows = readSource(dir, 'penalty_kicks');
  const byMatch = new Map<string, typeof rows>();
  for (const row of rows) {
    const list = byMatch.get(row.match_id);
    if (list) list.push(row);
    else byMatch.set(row.match_id, [row]);
  }

  const step = ctx.progress.step('shootouts', rows.length);
  for (const [matchId, kicks] of byMatch) {
    step.tick(kicks.length);
    const match = matches.get(matchId);
    if (!match) throw new Error(`penalty_kicks: unknown match ${matchId}`);
    const linked = kicks.map((k) => lineups.get(matchId, k.player_id));
    if (linked.some((l) => l === undefined)) {
      ctx.report.skip(
        'shootout',
        "shootout kicks of matches without lineups (a kick needs the kicker's lineup)",
        kicks.length,
      );
      continue;
    }
    const home = kicks.filter((k) => k.team_id === match.homeTeam).map((k) => flag(k, 'converted'));
    const away = kicks.filter((k) => k.team_id === match.awayTeam).map((k) => flag(k, 'converted'));
    if (home.length + away.length !== kicks.length)
      throw new Error(`${matchId}: a shootout kick of neither team`);
    const opener = openingSide(home, away);
    if (opener === null) {
      ctx.report.skip(
        'shootout',
        'shootout kicks whose kick order (which team kicked first) the source does not give and the outcomes do not decide',
        kicks.length,
      );
      continue;
    }
    const openingTeam = countries.team(opener === 'home' ? match.homeTeam : match.awayTeam);
    const round = new Map<string, number>();
    kicks.forEach((kick, i) => {
      const n = (round.get(kick.team_id) ?? 0) + 1;
      round.set(kick.team_id, n);
      ctx.save('shootout', {
        id: ctx.id('shootout', kick.penalty_kick_id),
        match: match.id,
        lineup: (linked[i] as LineupRef).id,
        opening_team: openingTeam,
        round: n,
        outcome: flag(kick, 'converted') ? GOAL : MISS,
      });
    });
  }
  step.done();
}

/**
 * Which side kicked first, deduced from each side's kicks (in order, true = converted): 'home' or
 * 'away' when exactly one order gives a shootout decided by its last kick, null when both or
 * neither do.
 */
export function openingSide(
  home: readonly boolean[],
  away: readonly boolean[],
): 'home' | 'away' | null {
  const homeFirst = completeShootout(home, away);
  const awayFirst = completeShootout(away, home);
  return homeFirst === awayFirst ? null : homeFirst ? 'home' : 'away';
}

/**
 * Whether alternating kicks, `first` starting, end exactly at the last kick (decided then, not
 * before).
 */
function completeShootout(first: readonly boolean[], second: readonly boolean[]): boolean {
  if (first.length !== second.length && first.length !== second.length + 1) return false;
  const kicks: [side: 0 | 1, scored: boolean][] = [];
  for (let i = 0; i < first.length; i++) {
    kicks.push([0, first[i]!]);
    if (i < second.length) kicks.push([1, second[i]!]);
  }
  const goals = [0, 0];
  const taken = [0, 0];
  for (let k = 0; k < kicks.length; k++) {
    const [side, scored] = kicks[k]!;
    taken[side]! += 1;
    if (scored) goals[side]! += 1;
    if (decided(goals as [number, number], taken as [number, number]))
      return k === kicks.length - 1;
  }
  return false;
}

/**
 * Whether a shootout is over: within the first five kicks each, when one side cannot be caught;
 * then after a round that one side won.
 */
function decided([g0, g1]: [number, number], [t0, t1]: [number, number]): boolean {
  if (t0 <= 5 && t1 <= 5) return g0 > g1 + (5 - t1) || g1 > g0 + (5 - t0);
  return t0 === t1 && g0 !== g1;
}
