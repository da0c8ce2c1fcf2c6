-- The canonical model of the football data API.
--
-- Every source (the seeded demo, the Fjelstul, martj42, openfootball and Wyscout importers) fills these
-- tables; the build reads only these tables. Conventions:
--   * `id` is the v1 identifier: an integer for the small fixed reference sets, otherwise a 32-digit
--     lowercase hex uuid derived from (source, source key) so it survives rebuilds and reimports.
--   * `v0_id` is the v0 integer identifier, assigned once per entity and never reused.
--   * `source` names the data provider of the row (a key of the `provider` table); it drives the
--     `attribution.source` block of every response that contains the row.
--   * A value the source does not give is NULL, never a guess.

PRAGMA foreign_keys = ON;

-- Providers of data and the credit/licence each requires.
CREATE TABLE IF NOT EXISTS provider (
  key      TEXT PRIMARY KEY,
  name     TEXT NOT NULL,
  url      TEXT NOT NULL,
  html     TEXT NOT NULL,
  logo     TEXT NOT NULL,
  license  TEXT NOT NULL
);

-- Free-form facts about the database itself (which generator or importers filled it, and their versions).
CREATE TABLE IF NOT EXISTS meta (
  key   TEXT PRIMARY KEY,
  value TEXT NOT NULL
);

-- v0 integer ids: one counter per entity kind, so a new row never takes an id another row had.
CREATE TABLE IF NOT EXISTS v0_counter (
  kind TEXT PRIMARY KEY,
  next INTEGER NOT NULL
);

------------------------------------------------------------------------------------------------------
-- Fixed reference sets (ids as the original service numbered them; docs/api.md#reference-lists)
------------------------------------------------------------------------------------------------------

CREATE TABLE IF NOT EXISTS confederation (id INTEGER PRIMARY KEY, name TEXT NOT NULL UNIQUE);
CREATE TABLE IF NOT EXISTS phase (id INTEGER PRIMARY KEY, name TEXT NOT NULL UNIQUE);
CREATE TABLE IF NOT EXISTS groupround (id INTEGER PRIMARY KEY, name TEXT NOT NULL UNIQUE);
CREATE TABLE IF NOT EXISTS knockoutround (id INTEGER PRIMARY KEY, name TEXT NOT NULL UNIQUE);
CREATE TABLE IF NOT EXISTS weather (id INTEGER PRIMARY KEY, desc TEXT NOT NULL UNIQUE);
CREATE TABLE IF NOT EXISTS surface (id INTEGER PRIMARY KEY, name TEXT NOT NULL UNIQUE);
CREATE TABLE IF NOT EXISTS name_order (id INTEGER PRIMARY KEY, desc TEXT NOT NULL UNIQUE);
CREATE TABLE IF NOT EXISTS position (id INTEGER PRIMARY KEY, name TEXT NOT NULL UNIQUE);
CREATE TABLE IF NOT EXISTS foul (id INTEGER PRIMARY KEY, desc TEXT NOT NULL UNIQUE);
CREATE TABLE IF NOT EXISTS card (id INTEGER PRIMARY KEY, desc TEXT NOT NULL UNIQUE);
CREATE TABLE IF NOT EXISTS bodypart (id INTEGER PRIMARY KEY, desc TEXT NOT NULL UNIQUE);
CREATE TABLE IF NOT EXISTS shotevent (id INTEGER PRIMARY KEY, desc TEXT NOT NULL UNIQUE);
CREATE TABLE IF NOT EXISTS penalty_outcome (id INTEGER PRIMARY KEY, desc TEXT NOT NULL UNIQUE);
CREATE TABLE IF NOT EXISTS modifier_category (id INTEGER PRIMARY KEY, desc TEXT NOT NULL UNIQUE);
-- Micro-event actions (pass, shot, duel, ...); `is_touch` marks the actions that are a touch of the ball.
CREATE TABLE IF NOT EXISTS action (
  id       INTEGER PRIMARY KEY,
  desc     TEXT NOT NULL UNIQUE,
  is_touch INTEGER NOT NULL DEFAULT 0 CHECK (is_touch IN (0, 1))
);
CREATE TABLE IF NOT EXISTS modifier (
  id       INTEGER PRIMARY KEY,
  desc     TEXT NOT NULL,
  category INTEGER NOT NULL REFERENCES modifier_category (id),
  UNIQUE (category, desc)
);

-- Seasons: id = the year for a calendar season (2018), start*10000+end for a split one (20172018).
CREATE TABLE IF NOT EXISTS season (
  id          INTEGER PRIMARY KEY,
  v0_id       INTEGER UNIQUE,
  name        TEXT NOT NULL UNIQUE,
  supplier_id INTEGER
);

CREATE TABLE IF NOT EXISTS timezone (
  id            INTEGER PRIMARY KEY,
  name          TEXT NOT NULL UNIQUE,
  confederation INTEGER NOT NULL REFERENCES confederation (id),
  offset        REAL NOT NULL
);

------------------------------------------------------------------------------------------------------
-- Reference entities with uuid ids
------------------------------------------------------------------------------------------------------

CREATE TABLE IF NOT EXISTS country (
  id            TEXT PRIMARY KEY,
  v0_id         INTEGER NOT NULL UNIQUE,
  name          TEXT NOT NULL UNIQUE,
  -- NULL for a team outside every confederation (Basque Country, ...) or one the source cannot place.
  confederation INTEGER REFERENCES confederation (id),
  source        TEXT NOT NULL REFERENCES provider (key)
);

-- Other names a country has had or goes by in a source (martj42's former_names, Wyscout spellings).
CREATE TABLE IF NOT EXISTS country_alias (
  alias   TEXT PRIMARY KEY,
  country TEXT NOT NULL REFERENCES country (id)
);

CREATE TABLE IF NOT EXISTS competition (
  id          TEXT PRIMARY KEY,
  v0_id       INTEGER NOT NULL UNIQUE,
  name        TEXT NOT NULL,
  level       INTEGER,
  supplier_id INTEGER,
  source      TEXT NOT NULL REFERENCES provider (key)
);

-- A competition organised by a national association (same id as its competition).
CREATE TABLE IF NOT EXISTS domestic_competition (
  id      TEXT PRIMARY KEY REFERENCES competition (id),
  country TEXT NOT NULL REFERENCES country (id)
);

-- A competition organised by a confederation or a world body (same id as its competition).
CREATE TABLE IF NOT EXISTS intl_competition (
  id            TEXT PRIMARY KEY REFERENCES competition (id),
  -- NULL when no confederation organises it (friendlies, invitational and regional cups).
  confederation INTEGER REFERENCES confederation (id)
);

-- Club teams. A national team is its country: national matches point at `country` rows.
CREATE TABLE IF NOT EXISTS team (
  id          TEXT PRIMARY KEY,
  v0_id       INTEGER NOT NULL UNIQUE,
  name        TEXT NOT NULL,
  country     TEXT NOT NULL REFERENCES country (id),
  supplier_id INTEGER,
  source      TEXT NOT NULL REFERENCES provider (key)
);

CREATE TABLE IF NOT EXISTS venue (
  id        TEXT PRIMARY KEY,
  v0_id     INTEGER NOT NULL UNIQUE,
  name      TEXT NOT NULL,
  team      TEXT REFERENCES team (id),
  city      TEXT,
  country   TEXT NOT NULL REFERENCES country (id),
  timezone  INTEGER REFERENCES timezone (id),
  latitude  REAL,
  longitude REAL,
  altitude  REAL,
  length    INTEGER,
  width     INTEGER,
  capacity  INTEGER,
  seated    INTEGER,
  surface   INTEGER REFERENCES surface (id),
  source    TEXT NOT NULL REFERENCES provider (key)
);

------------------------------------------------------------------------------------------------------
-- Personnel
------------------------------------------------------------------------------------------------------

CREATE TABLE IF NOT EXISTS person (
  id               TEXT PRIMARY KEY,
  v0_id            INTEGER NOT NULL UNIQUE,
  first_name       TEXT,
  second_name      TEXT,
  last_name        TEXT,
  second_last_name TEXT,
  nickname         TEXT NOT NULL DEFAULT '',
  birth_date       TEXT,
  name_order       INTEGER NOT NULL REFERENCES name_order (id),
  country          TEXT REFERENCES country (id),
  source           TEXT NOT NULL REFERENCES provider (key)
);
CREATE INDEX IF NOT EXISTS person_by_name ON person (last_name, first_name, birth_date);

CREATE TABLE IF NOT EXISTS player (
  id          TEXT PRIMARY KEY,
  v0_id       INTEGER NOT NULL UNIQUE,
  person      TEXT NOT NULL UNIQUE REFERENCES person (id),
  position    INTEGER REFERENCES position (id),
  supplier_id INTEGER,
  source      TEXT NOT NULL REFERENCES provider (key)
);

CREATE TABLE IF NOT EXISTS manager (
  id          TEXT PRIMARY KEY,
  v0_id       INTEGER NOT NULL UNIQUE,
  person      TEXT NOT NULL UNIQUE REFERENCES person (id),
  supplier_id INTEGER,
  source      TEXT NOT NULL REFERENCES provider (key)
);

CREATE TABLE IF NOT EXISTS referee (
  id          TEXT PRIMARY KEY,
  v0_id       INTEGER NOT NULL UNIQUE,
  person      TEXT NOT NULL UNIQUE REFERENCES person (id),
  supplier_id INTEGER,
  source      TEXT NOT NULL REFERENCES provider (key)
);

------------------------------------------------------------------------------------------------------
-- Matches
------------------------------------------------------------------------------------------------------

-- One real match is one row. `match_type` decides what the teams are: `clubs` -> team rows,
-- `national` -> country rows (a national team is its country).
CREATE TABLE IF NOT EXISTS match (
  id                 TEXT PRIMARY KEY,
  v0_id              INTEGER NOT NULL UNIQUE,
  match_type         TEXT NOT NULL CHECK (match_type IN ('clubs', 'national')),
  competition        TEXT NOT NULL REFERENCES competition (id),
  season             INTEGER NOT NULL REFERENCES season (id),
  phase              INTEGER NOT NULL REFERENCES phase (id),
  matchday           INTEGER,
  group_round        INTEGER REFERENCES groupround (id),
  group_name         TEXT,
  knockout_round     INTEGER REFERENCES knockoutround (id),
  home_team          TEXT NOT NULL,
  away_team          TEXT NOT NULL,
  home_manager       TEXT REFERENCES manager (id),
  away_manager       TEXT REFERENCES manager (id),
  referee            TEXT REFERENCES referee (id),
  venue              TEXT REFERENCES venue (id),
  match_date         TEXT NOT NULL,
  kickoff_time       TEXT,
  firsthalf_length   INTEGER,
  secondhalf_length  INTEGER,
  firstextra_length  INTEGER,
  secondextra_length INTEGER,
  attendance         INTEGER,
  -- Final score as the source states it; goals rows must agree with it where both exist.
  home_score         INTEGER,
  away_score         INTEGER,
  -- Shootout: kicks converted per team and the team that won it, where the source says (a source may
  -- give only the winner).
  home_shootout_score INTEGER,
  away_shootout_score INTEGER,
  shootout_winner    TEXT,
  supplier_id        INTEGER,
  source             TEXT NOT NULL REFERENCES provider (key),
  CHECK ((phase = 2) = (group_round IS NOT NULL)),
  CHECK ((phase = 3) = (knockout_round IS NOT NULL))
);
CREATE INDEX IF NOT EXISTS match_by_date ON match (match_type, match_date);
CREATE INDEX IF NOT EXISTS match_by_teams ON match (match_date, home_team, away_team);

CREATE TABLE IF NOT EXISTS match_condition (
  id                TEXT PRIMARY KEY,
  v0_id             INTEGER NOT NULL UNIQUE,
  match             TEXT NOT NULL UNIQUE REFERENCES match (id),
  kickoff_temp      REAL,
  kickoff_humidity  REAL,
  kickoff_weather   INTEGER REFERENCES weather (id),
  halftime_weather  INTEGER REFERENCES weather (id),
  fulltime_weather  INTEGER REFERENCES weather (id)
);

-- A player's part in a match. Unused substitutes are generally absent.
CREATE TABLE IF NOT EXISTS lineup (
  id          TEXT PRIMARY KEY,
  v0_id       INTEGER NOT NULL UNIQUE,
  match       TEXT NOT NULL REFERENCES match (id),
  team        TEXT NOT NULL,
  player      TEXT NOT NULL REFERENCES player (id),
  position    INTEGER REFERENCES position (id),
  number      INTEGER,
  is_starting INTEGER NOT NULL CHECK (is_starting IN (0, 1)),
  is_captain  INTEGER CHECK (is_captain IN (0, 1)),
  UNIQUE (match, player)
);
CREATE INDEX IF NOT EXISTS lineup_by_player ON lineup (player);

------------------------------------------------------------------------------------------------------
-- Macro-events (each points at the lineup row of the player involved)
------------------------------------------------------------------------------------------------------

-- `team` is the team credited with the goal; an own goal has a lineup from the other team.
CREATE TABLE IF NOT EXISTS goal (
  id            TEXT PRIMARY KEY,
  v0_id         INTEGER NOT NULL UNIQUE,
  match         TEXT NOT NULL REFERENCES match (id),
  team          TEXT NOT NULL,
  lineup        TEXT REFERENCES lineup (id),
  -- The scorer and their team, also where no lineup row exists (sources without lineups name scorers).
  player        TEXT REFERENCES player (id),
  player_team   TEXT,
  shot_event    INTEGER REFERENCES shotevent (id),
  bodypart      INTEGER REFERENCES bodypart (id),
  time_mins     INTEGER NOT NULL,
  stoppage_mins INTEGER NOT NULL DEFAULT 0
);
CREATE INDEX IF NOT EXISTS goal_by_match ON goal (match);

-- Penalty kicks in play (not shootouts).
CREATE TABLE IF NOT EXISTS penalty (
  id            TEXT PRIMARY KEY,
  v0_id         INTEGER NOT NULL UNIQUE,
  match         TEXT NOT NULL REFERENCES match (id),
  lineup        TEXT NOT NULL REFERENCES lineup (id),
  foul          INTEGER REFERENCES foul (id),
  outcome       INTEGER NOT NULL REFERENCES penalty_outcome (id),
  time_mins     INTEGER NOT NULL,
  stoppage_mins INTEGER NOT NULL DEFAULT 0
);
CREATE INDEX IF NOT EXISTS penalty_by_match ON penalty (match);

-- Bookable offenses of players on the pitch.
CREATE TABLE IF NOT EXISTS offense (
  id            TEXT PRIMARY KEY,
  v0_id         INTEGER NOT NULL UNIQUE,
  match         TEXT NOT NULL REFERENCES match (id),
  lineup        TEXT NOT NULL REFERENCES lineup (id),
  foul          INTEGER REFERENCES foul (id),
  card          INTEGER NOT NULL REFERENCES card (id),
  time_mins     INTEGER NOT NULL,
  stoppage_mins INTEGER NOT NULL DEFAULT 0
);
CREATE INDEX IF NOT EXISTS offense_by_match ON offense (match);

-- `lineup_in` is NULL when a player left and no one could come on.
CREATE TABLE IF NOT EXISTS substitution (
  id            TEXT PRIMARY KEY,
  v0_id         INTEGER NOT NULL UNIQUE,
  match         TEXT NOT NULL REFERENCES match (id),
  team          TEXT NOT NULL,
  lineup_in     TEXT REFERENCES lineup (id),
  lineup_out    TEXT NOT NULL REFERENCES lineup (id),
  time_mins     INTEGER NOT NULL,
  stoppage_mins INTEGER NOT NULL DEFAULT 0
);
CREATE INDEX IF NOT EXISTS substitution_by_match ON substitution (match);

-- Penalty shootout kicks; `round` is the kick's round (1 = first pair of kicks).
CREATE TABLE IF NOT EXISTS shootout (
  id           TEXT PRIMARY KEY,
  v0_id        INTEGER NOT NULL UNIQUE,
  match        TEXT NOT NULL REFERENCES match (id),
  lineup       TEXT NOT NULL REFERENCES lineup (id),
  opening_team TEXT NOT NULL,
  round        INTEGER NOT NULL,
  outcome      INTEGER NOT NULL REFERENCES penalty_outcome (id)
);
CREATE INDEX IF NOT EXISTS shootout_by_match ON shootout (match);

------------------------------------------------------------------------------------------------------
-- Micro-events: an event (match time, place, team, player) has one or more actions; an action has
-- modifiers. Sized for millions of rows: no v0 ids (v0 has no micro-events), compact columns.
------------------------------------------------------------------------------------------------------

CREATE TABLE IF NOT EXISTS event (
  id            TEXT PRIMARY KEY,
  match         TEXT NOT NULL REFERENCES match (id),
  team          TEXT,
  lineup        TEXT REFERENCES lineup (id),
  period        INTEGER NOT NULL CHECK (period BETWEEN 1 AND 4),
  match_seconds REAL NOT NULL,
  x             REAL CHECK (x BETWEEN 0 AND 100),
  y             REAL CHECK (y BETWEEN 0 AND 100),
  -- The source's own order within the match, to keep simultaneous events in source order.
  seq           INTEGER NOT NULL,
  -- The provider of the event, which may differ from the match's (Wyscout events on a Fjelstul match).
  source        TEXT NOT NULL REFERENCES provider (key)
) WITHOUT ROWID;
CREATE INDEX IF NOT EXISTS event_by_match ON event (match, period, match_seconds, seq);

CREATE TABLE IF NOT EXISTS event_action (
  id      TEXT PRIMARY KEY,
  event   TEXT NOT NULL REFERENCES event (id),
  action  INTEGER NOT NULL REFERENCES action (id),
  x_end   REAL,
  y_end   REAL,
  z_end   REAL,
  outcome INTEGER
) WITHOUT ROWID;
CREATE INDEX IF NOT EXISTS event_action_by_event ON event_action (event);

CREATE TABLE IF NOT EXISTS event_modifier (
  id       TEXT PRIMARY KEY,
  action   TEXT NOT NULL REFERENCES event_action (id),
  modifier INTEGER NOT NULL REFERENCES modifier (id)
) WITHOUT ROWID;
CREATE INDEX IF NOT EXISTS event_modifier_by_action ON event_modifier (action);

------------------------------------------------------------------------------------------------------
-- Per-lineup statistics, computed from micro- and macro-events by the statistics step. One row per
-- (lineup, group, name); `counts` is a JSON object of the statistic's fields, NULL where unknown.
-- The build, which only reads the source database, computes them into `derived.lineup_stat` in its
-- scratch database, with the fields in columns rather than JSON (build/derived/stats/lineup-stat.ts); this
-- table itself stays empty.
------------------------------------------------------------------------------------------------------

CREATE TABLE IF NOT EXISTS lineup_stat (
  lineup TEXT NOT NULL REFERENCES lineup (id),
  grp    TEXT NOT NULL,
  name   TEXT NOT NULL,
  counts TEXT NOT NULL,
  PRIMARY KEY (lineup, grp, name)
) WITHOUT ROWID;

------------------------------------------------------------------------------------------------------
-- What each import changed, for the builds that follow: one run for each import that changed
-- anything (an import that changes nothing leaves no trace), and the rows it added, changed and
-- deleted, by table and key. The build of the API does not read them.
------------------------------------------------------------------------------------------------------

CREATE TABLE IF NOT EXISTS import_run (
  id     INTEGER PRIMARY KEY,
  format TEXT NOT NULL,
  path   TEXT NOT NULL,
  -- When its first change was written (UTC, ISO 8601).
  at     TEXT NOT NULL
);

CREATE TABLE IF NOT EXISTS import_change (
  run    INTEGER NOT NULL REFERENCES import_run (id),
  tbl    TEXT NOT NULL,
  key    TEXT NOT NULL,
  change TEXT NOT NULL CHECK (change IN ('added', 'changed', 'deleted')),
  PRIMARY KEY (run, tbl, key)
) WITHOUT ROWID;

------------------------------------------------------------------------------------------------------
-- Derived names
------------------------------------------------------------------------------------------------------

-- A person's full name: the nickname when there is one, otherwise the names in the person's name order
-- (western: first last [second last]; middle: first second last [second last]; eastern: last first).
CREATE VIEW IF NOT EXISTS person_name AS
SELECT
  id,
  CASE
    WHEN nickname <> '' THEN nickname
    WHEN name_order = 12 THEN TRIM(COALESCE(last_name, '') || COALESCE(' ' || first_name, ''))
    WHEN name_order = 11 THEN TRIM(COALESCE(first_name, '') || COALESCE(' ' || second_name, '')
      || COALESCE(' ' || last_name, '') || COALESCE(' ' || second_last_name, ''))
    ELSE TRIM(COALESCE(first_name, '') || COALESCE(' ' || last_name, '') || COALESCE(' ' || second_last_name, ''))
  END AS full_name
FROM person;
