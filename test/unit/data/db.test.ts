import Database from 'better-sqlite3';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import {
  migrate,
  openDatabase,
  openReadOnly,
  schemaVersion,
  v0Ids,
  type Db,
} from '../../../data/db.ts';
import { MIGRATIONS, SCHEMA_VERSION, type Migration } from '../../../data/migrations.ts';

/** Opening a database an earlier version wrote brings it up to the schema without losing rows. */
describe('openDatabase on an older database', () => {
  const root = mkdtempSync(join(tmpdir(), 'football-db-'));
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  it("adds event.source, filled with the provider of each event's match", () => {
    const file = join(root, 'old.sqlite');
    // The schema as it was before events had a provider of their own.
    const current = readFileSync(new URL('../../../data/schema.sql', import.meta.url), 'utf8');
    const old = current.replace(
      /,\n\s*-- The provider of the event[^\n]*\n\s*source\s+TEXT NOT NULL REFERENCES provider \(key\)/,
      '',
    );
    expect(old).not.toBe(current);
    const before = new Database(file);
    before.exec(old);
    before.pragma('foreign_keys = OFF');
    before
      .prepare(
        "INSERT INTO provider (key, name, url, html, logo, license) VALUES ('old', 'Old', '', '', '', 'CC0 1.0')",
      )
      .run();
    before
      .prepare(
        `INSERT INTO match (id, v0_id, match_type, competition, season, phase, home_team, away_team, match_date, source)
      VALUES ('m1', 1, 'clubs', 'c', 2020, 1, 'h', 'a', '2020-01-01', 'old')`,
      )
      .run();
    before
      .prepare(
        "INSERT INTO event (id, match, period, match_seconds, seq) VALUES ('e1', 'm1', 1, 12.5, 1)",
      )
      .run();
    before.close();

    const db = openDatabase(file);
    try {
      expect(db.prepare('SELECT id, source, match_seconds FROM event').all()).toEqual([
        { id: 'e1', source: 'old', match_seconds: 12.5 },
      ]);
      // Opening it again changes nothing.
      db.close();
      const again = openDatabase(file);
      expect(again.prepare('SELECT source FROM event').pluck().all()).toEqual(['old']);
      again.close();
    } finally {
      if (db.open) db.close();
    }
  });

  it("moves countries past the clubs' v0 ids, once, and hands out team ids from one counter after", () => {
    const file = join(root, 'counters.sqlite');
    // Countries and clubs with counters of their own, as before v0 listed both together: ids 1..3
    // each.
    const before = openDatabase(file);
    before.pragma('foreign_keys = OFF');
    before
      .prepare(
        "INSERT INTO provider (key, name, url, html, logo, license) VALUES ('old', 'Old', '', '', '', 'CC0 1.0')",
      )
      .run();
    for (const n of [1, 2, 3]) {
      before
        .prepare("INSERT INTO country (id, v0_id, name, source) VALUES (?, ?, ?, 'old')")
        .run(`c${n}`, n, `Country ${n}`);
      before
        .prepare(
          "INSERT INTO team (id, v0_id, name, country, source) VALUES (?, ?, ?, 'c1', 'old')",
        )
        .run(`t${n}`, n, `Team ${n}`);
    }
    before.prepare("INSERT INTO v0_counter (kind, next) VALUES ('country', 4), ('team', 4)").run();
    // Files then carried no schema version.
    before.pragma('user_version = 0');
    before.close();
    // The build only reads: it refuses such a database, saying how to bring it up to date.
    expect(() => openReadOnly(file)).toThrow(/earlier version: run one of its imports again/);

    const db = openDatabase(file);
    try {
      const ids = () =>
        db
          .prepare('SELECT v0_id FROM team UNION ALL SELECT v0_id FROM country ORDER BY 1')
          .pluck()
          .all();
      expect(ids()).toEqual([1, 2, 3, 4, 5, 6]);
      expect(db.prepare("SELECT v0_id FROM country WHERE id = 'c1'").pluck().get()).toBe(4);
      expect(db.prepare('SELECT kind, next FROM v0_counter ORDER BY kind').all()).toEqual([
        { kind: 'team', next: 7 },
      ]);
      const next = v0Ids(db);
      expect([next('country'), next('team')]).toEqual([7, 8]);
      db.close();
      // Opening it again changes nothing.
      const again = openDatabase(file);
      expect(again.prepare("SELECT v0_id FROM country WHERE id = 'c1'").pluck().get()).toBe(4);
      again.close();
      openReadOnly(file).close();
    } finally {
      if (db.open) db.close();
    }
  });
});

/** What the migrations since version 2 do to a file an earlier version wrote. */
describe('migrations of the data', () => {
  const root = mkdtempSync(join(tmpdir(), 'football-db-data-'));
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  /** A database of `version`, changed by `fill` as that version left it, opened raw. */
  const older = (name: string, version: number, fill: (db: Db) => void): Db => {
    const file = join(root, name);
    const made = openDatabase(file);
    made.pragma('foreign_keys = OFF');
    fill(made);
    made.pragma(`user_version = ${version}`);
    made.close();
    // The build only reads: it refuses the file, saying how to bring it up to date.
    expect(() => openReadOnly(file)).toThrow(/earlier version: run one of its imports again/);
    // Raw, so the reference lists an import reloads on opening do not hide what `migrate` does.
    return new Database(file);
  };

  it('spells knockout rounds 27 and 28 Quarter-final (1/4) and Semi-final (1/2)', () => {
    const db = older('rounds.sqlite', 2, (made) => {
      made.prepare("UPDATE knockoutround SET name = 'Quarterfinal (1/4)' WHERE id = 27").run();
      made.prepare("UPDATE knockoutround SET name = 'Semi-Final (1/2)' WHERE id = 28").run();
    });
    try {
      type Round = [id: number, name: string];
      const names = () =>
        db.prepare('SELECT id, name FROM knockoutround ORDER BY id').raw().all() as Round[];
      const before = names();
      expect(before).toContainEqual([27, 'Quarterfinal (1/4)']);
      migrate(db);
      expect(schemaVersion(db)).toBe(SCHEMA_VERSION);
      const after = names();
      expect(after).toContainEqual([27, 'Quarter-final (1/4)']);
      expect(after).toContainEqual([28, 'Semi-final (1/2)']);
      // The other rounds keep their names.
      const others = ([id]: Round) => id !== 27 && id !== 28;
      expect(after.filter(others)).toEqual(before.filter(others));
      expect(after).toContainEqual([29, 'Final']);
    } finally {
      db.close();
    }
  });

  it("rounds events' seconds to the microsecond, and leaves other times as they are", () => {
    const db = older('seconds.sqlite', 3, (made) => {
      made
        .prepare(
          'INSERT INTO provider (key, name, url, html, logo, license) ' +
            "VALUES ('old', 'Old', '', '', '', 'CC0 1.0')",
        )
        .run();
      made
        .prepare(
          `INSERT INTO match (id, v0_id, match_type, competition, season, phase, home_team,
            away_team, match_date, source)
          VALUES ('m1', 1, 'clubs', 'c', 2020, 1, 'h', 'a', '2020-01-01', 'old')`,
        )
        .run();
      const event = made.prepare(
        "INSERT INTO event (id, match, period, match_seconds, seq, source) VALUES (?, 'm1', 1, ?, ?, 'old')",
      );
      [109.09843599999999, 1.6562140000000003, 12.5, 0, 2699.999999].forEach((seconds, i) =>
        event.run(`e${i}`, seconds, i + 1),
      );
    });
    try {
      migrate(db);
      expect(db.prepare('SELECT match_seconds FROM event ORDER BY seq').pluck().all()).toEqual([
        109.098436, 1.656214, 12.5, 0, 2699.999999,
      ]);
    } finally {
      db.close();
    }
  });
});

/** The schema version in `PRAGMA user_version`, and what each way of opening does with it. */
describe('schema versions', () => {
  const root = mkdtempSync(join(tmpdir(), 'football-db-version-'));
  afterAll(() => rmSync(root, { recursive: true, force: true }));
  let count = 0;
  const fresh = () => join(root, `${++count}.sqlite`);
  /** Sets a file's user_version behind the project's back, as another version would have. */
  const stamp = (file: string, version: number) => {
    const db = new Database(file);
    db.pragma(`user_version = ${version}`);
    db.close();
  };
  const version = (file: string) => {
    const db = new Database(file, { readonly: true });
    try {
      return schemaVersion(db);
    } finally {
      db.close();
    }
  };

  it('numbers the migrations 1, 2, ... and the schema is the last of them', () => {
    expect(MIGRATIONS.map((m) => m.version)).toEqual(MIGRATIONS.map((_, i) => i + 1));
    expect(SCHEMA_VERSION).toBe(MIGRATIONS.length);
    expect(SCHEMA_VERSION).toBe(4);
  });

  it('gives a new database the latest version, which the build reads', () => {
    const file = fresh();
    openDatabase(file).close();
    expect(version(file)).toBe(SCHEMA_VERSION);
    openReadOnly(file).close();
    // Opening it again keeps the version.
    openDatabase(file).close();
    expect(version(file)).toBe(SCHEMA_VERSION);
  });

  it('brings a legacy file (no version, tables of the old shape) up to the latest version', () => {
    const file = fresh();
    const current = readFileSync(new URL('../../../data/schema.sql', import.meta.url), 'utf8');
    const old = current.replace(
      new RegExp(
        ',\\n\\s*-- The provider of the event[^\\n]*\\n\\s*' +
          'source\\s+TEXT NOT NULL REFERENCES provider \\(key\\)',
      ),
      '',
    );
    expect(old).not.toBe(current);
    const before = new Database(file);
    // Without event.source, and countries with a counter of their own: before both migrations.
    before.exec(old);
    before.pragma('foreign_keys = OFF');
    before
      .prepare(
        'INSERT INTO provider (key, name, url, html, logo, license) ' +
          "VALUES ('old', 'Old', '', '', '', 'CC0 1.0')",
      )
      .run();
    before
      .prepare("INSERT INTO country (id, v0_id, name, source) VALUES ('c1', 1, 'C', 'old')")
      .run();
    before.prepare("INSERT INTO v0_counter (kind, next) VALUES ('country', 2), ('team', 1)").run();
    before.close();
    expect(version(file)).toBe(0);
    expect(() => openReadOnly(file)).toThrow(/earlier version: run one of its imports again/);

    const db = openDatabase(file);
    try {
      expect(schemaVersion(db)).toBe(SCHEMA_VERSION);
      expect(db.prepare("SELECT name FROM pragma_table_info('event')").pluck().all()).toContain(
        'source',
      );
      expect(db.prepare('SELECT kind, next FROM v0_counter').all()).toEqual([
        { kind: 'team', next: 3 },
      ]);
    } finally {
      db.close();
    }
    openReadOnly(file).close();
  });

  it('only sets the version of a legacy file that has every migration already', () => {
    const file = fresh();
    openDatabase(file).close();
    stamp(file, 0);
    const db = new Database(file);
    try {
      // Each `up` would fail: none may run, as each effect is present.
      const failing = MIGRATIONS.map((m) => ({
        ...m,
        up: () => {
          throw new Error(`ran ${m.version}`);
        },
      }));
      migrate(db, failing);
      expect(schemaVersion(db)).toBe(SCHEMA_VERSION);
    } finally {
      db.close();
    }
  });

  it('refuses an older version in the build, saying to import again or make a demo', () => {
    const file = fresh();
    openDatabase(file).close();
    stamp(file, SCHEMA_VERSION - 1);
    expect(() => openReadOnly(file)).toThrow(/earlier version: run one of its imports again/);
    expect(() => openReadOnly(file)).toThrow(/npm run demo/);
    // An import opens it with openDatabase, which migrates it.
    openDatabase(file).close();
    expect(version(file)).toBe(SCHEMA_VERSION);
    openReadOnly(file).close();
  });

  it('refuses a newer version, in the build and in imports, saying to update the project', () => {
    const file = fresh();
    openDatabase(file).close();
    stamp(file, SCHEMA_VERSION + 1);
    expect(() => openReadOnly(file)).toThrow(/newer version of this project.*update the project/);
    expect(() => openDatabase(file)).toThrow(/newer version of this project.*update the project/);
    expect(version(file)).toBe(SCHEMA_VERSION + 1);
  });

  it('refuses a file without tables in the build: it is not a football database', () => {
    const file = fresh();
    new Database(file).close();
    expect(() => openReadOnly(file)).toThrow(/is not a football database/);
  });

  it('runs only missing migrations; a failing one leaves version and data as they were', () => {
    const file = fresh();
    const db: Db = openDatabase(file);
    try {
      const at = (version: number, up: (db: Db) => void): Migration => ({
        version,
        description: `test ${version}`,
        up,
      });
      const done = MIGRATIONS.map((m) =>
        at(m.version, () => {
          throw new Error(`ran ${m.version}, which the file has`);
        }),
      );
      const meta = () => db.prepare('SELECT key, value FROM meta ORDER BY key').all();
      const add = (key: string) => () =>
        db.prepare('INSERT INTO meta (key, value) VALUES (?, ?)').run(key, 'x');
      expect(() =>
        migrate(db, [
          ...done,
          at(SCHEMA_VERSION + 1, add('first')),
          at(SCHEMA_VERSION + 2, () => {
            throw new Error('broken');
          }),
        ]),
      ).toThrow(
        new RegExp(
          `migration ${SCHEMA_VERSION + 2} \\(test ${SCHEMA_VERSION + 2}\\) failed, ` +
            'so the file is left as it was: broken',
        ),
      );
      expect(schemaVersion(db)).toBe(SCHEMA_VERSION);
      expect(meta()).toEqual([]);

      migrate(db, [...done, at(SCHEMA_VERSION + 1, add('first'))]);
      expect(schemaVersion(db)).toBe(SCHEMA_VERSION + 1);
      expect(meta()).toEqual([{ key: 'first', value: 'x' }]);
    } finally {
      db.close();
    }
  });
});
