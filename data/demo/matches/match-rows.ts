import { drawConditions } from './conditions.ts';
import { DEMO_SOURCE, type DemoContext } from '../context.ts';
import { KNOCKOUT, PHASE, type Fixture } from './fixtures.ts';
import type { PlayedMatch } from './played-match.ts';
import type { DemoMatchHandle } from './match-handles.ts';
import type { Rng } from '../random.ts';

/**
 * The rows of one played match: the `match` row, its conditions, the line-ups, and the goals,
 * penalties, offenses, substitutions and shootout kicks, which name their players by line-up id.
 * The match day's own draws (attendance, weather) come from a stream of its own (`match-day:KEY`).
 */

/** What a ground tells about a match played there. */
export interface VenueInfo {
  readonly capacity: number | null;
  readonly altitude: number | null;
  /** The country's name. */
  readonly country: string;
}

/** What a match's rows need beyond its fixture and result. */
export interface MatchExtras {
  readonly referee: string;
  readonly venue: VenueInfo | undefined;
  readonly humidityUnknown: boolean;
  readonly homeManager: string | null;
  readonly awayManager: string | null;
}

/** How full a ground is for each kind of match: [least, most] of its capacity. */
const FILL = {
  final: [0.97, 1],
  knockout: [0.88, 1],
  nationsGroup: [0.7, 0.98],
  clubGroup: [0.65, 0.98],
  league: [0.5, 0.97],
} as const satisfies Record<string, readonly [number, number]>;

/** The kind of occasion a fixture is, for the crowd it draws. */
function occasionOf(fixture: Fixture): keyof typeof FILL {
  if (fixture.knockoutRound === KNOCKOUT.final) return 'final';
  if (fixture.phase === PHASE.knockout) return 'knockout';
  if (fixture.type === 'national') return 'nationsGroup';
  if (fixture.phase === PHASE.group) return 'clubGroup';
  return 'league';
}

/** Writes one match with its condition, line-ups and events; returns its handle. */
export function writeMatch(
  ctx: DemoContext,
  fixture: Fixture,
  result: PlayedMatch,
  extras: MatchExtras,
): DemoMatchHandle {
  const id = ctx.id('match', fixture.key);
  const rng = ctx.rng(`match-day:${fixture.key}`);
  const capacity = extras.venue?.capacity ?? null;
  const [least, most] = FILL[occasionOf(fixture)];
  const fill = rng.float(least, most, 3);
  const attendance = capacity === null ? null : Math.floor(capacity * fill);
  insertMatchRow(ctx, id, fixture, result, extras, attendance);
  insertConditions(ctx, rng, id, fixture, extras);
  const rows = insertLineups(ctx, id, fixture.key, result);
  insertGoals(rows, result);
  insertPenalties(rows, result);
  insertOffenses(rows, result);
  insertSubstitutions(rows, result);
  insertShootout(rows, result);
  return handleOf(id, fixture, result);
}

/** The `match` row. */
function insertMatchRow(
  ctx: DemoContext,
  id: string,
  fixture: Fixture,
  result: PlayedMatch,
  extras: MatchExtras,
  attendance: number | null,
): void {
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
}

/** The `match_condition` row: the weather and temperature of the day at the ground. */
function insertConditions(
  ctx: DemoContext,
  rng: Rng,
  id: string,
  fixture: Fixture,
  extras: MatchExtras,
): void {
  const conditions = drawConditions(rng, {
    date: fixture.date,
    kickoff: fixture.kickoff,
    country: extras.venue?.country ?? '',
    altitude: extras.venue?.altitude ?? null,
    humidityUnknown: extras.humidityUnknown,
  });
  ctx.insert('match_condition', {
    id: ctx.id('match_condition', fixture.key),
    v0_id: ctx.v0('match_condition'),
    match: id,
    kickoff_temp: conditions.temperature,
    kickoff_humidity: conditions.humidity,
    kickoff_weather: conditions.kickoff,
    halftime_weather: conditions.halftime,
    fulltime_weather: conditions.fulltime,
  });
}

/** A match's written line-ups, for the rows that name a player by his line-up. */
interface MatchRows {
  readonly ctx: DemoContext;
  /** The match id and key. */
  readonly id: string;
  readonly key: string;
  /** The line-up id of a player of the match; fails for a player without one. */
  readonly lineupOf: (player: string) => string;
  /** The team a player of the match played for. */
  readonly teamOf: (player: string) => string;
}

/** The `lineup` rows: the starters of both teams, then the substitutes in the order they came on. */
function insertLineups(ctx: DemoContext, id: string, key: string, result: PlayedMatch): MatchRows {
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
  return {
    ctx,
    id,
    key,
    lineupOf: (player) => {
      const lineup = lineupIds.get(player);
      if (!lineup) throw new Error(`demo matches: ${player} has no line-up in ${key}`);
      return lineup;
    },
    teamOf: (player) => teams.get(player)!,
  };
}

/** The `goal` rows: the scorer's team differs from the team credited for an own goal. */
function insertGoals({ ctx, id, key, lineupOf, teamOf }: MatchRows, result: PlayedMatch): void {
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
}

/** The `penalty` rows, scored or not. */
function insertPenalties({ ctx, id, key, lineupOf }: MatchRows, result: PlayedMatch): void {
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
}

/** The `offense` rows: the cards. */
function insertOffenses({ ctx, id, key, lineupOf }: MatchRows, result: PlayedMatch): void {
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
}

/** The `substitution` rows; an injured player no one replaced has no `lineup_in`. */
function insertSubstitutions({ ctx, id, key, lineupOf }: MatchRows, result: PlayedMatch): void {
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
}

/** The `shootout` rows, one a kick in kick order. */
function insertShootout({ ctx, id, key, lineupOf }: MatchRows, result: PlayedMatch): void {
  const shootout = result.shootout;
  shootout?.kicks.forEach((kick, i) =>
    ctx.insert('shootout', {
      id: ctx.id('shootout', `${key}:${i + 1}`),
      v0_id: ctx.v0('shootout'),
      match: id,
      lineup: lineupOf(kick.player),
      opening_team: shootout.opening,
      round: kick.round,
      outcome: kick.outcome,
    }),
  );
}

/** The handle of a written match: its fixture's fields and its result. */
function handleOf(id: string, fixture: Fixture, result: PlayedMatch): DemoMatchHandle {
  return {
    id,
    key: fixture.key,
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
