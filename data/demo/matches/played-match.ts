import type { MatchTime } from '../../../contract/match-time.ts';

/**
 * What a demo match is played from (the teams' sheets, the script) and what playing it gives (the
 * line-ups, goals, penalties, offenses, substitutions and shootout), apart from the playing itself
 * (`match-play.ts`), so the steps that plan, play and write a match share them without importing
 * one another.
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
