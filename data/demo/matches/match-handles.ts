import type { Fixture } from './fixtures.ts';
import type { DemoPlayer } from '../squads.ts';

/**
 * What the demo's match step reads from the earlier steps and hands to the later ones (the
 * matches, the squads), apart from the step itself (`matches.ts`), so the files it is made of
 * share them without importing it.
 */

/** What the match step needs from the earlier steps (a subset of `DemoHandles`). */
export interface MatchInputs {
  readonly countries: Record<string, string>;
  readonly competitions: Record<string, { readonly id: string; readonly key: string }>;
  readonly clubs: readonly {
    readonly id: string;
    readonly key: string;
    readonly country: string;
  }[];
  readonly leagues: readonly {
    readonly competition: string;
    readonly season: number;
    readonly country: string;
    readonly clubs: readonly string[];
  }[];
  readonly clubCup: {
    readonly competition: string;
    readonly season: number;
    readonly entrants: readonly string[];
  };
  readonly nationalTournament: {
    readonly competition: string;
    readonly season: number;
    readonly host: string;
    readonly entrants: readonly string[];
    readonly venues: readonly string[];
  };
  readonly players: readonly DemoPlayer[];
  readonly playersByClub: Record<string, string[]>;
  readonly playersByCountry: Record<string, string[]>;
  readonly managersByTeam: Record<string, string>;
  readonly referees: readonly string[];
  readonly venuesByTeam: Record<string, string>;
  readonly sharedVenuesByCountry: Record<string, string[]>;
}

/** A written match, for later steps and for tests that want to look one up. */
export interface DemoMatchHandle extends Pick<
  Fixture,
  | 'key'
  | 'type'
  | 'competition'
  | 'season'
  | 'phase'
  | 'matchday'
  | 'groupRound'
  | 'groupName'
  | 'knockoutRound'
  | 'date'
  | 'home'
  | 'away'
> {
  readonly id: string;
  readonly homeScore: number;
  readonly awayScore: number;
  readonly extraTime: boolean;
  /** Shootout goals, when there was one. */
  readonly shootout: { readonly home: number; readonly away: number } | null;
  /** The team that won (after extra time or the shootout); null for a draw. */
  readonly winner: string | null;
}

/**
 * A national team's 23-man squad: player ids with squad numbers (1, 12 and 23 for the goalkeepers).
 */
export interface DemoSquadEntry {
  readonly player: string;
  readonly number: number;
}

/** What the match step wrote. */
export interface DemoMatches {
  /** Every match in date order (the order of their v0 ids). */
  readonly matches: DemoMatchHandle[];
  /** The tournament squads by country id. */
  readonly nationalSquads: Record<string, DemoSquadEntry[]>;
}
