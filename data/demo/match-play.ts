import type { MatchTime } from '../../contract/match-time.ts';
import { planMatch } from './match-plan.ts';
import { playPlanned, startMatch, type MatchContext } from './match-steps.ts';
import { pickLineup, TeamState } from './match-team.ts';
import type { Rng } from './random.ts';
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

/** A player available to a team for a match. */
export interface SquadMember {
  readonly player: string;
  /** The player's default `position` id. */
  readonly position: number;
  /** Shirt number (club squad) or squad number 1-23 (national squad). */
  readonly number: number;
  /** Form in [0, 1]: the better, the more often the player starts. */
  readonly quality: number;
}

/** A team as the simulator needs it. */
export interface TeamSheet {
  /** Team id (club) or country id (national team). */
  readonly team: string;
  readonly squad: readonly SquadMember[];
  /** Player ids in order of preference for the armband. */
  readonly captaincy: readonly string[];
  /** Players named as substitutes (only those who come on get a line-up row). */
  readonly benchSize: number;
  /** Relative strength, around 1. */
  readonly strength: number;
}

/** Events a match is made to contain, so the demo always shows them. */
export type Feature =
  | 'ownGoal'
  | 'penaltyGoal'
  | 'penaltyMiss'
  | 'penaltySave'
  | 'secondYellow'
  | 'straightRed'
  | 'injuryNoSub';

/** How a match is to be played. */
export interface MatchScript {
  /** A knockout tie that needs a winner (extra time, then a shootout). */
  readonly decisive: boolean;
  /** Whether the home team plays at its own ground. */
  readonly homeAdvantage: boolean;
  /** Makes a decisive tie go to extra time and be won there, or be drawn after extra time. */
  readonly force?: 'extraTime' | 'shootout';
  readonly features?: readonly Feature[];
  /** The source does not know the captains: `is_captain` NULL for every player of the match. */
  readonly captainUnknown?: boolean;
}

/** A player's line-up row: every starter, and each substitute who came on. */
export interface LineupEntry {
  readonly team: string;
  readonly player: string;
  readonly position: number;
  readonly number: number;
  readonly starting: boolean;
  readonly captain: boolean | null;
}

/** A goal, in the order scored. */
export interface GoalEntry {
  /** The team credited with the goal. */
  readonly team: string;
  /** The scorer's player id: of the other team for an own goal. */
  readonly player: string;
  readonly shotEvent: number;
  readonly bodypart: number;
  readonly time: MatchTime;
}

/** A penalty kick, scored or not, with the foul that gave it. */
export interface PenaltyEntry {
  /** The taker (of the team awarded the kick). */
  readonly player: string;
  readonly foul: number;
  readonly outcome: number;
  readonly time: MatchTime;
}

/** A card and the foul it was shown for. */
export interface OffenseEntry {
  readonly player: string;
  readonly foul: number;
  /** 1 yellow, 2 second yellow (red), 3 straight red. */
  readonly card: number;
  readonly time: MatchTime;
}

/** A player leaving the pitch other than by a red card, and who came on for him. */
export interface SubstitutionEntry {
  readonly team: string;
  /** The player who came on; null when no one could. */
  readonly playerIn: string | null;
  readonly playerOut: string;
  readonly time: MatchTime;
}

/** One kick of a shootout, with its round (a pair of kicks) and penalty outcome. */
export interface KickEntry {
  readonly team: string;
  readonly player: string;
  readonly round: number;
  readonly outcome: number;
}

/** A shootout: its kicks and the goals each team scored in it. */
export interface Shootout {
  /** The team that kicked first. */
  readonly opening: string;
  /** In kick order. */
  readonly kicks: readonly KickEntry[];
  readonly home: number;
  readonly away: number;
}

/** Everything a played match writes, with player ids (match-rows.ts turns them into line-up ids). */
export interface PlayedMatch {
  /** Starters of both teams (goalkeeper first), then the substitutes in the order they came on. */
  readonly lineups: readonly LineupEntry[];
  readonly goals: readonly GoalEntry[];
  readonly penalties: readonly PenaltyEntry[];
  readonly offenses: readonly OffenseEntry[];
  readonly substitutions: readonly SubstitutionEntry[];
  readonly shootout: Shootout | null;
  /** Goals including extra time, excluding the shootout. */
  readonly homeScore: number;
  readonly awayScore: number;
  readonly extraTime: boolean;
  /** The team that won (decisive ties always have one; a drawn league or group match has none). */
  readonly winner: string | null;
}

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
