import Database from 'better-sqlite3';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { UserError } from '../lib/errors.ts';
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
} from '../football/lists.ts';
import { ACTIONS, MODIFIERS } from '../football/events.ts';
import { MIGRATIONS, SCHEMA_VERSION, type Migration } from './migrations.ts';
import { rowReplacer } from './rows.ts';
import type { RowOf, TableName } from './tables.ts';

/** A better-sqlite3 connection. */
export type Db = Database.Database;

const SCHEMA = readFileSync(fileURLToPath(new URL('./schema.sql', import.meta.url)), 'utf8');

/** How a writer waits for the write lock another process holds. */
export interface WriterOptions {
  /** Called when the lock is held by another process and this writer starts waiting. */
  onWait?: () => void;
  /** Longest wait, in seconds, before giving up with an error (default `WRITE_WAIT_SECONDS`). */
  waitSeconds?: number;
  /**
   * The wait the user asked for, in seconds, when `waitSeconds` is what remains of it (several
   * transactions sharing one wait): the error names this one (default `waitSeconds`).
   */
  askedSeconds?: number;
}

/** Default longest wait for the write lock: an import of all the real data takes minutes. */
export const WRITE_WAIT_SECONDS = 30 * 60;

/**
 * Opens (creating if needed) a database with the project's schema and every fixed reference list
 * loaded. Loading is idempotent, so importers can all call this on the same file. A file an earlier
 * version wrote is migrated to the current schema version first (`migrate`); one a later version
 * wrote is refused, as this code cannot know what it would break. All of it is one write
 * transaction (`writeTransaction`): a second process opening the same file waits for the first.
 */
export function openDatabase(file: string, options: WriterOptions = {}): Db {
  const db = new Database(file);
  try {
    db.pragma('journal_mode = WAL');
    db.pragma('synchronous = NORMAL');
    writeTransaction(
      db,
      () => {
        const fresh = !hasTables(db);
        // Migrations see the file as it was: schema.sql's indexes may name columns they add.
        if (!fresh) migrate(db);
        db.exec(SCHEMA);
        if (fresh) db.pragma(`user_version = ${SCHEMA_VERSION}`);
        loadReferenceLists(db);
      },
      options,
    );
    // After the setup, as before transactions: migrations run without foreign keys (they may
    // rewrite keys in steps), and schema.sql's own PRAGMA is a no-op inside a transaction.
    db.pragma('foreign_keys = ON');
    return db;
  } catch (error) {
    db.close();
    throw error;
  }
}

/**
 * Runs `fn` in one write transaction that takes the write lock first (`BEGIN IMMEDIATE`), so two
 * processes writing the same file run one after the other, never interleaved, and neither reads
 * what the other has not committed. When another process holds the lock, this one calls
 * `onWait` and waits up to `waitSeconds`, then fails saying so. An error in `fn` rolls it all
 * back. Nested calls (a transaction already open) run inside the outer one.
 */
export function writeTransaction<T>(db: Db, fn: () => T, options: WriterOptions = {}): T {
  if (db.inTransaction) return db.transaction(fn)();
  const waitSeconds = options.waitSeconds ?? WRITE_WAIT_SECONDS;
  const timeout = db.pragma('busy_timeout', { simple: true }) as number;
  db.pragma('busy_timeout = 0');
  try {
    db.exec('BEGIN IMMEDIATE');
  } catch (error) {
    if (!isBusy(error)) throw error;
    options.onWait?.();
    db.pragma(`busy_timeout = ${Math.round(waitSeconds * 1000)}`);
    try {
      db.exec('BEGIN IMMEDIATE');
    } catch (again) {
      if (!isBusy(again)) throw again;
      throw new UserError(
        `${db.name} is being written by another process (an import?) and stayed locked for ` +
          `${options.askedSeconds ?? waitSeconds} s; nothing was written. Try again when it has ` +
          'finished.',
        { cause: again },
      );
    }
  } finally {
    db.pragma(`busy_timeout = ${timeout}`);
  }
  try {
    const result = fn();
    db.exec('COMMIT');
    return result;
  } catch (error) {
    if (db.inTransaction) db.exec('ROLLBACK');
    throw error;
  }
}

/**
 * Whether an error is SQLite's "database is locked" (another connection holds the lock), with its
 * extended codes: `SQLITE_BUSY_RECOVERY` while another process recovers the log of a killed one.
 */
function isBusy(error: unknown): boolean {
  const code = (error as { code?: unknown }).code;
  return typeof code === 'string' && code.startsWith('SQLITE_BUSY');
}

/** The schema version a database file carries (`PRAGMA user_version`; 0 if never set). */
export function schemaVersion(db: Db): number {
  return db.pragma('user_version', { simple: true }) as number;
}

/** Whether the file has any table: one without is new (or not a database of ours at all). */
function hasTables(db: Db): boolean {
  return db.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' LIMIT 1").get() !== undefined;
}

/**
 * Brings a database with tables up to the last version of `migrations` (by default the project's,
 * `MIGRATIONS`), so a user's existing database keeps working. Every migration it runs and the new
 * `user_version` are one transaction: a failing migration leaves the file as it was, and the error
 * says which one failed. A file at version 0 was written before versions existed ("legacy"): it
 * gets the migrations whose effect it lacks (`Migration.presentInLegacy`). A file at a version
 * above the last is refused.
 */
export function migrate(db: Db, migrations: readonly Migration[] = MIGRATIONS): void {
  migrations.forEach((migration, i) => {
    if (migration.version !== i + 1) {
      throw new Error(
        `migration ${migration.version} is at place ${i + 1}: versions run 1, 2, ...`,
      );
    }
  });
  const latest = migrations.length;
  // Immediate: the write lock is taken before the version is read, so two importers opening the
  // same old file one after the other do not both migrate it (inside `openDatabase`'s write
  // transaction, which holds the lock already, this is a savepoint).
  db.transaction(() => {
    const version = schemaVersion(db);
    if (version > latest) throw newerVersion(db.name, version, latest);
    for (const migration of migrations.slice(version)) {
      if (version === 0 && migration.presentInLegacy?.(db)) continue;
      try {
        migration.up(db);
      } catch (cause) {
        throw new Error(
          `${db.name}: migration ${migration.version} (${migration.description}) failed, so the ` +
            `file is left as it was: ${cause instanceof Error ? cause.message : String(cause)}`,
          { cause },
        );
      }
    }
    if (version !== latest) db.pragma(`user_version = ${latest}`);
  }).immediate();
}

function newerVersion(file: string, version: number, latest: number): Error {
  return new UserError(
    `${file} was written by a newer version of this project (schema version ${version}; this ` +
      `one knows up to ${latest}): update the project (git pull, then npm install) and try again.`,
  );
}

/**
 * Opens an existing database read-only (the build never writes to its input). It must be at the
 * current schema version: the build cannot migrate it, so any other version is refused with what
 * to do (an older file: import again or make a demo afresh; a newer one: update the project).
 */
export function openReadOnly(file: string): Db {
  const db = new Database(file, { readonly: true, fileMustExist: true });
  try {
    const version = schemaVersion(db);
    if (version === SCHEMA_VERSION) return db;
    if (version > SCHEMA_VERSION) throw newerVersion(file, version, SCHEMA_VERSION);
    if (version === 0 && !hasTables(db)) {
      throw new UserError(
        `${file} is not a football database: it has no tables. Make one with 'npm run demo' or ` +
          `'npm run import', then build.`,
      );
    }
    throw new UserError(
      `${file} was written by an earlier version: run one of its imports again (importing again ` +
        `changes nothing else) to bring it up to date, or make a demo database afresh with ` +
        `'npm run demo', then build. (Its schema version is ${version}; this build reads ` +
        `${SCHEMA_VERSION}.)`,
    );
  } catch (error) {
    db.close();
    throw error;
  }
}

/**
 * Writes every fixed reference list (`football/`), whole rows replacing any of the same id: run
 * at each opening, so a list that changed is brought up to date.
 */
function loadReferenceLists(db: Db): void {
  const write = <T extends TableName>(table: T, rows: readonly RowOf<T>[]): void => {
    const replace = rowReplacer(db, table);
    for (const row of rows) replace(row);
  };
  const named = (rows: readonly RefEntry[]) => rows.map(([id, name]) => ({ id, name }));
  const described = (rows: readonly RefEntry[]) => rows.map(([id, desc]) => ({ id, desc }));
  db.transaction(() => {
    write('confederation', named(CONFEDERATIONS));
    write('phase', named(PHASES));
    write('groupround', named(GROUP_ROUNDS));
    write('knockoutround', named(KNOCKOUT_ROUNDS));
    write('weather', described(WEATHER));
    write('surface', named(SURFACES));
    write('name_order', described(NAME_ORDERS));
    write('position', named(POSITIONS));
    write('foul', described(FOULS));
    write('card', described(CARDS));
    write('bodypart', described(BODY_PARTS));
    write('shotevent', described(SHOT_EVENTS));
    write('penalty_outcome', described(PENALTY_OUTCOMES));
    write('modifier_category', described(MODIFIER_CATEGORIES));
    write(
      'timezone',
      TIMEZONES.map(([id, name, confederation, offset]) => ({ id, name, confederation, offset })),
    );
    write(
      'action',
      ACTIONS.map(([id, desc, isTouch]) => ({ id, desc, is_touch: isTouch ? 1 : 0 })),
    );
    write(
      'modifier',
      MODIFIERS.map(([id, desc, category]) => ({ id, desc, category })),
    );
  })();
}

/**
 * Kinds of v0 ids that share another kind's counter: a national team is its country, and v0 lists
 * club and national matches together, so countries and clubs draw team ids from one sequence.
 */
const SHARED_COUNTER: Readonly<Record<string, string>> = { country: 'team' };

/**
 * Moves the v0 counter of `kind` past `id`, an id a row brought with it (an imported package
 * that carries the ids of an export), so that `v0Ids` never hands it out again.
 */
export function v0Claims(db: Db): (kind: string, id: number) => void {
  const claim = db.prepare(
    `INSERT INTO v0_counter (kind, next) VALUES (?, ?)
    ON CONFLICT (kind) DO UPDATE SET next = max(next, excluded.next)`,
  );
  return (kind, id) => void claim.run(SHARED_COUNTER[kind] ?? kind, id + 1);
}

/**
 * Hands out v0 integer ids (see `v0Claims` for ids a package gives): one counter per entity
 * kind (or shared, `SHARED_COUNTER`), persisted in the database so an id is assigned once and
 * never reused, whichever source adds the entity and in whatever order.
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
