import { PHASE } from '../../../football/codes.ts';
import type { ImportContext } from '../context.ts';
import { flag, recordError, requiredInt, text } from '../csv.ts';
import type { Tournament } from './competitions.ts';
import type { FjelstulCountries } from './countries.ts';
import type { FjelstulPersons } from './persons.ts';
import { groupLabel, readStandingGroups } from './groups.ts';
import { readSource } from './source.ts';
import { phaseRound } from './stages.ts';

/** What later steps need to know of a match. */
export interface MatchInfo {
  readonly id: string;
  readonly sourceId: string;
  readonly tournament: Tournament;
  /** Team ids of the source (`T-xx`). */
  readonly homeTeam: string;
  readonly awayTeam: string;
  readonly shootout: boolean;
}

/**
 * matches.csv -> national matches (a national team is its country).
 *
 * - competition / season from the tournament; phase and round from the stage (stages.ts); group
 *   name without the "Group " prefix, as group_standings.csv names the group of both teams, which
 *   is the record where matches.csv says otherwise (groups.ts); knockout matches have none.
 *   matchday NULL: the source has none (and we do not number it ourselves).
 * - Replays (1934, 1938) are separate matches, as in the source.
 * - home/away team: the source's home and away team (countries).
 * - home/away manager: manager_appearances.csv; 42 team-matches (Argentina 1930, ...) list two
 *   co-managers, and the first listed is kept (the column holds one manager); reported.
 * - referee: referee_appearances.csv (the referee; the source has no assistants there).
 * - venue: the stadium; match_date; kickoff_time = match_time 'HH:MM' -> 'HH:MM:00', local time.
 * - period lengths: 45 + 45, and 15 + 15 when the match went to extra time (else NULL).
 * - home/away score: the source's score, extra time included, shootout excluded. attendance NULL
 *   (not in the source).
 * - shootout: the kicks converted per team (score_penalties) and the winner (the team with more).
 */
export function importMatches(
  ctx: ImportContext,
  dir: string,
  tournaments: ReadonlyMap<string, Tournament>,
  countries: FjelstulCountries,
  venues: ReadonlyMap<string, string>,
  persons: FjelstulPersons,
): ReadonlyMap<string, MatchInfo> {
  const managers = new Map<string, string>();
  let coManaged = 0;
  for (const row of readSource(dir, 'manager_appearances')) {
    const key = `${row.match_id}|${row.team_id}`;
    if (managers.has(key)) coManaged += 1;
    else managers.set(key, persons.manager(row.manager_id));
  }
  const referees = new Map<string, string>();
  for (const row of readSource(dir, 'referee_appearances')) {
    if (referees.has(row.match_id))
      throw recordError(row, `${row.match_id}: two referees in referee_appearances.csv`);
    referees.set(row.match_id, persons.referee(row.referee_id));
  }

  const standings = readStandingGroups(dir);
  let renamed = 0;
  let unplaced = 0;
  const infos = new Map<string, MatchInfo>();
  const rows = readSource(dir, 'matches');
  const step = ctx.progress.step('matches', rows.length);
  for (const row of rows) {
    const tournament = tournaments.get(row.tournament_id);
    if (!tournament)
      throw recordError(row, `${row.match_id}: unknown tournament ${row.tournament_id}`);
    const stage = phaseRound(row.stage_name);
    const group = stage.phase === PHASE.group ? standings.of(row) : null;
    if (group?.from === 'standings' && group.name !== groupLabel(row.group_name)) renamed += 1;
    if (group?.from === 'matches') unplaced += 1;
    const extraTime = flag(row, 'extra_time');
    const time = text(row.match_time);
    if (time !== null && !/^\d{2}:\d{2}$/.test(time))
      throw recordError(row, `${row.match_id}: match_time ${time} is not HH:MM`);
    const venue = venues.get(row.stadium_id);
    if (!venue) throw recordError(row, `${row.match_id}: unknown stadium ${row.stadium_id}`);
    const id = ctx.id('match', row.match_id);
    const shootout = flag(row, 'penalty_shootout');
    const homeKicks = shootout ? requiredInt(row, 'home_team_score_penalties') : null;
    const awayKicks = shootout ? requiredInt(row, 'away_team_score_penalties') : null;
    if (shootout && homeKicks === awayKicks)
      throw recordError(row, `${row.match_id}: a shootout without a winner`);
    ctx.save('match', {
      id,
      match_type: 'national',
      competition: tournament.competition,
      season: tournament.season,
      phase: stage.phase,
      matchday: null,
      group_round: stage.group_round,
      group_name: group?.name ?? null,
      knockout_round: stage.knockout_round,
      home_team: countries.team(row.home_team_id),
      away_team: countries.team(row.away_team_id),
      home_manager: managers.get(`${row.match_id}|${row.home_team_id}`) ?? null,
      away_manager: managers.get(`${row.match_id}|${row.away_team_id}`) ?? null,
      referee: referees.get(row.match_id) ?? null,
      venue,
      match_date: row.match_date,
      kickoff_time: time === null ? null : `${time}:00`,
      firsthalf_length: 45,
      secondhalf_length: 45,
      firstextra_length: extraTime ? 15 : null,
      secondextra_length: extraTime ? 15 : null,
      attendance: null,
      home_score: requiredInt(row, 'home_team_score'),
      away_score: requiredInt(row, 'away_team_score'),
      home_shootout_score: homeKicks,
      away_shootout_score: awayKicks,
      shootout_winner: !shootout
        ? null
        : countries.team(homeKicks! > awayKicks! ? row.home_team_id : row.away_team_id),
      supplier_id: null,
      source: ctx.source,
    });
    infos.set(row.match_id, {
      id,
      sourceId: row.match_id,
      tournament,
      homeTeam: row.home_team_id,
      awayTeam: row.away_team_id,
      shootout,
    });
    step.tick();
  }
  step.done();
  if (coManaged > 0) {
    ctx.report.skip(
      'match',
      `co-managers not stored (a team with two managers in a match: the first listed is the match's manager)`,
      coManaged,
    );
  }
  const noManager = rows.filter(
    (r) =>
      !managers.has(`${r.match_id}|${r.home_team_id}`) ||
      !managers.has(`${r.match_id}|${r.away_team_id}`),
  ).length;
  if (noManager > 0)
    ctx.report.note(`match: ${noManager} matches lack a manager for a team in the source (NULL)`);
  if (renamed > 0)
    ctx.report.note(
      `match: ${renamed} group matches take their group name from group_standings.csv, ` +
        'which lists both teams in that group (matches.csv names it otherwise)',
    );
  if (unplaced > 0)
    ctx.report.note(
      `match: ${unplaced} group matches keep matches.csv's group name: ` +
        'group_standings.csv does not list both teams in one group of that stage',
    );
  ctx.report.note(
    'match: attendance and matchday are not in the source (NULL); period lengths are the regulation 45 (+15 in extra time)',
  );
  return infos;
}
