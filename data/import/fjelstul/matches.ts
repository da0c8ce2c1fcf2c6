import { PHASE } from '../../../football/codes.ts';
import type { NewRowOf } from '../../tables.ts';
import type { ImportContext } from '../context.ts';
import { flag, recordError, requiredInt, text } from '../csv.ts';
import type { Tournament } from './competitions.ts';
import type { FjelstulCountries } from './countries.ts';
import type { FjelstulPersons } from './persons.ts';
import { groupLabel, readStandingGroups, type MatchGroup, type StandingGroups } from './groups.ts';
import { readSource, type SourceRecord } from './source.ts';
import { phaseRound, type PhaseRound } from './stages.ts';

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
  const { managers, coManaged } = matchManagers(dir, persons);
  const lookups: MatchLookups = {
    tournaments,
    countries,
    venues,
    managers,
    referees: matchReferees(dir, persons),
    standings: readStandingGroups(dir),
  };
  const counts: MatchCounts = { coManaged, renamed: 0, unplaced: 0 };
  const infos = new Map<string, MatchInfo>();
  const rows = readSource(dir, 'matches');
  const step = ctx.progress.step('matches', rows.length);
  for (const record of rows) {
    const match = matchOf(ctx, record, lookups);
    const { group } = match.checked;
    if (group?.from === 'standings' && group.name !== groupLabel(record.group_name))
      counts.renamed += 1;
    if (group?.from === 'matches') counts.unplaced += 1;
    ctx.save('match', matchRow(ctx, record, match.checked, lookups));
    infos.set(record.match_id, match.info);
    step.tick();
  }
  step.done();
  reportMatches(ctx, rows, managers, counts);
  return infos;
}

/** A record of matches.csv. */
type MatchRecord = SourceRecord<'matches'>;

/** What a match row is made of besides its record: the ids the earlier steps wrote. */
interface MatchLookups {
  readonly tournaments: ReadonlyMap<string, Tournament>;
  readonly countries: FjelstulCountries;
  readonly venues: ReadonlyMap<string, string>;
  /** The manager of a team in a match, by `match_id|team_id`. */
  readonly managers: ReadonlyMap<string, string>;
  /** The referee of a match, by match id. */
  readonly referees: ReadonlyMap<string, string>;
  readonly standings: StandingGroups;
}

/** What the summary says of the matches: counted while they are written. */
interface MatchCounts {
  /** Team-matches with a second manager, not stored. */
  readonly coManaged: number;
  /** Group matches named as group_standings.csv names their group. */
  renamed: number;
  /** Group matches that keep matches.csv's group name. */
  unplaced: number;
}

/** The parts of a match record, checked against the source's other files. */
interface CheckedMatch {
  readonly id: string;
  readonly tournament: Tournament;
  readonly stage: PhaseRound;
  readonly group: MatchGroup | null;
  readonly extraTime: boolean;
  /** The kickoff time as the source writes it ('HH:MM'), or null. */
  readonly time: string | null;
  readonly venue: string;
  /** The kicks each team converted in the shootout, or null without one. */
  readonly kicks: { readonly home: number; readonly away: number } | null;
}

/**
 * The manager of each team in each match (by `match_id|team_id`): the first one listed, with the
 * number of team-matches that list a second (co-managers).
 */
function matchManagers(
  dir: string,
  persons: FjelstulPersons,
): { managers: ReadonlyMap<string, string>; coManaged: number } {
  const managers = new Map<string, string>();
  let coManaged = 0;
  for (const row of readSource(dir, 'manager_appearances')) {
    const key = `${row.match_id}|${row.team_id}`;
    if (managers.has(key)) coManaged += 1;
    else managers.set(key, persons.manager(row.manager_id));
  }
  return { managers, coManaged };
}

/** The referee of each match, by match id; a match with two is an error of the source. */
function matchReferees(dir: string, persons: FjelstulPersons): ReadonlyMap<string, string> {
  const referees = new Map<string, string>();
  for (const row of readSource(dir, 'referee_appearances')) {
    if (referees.has(row.match_id))
      throw recordError(row, `${row.match_id}: two referees in referee_appearances.csv`);
    referees.set(row.match_id, persons.referee(row.referee_id));
  }
  return referees;
}

/** A match record checked (tournament, stage, group, time, venue, shootout), and its info. */
function matchOf(
  ctx: ImportContext,
  record: MatchRecord,
  lookups: MatchLookups,
): { checked: CheckedMatch; info: MatchInfo } {
  const tournament = lookups.tournaments.get(record.tournament_id);
  if (!tournament)
    throw recordError(record, `${record.match_id}: unknown tournament ${record.tournament_id}`);
  const stage = phaseRound(record.stage_name);
  const group = stage.phase === PHASE.group ? lookups.standings.of(record) : null;
  const extraTime = flag(record, 'extra_time');
  const time = text(record.match_time);
  if (time !== null && !/^\d{2}:\d{2}$/.test(time))
    throw recordError(record, `${record.match_id}: match_time ${time} is not HH:MM`);
  const venue = lookups.venues.get(record.stadium_id);
  if (!venue) throw recordError(record, `${record.match_id}: unknown stadium ${record.stadium_id}`);
  const id = ctx.id('match', record.match_id);
  const kicks = shootoutKicks(record);
  return {
    checked: { id, tournament, stage, group, extraTime, time, venue, kicks },
    info: {
      id,
      sourceId: record.match_id,
      tournament,
      homeTeam: record.home_team_id,
      awayTeam: record.away_team_id,
      shootout: kicks !== null,
    },
  };
}

/** The kicks each team converted in the shootout, or null when the match had none. */
function shootoutKicks(record: MatchRecord): CheckedMatch['kicks'] {
  if (!flag(record, 'penalty_shootout')) return null;
  const home = requiredInt(record, 'home_team_score_penalties');
  const away = requiredInt(record, 'away_team_score_penalties');
  if (home === away) throw recordError(record, `${record.match_id}: a shootout without a winner`);
  return { home, away };
}

/** The match row of a checked match record. */
function matchRow(
  ctx: ImportContext,
  record: MatchRecord,
  { id, tournament, stage, group, extraTime, time, venue, kicks }: CheckedMatch,
  { countries, managers, referees }: MatchLookups,
): NewRowOf<'match'> {
  return {
    id,
    match_type: 'national',
    competition: tournament.competition,
    season: tournament.season,
    phase: stage.phase,
    matchday: null,
    group_round: stage.group_round,
    group_name: group?.name ?? null,
    knockout_round: stage.knockout_round,
    home_team: countries.team(record.home_team_id),
    away_team: countries.team(record.away_team_id),
    home_manager: managers.get(`${record.match_id}|${record.home_team_id}`) ?? null,
    away_manager: managers.get(`${record.match_id}|${record.away_team_id}`) ?? null,
    referee: referees.get(record.match_id) ?? null,
    venue,
    match_date: record.match_date,
    kickoff_time: time === null ? null : `${time}:00`,
    firsthalf_length: 45,
    secondhalf_length: 45,
    firstextra_length: extraTime ? 15 : null,
    secondextra_length: extraTime ? 15 : null,
    attendance: null,
    home_score: requiredInt(record, 'home_team_score'),
    away_score: requiredInt(record, 'away_team_score'),
    home_shootout_score: kicks?.home ?? null,
    away_shootout_score: kicks?.away ?? null,
    shootout_winner:
      kicks === null
        ? null
        : countries.team(kicks.home > kicks.away ? record.home_team_id : record.away_team_id),
    supplier_id: null,
    source: ctx.source,
  };
}

/** The summary's notes on what the source lacks or names otherwise. */
function reportMatches(
  ctx: ImportContext,
  rows: readonly MatchRecord[],
  managers: ReadonlyMap<string, string>,
  { coManaged, renamed, unplaced }: MatchCounts,
): void {
  if (coManaged > 0) {
    ctx.report.skip(
      'match',
      'co-managers not stored (a team with two managers in a match: ' +
        "the first listed is the match's manager)",
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
    'match: attendance and matchday are not in the source (NULL); ' +
      'period lengths are the regulation 45 (+15 in extra time)',
  );
}
