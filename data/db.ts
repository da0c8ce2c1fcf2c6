import Database from 'better-sqlite3';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import {
  BODY_PARTS,
  CARDS,
  CONFEDERATIONS,
  FOULS,
  GROUP_ROUNDS,
  KNOCKOUT_ROUNDS,
  MODIFIER_CATEGORIES,
  NAME_ORDERS,
  PENALTY_OUTCOMES,
  PHASES,
  POSITIONS,
  SHOT_EVENTS,
  SURFACES,
  TIMEZONES,
  WEATHER,
  type RefEntry,
} from './reference/lists.ts';
import { ACTIONS, MODIFIERS } from './reference/events.ts';

/** A better-sqlite3 connection. */
export type Db = Database.Database;

const SCHEMA = readFileSync(fileURLToPath(new URL('./schema.sql', import.meta.url)), 'utf8');

/**
 * Opens (creating if needed) a database with the project's schema and every fixed reference list
 * loaded. Loading is idempotent, so importers can all call this on the same file.
 */
export function openDatabase(file: string): Db {
  const db = new Database(file);
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = NORMAL');
  migrate(db);
  db.exec(SCHEMA);
  loadReferenceLists(db);
  return db;
}

/**
 * Brings a database written by an earlier version up to the schema, so a user's existing database
 * keeps working: `event.source` (added with the Wyscout importer) is filled with the match's
 * provider, which was the events' provider until then.
 */
function migrate(db: Db): void {
  const columns = db
    .prepare("SELECT name FROM pragma_table_info('event')")
    .pluck()
    .all() as string[];
  if (columns.length > 0 && !columns.includes('source')) {
    db.exec(`ALTER TABLE event ADD COLUMN source TEXT REFERENCES provider (key);
      UPDATE event SET source = (SELECT m.source FROM match m WHERE m.id = event.match)`);
  }
  shareTeamIds(db);
}

/**
 * Countries once had a v0 id counter of their own, so a country and a club could share an id. v0
 * lists club and national matches together, where a team id must name one team: countries now draw
 * from the clubs' counter (`SHARED_COUNTER`), and an older database's countries move past every id
 * handed out so far. They move up by at least their highest id, so no moved id meets one not yet
 * moved.
 */
function shareTeamIds(db: Db): void {
  const tables = db
    .prepare(
      "SELECT name FROM sqlite_master WHERE type = 'table' AND name IN ('v0_counter', 'country')",
    )
    .pluck()
    .all();
  if (tables.length < 2) return;
  const next = (kind: string) =>
    db.prepare('SELECT next FROM v0_counter WHERE kind = ?').pluck().get(kind) as
      number | undefined;
  const countries = next('country');
  if (countries === undefined) return;
  // Past every id handed out and every id in the tables, should a row ever sit above its counter.
  const highest = db
    .prepare(
      'SELECT max(coalesce((SELECT max(v0_id) FROM team), 0), coalesce((SELECT max(v0_id) FROM country), 0))',
    )
    .pluck()
    .get() as number;
  const offset = Math.max(next('team') ?? 1, countries, highest + 1) - 1;
  db.transaction(() => {
    db.prepare('UPDATE country SET v0_id = v0_id + ?').run(offset);
    db.prepare(
      "INSERT INTO v0_counter (kind, next) VALUES ('team', ?) ON CONFLICT (kind) DO UPDATE SET next = excluded.next",
    ).run(
      ((db.prepare('SELECT max(v0_id) FROM country').pluck().get() as number | null) ?? offset) + 1,
    );
    db.prepare("DELETE FROM v0_counter WHERE kind = 'country'").run();
  })();
}

/**
 * Opens an existing database read-only (the build never writes to its input). One an earlier
 * version wrote and nothing has opened for writing since is refused with what to do: the build
 * cannot bring it up to the schema itself.
 */
export function openReadOnly(file: string): Db {
  const db = new Database(file, { readonly: true, fileMustExist: true });
  const counters = db
    .prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name = 'v0_counter'")
    .get()
    ? db.prepare("SELECT 1 FROM v0_counter WHERE kind = 'country'").get()
    : undefined;
  const columns = db
    .prepare("SELECT name FROM pragma_table_info('event')")
    .pluck()
    .all() as string[];
  if (counters || (columns.length > 0 && !columns.includes('source'))) {
    db.close();
    throw new Error(
      `${file} was written by an earlier version: run one of its imports again (importing again changes nothing else) to bring it up to date, or make a demo database afresh with 'npm run demo', then build.`,
    );
  }
  return db;
}

function loadReferenceLists(db: Db): void {
  const simple: [table: string, column: string, rows: readonly RefEntry[]][] = [
    ['confederation', 'name', CONFEDERATIONS],
    ['phase', 'name', PHASES],
    ['groupround', 'name', GROUP_ROUNDS],
    ['knockoutround', 'name', KNOCKOUT_ROUNDS],
    ['weather', 'desc', WEATHER],
    ['surface', 'name', SURFACES],
    ['name_order', 'desc', NAME_ORDERS],
    ['position', 'name', POSITIONS],
    ['foul', 'desc', FOULS],
    ['card', 'desc', CARDS],
    ['bodypart', 'desc', BODY_PARTS],
    ['shotevent', 'desc', SHOT_EVENTS],
    ['penalty_outcome', 'desc', PENALTY_OUTCOMES],
    ['modifier_category', 'desc', MODIFIER_CATEGORIES],
  ];
  db.transaction(() => {
    for (const [table, column, rows] of simple) {
      const insert = db.prepare(`INSERT OR REPLACE INTO ${table} (id, ${column}) VALUES (?, ?)`);
      for (const [id, label] of rows) insert.run(id, label);
    }
    const tz = db.prepare(
      'INSERT OR REPLACE INTO timezone (id, name, confederation, offset) VALUES (?, ?, ?, ?)',
    );
    for (const row of TIMEZONES) tz.run(...row);
    const action = db.prepare(
      'INSERT OR REPLACE INTO action (id, desc, is_touch) VALUES (?, ?, ?)',
    );
    for (const [id, desc, isTouch] of ACTIONS) action.run(id, desc, isTouch ? 1 : 0);
    const modifier = db.prepare(
      'INSERT OR REPLACE INTO modifier (id, desc, category) VALUES (?, ?, ?)',
    );
    for (const row of MODIFIERS) modifier.run(...row);
  })();
}

/**
 * Kinds of v0 ids that share another kind's counter: a national team is its country, and v0 lists
 * club and national matches together, so countries and clubs draw team ids from one sequence.
 */
const SHARED_COUNTER: Readonly<Record<string, string>> = { country: 'team' };

/**
 * Hands out v0 integer ids: one counter per entity kind (or shared, `SHARED_COUNTER`), persisted in
 * the database so an id is assigned once and never reused, whichever source adds the entity and in
 * whatever order.
 */
export function v0Ids(db: Db): (kind: string) => number {
  const read = db.prepare<[string], { next: number }>('SELECT next FROM v0_counter WHERE kind = ?');
  const write = db.prepare(
    'INSERT INTO v0_counter (kind, next) VALUES (?, ?) ON CONFLICT (kind) DO UPDATE SET next = excluded.next',
  );
  return (kind) => {
    const counter = SHARED_COUNTER[kind] ?? kind;
    const next = read.get(counter)?.next ?? 1;
    write.run(counter, next + 1);
    return next;
  };
}
