import Database from 'better-sqlite3';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase, openReadOnly, v0Ids } from '../data/db.ts';

/** Opening a database an earlier version wrote brings it up to the schema without losing rows. */
describe('openDatabase on an older database', () => {
  const root = mkdtempSync(join(tmpdir(), 'football-db-'));
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  it("adds event.source, filled with the provider of each event's match", () => {
    const file = join(root, 'old.sqlite');
    // The schema as it was before events had a provider of their own.
    const current = readFileSync(new URL('../data/schema.sql', import.meta.url), 'utf8');
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
