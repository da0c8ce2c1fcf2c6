import type Database from 'better-sqlite3';
import { ensureYearSeason } from '../competitions.ts';
import type { ImportContext } from '../context.ts';
import { noteMergedMatches, reconcileMatch, type ExistingMatch } from '../national-matches.ts';
import type { SourceMatch, SourceScore, SourceYear } from './source.ts';
import { hasNumberedGroups, stageOf } from './stages.ts';
import type { OpenfootballTeams } from './teams.ts';
import type { VenueInfo, VenuePlan, VenueWriter } from './venues.ts';

/** A match this source writes (not held by another source): what the goals step needs. */
export interface OwnMatch {
  readonly id: string;
  /** `<year>-<number>`: the match's `num`, else its position in the year's file (1-based). */
  readonly key: string;
  readonly year: number;
  readonly source: SourceMatch;
  /** Country ids of team1 and team2. */
  readonly home: string;
  readonly away: string;
}

/** A match another source holds, as far as the score check needs it. */
interface Existing {
  readonly venue: string | null;
  readonly home_team: string;
  readonly home_score: number | null;
  readonly away_score: number | null;
}

/**
 * "13:00" or "13:00 UTC-6" -> "13:00:00" (local time; the offset belongs to the place, not the
 * match).
 */
export function kickoffTime(time: string | undefined, what: string): string | null {
  if (time === undefined) return null;
  const m = /^(\d{1,2}):(\d{2})(?:\s+UTC[+-]\d{1,2}(?::\d{2})?)?$/.exec(time.trim());
  if (!m || Number(m[1]) > 23 || Number(m[2]) > 59)
    throw new Error(`${what}: cannot read time "${time}"`);
  return `${m[1]!.padStart(2, '0')}:${m[2]}:00`;
}

/**
 * Every match of every year's worldcup.json -> national matches of the men's World Cup.
 *
 * - One real match = one record: a match another source already holds (same date, same two
 *   countries, national-matches.ts) is left as that source wrote it, with its events (counted as
 *   present, merged); only its venue gains what the stadium file knows (venues.ts). A merged match
 *   whose score differs from the file's is reported. Fjelstul holds every match of 1930–2022, so
 *   with it imported first only the 2026 matches are new.
 * - A new match: competition and season (the year); phase, round and group from `round` and `group`
 *   (stages.ts); matchday NULL: the files' "Matchday N" is the day of the tournament, not a team's
 *   matchday. home/away = team1/team2. kickoff_time: the local time of `time` (the UTC offset is
 *   the stadium's, venues.ts). Periods 45 + 45, and 15 + 15 when the score has `et`. Scores: after
 *   extra time where `et` exists, else full time (shootout excluded); shootout score and winner
 *   from `p`. Managers, referee and attendance NULL (not in the files).
 * - A match the file marks as not played (`status`, no score: 1938 Sweden–Austria, Austria having
 *   been annexed) is skipped and reported.
 */
export function importMatches(
  ctx: ImportContext,
  years: readonly SourceYear[],
  teams: OpenfootballTeams,
  competition: string,
  plan: VenuePlan,
  venues: VenueWriter,
): OwnMatch[] {
  const run: MatchesRun = {
    ctx,
    teams,
    competition,
    plan,
    venues,
    existingOf: ctx.db.prepare<[string], Existing>(
      'SELECT venue, home_team, home_score, away_score FROM match WHERE id = ?',
    ),
    mergedBySource: new Map(),
    newByYear: new Map(),
    scoreDisagreements: [],
    notPlayed: 0,
    mergedWithoutVenue: 0,
  };
  const own: OwnMatch[] = [];
  const step = ctx.progress.step(
    'matches',
    years.reduce((n, y) => n + y.matches.length, 0),
  );
  for (const { year, matches } of years) {
    const file: YearFile = {
      year,
      season: ensureYearSeason(ctx, year),
      lettersAreSecondStage: hasNumberedGroups(matches.map((m) => m.group)),
    };
    const keys = new Set<string>();
    matches.forEach((m, index) => {
      step.tick();
      const key = `${year}-${m.num ?? index + 1}`;
      if (keys.has(key)) throw new Error(`${year}: two matches numbered ${key}`);
      keys.add(key);
      const written = importMatch(run, file, m, index, key);
      if (written !== null) own.push(written);
    });
  }
  step.done();
  finishMatches(run);
  return own;
}

/** What the matches step shares while it reads the files, and what it counts for the report. */
interface MatchesRun {
  readonly ctx: ImportContext;
  readonly teams: OpenfootballTeams;
  readonly competition: string;
  readonly plan: VenuePlan;
  readonly venues: VenueWriter;
  readonly existingOf: Database.Statement<[string], Existing>;
  /** Merged matches by the source that holds them. */
  readonly mergedBySource: Map<string, number>;
  /** Matches this source writes, by year. */
  readonly newByYear: Map<number, number>;
  readonly scoreDisagreements: string[];
  notPlayed: number;
  mergedWithoutVenue: number;
}

/** A year's file, as its matches need it. */
interface YearFile {
  readonly year: number;
  /** The season id of the year. */
  readonly season: number;
  /** Whether the year's group letters name a second group stage (stages.ts). */
  readonly lettersAreSecondStage: boolean;
}

/** A played match of a file, read. */
interface PlayedMatch {
  readonly source: SourceMatch;
  readonly score: SourceScore;
  readonly key: string;
  readonly id: string;
  /** Country ids of team1 and team2. */
  readonly home: string;
  readonly away: string;
  readonly venue: VenueInfo | null;
}

/**
 * One match of a year's file: skipped when not played, merged when another source holds it, else
 * written. The match this source writes, or null.
 */
function importMatch(
  run: MatchesRun,
  file: YearFile,
  m: SourceMatch,
  index: number,
  key: string,
): OwnMatch | null {
  if (m.score === undefined || m.status !== undefined) {
    run.notPlayed += 1;
    return null;
  }
  const home = run.teams.team(m.team1, m.date);
  const away = run.teams.team(m.team2, m.date);
  const id = run.ctx.id('match', key);
  const venue = run.plan.venueOf(file.year, index);
  const reconciled = reconcileMatch(run.ctx, id, m.date, home, away);
  const played: PlayedMatch = { source: m, score: m.score, key, id, home, away, venue };
  if (reconciled.kind === 'merged') {
    mergeMatch(run, played, reconciled.match);
    return null;
  }
  saveMatch(run, file, played);
  run.newByYear.set(file.year, (run.newByYear.get(file.year) ?? 0) + 1);
  return { id, key, year: file.year, source: m, home, away };
}

/**
 * A match another source holds: counted as present, its score checked against the file's, and
 * its venue given a vote for the file's stadium (venues.ts).
 */
function mergeMatch(run: MatchesRun, played: PlayedMatch, match: ExistingMatch): void {
  const { source: m, score, venue } = played;
  const [homeScore, awayScore] = score.et ?? score.ft;
  run.ctx.report.count('match', 'present');
  run.mergedBySource.set(match.source, (run.mergedBySource.get(match.source) ?? 0) + 1);
  const existing = run.existingOf.get(match.id)!;
  const theirs =
    existing.home_team === played.home
      ? [existing.home_score, existing.away_score]
      : [existing.away_score, existing.home_score];
  if (theirs[0] !== homeScore || theirs[1] !== awayScore) {
    run.scoreDisagreements.push(
      `${m.date} ${m.team1}–${m.team2} ${homeScore}–${awayScore} ` +
        `(${match.source}: ${theirs[0]}–${theirs[1]})`,
    );
  }
  if (venue !== null && venue.fromStadiumFile) {
    if (existing.venue !== null)
      run.venues.vote(existing.venue, venue, `${m.date} ${m.team1}–${m.team2}`);
    else run.mergedWithoutVenue += 1;
  }
}

/** Writes a match no other source holds, as this source's own. */
function saveMatch(run: MatchesRun, file: YearFile, played: PlayedMatch): void {
  const { ctx, venues } = run;
  const { source: m, score, home, away, venue } = played;
  const what = `${played.key} ${m.team1}–${m.team2}`;
  const [homeScore, awayScore] = score.et ?? score.ft;
  const stage = stageOf(m.round, m.group, file.lettersAreSecondStage);
  const extraTime = score.et !== undefined;
  const shootout = score.p;
  if (shootout !== undefined && shootout[0] === shootout[1])
    throw new Error(`${what}: a shootout without a winner`);
  ctx.save('match', {
    id: played.id,
    match_type: 'national',
    competition: run.competition,
    season: file.season,
    phase: stage.phase,
    matchday: null,
    group_round: stage.group_round,
    group_name: stage.group_name,
    knockout_round: stage.knockout_round,
    home_team: home,
    away_team: away,
    home_manager: null,
    away_manager: null,
    referee: null,
    venue: venue === null ? null : venues.venue(venue),
    match_date: m.date,
    kickoff_time: kickoffTime(m.time, what),
    firsthalf_length: 45,
    secondhalf_length: 45,
    firstextra_length: extraTime ? 15 : null,
    secondextra_length: extraTime ? 15 : null,
    attendance: null,
    home_score: homeScore,
    away_score: awayScore,
    home_shootout_score: shootout?.[0] ?? null,
    away_shootout_score: shootout?.[1] ?? null,
    shootout_winner: shootout === undefined ? null : shootout[0] > shootout[1] ? home : away,
    supplier_id: null,
    source: ctx.source,
  });
}

/**
 * Reports what the matches step skipped, merged and wrote, filling on the way the venues of merged
 * matches from their votes (venues.ts).
 */
function finishMatches(run: MatchesRun): void {
  const { ctx } = run;
  ctx.report.skip(
    'match',
    'matches the file marks as not played (status, no score: 1938 Sweden–Austria)',
    run.notPlayed,
  );
  noteMergedMatches(ctx, run.mergedBySource);
  const created = [...run.newByYear].map(([year, n]) => `${year}: ${n}`).join(', ');
  ctx.report.note(
    `match: matches no other source held, written by this source: ${created || 'none'}`,
  );
  if (run.scoreDisagreements.length > 0) {
    ctx.report.note(
      `match: ${run.scoreDisagreements.length} merged matches where the other source's score ` +
        `differs from the file's (theirs kept): ${run.scoreDisagreements.join('; ')}`,
    );
  }
  ctx.report.skip(
    'venue',
    'stadiums of merged matches whose record has no venue to fill',
    run.mergedWithoutVenue,
  );
  const elsewhere = run.venues.fillVoted();
  if (elsewhere.length > 0) {
    ctx.report.note(
      `venue: ${elsewhere.length} merged matches that the file places at another stadium than ` +
        "the other source's venue (that venue keeps its data and is filled from the stadium most " +
        `of its matches were at): ${elsewhere.join('; ')}`,
    );
  }
  ctx.report.note(
    'match: matchday NULL (the files\' "Matchday N" is the day of the tournament, not a ' +
      "team's matchday); managers, referee and attendance are not in the files (NULL); " +
      'shootout kicks are not in the files (only the shootout score)',
  );
}
