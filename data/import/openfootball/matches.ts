import { ensureYearSeason } from '../competitions.ts';
import type { ImportContext } from '../context.ts';
import { reconcileMatch } from '../national-matches.ts';
import type { SourceMatch, SourceYear } from './source.ts';
import { hasNumberedGroups, stageOf } from './stages.ts';
import type { OpenfootballTeams } from './teams.ts';
import type { VenuePlan, VenueWriter } from './venues.ts';

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
  const own: OwnMatch[] = [];
  const mergedBySource = new Map<string, number>();
  const newByYear = new Map<number, number>();
  const scoreDisagreements: string[] = [];
  let notPlayed = 0;
  let mergedWithoutVenue = 0;
  const existingOf = ctx.db.prepare<[string], Existing>(
    'SELECT venue, home_team, home_score, away_score FROM match WHERE id = ?',
  );

  const step = ctx.progress.step(
    'matches',
    years.reduce((n, y) => n + y.matches.length, 0),
  );
  for (const { year, matches } of years) {
    const season = ensureYearSeason(ctx, year);
    const lettersAreSecondStage = hasNumberedGroups(matches.map((m) => m.group));
    const keys = new Set<string>();
    matches.forEach((m, index) => {
      step.tick();
      const key = `${year}-${m.num ?? index + 1}`;
      if (keys.has(key)) throw new Error(`${year}: two matches numbered ${key}`);
      keys.add(key);
      if (m.score === undefined || m.status !== undefined) {
        notPlayed += 1;
        return;
      }
      const what = `${key} ${m.team1}–${m.team2}`;
      const home = teams.team(m.team1, m.date);
      const away = teams.team(m.team2, m.date);
      const [homeScore, awayScore] = m.score.et ?? m.score.ft;
      const id = ctx.id('match', key);
      const venue = plan.venueOf(year, index);
      const reconciled = reconcileMatch(ctx, id, m.date, home, away);

      if (reconciled.kind === 'merged') {
        ctx.report.count('match', 'present');
        mergedBySource.set(
          reconciled.match.source,
          (mergedBySource.get(reconciled.match.source) ?? 0) + 1,
        );
        const existing = existingOf.get(reconciled.match.id)!;
        const theirs =
          existing.home_team === home
            ? [existing.home_score, existing.away_score]
            : [existing.away_score, existing.home_score];
        if (theirs[0] !== homeScore || theirs[1] !== awayScore) {
          scoreDisagreements.push(
            `${m.date} ${m.team1}–${m.team2} ${homeScore}–${awayScore} (${reconciled.match.source}: ${theirs[0]}–${theirs[1]})`,
          );
        }
        if (venue !== null && venue.fromStadiumFile) {
          if (existing.venue !== null)
            venues.vote(existing.venue, venue, `${m.date} ${m.team1}–${m.team2}`);
          else mergedWithoutVenue += 1;
        }
        return;
      }

      const stage = stageOf(m.round, m.group, lettersAreSecondStage);
      const extraTime = m.score.et !== undefined;
      const shootout = m.score.p;
      if (shootout !== undefined && shootout[0] === shootout[1])
        throw new Error(`${what}: a shootout without a winner`);
      ctx.save('match', {
        id,
        match_type: 'national',
        competition,
        season,
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
      newByYear.set(year, (newByYear.get(year) ?? 0) + 1);
      own.push({ id, key, year, source: m, home, away });
    });
  }
  step.done();

  ctx.report.skip(
    'match',
    'matches the file marks as not played (status, no score: 1938 Sweden–Austria)',
    notPlayed,
  );
  for (const [source, count] of mergedBySource) {
    ctx.report.note(
      `match: ${count} matches are already held by ${source} (same date and teams): merged, that source's record and events kept`,
    );
  }
  const created = [...newByYear].map(([year, n]) => `${year}: ${n}`).join(', ');
  ctx.report.note(
    `match: matches no other source held, written by this source: ${created || 'none'}`,
  );
  if (scoreDisagreements.length > 0) {
    ctx.report.note(
      `match: ${scoreDisagreements.length} merged matches where the other source's score differs from the file's (theirs kept): ${scoreDisagreements.join('; ')}`,
    );
  }
  ctx.report.skip(
    'venue',
    'stadiums of merged matches whose record has no venue to fill',
    mergedWithoutVenue,
  );
  const elsewhere = venues.fillVoted();
  if (elsewhere.length > 0) {
    ctx.report.note(
      `venue: ${elsewhere.length} merged matches that the file places at another stadium than the other source's venue (that venue keeps its data and is filled from the stadium most of its matches were at): ${elsewhere.join('; ')}`,
    );
  }
  ctx.report.note(
    'match: matchday NULL (the files\' "Matchday N" is the day of the tournament, not a team\'s matchday); managers, referee and attendance are not in the files (NULL); shootout kicks are not in the files (only the shootout score)',
  );
  return own;
}
