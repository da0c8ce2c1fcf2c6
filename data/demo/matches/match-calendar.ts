import type { DemoContext } from '../context.ts';
import { slug, type Fixture, type Result } from './fixtures.ts';
import { playMatch } from './match-play.ts';
import type { MatchScript, PlayedMatch, TeamSheet } from './played-match.ts';
import type { MatchInputs } from './match-handles.ts';

/**
 * The demo's matches as they are played, competition by competition: readable fixture keys, each
 * team's country, and the played matches waiting to be written (matches.ts writes them in date
 * order once every competition is played).
 */

/** Letters of the groups of a group stage, in draw order. */
export const GROUP_LETTERS = ['A', 'B', 'C', 'D'];

/** A played fixture waiting to be written. */
export interface Played {
  readonly fixture: Fixture;
  readonly result: PlayedMatch;
  /** The "source" of this match does not give the humidity at kick-off. */
  readonly humidityUnknown: boolean;
}

/** What a competition may ask of a match beyond its fixture (features, a forced ending, ...). */
export type ScriptExtras = Omit<MatchScript, 'decisive' | 'homeAdvantage'>;

/** The team placed `place` (0 the winner) in group `group` of a stage's final tables. */
export function placed(tables: readonly string[][], group: number, place: number): string {
  return tables[group]![place]!;
}

/** The season's matches, played one fixture at a time and kept for writing. */
export class MatchCalendar {
  /** Every match played so far, in the order played. */
  readonly played: Played[] = [];
  private readonly countryName: ReadonlyMap<string, string>;
  private readonly clubById: ReadonlyMap<string, MatchInputs['clubs'][number]>;
  private readonly competitionKey: ReadonlyMap<string, string>;

  constructor(
    readonly ctx: DemoContext,
    readonly inputs: MatchInputs,
    private readonly sheets: ReadonlyMap<string, TeamSheet>,
  ) {
    this.countryName = new Map(Object.entries(inputs.countries).map(([name, id]) => [id, name]));
    this.clubById = new Map(inputs.clubs.map((club) => [club.id, club]));
    this.competitionKey = new Map(Object.values(inputs.competitions).map((c) => [c.id, c.key]));
  }

  /** The key every match key of a competition's season starts with: `competition-key:season`. */
  seasonKey(competition: string, season: number): string {
    return `${this.competitionKey.get(competition)}:${season}`;
  }

  /** A team's part of a match key: the club's key, or the national team's country as a slug. */
  teamKey(team: string): string {
    return this.clubById.get(team)?.key ?? slug(this.countryName.get(team) ?? team);
  }

  /** Country id of a team (a club's country, or the national team itself). */
  countryOf(team: string): string {
    return this.clubById.get(team)?.country ?? team;
  }

  /** The name of a country, by id. */
  countryNameOf(country: string): string {
    return this.countryName.get(country)!;
  }

  /**
   * Plays a fixture from a stream of its own (`match:KEY`), so a match does not depend on the
   * matches played before it, and keeps it for writing; returns its result for the standings.
   */
  play(fixture: Fixture, script: ScriptExtras = {}, humidityUnknown = false): Result {
    const result = playMatch(
      this.ctx.rng(`match:${fixture.key}`),
      this.sheets.get(fixture.home)!,
      this.sheets.get(fixture.away)!,
      { ...script, decisive: fixture.decisive, homeAdvantage: fixture.homeGround },
    );
    this.played.push({ fixture, result, humidityUnknown });
    return {
      home: fixture.home,
      away: fixture.away,
      homeScore: result.homeScore,
      awayScore: result.awayScore,
      winner: result.winner,
    };
  }
}
