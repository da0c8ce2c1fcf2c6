import { join } from 'node:path';
import { readCsv, type CsvRecord } from '../csv.ts';

/**
 * The Fjelstul World Cup Database files this importer reads (`data-csv/*.csv` and the restored
 * captain flags in `derived/`), with the columns it uses. Codebook: `codebook-csv/variables.csv`.
 */
export const FILES = {
  teams: ['team_id', 'team_name', 'team_code', 'mens_team', 'womens_team', 'confederation_code'],
  tournaments: ['tournament_id', 'tournament_name', 'year'],
  tournament_stages: ['tournament_id', 'stage_number', 'stage_name'],
  group_standings: ['tournament_id', 'stage_number', 'group_name', 'team_id'],
  stadiums: ['stadium_id', 'stadium_name', 'city_name', 'country_name', 'stadium_capacity'],
  players: ['player_id', 'family_name', 'given_name', 'birth_date', 'player_wikipedia_link'],
  managers: ['manager_id', 'family_name', 'given_name', 'country_name', 'manager_wikipedia_link'],
  referees: [
    'referee_id',
    'family_name',
    'given_name',
    'country_name',
    'confederation_code',
    'referee_wikipedia_link',
  ],
  squads: ['tournament_id', 'team_id', 'player_id', 'position_code'],
  matches: [
    'tournament_id',
    'match_id',
    'stage_name',
    'group_name',
    'match_date',
    'match_time',
    'stadium_id',
    'home_team_id',
    'away_team_id',
    'home_team_score',
    'away_team_score',
    'extra_time',
    'penalty_shootout',
    'home_team_score_penalties',
    'away_team_score_penalties',
  ],
  manager_appearances: ['match_id', 'team_id', 'manager_id'],
  referee_appearances: ['match_id', 'referee_id'],
  player_appearances: [
    'match_id',
    'team_id',
    'team_code',
    'player_id',
    'shirt_number',
    'position_code',
    'starter',
    'substitute',
  ],
  goals: [
    'goal_id',
    'match_id',
    'team_id',
    'player_id',
    'player_team_id',
    'minute_regulation',
    'minute_stoppage',
    'own_goal',
    'penalty',
  ],
  bookings: [
    'booking_id',
    'match_id',
    'team_id',
    'player_id',
    'minute_regulation',
    'minute_stoppage',
    'yellow_card',
    'red_card',
    'second_yellow_card',
    'sending_off',
  ],
  substitutions: [
    'substitution_id',
    'match_id',
    'team_id',
    'player_id',
    'minute_regulation',
    'minute_stoppage',
    'going_off',
    'coming_on',
  ],
  penalty_kicks: ['penalty_kick_id', 'match_id', 'team_id', 'player_id', 'converted'],
} as const;

/** The source file names. */
export type FileName = keyof typeof FILES;

/** A record of one source file. */
export type SourceRecord<F extends FileName> = CsvRecord<(typeof FILES)[F][number]>;

/**
 * The captain flags restored from an older upstream version (1970–2022, men): one row per captain.
 */
export const CAPTAINS_FILE = join('derived', 'captains_1970-2022_men.csv');
export const CAPTAIN_COLUMNS = ['match_id', 'team_code', 'shirt_number'] as const;

/** Reads one source file of `data-csv/`. */
export function readSource<F extends FileName>(dir: string, file: F): SourceRecord<F>[] {
  return readCsv(join(dir, 'data-csv', `${file}.csv`), FILES[file]);
}
