import { countrySpec } from '../countries.ts';
import {
  drawGroups,
  GROUP_STAGE,
  KNOCKOUT,
  loserOf,
  PHASE,
  roundRobin,
  standings,
  winnerOf,
  type Fixture,
  type Result,
} from './fixtures.ts';
import { GROUP_LETTERS, placed, type MatchCalendar, type ScriptExtras } from './match-calendar.ts';

/**
 * The national-team tournament: two groups of four (no two teams of one confederation in a group),
 * semi-finals, a third-place play-off and a final, all on the host's four grounds. The host heads
 * group A, plays its group matches at the first ground and is the home team of every match it
 * plays.
 */

/** National tournament: group A plays the day before group B on each matchday. */
const NATIONS_GROUP_DATES: readonly (readonly [string, string])[] = [
  ['2024-06-14', '2024-06-15'],
  ['2024-06-19', '2024-06-20'],
  ['2024-06-24', '2024-06-25'],
];
const NATIONS_SEMIFINAL_DATES = ['2024-07-02', '2024-07-03'];
const NATIONS_THIRD_PLACE_DATE = '2024-07-06';
const NATIONS_FINAL_DATE = '2024-07-07';

/** The stage fields of a fixture: a group matchday's, or a knockout round's. */
type Stage = Pick<Fixture, 'phase' | 'matchday' | 'groupRound' | 'groupName' | 'knockoutRound'>;

/** A tournament match before the host is made the home team. */
interface NationsTie {
  /** The stage's part of the match key (`group-A:md1`, `sf1`, `final`, ...). */
  readonly key: string;
  readonly stage: Stage;
  readonly first: string;
  readonly second: string;
  readonly date: string;
  readonly kickoff: string;
  readonly venue: string;
}

/** The tournament's four grounds, in the host country. */
type Grounds = readonly [string, string, string, string];

/** Plays the whole tournament. */
export function playNationsCup(calendar: MatchCalendar): void {
  const [v0, v1, v2, v3] = calendar.inputs.nationalTournament.venues;
  if (!v0 || !v1 || !v2 || !v3) throw new Error('demo matches: the tournament needs four grounds');
  const tables = playNationsGroups(calendar, [v0, v1, v2, v3]);
  const semifinal = (i: 0 | 1, venue: string, script: ScriptExtras = {}): Result =>
    calendar.play(
      nationsFixture(calendar, {
        key: `sf${i + 1}`,
        stage: knockout(KNOCKOUT.semifinal),
        first: placed(tables, i, 0),
        second: placed(tables, 1 - i, 1),
        date: NATIONS_SEMIFINAL_DATES[i]!,
        kickoff: '19:00:00',
        venue,
      }),
      script,
    );
  // The second semi-final is made to go to a shootout, so every seed shows one between nations.
  const semis = [semifinal(0, v0), semifinal(1, v2, { force: 'shootout' })] as const;
  calendar.play(
    nationsFixture(calendar, {
      key: 'third-place',
      stage: knockout(KNOCKOUT.thirdPlace),
      first: loserOf(semis[0]),
      second: loserOf(semis[1]),
      date: NATIONS_THIRD_PLACE_DATE,
      kickoff: '16:00:00',
      venue: v1,
    }),
  );
  calendar.play(
    nationsFixture(calendar, {
      key: 'final',
      stage: knockout(KNOCKOUT.final),
      first: winnerOf(semis[0]),
      second: winnerOf(semis[1]),
      date: NATIONS_FINAL_DATE,
      kickoff: '19:00:00',
      venue: v0,
    }),
  );
}

/**
 * Draws the groups (the host heads group A) and plays their three matchdays; returns each group's
 * final table.
 */
function playNationsGroups(calendar: MatchCalendar, grounds: Grounds): string[][] {
  const nations = calendar.inputs.nationalTournament;
  const confederationOf = (country: string): string =>
    countrySpec(calendar.countryNameOf(country)).confederation;
  const groups = drawGroups(
    calendar.ctx.rng('matches:nations-cup'),
    nations.entrants,
    4,
    (group) => new Set(group.map(confederationOf)).size === group.length,
    [nations.host],
  );
  const results: Result[][] = groups.map(() => []);
  for (let md = 0; md < 3; md++) {
    groups.forEach((group, g) => {
      roundRobin(group)[md]!.forEach(([home, away], i) => {
        const fixture = groupFixture(calendar, grounds, { md, g, i, home, away });
        // Group B's first matchday comes from a "source" that does not name the captains.
        const script = g === 1 && md === 0 ? { captainUnknown: true } : {};
        results[g]!.push(calendar.play(fixture, script));
      });
    });
  }
  return groups.map((group, g) => standings(group, results[g]!));
}

/**
 * The fixture of match `i` of group `g` on matchday `md`: the host plays its group matches at the
 * first ground in the evening; the rest of group A plays at the second ground, group B at the
 * third and fourth.
 */
function groupFixture(
  calendar: MatchCalendar,
  [v0, v1, v2, v3]: Grounds,
  match: { md: number; g: number; i: number; home: string; away: string },
): Fixture {
  const { md, g, i, home, away } = match;
  const host = calendar.inputs.nationalTournament.host;
  const hostMatch = home === host || away === host;
  const venue = g === 0 ? (hostMatch ? v0 : v1) : i === 0 ? v2 : v3;
  // The last matchday's matches kick off together, for a fair finish.
  const kickoff =
    md === 2 ? '19:00:00' : hostMatch || (g === 1 && i === 0) ? '19:00:00' : '16:00:00';
  return nationsFixture(calendar, {
    key: `group-${GROUP_LETTERS[g]}:md${md + 1}`,
    stage: {
      phase: PHASE.group,
      matchday: md + 1,
      groupRound: GROUP_STAGE,
      groupName: GROUP_LETTERS[g]!,
      knockoutRound: null,
    },
    first: home,
    second: away,
    date: NATIONS_GROUP_DATES[md]![g]!,
    kickoff,
    venue,
  });
}

/** The stage fields of a knockout round. */
function knockout(round: number): Stage {
  return {
    phase: PHASE.knockout,
    matchday: null,
    groupRound: null,
    groupName: null,
    knockoutRound: round,
  };
}

/** A tournament fixture; the host is always the home team, and the only one at home. */
function nationsFixture(calendar: MatchCalendar, tie: NationsTie): Fixture {
  const nations = calendar.inputs.nationalTournament;
  const [home, away] =
    tie.second === nations.host ? [tie.second, tie.first] : [tie.first, tie.second];
  return {
    key: `${calendar.seasonKey(nations.competition, nations.season)}:${tie.key}:${calendar.teamKey(home)}-v-${calendar.teamKey(away)}`,
    type: 'national',
    competition: nations.competition,
    season: nations.season,
    ...tie.stage,
    home,
    away,
    date: tie.date,
    kickoff: tie.kickoff,
    venue: tie.venue,
    homeGround: home === nations.host,
    decisive: tie.stage.phase === PHASE.knockout,
  };
}
