import type Database from 'better-sqlite3';
import { KNOCKOUT_ROUNDS } from '../football/lists.ts';
import { toMicroseconds } from './seconds.ts';

/** The connection the migrations run on (`data/db.ts` opens it and runs them). */
type Db = Database.Database;

/**
 * One step from a schema version to the next. `schema.sql` is always the latest version: a change
 * to it that an existing file does not get from `CREATE ... IF NOT EXISTS` (a new column, rows to
 * move) needs a migration here too, appended with the next version number.
 */
export interface Migration {
  /** The version a database is at once `up` has run: 1 for the first migration, and so on. */
  readonly version: number;
  /** What the migration does, for people reading the list and for error messages. */
  readonly description: string;
  /**
   * Changes a database at version `version - 1` into one at `version`. Runs inside the transaction
   * that also sets `user_version`, so it must not open one of its own (a nested `db.transaction`
   * is fine: better-sqlite3 makes it a savepoint).
   */
  up(db: Db): void;
  /**
   * Whether a file written before schema versions existed (user_version 0, tables present) already
   * has this migration's effect. Only such files are asked, once, as they are brought up: a file
   * with a version says what it has. Later migrations leave this out, as no such file can have
   * their effect.
   */
  presentInLegacy?(db: Db): boolean;
}

/** The names of the columns of `table` (none if there is no such table). */
function columns(db: Db, table: string): string[] {
  return db.prepare('SELECT name FROM pragma_table_info(?)').pluck().all(table) as string[];
}

/**
 * Every migration, oldest first; versions run 1, 2, 3... without gaps. They are in the order the
 * changes were made (event.source came with the Wyscout importer, the shared team-id counter a few
 * commits later), so a file an older version wrote at any point meets them in the order it
 * missed them.
 */
export const MIGRATIONS: readonly Migration[] = [
  {
    version: 1,
    description: 'event.source: the provider of each event, filled with its match provider',
    // Until the Wyscout importer, the events of a match all came from the match's provider. SQLite
    // cannot add a NOT NULL column without a default, so the column is nullable here; every row
    // gets a value.
    up(db) {
      db.exec(`ALTER TABLE event ADD COLUMN source TEXT REFERENCES provider (key);
        UPDATE event SET source = (SELECT m.source FROM match m WHERE m.id = event.match)`);
    },
    // A file without an event table gets the current one from schema.sql, source included.
    presentInLegacy(db) {
      const event = columns(db, 'event');
      return event.length === 0 || event.includes('source');
    },
  },
  {
    version: 2,
    description: "countries draw v0 ids from the clubs' counter and move past every team id",
    up: shareTeamIds,
    // The country counter is what this migration removes; without it there is nothing to move.
    presentInLegacy(db) {
      return (
        columns(db, 'v0_counter').length === 0 ||
        db.prepare("SELECT 1 FROM v0_counter WHERE kind = 'country'").get() === undefined
      );
    },
  },
  {
    version: 3,
    description: 'knockout rounds 27 and 28 are spelled Quarter-final (1/4) and Semi-final (1/2)',
    // Every import reloads the reference lists, so this changes nothing an import would not; the
    // new version is what matters: the build refuses a file with the old names, rather than serve
    // them, until one of its imports runs again.
    up: renameKnockoutRounds,
    presentInLegacy: hasListNames,
  },
  {
    version: 4,
    description: "events' seconds to the microsecond, without the float noise of the source",
    // Importing again would not round them: an import keeps the events of a match whose number
    // of events it already holds.
    up(db) {
      if (!columns(db, 'event').includes('match_seconds')) return;
      withMicroseconds(db).exec(
        `UPDATE event SET match_seconds = to_microseconds(match_seconds)
        WHERE match_seconds <> to_microseconds(match_seconds)`,
      );
    },
    presentInLegacy(db) {
      return (
        !columns(db, 'event').includes('match_seconds') ||
        withMicroseconds(db)
          .prepare('SELECT 1 FROM event WHERE match_seconds <> to_microseconds(match_seconds)')
          .get() === undefined
      );
    },
  },
];

/** The schema version of `schema.sql`: that of the last migration. */
export const SCHEMA_VERSION: number = MIGRATIONS.at(-1)?.version ?? 0;

/**
 * Countries once had a v0 id counter of their own, so a country and a club could share an id. v0
 * lists club and national matches together, where a team id must name one team: countries now draw
 * from the clubs' counter (`SHARED_COUNTER` in `db.ts`), and an older database's countries move
 * past every id handed out so far. They move up by at least their highest id, so no moved id meets
 * one not yet moved.
 */
function shareTeamIds(db: Db): void {
  if (columns(db, 'v0_counter').length === 0 || columns(db, 'country').length === 0) return;
  const next = (kind: string) =>
    db.prepare('SELECT next FROM v0_counter WHERE kind = ?').pluck().get(kind) as
      number | undefined;
  const countries = next('country');
  if (countries === undefined) return;
  // Past every id handed out and every id in the tables, should a row ever sit above its counter.
  const highest = db
    .prepare(
      `SELECT max(coalesce((SELECT max(v0_id) FROM team), 0),
        coalesce((SELECT max(v0_id) FROM country), 0))`,
    )
    .pluck()
    .get() as number;
  const offset = Math.max(next('team') ?? 1, countries, highest + 1) - 1;
  db.prepare('UPDATE country SET v0_id = v0_id + ?').run(offset);
  db.prepare(
    `INSERT INTO v0_counter (kind, next) VALUES ('team', ?)
      ON CONFLICT (kind) DO UPDATE SET next = excluded.next`,
  ).run(
    ((db.prepare('SELECT max(v0_id) FROM country').pluck().get() as number | null) ?? offset) + 1,
  );
  db.prepare("DELETE FROM v0_counter WHERE kind = 'country'").run();
}

/** The knockout rounds as `KNOCKOUT_ROUNDS` names them (only 27 and 28 were spelled otherwise). */
function renameKnockoutRounds(db: Db): void {
  if (columns(db, 'knockoutround').length === 0) return;
  const rename = db.prepare('UPDATE knockoutround SET name = ? WHERE id = ?');
  for (const [id, name] of KNOCKOUT_ROUNDS) rename.run(name, id);
}

/** Whether every knockout round the file holds has its name in `KNOCKOUT_ROUNDS`. */
function hasListNames(db: Db): boolean {
  if (columns(db, 'knockoutround').length === 0) return true;
  const stored = new Map(
    db.prepare('SELECT id, name FROM knockoutround').raw().all() as [number, string][],
  );
  return KNOCKOUT_ROUNDS.every(([id, name]) => (stored.get(id) ?? name) === name);
}

/** The connection with `to_microseconds(seconds)` (`toMicroseconds`) for its SQL. */
function withMicroseconds(db: Db): Db {
  return db.function('to_microseconds', { deterministic: true }, (seconds) =>
    toMicroseconds(seconds as number),
  );
}
