import type { TableName } from '../tables.ts';

/**
 * The package format, as data: one CSV file (a resource of the Data Package) per kind of record,
 * each filling one table of the database. The importer, the exporter, the Table Schemas the
 * export writes and the format's page in the docs all follow this list.
 *
 * A table's columns are the resource's columns, but for references: where the database holds
 * another row's id, the package holds what people write (a team's name, a player's name and birth
 * date, a match's date and teams) and, optionally, the id beside it in a column `<column>_id`.
 */

/** A reference list of the API (`/v1/` lists it), written by its label or its code. */
export type ListTable =
  | 'confederation'
  | 'phase'
  | 'groupround'
  | 'knockoutround'
  | 'weather'
  | 'surface'
  | 'name_order'
  | 'position'
  | 'foul'
  | 'card'
  | 'bodypart'
  | 'shotevent'
  | 'penalty_outcome'
  | 'action'
  | 'modifier'
  | 'timezone';

/**
 * What a reference names, and so how the package writes it:
 * - `season`, `country`, `competition`, `team`, `venue`: the row's name (a country also by one of
 *   its other names);
 * - `person`, `player`, `manager`, `referee`: the person's full name, and their birth date in a
 *   column `<name>_birth_date` where two people share a name;
 * - `side`: one of the two teams of the row's match (a club or, in a national match, a country),
 *   by name;
 * - `match`: its date and its two teams' names, in columns `match_date`, `home_team`, `away_team`;
 * - `lineup`: a player's lineup in the row's match, by the player's name (and birth date);
 * - `event`: an on-ball event of the row's match, by its `seq`;
 * - `action`: an action of the row's event, by its name.
 */
export type Target =
  | 'season'
  | 'country'
  | 'competition'
  | 'team'
  | 'venue'
  | 'person'
  | 'player'
  | 'manager'
  | 'referee'
  | 'side'
  | 'match'
  | 'lineup'
  | 'event'
  | 'action';

/** One column of a table, as the package writes it. */
export type ColumnSpec =
  /** Written as it is stored; its type and whether it may be empty follow the table's. */
  | { readonly kind: 'value'; readonly column: string }
  /** A reference list's code, written by its label (or the code). */
  | { readonly kind: 'list'; readonly column: string; readonly list: ListTable }
  /**
   * Another row's id: written as `name` (and, for people, `name_birth_date`), with the id in
   * `<column>_id`.
   */
  | {
      readonly kind: 'ref';
      readonly column: string;
      readonly target: Target;
      /** The name of the package column that names the row: `column` unless given. */
      readonly name?: string;
      /**
       * The row's names imply it only where the file has no id column for it: a goal's scorer
       * may be known without their lineup in the match.
       */
      readonly implied?: true;
    }
  /**
   * The provider of the row: a key of the package's `sources` (see `docs/import-format.md`);
   * empty, the package's own.
   */
  | { readonly kind: 'source'; readonly column: 'source' }
  /**
   * Who organises a competition, kept in tables of their own: `scope` is `domestic` (with the
   * `country` whose association organises it) or `international` (with the `confederation`, none
   * for friendlies and invitational cups); empty when the source does not say.
   */
  | { readonly kind: 'organiser'; readonly column: 'scope' };

/** One resource of the format: a CSV file and the table it fills. */
export interface ResourceSpec {
  /** The resource's name in `datapackage.json`, and its file's name (`<name>.csv`). */
  readonly name: string;
  readonly table: TableName;
  /** What one row is, for the docs and the Table Schema's description. */
  readonly title: string;
  /**
   * The columns (after references are read as ids) that say which real record a row is: a row
   * without an `id` is the database's row with the same key, or a new one whose id is derived
   * from the package's name, the table and this key.
   */
  readonly key: readonly string[];
  readonly columns: readonly ColumnSpec[];
}

const value = (column: string): ColumnSpec => ({ kind: 'value', column });
const list = (column: string, of: ListTable = column as ListTable): ColumnSpec => ({
  kind: 'list',
  column,
  list: of,
});
const ref = (column: string, target: Target, name?: string): ColumnSpec => ({
  kind: 'ref',
  column,
  target,
  ...(name === undefined ? {} : { name }),
});
const values = (...columns: string[]): ColumnSpec[] => columns.map(value);
const SOURCE: ColumnSpec = { kind: 'source', column: 'source' };
const MATCH = ref('match', 'match');
const TIME = values('time_mins', 'stoppage_mins');

/** The resources, in the order they are imported: a row refers only to rows listed before. */
export const RESOURCES: readonly ResourceSpec[] = [
  {
    name: 'seasons',
    table: 'season',
    title: 'A season: 2024 for a calendar year, 2024-2025 for a split one',
    key: ['name'],
    columns: values('name', 'supplier_id'),
  },
  {
    name: 'countries',
    table: 'country',
    title: 'A country, which is also its national team',
    key: ['name'],
    columns: [value('name'), list('confederation'), SOURCE],
  },
  {
    name: 'country_aliases',
    table: 'country_alias',
    title: 'Another name of a country, which references may use',
    key: ['alias'],
    columns: [value('alias'), ref('country', 'country')],
  },
  {
    name: 'competitions',
    table: 'competition',
    title:
      "A competition; `scope` says who organises it: a country's association or a confederation",
    key: ['name'],
    columns: [
      ...values('name', 'level', 'supplier_id'),
      { kind: 'organiser', column: 'scope' },
      SOURCE,
    ],
  },
  {
    name: 'teams',
    table: 'team',
    title: 'A club (a national team is its country)',
    key: ['name'],
    columns: [value('name'), ref('country', 'country'), value('supplier_id'), SOURCE],
  },
  {
    name: 'venues',
    table: 'venue',
    title: 'A stadium',
    key: ['name', 'city'],
    columns: [
      value('name'),
      ref('team', 'team'),
      value('city'),
      ref('country', 'country'),
      list('timezone'),
      ...values('latitude', 'longitude', 'altitude', 'length', 'width', 'capacity', 'seated'),
      list('surface'),
      SOURCE,
    ],
  },
  {
    name: 'persons',
    table: 'person',
    title: 'A person: a player, a manager or a referee, or several',
    key: ['full_name', 'birth_date'],
    columns: [
      ...values('first_name', 'second_name', 'last_name', 'second_last_name', 'nickname'),
      value('birth_date'),
      list('name_order'),
      ref('country', 'country'),
      SOURCE,
    ],
  },
  ...(['player', 'manager', 'referee'] as const).map((role): ResourceSpec => ({
    name: `${role}s`,
    table: role,
    title: `A person's role as a ${role}`,
    key: ['person'],
    columns: [
      ref('person', 'person'),
      ...(role === 'player' ? [list('position')] : []),
      value('supplier_id'),
      SOURCE,
    ],
  })),
  {
    name: 'matches',
    table: 'match',
    title: 'A match, with its phase, its teams, its officials and its result',
    key: ['match_date', 'home_team', 'away_team'],
    columns: [
      value('match_type'),
      ref('competition', 'competition'),
      ref('season', 'season'),
      list('phase'),
      value('matchday'),
      list('group_round', 'groupround'),
      value('group_name'),
      list('knockout_round', 'knockoutround'),
      ref('home_team', 'side'),
      ref('away_team', 'side'),
      ref('home_manager', 'manager'),
      ref('away_manager', 'manager'),
      ref('referee', 'referee'),
      ref('venue', 'venue'),
      ...values('match_date', 'kickoff_time'),
      ...values('firsthalf_length', 'secondhalf_length', 'firstextra_length'),
      ...values('secondextra_length', 'attendance', 'home_score', 'away_score'),
      ...values('home_shootout_score', 'away_shootout_score'),
      ref('shootout_winner', 'side'),
      value('supplier_id'),
      SOURCE,
    ],
  },
  {
    name: 'match_conditions',
    table: 'match_condition',
    title: 'The weather of a match',
    key: ['match'],
    columns: [
      MATCH,
      ...values('kickoff_temp', 'kickoff_humidity'),
      list('kickoff_weather', 'weather'),
      list('halftime_weather', 'weather'),
      list('fulltime_weather', 'weather'),
    ],
  },
  {
    name: 'lineups',
    table: 'lineup',
    title: "A player's part in a match",
    key: ['match', 'player'],
    columns: [
      MATCH,
      ref('team', 'side'),
      ref('player', 'player'),
      list('position'),
      ...values('number', 'is_starting', 'is_captain'),
    ],
  },
  {
    name: 'goals',
    table: 'goal',
    title: 'A goal, credited to `team`; an own goal is scored by a player of the other team',
    key: ['match', 'team', 'player', 'time_mins', 'stoppage_mins'],
    columns: [
      MATCH,
      ref('team', 'side'),
      // The scorer names their player, and their lineup where the match has one.
      ref('player', 'player'),
      { kind: 'ref', column: 'lineup', target: 'lineup', name: 'player', implied: true },
      ref('player_team', 'side'),
      list('shot_event', 'shotevent'),
      list('bodypart'),
      ...TIME,
    ],
  },
  {
    name: 'penalties',
    table: 'penalty',
    title: 'A penalty kick in play (not in a shootout)',
    key: ['match', 'lineup', 'time_mins', 'stoppage_mins'],
    columns: [
      MATCH,
      ref('lineup', 'lineup', 'player'),
      list('foul'),
      list('outcome', 'penalty_outcome'),
      ...TIME,
    ],
  },
  {
    name: 'offenses',
    table: 'offense',
    title: 'A bookable offense: a card',
    key: ['match', 'lineup', 'card', 'time_mins', 'stoppage_mins'],
    columns: [MATCH, ref('lineup', 'lineup', 'player'), list('foul'), list('card'), ...TIME],
  },
  {
    name: 'substitutions',
    table: 'substitution',
    title: 'A substitution; no `player_in` when no one could come on',
    key: ['match', 'lineup_out', 'time_mins', 'stoppage_mins'],
    columns: [
      MATCH,
      ref('team', 'side'),
      ref('lineup_in', 'lineup', 'player_in'),
      ref('lineup_out', 'lineup', 'player_out'),
      ...TIME,
    ],
  },
  {
    name: 'shootouts',
    table: 'shootout',
    title: 'A kick of a penalty shootout; `round` 1 is the first pair of kicks',
    key: ['match', 'round', 'lineup'],
    columns: [
      MATCH,
      ref('lineup', 'lineup', 'player'),
      ref('opening_team', 'side'),
      value('round'),
      list('outcome', 'penalty_outcome'),
    ],
  },
  {
    name: 'events',
    table: 'event',
    title: 'An on-ball event: when, where, who; `seq` orders the events of a match',
    key: ['match', 'seq'],
    columns: [
      MATCH,
      value('seq'),
      ...values('period', 'match_seconds'),
      ref('team', 'side'),
      ref('lineup', 'lineup', 'player'),
      ...values('x', 'y'),
      SOURCE,
    ],
  },
  {
    name: 'event_actions',
    table: 'event_action',
    title: 'What happened in an event: a pass, a shot, a duel…, with where it ended',
    key: ['event', 'action'],
    columns: [
      MATCH,
      ref('event', 'event', 'seq'),
      list('action'),
      ...values('x_end', 'y_end', 'z_end', 'outcome'),
    ],
  },
  {
    name: 'event_modifiers',
    table: 'event_modifier',
    title: 'A modifier of an action: a body part, an outcome, a kind of pass…',
    key: ['action', 'modifier'],
    columns: [MATCH, ref('event', 'event', 'seq'), ref('action', 'action'), list('modifier')],
  },
];
