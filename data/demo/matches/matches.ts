import type { DemoContext } from '../context.ts';
import type { Fixture } from './fixtures.ts';
import { playClubCup } from './club-cup-matches.ts';
import { playLeague } from './league-matches.ts';
import { MatchCalendar, type Played } from './match-calendar.ts';
import { writeMatch, type VenueInfo } from './match-rows.ts';
import { playNationsCup } from './nations-cup-matches.ts';
import type { Rng } from '../random.ts';
import type { DemoMatchHandle, DemoMatches, MatchInputs } from './match-handles.ts';
import { drawTeamSheets } from './team-sheets.ts';

/**
 * The demo's matches: a domestic league season (double round robin), the continental club cup (four
 * groups of four, then quarterfinals, semi-finals and a final) and the national-team tournament
 * (two groups of four, semi-finals, a third-place play-off and a final). Fixtures are drawn, played
 * in memory stage by stage (a knockout round needs the previous results), and then written in date
 * order, so v0 ids follow the calendar. Every draw comes from streams of its own (`matches:*`,
 * `match:KEY`, ...), so the rows written before this step do not change.
 *
 * The team sheets are drawn in team-sheets.ts; each competition is played in a file of its own
 * (league-matches.ts, club-cup-matches.ts, nations-cup-matches.ts) onto a match calendar
 * (match-calendar.ts); match-rows.ts writes each match's rows.
 */

/**
 * Plays and writes the demo matches in date order: the league (its first `leagueMatchdays`
 * matchdays, or all of them when null), the continental club cup and the national tournament.
 */
export function insertMatches(
  ctx: DemoContext,
  inputs: MatchInputs,
  leagueMatchdays: number | null = null,
): DemoMatches {
  const playerById = new Map(inputs.players.map((p) => [p.id, p]));
  const { sheets, nationalSquads } = drawTeamSheets(ctx, inputs, playerById);
  const calendar = new MatchCalendar(ctx, inputs, sheets);
  const league = playLeague(calendar, leagueMatchdays);
  playClubCup(calendar, league.country);
  playNationsCup(calendar);
  // Only the league's referees may share a country with a team: it is a domestic competition.
  const international = (fixture: Fixture): boolean => fixture.competition !== league.competition;
  const matches = writeMatches(ctx, calendar, international);
  return { matches, nationalSquads };
}

/**
 * Writes every played match in calendar order, so v0 ids follow the dates, each with a referee
 * free that day.
 */
function writeMatches(
  ctx: DemoContext,
  calendar: MatchCalendar,
  international: (fixture: Fixture) => boolean,
): DemoMatchHandle[] {
  const { inputs } = calendar;
  const venues = readVenues(ctx);
  const referees = new RefereeRota(ctx, inputs.referees, (team) => calendar.countryOf(team));
  const played: Played[] = calendar.played
    .slice()
    .sort(
      (a, b) =>
        a.fixture.date.localeCompare(b.fixture.date) ||
        a.fixture.kickoff.localeCompare(b.fixture.kickoff) ||
        a.fixture.key.localeCompare(b.fixture.key),
    );
  const busyByDate = new Map<string, Set<string>>();
  return played.map(({ fixture, result, humidityUnknown }) => {
    const busy = busyByDate.get(fixture.date) ?? new Set<string>();
    busyByDate.set(fixture.date, busy);
    const referee = referees.assign(fixture, international(fixture), busy);
    busy.add(referee);
    return writeMatch(ctx, fixture, result, {
      referee,
      venue: venues.get(fixture.venue),
      humidityUnknown,
      homeManager: inputs.managersByTeam[fixture.home] ?? null,
      awayManager: inputs.managersByTeam[fixture.away] ?? null,
    });
  });
}

/** What each ground tells about a match played there, by venue id. */
function readVenues(ctx: DemoContext): Map<string, VenueInfo> {
  return new Map(
    ctx.db
      .prepare<
        [],
        { id: string; capacity: number | null; altitude: number | null; country: string }
      >(
        'SELECT v.id, v.capacity, v.altitude, c.name AS country FROM venue v JOIN country c ON c.id = v.country',
      )
      .all()
      .map((v) => [
        v.id,
        { capacity: v.capacity, altitude: v.altitude, country: v.country } satisfies VenueInfo,
      ]),
  );
}

/**
 * Referees by turns: the least used first (ties drawn at random), never one busy that day, and never
 * one from either team's country at an international match.
 */
class RefereeRota {
  private readonly rng: Rng;
  private readonly use: Map<string, number>;
  private readonly country: ReadonlyMap<string, string | null>;

  constructor(
    ctx: DemoContext,
    private readonly referees: readonly string[],
    private readonly countryOf: (team: string) => string,
  ) {
    this.rng = ctx.rng('matches:referees');
    this.use = new Map(referees.map((id) => [id, 0]));
    this.country = new Map(
      ctx.db
        .prepare<[], { id: string; country: string | null }>(
          'SELECT r.id, p.country FROM referee r JOIN person p ON p.id = r.person',
        )
        .all()
        .map((r) => [r.id, r.country]),
    );
  }

  /** The referee of a fixture; `busy` are those already refereeing that day. */
  assign(fixture: Fixture, international: boolean, busy: ReadonlySet<string>): string {
    const banned = new Set([this.countryOf(fixture.home), this.countryOf(fixture.away)]);
    const candidates = this.referees.filter(
      (id) => !busy.has(id) && (!international || !banned.has(this.country.get(id) ?? '')),
    );
    const least = Math.min(...candidates.map((id) => this.use.get(id)!));
    const chosen = this.rng.pick(candidates.filter((id) => this.use.get(id) === least));
    this.use.set(chosen, least + 1);
    return chosen;
  }
}
