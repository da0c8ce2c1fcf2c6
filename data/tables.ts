/**
 * Every table of the database (`schema.sql`) with the type of each column, as data that a test
 * holds against the schema (`PRAGMA table_info`) and from which each table's row type follows.
 * A writer gives a whole row (`RowOf`): a value the source does not give is a `null` said, not a
 * column forgotten, so adding a column here fails the type-check of every writer that does not
 * give it (the demo's generator and each importer).
 *
 * A column's kind is its SQLite type, with `?` where it may be NULL.
 */
export const TABLES = {
  provider: {
    key: 'text',
    name: 'text',
    url: 'text',
    html: 'text',
    logo: 'text',
    license: 'text',
  },
  meta: {
    key: 'text',
    value: 'text',
  },
  v0_counter: {
    kind: 'text',
    next: 'integer',
  },
  confederation: {
    id: 'integer',
    name: 'text',
  },
  phase: {
    id: 'integer',
    name: 'text',
  },
  groupround: {
    id: 'integer',
    name: 'text',
  },
  knockoutround: {
    id: 'integer',
    name: 'text',
  },
  weather: {
    id: 'integer',
    desc: 'text',
  },
  surface: {
    id: 'integer',
    name: 'text',
  },
  name_order: {
    id: 'integer',
    desc: 'text',
  },
  position: {
    id: 'integer',
    name: 'text',
  },
  foul: {
    id: 'integer',
    desc: 'text',
  },
  card: {
    id: 'integer',
    desc: 'text',
  },
  bodypart: {
    id: 'integer',
    desc: 'text',
  },
  shotevent: {
    id: 'integer',
    desc: 'text',
  },
  penalty_outcome: {
    id: 'integer',
    desc: 'text',
  },
  modifier_category: {
    id: 'integer',
    desc: 'text',
  },
  action: {
    id: 'integer',
    desc: 'text',
    is_touch: 'integer',
  },
  modifier: {
    id: 'integer',
    desc: 'text',
    category: 'integer',
  },
  season: {
    id: 'integer',
    v0_id: 'integer?',
    name: 'text',
    supplier_id: 'integer?',
  },
  timezone: {
    id: 'integer',
    name: 'text',
    confederation: 'integer',
    offset: 'real',
  },
  country: {
    id: 'text',
    v0_id: 'integer',
    name: 'text',
    confederation: 'integer?',
    source: 'text',
  },
  country_alias: {
    alias: 'text',
    country: 'text',
  },
  competition: {
    id: 'text',
    v0_id: 'integer',
    name: 'text',
    level: 'integer?',
    supplier_id: 'integer?',
    source: 'text',
  },
  domestic_competition: {
    id: 'text',
    country: 'text',
  },
  intl_competition: {
    id: 'text',
    confederation: 'integer?',
  },
  team: {
    id: 'text',
    v0_id: 'integer',
    name: 'text',
    country: 'text',
    supplier_id: 'integer?',
    source: 'text',
  },
  venue: {
    id: 'text',
    v0_id: 'integer',
    name: 'text',
    team: 'text?',
    city: 'text?',
    country: 'text',
    timezone: 'integer?',
    latitude: 'real?',
    longitude: 'real?',
    altitude: 'real?',
    length: 'integer?',
    width: 'integer?',
    capacity: 'integer?',
    seated: 'integer?',
    surface: 'integer?',
    source: 'text',
  },
  person: {
    id: 'text',
    v0_id: 'integer',
    first_name: 'text?',
    second_name: 'text?',
    last_name: 'text?',
    second_last_name: 'text?',
    nickname: 'text',
    birth_date: 'text?',
    name_order: 'integer',
    country: 'text?',
    source: 'text',
  },
  player: {
    id: 'text',
    v0_id: 'integer',
    person: 'text',
    position: 'integer?',
    supplier_id: 'integer?',
    source: 'text',
  },
  manager: {
    id: 'text',
    v0_id: 'integer',
    person: 'text',
    supplier_id: 'integer?',
    source: 'text',
  },
  referee: {
    id: 'text',
    v0_id: 'integer',
    person: 'text',
    supplier_id: 'integer?',
    source: 'text',
  },
  match: {
    id: 'text',
    v0_id: 'integer',
    match_type: 'text',
    competition: 'text',
    season: 'integer',
    phase: 'integer',
    matchday: 'integer?',
    group_round: 'integer?',
    group_name: 'text?',
    knockout_round: 'integer?',
    home_team: 'text',
    away_team: 'text',
    home_manager: 'text?',
    away_manager: 'text?',
    referee: 'text?',
    venue: 'text?',
    match_date: 'text',
    kickoff_time: 'text?',
    firsthalf_length: 'integer?',
    secondhalf_length: 'integer?',
    firstextra_length: 'integer?',
    secondextra_length: 'integer?',
    attendance: 'integer?',
    home_score: 'integer?',
    away_score: 'integer?',
    home_shootout_score: 'integer?',
    away_shootout_score: 'integer?',
    shootout_winner: 'text?',
    supplier_id: 'integer?',
    source: 'text',
  },
  match_condition: {
    id: 'text',
    v0_id: 'integer',
    match: 'text',
    kickoff_temp: 'real?',
    kickoff_humidity: 'real?',
    kickoff_weather: 'integer?',
    halftime_weather: 'integer?',
    fulltime_weather: 'integer?',
  },
  lineup: {
    id: 'text',
    v0_id: 'integer',
    match: 'text',
    team: 'text',
    player: 'text',
    position: 'integer?',
    number: 'integer?',
    is_starting: 'integer',
    is_captain: 'integer?',
  },
  goal: {
    id: 'text',
    v0_id: 'integer',
    match: 'text',
    team: 'text',
    lineup: 'text?',
    player: 'text?',
    player_team: 'text?',
    shot_event: 'integer?',
    bodypart: 'integer?',
    time_mins: 'integer',
    stoppage_mins: 'integer',
  },
  penalty: {
    id: 'text',
    v0_id: 'integer',
    match: 'text',
    lineup: 'text',
    foul: 'integer?',
    outcome: 'integer',
    time_mins: 'integer',
    stoppage_mins: 'integer',
  },
  offense: {
    id: 'text',
    v0_id: 'integer',
    match: 'text',
    lineup: 'text',
    foul: 'integer?',
    card: 'integer',
    time_mins: 'integer',
    stoppage_mins: 'integer',
  },
  substitution: {
    id: 'text',
    v0_id: 'integer',
    match: 'text',
    team: 'text',
    lineup_in: 'text?',
    lineup_out: 'text',
    time_mins: 'integer',
    stoppage_mins: 'integer',
  },
  shootout: {
    id: 'text',
    v0_id: 'integer',
    match: 'text',
    lineup: 'text',
    opening_team: 'text',
    round: 'integer',
    outcome: 'integer',
  },
  event: {
    id: 'text',
    match: 'text',
    team: 'text?',
    lineup: 'text?',
    period: 'integer',
    match_seconds: 'real',
    x: 'real?',
    y: 'real?',
    seq: 'integer',
    source: 'text',
  },
  event_action: {
    id: 'text',
    event: 'text',
    action: 'integer',
    x_end: 'real?',
    y_end: 'real?',
    z_end: 'real?',
    outcome: 'integer?',
  },
  event_modifier: {
    id: 'text',
    action: 'text',
    modifier: 'integer',
  },
  lineup_stat: {
    lineup: 'text',
    grp: 'text',
    name: 'text',
    counts: 'text',
  },
  import_run: {
    id: 'integer',
    format: 'text',
    path: 'text',
    at: 'text',
  },
  import_change: {
    run: 'integer',
    tbl: 'text',
    key: 'text',
    change: 'text',
  },
} as const satisfies Record<string, Record<string, ColumnKind>>;

/** A column's SQLite type, with `?` where the column may hold NULL. */
export type ColumnKind = 'integer' | 'integer?' | 'real' | 'real?' | 'text' | 'text?';

/** A column's value, as SQLite stores it and a statement binds it. */
export type Cell = string | number | null;

/** The name of a table. */
export type TableName = keyof typeof TABLES;

/** The value of a column of kind `K`. */
type CellOf<K extends ColumnKind> = K extends `${infer Base}?`
  ? CellOf<Base & ColumnKind> | null
  : K extends 'text'
    ? string
    : number;

/** A whole row of table `T`: every column, each with its value or `null`. */
export type RowOf<T extends TableName> = {
  readonly [C in keyof (typeof TABLES)[T]]: CellOf<(typeof TABLES)[T][C] & ColumnKind>;
};

/** A row of a table whose `v0_id` the writer hands out itself (`data/import/context.ts`). */
export type NewRowOf<T extends TableName> = Omit<RowOf<T>, 'v0_id'>;
