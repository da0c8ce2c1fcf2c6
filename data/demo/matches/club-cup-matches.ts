import {
  drawGroups,
  GROUP_STAGE,
  KNOCKOUT,
  PHASE,
  roundRobin,
  standings,
  winnerOf,
  type Fixture,
  type Result,
} from './fixtures.ts';
import { GROUP_LETTERS, placed, type MatchCalendar } from './match-calendar.ts';

/**
 * The continental club cup: four groups of four (no more than two clubs of one country in a
 * group), then quarterfinals at the group winners' grounds, semi-finals, and a final at a neutral
 * ground. One quarterfinal is made to go to a shootout and one semi-final to be won in extra time,
 * so every seed shows both.
 */

/** Club cup group matchdays: groups A and B on the Tuesday, C and D on the Wednesday. */
const CUP_GROUP_DATES: readonly (readonly [string, string])[] = [
  ['2023-09-19', '2023-09-20'],
  ['2023-10-03', '2023-10-04'],
  ['2023-10-24', '2023-10-25'],
];
const CUP_QUARTERFINAL_DATES = ['2024-04-09', '2024-04-09', '2024-04-10', '2024-04-10'];
const CUP_SEMIFINAL_DATES = ['2024-04-30', '2024-05-01'];
const CUP_FINAL_DATE = '2024-06-01';

/** A knockout tie of the cup: its stage in the match key, its round, teams, date and ground. */
interface CupTie {
  readonly stage: string;
  readonly round: number;
  readonly home: string;
  readonly away: string;
  readonly date: string;
  readonly venue: string;
  readonly homeGround: boolean;
}

/** Plays the whole cup; the final is at the first shared ground of `finalCountry`. */
export function playClubCup(calendar: MatchCalendar, finalCountry: string): void {
  const tables = playCupGroups(calendar);
  const { venuesByTeam, sharedVenuesByCountry } = calendar.inputs;
  const quarterPairs: [string, string][] = [
    [placed(tables, 0, 0), placed(tables, 1, 1)],
    [placed(tables, 1, 0), placed(tables, 0, 1)],
    [placed(tables, 2, 0), placed(tables, 3, 1)],
    [placed(tables, 3, 0), placed(tables, 2, 1)],
  ];
  const quarters = quarterPairs.map(([home, away], i) =>
    calendar.play(
      cupTie(calendar, {
        stage: `qf${i + 1}`,
        round: KNOCKOUT.quarterfinal,
        home,
        away,
        date: CUP_QUARTERFINAL_DATES[i]!,
        venue: venuesByTeam[home]!,
        homeGround: true,
      }),
      i === 1 ? { force: 'shootout' } : {},
    ),
  );
  const semiPairs: [string, string][] = [
    [winnerOf(quarters[0]!), winnerOf(quarters[2]!)],
    [winnerOf(quarters[1]!), winnerOf(quarters[3]!)],
  ];
  const semis = semiPairs.map(([home, away], i) =>
    calendar.play(
      cupTie(calendar, {
        stage: `sf${i + 1}`,
        round: KNOCKOUT.semifinal,
        home,
        away,
        date: CUP_SEMIFINAL_DATES[i]!,
        venue: venuesByTeam[home]!,
        homeGround: true,
      }),
      i === 0 ? { force: 'extraTime' } : {},
    ),
  );
  const finalVenue = sharedVenuesByCountry[finalCountry]?.[0];
  if (!finalVenue) throw new Error('demo matches: no neutral ground for the club cup final');
  calendar.play(
    cupTie(calendar, {
      stage: 'final',
      round: KNOCKOUT.final,
      home: winnerOf(semis[0]!),
      away: winnerOf(semis[1]!),
      date: CUP_FINAL_DATE,
      venue: finalVenue,
      homeGround: false,
    }),
  );
}

/**
 * Draws the groups and plays their three matchdays, matchday by matchday; returns each group's
 * final table.
 */
function playCupGroups(calendar: MatchCalendar): string[][] {
  const cup = calendar.inputs.clubCup;
  const cupKey = calendar.seasonKey(cup.competition, cup.season);
  const groups = drawGroups(calendar.ctx.rng('matches:club-cup'), cup.entrants, 4, (group) => {
    const counts = new Map<string, number>();
    for (const club of group) {
      const country = calendar.countryOf(club);
      counts.set(country, (counts.get(country) ?? 0) + 1);
    }
    return [...counts.values()].every((n) => n <= 2);
  });
  const results: Result[][] = groups.map(() => []);
  for (let md = 0; md < 3; md++) {
    groups.forEach((group, g) => {
      roundRobin(group)[md]!.forEach(([home, away], i) => {
        const fixture: Fixture = {
          key: `${cupKey}:group-${GROUP_LETTERS[g]}:md${md + 1}:${calendar.teamKey(home)}-v-${calendar.teamKey(away)}`,
          type: 'clubs',
          competition: cup.competition,
          season: cup.season,
          phase: PHASE.group,
          matchday: md + 1,
          groupRound: GROUP_STAGE,
          groupName: GROUP_LETTERS[g]!,
          knockoutRound: null,
          home,
          away,
          date: CUP_GROUP_DATES[md]![g < 2 ? 0 : 1],
          // The last matchday kicks off together, for a fair finish; otherwise one early, one late.
          kickoff: md === 2 || i === 1 ? '21:00:00' : '18:45:00',
          venue: calendar.inputs.venuesByTeam[home]!,
          homeGround: true,
          decisive: false,
        };
        results[g]!.push(calendar.play(fixture));
      });
    });
  }
  return groups.map((group, g) => standings(group, results[g]!));
}

/** The fixture of a knockout tie, which needs a winner. */
function cupTie(calendar: MatchCalendar, tie: CupTie): Fixture {
  const cup = calendar.inputs.clubCup;
  return {
    key: `${calendar.seasonKey(cup.competition, cup.season)}:${tie.stage}:${calendar.teamKey(tie.home)}-v-${calendar.teamKey(tie.away)}`,
    type: 'clubs',
    competition: cup.competition,
    season: cup.season,
    phase: PHASE.knockout,
    matchday: null,
    groupRound: null,
    groupName: null,
    knockoutRound: tie.round,
    home: tie.home,
    away: tie.away,
    date: tie.date,
    kickoff: '21:00:00',
    venue: tie.venue,
    homeGround: tie.homeGround,
    decisive: true,
  };
}
