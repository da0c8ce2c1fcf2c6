import { POSITION } from '../reference/codes.ts';
import { drawConditions } from './conditions.ts';
import { DEMO_SOURCE, type DemoContext } from './context.ts';
import { countrySpec } from './countries.ts';
import {
  addDays,
  doubleRoundRobin,
  drawGroups,
  GROUP_STAGE,
  KNOCKOUT,
  loserOf,
  PHASE,
  roundRobin,
  slug,
  standings,
  winnerOf,
  type Fixture,
  type Result,
} from './fixtures.ts';
import {
  lineOf,
  playMatch,
  type MatchScript,
  type PlayedMatch,
  type SquadMember,
  type TeamSheet,
} from './match-play.ts';
import type { DemoPlayer } from './squads.ts';

/**
 * The demo's matches: a domestic league season (double round robin), the continental club cup (four
 * groups of four, then quarterfinals, semi-finals and a final) and the national-team tournament
 * (two groups of four, semi-finals, a third-place play-off and a final). Fixtures are drawn, played
 * in memory stage by stage (a knockout round needs the previous results), and then written in date
 * order, so v0 ids follow the calendar. Every draw comes from streams of its own (`matches:*`,
 * `match:KEY`, ...), so the rows written before this step do not change.
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

export interface DemoMatches {
  /** Every match in date order (the order of their v0 ids). */
  readonly matches: DemoMatchHandle[];
  /** The tournament squads by country id. */
  readonly nationalSquads: Record<string, DemoSquadEntry[]>;
}

/** The first matchday of the league season (a Saturday); one matchday a week after it. */
const LEAGUE_START = '2023-08-19';
const LEAGUE_SLOTS: readonly (readonly [dayOffset: number, kickoff: string])[] = [
  [0, '16:15:00'],
  [0, '18:30:00'],
  [0, '21:00:00'],
  [1, '18:30:00'],
  [1, '21:00:00'],
];
/** Club cup group matchdays: groups A and B on the Tuesday, C and D on the Wednesday. */
const CUP_GROUP_DATES: readonly (readonly [string, string])[] = [
  ['2023-09-19', '2023-09-20'],
  ['2023-10-03', '2023-10-04'],
  ['2023-10-24', '2023-10-25'],
];
const CUP_QUARTERFINAL_DATES = ['2024-04-09', '2024-04-09', '2024-04-10', '2024-04-10'];
const CUP_SEMIFINAL_DATES = ['2024-04-30', '2024-05-01'];
const CUP_FINAL_DATE = '2024-06-01';
/** National tournament: group A plays the day before group B on each matchday. */
const NATIONS_GROUP_DATES: readonly (readonly [string, string])[] = [
  ['2024-06-14', '2024-06-15'],
  ['2024-06-19', '2024-06-20'],
  ['2024-06-24', '2024-06-25'],
];
const NATIONS_SEMIFINAL_DATES = ['2024-07-02', '2024-07-03'];
const NATIONS_THIRD_PLACE_DATE = '2024-07-06';
const NATIONS_FINAL_DATE = '2024-07-07';

/** Named substitutes: seven at a club match, every other squad member at the tournament. */
const CLUB_BENCH = 7;
const NATIONAL_BENCH = 12;

/**
 * Scripted events, by match key suffix, so every seed shows them: the demo is a showcase of the
 * cases an API client must handle (own goal, penalties scored, missed and saved, a second yellow, a
 * straight red, a player leaving with no substitutions left). Random play adds more of each.
 */
const LEAGUE_FEATURES: Readonly<Record<string, MatchScript['features']>> = {
  '1:0': ['ownGoal', 'penaltySave'],
  '2:1': ['penaltyGoal', 'secondYellow'],
  '3:2': ['straightRed', 'penaltyMiss'],
  '4:3': ['injuryNoSub'],
};
/** League matches (matchday:index) whose humidity the "source" does not give. */
const HUMIDITY_UNKNOWN = new Set(['7:3', '12:1']);

interface VenueInfo {
  readonly capacity: number | null;
  readonly altitude: number | null;
  readonly country: string;
}

/** A played fixture waiting to be written. */
interface Played {
  readonly fixture: Fixture;
  readonly result: PlayedMatch;
  readonly humidityUnknown: boolean;
}

const pad = (n: number): string => String(n).padStart(2, '0');

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
  const countryName = new Map(Object.entries(inputs.countries).map(([name, id]) => [id, name]));
  const clubById = new Map(inputs.clubs.map((club) => [club.id, club]));
  const competitionKey = new Map(Object.values(inputs.competitions).map((c) => [c.id, c.key]));
  const teamKey = (team: string): string =>
    clubById.get(team)?.key ?? slug(countryName.get(team) ?? team);
  /** Country id of a team (a club's country, or the national team itself). */
  const countryOf = (team: string): string => clubById.get(team)?.country ?? team;

  const venues = new Map(
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
  const refereeCountry = new Map(
    ctx.db
      .prepare<[], { id: string; country: string | null }>(
        'SELECT r.id, p.country FROM referee r JOIN person p ON p.id = r.person',
      )
      .all()
      .map((r) => [r.id, r.country]),
  );

  // Form of every player (a club's first goalkeeper is its number one), team strengths and
  // captains.
  const formRng = ctx.rng('matches:form');
  const quality = new Map<string, number>();
  for (const squad of Object.values(inputs.playersByClub)) {
    const firstKeeper = squad.find((id) => playerById.get(id)?.position === POSITION.goalkeeper);
    for (const id of squad)
      quality.set(id, formRng.float(0.1, 1, 3) + (id === firstKeeper ? 1 : 0));
  }
  const strengthRng = ctx.rng('matches:strength');
  const strength = new Map<string, number>();
  for (const club of inputs.clubs) strength.set(club.id, strengthRng.float(0.75, 1.3, 3));
  for (const nation of inputs.nationalTournament.entrants)
    strength.set(nation, strengthRng.float(0.8, 1.25, 3));

  const member = (id: string, number: number): SquadMember => {
    const player = playerById.get(id);
    if (!player) throw new Error(`demo matches: unknown player ${id}`);
    return { player: id, position: player.position, number, quality: quality.get(id) ?? 0.5 };
  };
  const captainRng = ctx.rng('matches:captains');
  const sheet = (team: string, squad: SquadMember[], benchSize: number): TeamSheet => {
    const captaincy = squad
      .map((m) => [m.player, m.quality + captainRng.float(0, 0.6, 3)] as const)
      .sort((a, b) => b[1] - a[1])
      .slice(0, 3)
      .map(([id]) => id);
    return { team, squad, captaincy, benchSize, strength: strength.get(team) ?? 1 };
  };
  const sheets = new Map<string, TeamSheet>();
  for (const club of inputs.clubs) {
    const squad = (inputs.playersByClub[club.id] ?? []).map((id) =>
      member(id, playerById.get(id)!.number),
    );
    sheets.set(club.id, sheet(club.id, squad, CLUB_BENCH));
  }
  const nationalSquads = drawNationalSquads(ctx, inputs, playerById);
  for (const [nation, squad] of Object.entries(nationalSquads)) {
    sheets.set(
      nation,
      sheet(
        nation,
        squad.map((entry) => member(entry.player, entry.number)),
        NATIONAL_BENCH,
      ),
    );
  }

  // Referees: the least used first, never one from either team's country at an international match.
  const refereeRng = ctx.rng('matches:referees');
  const refereeUse = new Map(inputs.referees.map((id) => [id, 0]));
  const refereeFor = (
    fixture: Fixture,
    international: boolean,
    busy: ReadonlySet<string>,
  ): string => {
    const banned = new Set([countryOf(fixture.home), countryOf(fixture.away)]);
    const candidates = inputs.referees.filter(
      (id) => !busy.has(id) && (!international || !banned.has(refereeCountry.get(id) ?? '')),
    );
    const least = Math.min(...candidates.map((id) => refereeUse.get(id)!));
    const chosen = refereeRng.pick(candidates.filter((id) => refereeUse.get(id) === least));
    refereeUse.set(chosen, least + 1);
    return chosen;
  };

  const played: Played[] = [];
  const play = (
    fixture: Fixture,
    script: Omit<MatchScript, 'decisive' | 'homeAdvantage'> = {},
    humidityUnknown = false,
  ): Result => {
    const result = playMatch(
      ctx.rng(`match:${fixture.key}`),
      sheets.get(fixture.home)!,
      sheets.get(fixture.away)!,
      {
        ...script,
        decisive: fixture.decisive,
        homeAdvantage: fixture.homeGround,
      },
    );
    played.push({ fixture, result, humidityUnknown });
    return {
      home: fixture.home,
      away: fixture.away,
      homeScore: result.homeScore,
      awayScore: result.awayScore,
      winner: result.winner,
    };
  };

  // 1. The first domestic league: a double round robin, one matchday a week.
  const league = inputs.leagues[0];
  if (!league) throw new Error('demo matches: no league');
  const leagueKey = `${competitionKey.get(league.competition)}:${league.season}`;
  const leagueRng = ctx.rng('matches:league');
  const rounds = doubleRoundRobin(leagueRng.shuffle(league.clubs));
  // A lean demo stops after a few matchdays: a season in progress. Each match draws from its own
  // stream, so the matchdays played are the same in both.
  rounds.slice(0, leagueMatchdays ?? rounds.length).forEach((round, r) => {
    const matchday = r + 1;
    const slots = leagueRng.shuffle(LEAGUE_SLOTS);
    round.forEach(([home, away], i) => {
      const [offset, kickoff] = slots[i]!;
      const fixture: Fixture = {
        key: `${leagueKey}:md${pad(matchday)}:${teamKey(home)}-v-${teamKey(away)}`,
        type: 'clubs',
        competition: league.competition,
        season: league.season,
        phase: PHASE.league,
        matchday,
        groupRound: null,
        groupName: null,
        knockoutRound: null,
        home,
        away,
        date: addDays(LEAGUE_START, 7 * r + offset),
        kickoff,
        venue: inputs.venuesByTeam[home]!,
        homeGround: true,
        decisive: false,
      };
      const slot = `${matchday}:${i}`;
      const features = LEAGUE_FEATURES[slot];
      play(fixture, features ? { features } : {}, HUMIDITY_UNKNOWN.has(slot));
    });
  });

  // 2. The continental club cup.
  const cup = inputs.clubCup;
  const cupKey = `${competitionKey.get(cup.competition)}:${cup.season}`;
  const cupRng = ctx.rng('matches:club-cup');
  const cupGroups = drawGroups(cupRng, cup.entrants, 4, (group) => {
    const counts = new Map<string, number>();
    for (const club of group) counts.set(countryOf(club), (counts.get(countryOf(club)) ?? 0) + 1);
    return [...counts.values()].every((n) => n <= 2);
  });
  const letters = ['A', 'B', 'C', 'D'];
  const cupResults: Result[][] = cupGroups.map(() => []);
  for (let md = 0; md < 3; md++) {
    cupGroups.forEach((group, g) => {
      const round = roundRobin(group)[md]!;
      round.forEach(([home, away], i) => {
        const fixture: Fixture = {
          key: `${cupKey}:group-${letters[g]}:md${md + 1}:${teamKey(home)}-v-${teamKey(away)}`,
          type: 'clubs',
          competition: cup.competition,
          season: cup.season,
          phase: PHASE.group,
          matchday: md + 1,
          groupRound: GROUP_STAGE,
          groupName: letters[g]!,
          knockoutRound: null,
          home,
          away,
          date: CUP_GROUP_DATES[md]![g < 2 ? 0 : 1],
          kickoff: md === 2 || i === 1 ? '21:00:00' : '18:45:00',
          venue: inputs.venuesByTeam[home]!,
          homeGround: true,
          decisive: false,
        };
        cupResults[g]!.push(play(fixture));
      });
    });
  }
  const cupTables = cupGroups.map((group, g) => standings(group, cupResults[g]!));
  const place = (tables: string[][], g: number, p: number): string => tables[g]![p]!;
  const cupTie = (
    stage: string,
    round: number,
    home: string,
    away: string,
    date: string,
    venue: string,
    homeGround: boolean,
  ): Fixture => ({
    key: `${cupKey}:${stage}:${teamKey(home)}-v-${teamKey(away)}`,
    type: 'clubs',
    competition: cup.competition,
    season: cup.season,
    phase: PHASE.knockout,
    matchday: null,
    groupRound: null,
    groupName: null,
    knockoutRound: round,
    home,
    away,
    date,
    kickoff: '21:00:00',
    venue,
    homeGround,
    decisive: true,
  });
  const quarterPairs: [string, string][] = [
    [place(cupTables, 0, 0), place(cupTables, 1, 1)],
    [place(cupTables, 1, 0), place(cupTables, 0, 1)],
    [place(cupTables, 2, 0), place(cupTables, 3, 1)],
    [place(cupTables, 3, 0), place(cupTables, 2, 1)],
  ];
  const quarters = quarterPairs.map(([home, away], i) =>
    play(
      cupTie(
        `qf${i + 1}`,
        KNOCKOUT.quarterfinal,
        home,
        away,
        CUP_QUARTERFINAL_DATES[i]!,
        inputs.venuesByTeam[home]!,
        true,
      ),
      i === 1 ? { force: 'shootout' } : {},
    ),
  );
  const semiPairs: [string, string][] = [
    [winnerOf(quarters[0]!), winnerOf(quarters[2]!)],
    [winnerOf(quarters[1]!), winnerOf(quarters[3]!)],
  ];
  const semis = semiPairs.map(([home, away], i) =>
    play(
      cupTie(
        `sf${i + 1}`,
        KNOCKOUT.semifinal,
        home,
        away,
        CUP_SEMIFINAL_DATES[i]!,
        inputs.venuesByTeam[home]!,
        true,
      ),
      i === 0 ? { force: 'extraTime' } : {},
    ),
  );
  const finalVenue = inputs.sharedVenuesByCountry[league.country]?.[0];
  if (!finalVenue) throw new Error('demo matches: no neutral ground for the club cup final');
  play(
    cupTie(
      'final',
      KNOCKOUT.final,
      winnerOf(semis[0]!),
      winnerOf(semis[1]!),
      CUP_FINAL_DATE,
      finalVenue,
      false,
    ),
  );

  // 3. The national-team tournament: the host heads group A and plays its matches at the first
  //    ground.
  const nations = inputs.nationalTournament;
  const nationsKey = `${competitionKey.get(nations.competition)}:${nations.season}`;
  const nationsRng = ctx.rng('matches:nations-cup');
  const confederationOf = (country: string): string =>
    countrySpec(countryName.get(country)!).confederation;
  const nationGroups = drawGroups(
    nationsRng,
    nations.entrants,
    4,
    (group) => new Set(group.map(confederationOf)).size === group.length,
    [nations.host],
  );
  const [v0, v1, v2, v3] = nations.venues;
  if (!v0 || !v1 || !v2 || !v3) throw new Error('demo matches: the tournament needs four grounds');
  const nationTie = (
    stage: string,
    base: Pick<Fixture, 'phase' | 'matchday' | 'groupRound' | 'groupName' | 'knockoutRound'>,
    first: string,
    second: string,
    date: string,
    kickoff: string,
    venue: string,
  ): Fixture => {
    // The host is always the home team.
    const [home, away] = second === nations.host ? [second, first] : [first, second];
    return {
      key: `${nationsKey}:${stage}:${teamKey(home)}-v-${teamKey(away)}`,
      type: 'national',
      competition: nations.competition,
      season: nations.season,
      ...base,
      home,
      away,
      date,
      kickoff,
      venue,
      homeGround: home === nations.host,
      decisive: base.phase === PHASE.knockout,
    };
  };
  const nationResults: Result[][] = nationGroups.map(() => []);
  for (let md = 0; md < 3; md++) {
    nationGroups.forEach((group, g) => {
      roundRobin(group)[md]!.forEach(([home, away], i) => {
        // The host plays its group matches at the first ground.
        const hostMatch = home === nations.host || away === nations.host;
        const venue = g === 0 ? (hostMatch ? v0 : v1) : i === 0 ? v2 : v3;
        const kickoff =
          md === 2 ? '19:00:00' : hostMatch || (g === 1 && i === 0) ? '19:00:00' : '16:00:00';
        const fixture = nationTie(
          `group-${letters[g]}:md${md + 1}`,
          {
            phase: PHASE.group,
            matchday: md + 1,
            groupRound: GROUP_STAGE,
            groupName: letters[g]!,
            knockoutRound: null,
          },
          home,
          away,
          NATIONS_GROUP_DATES[md]![g]!,
          kickoff,
          venue,
        );
        // Group B's first matchday comes from a "source" that does not name the captains.
        const script = g === 1 && md === 0 ? { captainUnknown: true } : {};
        nationResults[g]!.push(play(fixture, script));
      });
    });
  }
  const nationTables = nationGroups.map((group, g) => standings(group, nationResults[g]!));
  const knockout = (
    round: number,
  ): Pick<Fixture, 'phase' | 'matchday' | 'groupRound' | 'groupName' | 'knockoutRound'> => ({
    phase: PHASE.knockout,
    matchday: null,
    groupRound: null,
    groupName: null,
    knockoutRound: round,
  });
  const nationSemis = [
    play(
      nationTie(
        'sf1',
        knockout(KNOCKOUT.semifinal),
        place(nationTables, 0, 0),
        place(nationTables, 1, 1),
        NATIONS_SEMIFINAL_DATES[0]!,
        '19:00:00',
        v0,
      ),
    ),
    play(
      nationTie(
        'sf2',
        knockout(KNOCKOUT.semifinal),
        place(nationTables, 1, 0),
        place(nationTables, 0, 1),
        NATIONS_SEMIFINAL_DATES[1]!,
        '19:00:00',
        v2,
      ),
      { force: 'shootout' },
    ),
  ];
  play(
    nationTie(
      'third-place',
      knockout(KNOCKOUT.thirdPlace),
      loserOf(nationSemis[0]!),
      loserOf(nationSemis[1]!),
      NATIONS_THIRD_PLACE_DATE,
      '16:00:00',
      v1,
    ),
  );
  play(
    nationTie(
      'final',
      knockout(KNOCKOUT.final),
      winnerOf(nationSemis[0]!),
      winnerOf(nationSemis[1]!),
      NATIONS_FINAL_DATE,
      '19:00:00',
      v0,
    ),
  );

  // Write in calendar order, so v0 ids follow the dates.
  played.sort(
    (a, b) =>
      a.fixture.date.localeCompare(b.fixture.date) ||
      a.fixture.kickoff.localeCompare(b.fixture.kickoff) ||
      a.fixture.key.localeCompare(b.fixture.key),
  );
  const matches: DemoMatchHandle[] = [];
  const busyByDate = new Map<string, Set<string>>();
  for (const { fixture, result, humidityUnknown } of played) {
    const busy = busyByDate.get(fixture.date) ?? new Set<string>();
    busyByDate.set(fixture.date, busy);
    const referee = refereeFor(fixture, fixture.competition !== league.competition, busy);
    busy.add(referee);
    matches.push(
      writeMatch(ctx, fixture, result, {
        referee,
        venue: venues.get(fixture.venue),
        humidityUnknown,
        homeManager: inputs.managersByTeam[fixture.home] ?? null,
        awayManager: inputs.managersByTeam[fixture.away] ?? null,
      }),
    );
  }
  return { matches, nationalSquads };
}

/**
 * Each entrant's 23: three goalkeepers (numbers 1, 12 and 23) and twenty outfield players, numbered
 * 2-22 from defence to attack (a pool short of outfield players takes more goalkeepers, numbered
 * last).
 */
function drawNationalSquads(
  ctx: DemoContext,
  inputs: MatchInputs,
  playerById: ReadonlyMap<string, DemoPlayer>,
): Record<string, DemoSquadEntry[]> {
  const rng = ctx.rng('matches:national-squads');
  const squads: Record<string, DemoSquadEntry[]> = {};
  for (const nation of inputs.nationalTournament.entrants) {
    const pool = (inputs.playersByCountry[nation] ?? []).map((id) => playerById.get(id)!);
    const outfieldPool = pool.filter((p) => lineOf(p.position) !== 'gk');
    // Twenty outfield players when the pool has them; goalkeepers (at least three) make up the
    // rest.
    const outfield = rng
      .shuffle(outfieldPool)
      .slice(0, Math.min(20, outfieldPool.length))
      .sort((a, b) => a.position - b.position || a.id.localeCompare(b.id));
    const keepers = rng
      .shuffle(pool.filter((p) => lineOf(p.position) === 'gk'))
      .slice(0, 23 - outfield.length);
    if (keepers.length + outfield.length < 23)
      throw new Error(`demo matches: ${nation} has too few players for a squad of 23`);
    const keeperNumbers = [1, 12, 23];
    const free = Array.from({ length: 23 }, (_, i) => i + 1).filter(
      (n) => !keeperNumbers.includes(n),
    );
    squads[nation] = [
      ...keepers.map((p, i) => ({
        player: p.id,
        number: keeperNumbers[i] ?? free[outfield.length + i - 3]!,
      })),
      ...outfield.map((p, i) => ({ player: p.id, number: free[i]! })),
    ];
  }
  return squads;
}

interface MatchExtras {
  readonly referee: string;
  readonly venue: VenueInfo | undefined;
  readonly humidityUnknown: boolean;
  readonly homeManager: string | null;
  readonly awayManager: string | null;
}

/** Writes one match with its condition, line-ups and events. */
function writeMatch(
  ctx: DemoContext,
  fixture: Fixture,
  result: PlayedMatch,
  extras: MatchExtras,
): DemoMatchHandle {
  const { key } = fixture;
  const id = ctx.id('match', key);
  const rng = ctx.rng(`match-day:${key}`);
  const capacity = extras.venue?.capacity ?? null;
  const fill =
    fixture.knockoutRound === KNOCKOUT.final
      ? rng.float(0.97, 1, 3)
      : fixture.phase === PHASE.knockout
        ? rng.float(0.88, 1, 3)
        : fixture.type === 'national'
          ? rng.float(0.7, 0.98, 3)
          : fixture.phase === PHASE.group
            ? rng.float(0.65, 0.98, 3)
            : rng.float(0.5, 0.97, 3);
  const attendance = capacity === null ? null : Math.floor(capacity * fill);
  ctx.insert('match', {
    id,
    v0_id: ctx.v0('match'),
    match_type: fixture.type,
    competition: fixture.competition,
    season: fixture.season,
    phase: fixture.phase,
    matchday: fixture.matchday,
    group_round: fixture.groupRound,
    group_name: fixture.groupName,
    knockout_round: fixture.knockoutRound,
    home_team: fixture.home,
    away_team: fixture.away,
    home_manager: extras.homeManager,
    away_manager: extras.awayManager,
    referee: extras.referee,
    venue: fixture.venue,
    match_date: fixture.date,
    kickoff_time: fixture.kickoff,
    firsthalf_length: 45,
    secondhalf_length: 45,
    firstextra_length: result.extraTime ? 15 : null,
    secondextra_length: result.extraTime ? 15 : null,
    attendance,
    home_score: result.homeScore,
    away_score: result.awayScore,
    home_shootout_score: result.shootout?.home ?? null,
    away_shootout_score: result.shootout?.away ?? null,
    shootout_winner: result.shootout ? result.winner : null,
    supplier_id: null,
    source: DEMO_SOURCE,
  });

  const conditions = drawConditions(rng, {
    date: fixture.date,
    kickoff: fixture.kickoff,
    country: extras.venue?.country ?? '',
    altitude: extras.venue?.altitude ?? null,
    humidityUnknown: extras.humidityUnknown,
  });
  ctx.insert('match_condition', {
    id: ctx.id('match_condition', key),
    v0_id: ctx.v0('match_condition'),
    match: id,
    kickoff_temp: conditions.temperature,
    kickoff_humidity: conditions.humidity,
    kickoff_weather: conditions.kickoff,
    halftime_weather: conditions.halftime,
    fulltime_weather: conditions.fulltime,
  });

  const lineupIds = new Map<string, string>();
  const teams = new Map<string, string>();
  for (const entry of result.lineups) {
    const lineup = ctx.id('lineup', `${key}:${entry.player}`);
    lineupIds.set(entry.player, lineup);
    teams.set(entry.player, entry.team);
    ctx.insert('lineup', {
      id: lineup,
      v0_id: ctx.v0('lineup'),
      match: id,
      team: entry.team,
      player: entry.player,
      position: entry.position,
      number: entry.number,
      is_starting: entry.starting ? 1 : 0,
      is_captain: entry.captain === null ? null : entry.captain ? 1 : 0,
    });
  }
  const lineupOf = (player: string): string => {
    const lineup = lineupIds.get(player);
    if (!lineup) throw new Error(`demo matches: ${player} has no line-up in ${key}`);
    return lineup;
  };
  const teamOf = (player: string): string => teams.get(player)!;
  result.goals.forEach((goal, i) =>
    ctx.insert('goal', {
      id: ctx.id('goal', `${key}:${i + 1}`),
      v0_id: ctx.v0('goal'),
      match: id,
      team: goal.team,
      lineup: lineupOf(goal.player),
      player: goal.player,
      player_team: teamOf(goal.player),
      shot_event: goal.shotEvent,
      bodypart: goal.bodypart,
      time_mins: goal.time.mins,
      stoppage_mins: goal.time.stoppage,
    }),
  );
  result.penalties.forEach((penalty, i) =>
    ctx.insert('penalty', {
      id: ctx.id('penalty', `${key}:${i + 1}`),
      v0_id: ctx.v0('penalty'),
      match: id,
      lineup: lineupOf(penalty.player),
      foul: penalty.foul,
      outcome: penalty.outcome,
      time_mins: penalty.time.mins,
      stoppage_mins: penalty.time.stoppage,
    }),
  );
  result.offenses.forEach((offense, i) =>
    ctx.insert('offense', {
      id: ctx.id('offense', `${key}:${i + 1}`),
      v0_id: ctx.v0('offense'),
      match: id,
      lineup: lineupOf(offense.player),
      foul: offense.foul,
      card: offense.card,
      time_mins: offense.time.mins,
      stoppage_mins: offense.time.stoppage,
    }),
  );
  result.substitutions.forEach((sub, i) =>
    ctx.insert('substitution', {
      id: ctx.id('substitution', `${key}:${i + 1}`),
      v0_id: ctx.v0('substitution'),
      match: id,
      team: sub.team,
      lineup_in: sub.playerIn === null ? null : lineupOf(sub.playerIn),
      lineup_out: lineupOf(sub.playerOut),
      time_mins: sub.time.mins,
      stoppage_mins: sub.time.stoppage,
    }),
  );
  result.shootout?.kicks.forEach((kick, i) =>
    ctx.insert('shootout', {
      id: ctx.id('shootout', `${key}:${i + 1}`),
      v0_id: ctx.v0('shootout'),
      match: id,
      lineup: lineupOf(kick.player),
      opening_team: result.shootout!.opening,
      round: kick.round,
      outcome: kick.outcome,
    }),
  );

  return {
    id,
    key,
    type: fixture.type,
    competition: fixture.competition,
    season: fixture.season,
    phase: fixture.phase,
    matchday: fixture.matchday,
    groupRound: fixture.groupRound,
    groupName: fixture.groupName,
    knockoutRound: fixture.knockoutRound,
    date: fixture.date,
    home: fixture.home,
    away: fixture.away,
    homeScore: result.homeScore,
    awayScore: result.awayScore,
    extraTime: result.extraTime,
    shootout: result.shootout ? { home: result.shootout.home, away: result.shootout.away } : null,
    winner: result.winner,
  };
}
