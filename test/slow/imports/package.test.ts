import Database from 'better-sqlite3';
import {
  cpSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importDataset } from '../../../data/import/run.ts';
import { PackageError } from '../../../data/package/problems.ts';
import {
  dataChecksums,
  demoDatabase,
  editCsv,
  exportTo,
  readRows,
  storedChecksums,
  stripIds,
} from '../../helpers/data/packages.ts';
import { tableChecksums } from '../../helpers/data/db.ts';

/**
 * The package format on the demo: an export imported into an empty database gives the same
 * tables the build reads (the build of both is compared byte for byte in
 * `package-round-trip.test.ts`); the same package without its id columns imports by names and
 * keys alone; every kind of bad row is named with its place, all in one run, with nothing written;
 * a second package appends, corrects and deletes, and each import records what it changed.
 */

let root = '';
/** The lean demo, its export (ids and names), and the export without ids. */
let demo = '';
let withIds = '';
let byNames = '';

beforeAll(() => {
  root = mkdtempSync(join(tmpdir(), 'football-package-'));
  demo = demoDatabase(join(root, 'demo.sqlite'), 'lean');
  withIds = exportTo(demo, join(root, 'with-ids'));
  byNames = join(root, 'by-names');
  cpSync(withIds, byNames, { recursive: true });
  stripIds(byNames);
});
afterAll(() => rmSync(root, { recursive: true, force: true }));

/** A new database file of the test's folder. */
let made = 0;
const newDb = () => join(root, `db-${++made}.sqlite`);

/** A copy of the package `from`, to change. */
const copyOf = (from: string) => {
  const dir = join(root, `package-${++made}`);
  cpSync(from, dir, { recursive: true });
  return dir;
};

/** Imports the package `path` into `db`. */
const importPackage = (path: string, db: string, check = false) =>
  importDataset({ format: 'package', path, db, check });

/** The PackageError an import of `path` into `db` fails with. */
function problemsOf(path: string, db: string): PackageError {
  try {
    importPackage(path, db);
  } catch (error) {
    if (error instanceof PackageError) return error;
    throw error;
  }
  throw new Error('the import did not fail');
}

describe('an export imported into an empty database', () => {
  it('gives every table the build reads as it was, row for row', () => {
    const db = newDb();
    const report = importPackage(withIds, db);
    expect(storedChecksums(db)).toEqual(storedChecksums(demo));
    expect(dataChecksums(db)).toEqual(dataChecksums(demo));
    expect(report.of('match').new).toBe(77);
    expect(report.of('event_modifier').new).toBeGreaterThan(10_000);
  });

  it('without its ids gives the same records by names alone, the ids derived again the same', () => {
    const db = newDb();
    importPackage(byNames, db);
    const again = join(root, 'by-names-again');
    exportTo(db, again);
    stripIds(again);
    const sorted = (dir: string, file: string) => readRows(join(dir, file)).slice(1).sort();
    for (const file of ['matches.csv', 'lineups.csv', 'goals.csv', 'event_modifiers.csv'])
      expect(sorted(again, file), file).toEqual(sorted(byNames, file));
    // A second import of the same id-less package finds every row: nothing new.
    const second = importPackage(byNames, db);
    for (const [table, counts] of second.tables)
      expect({ table, ...counts }).toEqual({
        table,
        new: 0,
        updated: 0,
        present: counts.present,
        deleted: 0,
      });
  });
});

describe('a package with bad rows', () => {
  let error: PackageError;
  let before: Record<string, string>;
  let db = '';

  beforeAll(() => {
    db = newDb();
    importPackage(withIds, db);
    const conn = new Database(db, { readonly: true });
    before = tableChecksums(conn);
    conn.close();
    const dir = copyOf(byNames);
    const set = (file: string, row: number, column: string, value: string) =>
      editCsv(dir, file, (rows) => {
        rows[row]![rows[0]!.indexOf(column)] = value;
        return rows;
      });
    set('goals.csv', 3, 'time_mins', 'ten');
    set('goals.csv', 4, 'time_mins', '200');
    set('lineups.csv', 2, 'player', 'Nobody Atall');
    set('events.csv', 5, 'x', '120');
    set('offenses.csv', 2, 'card', 'Purple');
    editCsv(dir, 'lineups.csv', (rows) => [...rows, rows[7]!]);
    error = problemsOf(dir, db);
  });

  it('names each with its file, line, column, value and what was expected, in one run', () => {
    const found = error.problems.map((p) => [p.file, p.line, p.column, p.value]);
    expect(found).toEqual(
      expect.arrayContaining([
        ['goals.csv', 4, 'time_mins', 'ten'],
        ['goals.csv', 5, 'time_mins', '200'],
        ['lineups.csv', 3, 'player', 'Nobody Atall'],
        ['events.csv', 6, 'x', '120'],
        ['offenses.csv', 3, 'card', 'Purple'],
      ]),
    );
    const expected = (file: string, line: number) =>
      error.problems.find((p) => p.file === file && p.line === line)?.expected;
    expect(expected('goals.csv', 4)).toBe('an integer');
    expect(expected('goals.csv', 5)).toMatch(/^a minute of the match: it ends at 90/);
    expect(expected('lineups.csv', 3)).toMatch(/^a player so named: none/);
    expect(expected('events.csv', 6)).toMatch(/100/);
    expect(expected('offenses.csv', 3)).toMatch(/^a card of the API's list \(Yellow/);
    // The repeated lineup: the same player twice in one match.
    const twice = error.problems.find(
      (p) => p.file === 'lineups.csv' && p.column === 'match+player',
    );
    expect(twice?.expected).toMatch(/twice/);
    // One line each, in the order of the files' import: the message a user reads.
    expect(error.message.split('\n')).toContain(
      '  goals.csv:4: column time_mins: "ten": expected an integer',
    );
    expect(error.message).toMatch(/^6 problem\(s\) in the package:\n {2}lineups\.csv:3: column/);
  });

  it('writes nothing', () => {
    const conn = new Database(db, { readonly: true });
    expect(tableChecksums(conn)).toEqual(before);
    conn.close();
  });

  it('clashes are named too: a player twice in one lineup by two ids', () => {
    const dir = copyOf(withIds);
    editCsv(dir, 'lineups.csv', (rows) => {
      const copy = [...rows[1]!];
      copy[0] = 'f'.repeat(32);
      copy[1] = '';
      return [...rows, copy];
    });
    const clash = problemsOf(dir, newDb()).problems;
    expect(clash).toHaveLength(1);
    expect(clash[0]).toMatchObject({
      file: 'lineups.csv',
      line: readRows(join(dir, 'lineups.csv')).length,
    });
    expect(clash[0]!.expected).toMatch(/^a row no other row clashes with \(UNIQUE constraint/);
  });
});

describe('the files people write', () => {
  it('reads UTF-8 with a byte-order mark, LF or CRLF, and quoted fields with commas and line ends', () => {
    const dir = copyOf(withIds);
    editCsv(dir, 'teams.csv', (rows) => {
      rows[1]![rows[0]!.indexOf('name')] = 'Club "Atlético", San Ramón\nde Arriba';
      return rows;
    });
    const teams = join(dir, 'teams.csv');
    writeFileSync(teams, '\ufeff' + readFileSync(teams, 'utf8').replaceAll('\r\n', '\n'));
    const db = newDb();
    importPackage(dir, db);
    const conn = new Database(db, { readonly: true });
    const names = conn.prepare('SELECT name FROM team ORDER BY rowid').pluck().all();
    conn.close();
    expect(names[0]).toBe('Club "Atlético", San Ramón\nde Arriba');
    expect(names).toHaveLength(readRows(teams).length - 1);
  });

  it('refuses a package without a licence', () => {
    const dir = copyOf(byNames);
    const file = join(dir, 'datapackage.json');
    const descriptor = JSON.parse(readFileSync(file, 'utf8'));
    delete descriptor.licenses;
    writeFileSync(file, JSON.stringify(descriptor));
    expect(problemsOf(dir, newDb()).message).toMatch(/licenses: expected a licence/);
  });

  it('checks without writing (--check), counting what an import would write', () => {
    const db = newDb();
    importPackage(withIds, db);
    const before = dataChecksums(db);
    const dir = copyOf(withIds);
    editCsv(dir, 'goals.csv', (rows) => {
      rows[1]![rows[0]!.indexOf('time_mins')] = '44';
      return rows;
    });
    const report = importPackage(dir, db, true);
    expect(report.of('goal').updated).toBe(1);
    expect(dataChecksums(db)).toEqual(before);
  });
});

describe('a second package on top of the first: the next matchday, a correction, a deletion', () => {
  let db = '';
  /** The matches of the last matchday of the league, which the first package leaves out. */
  let later: Set<string>;
  let report: ReturnType<typeof importPackage>;
  /** The match the second package deletes, and how many lineups it had. */
  let deleted = '';
  let lineupsOfDeleted = 0;

  beforeAll(() => {
    db = newDb();
    const first = copyOf(withIds);
    const matches = readRows(join(first, 'matches.csv'));
    const column = (name: string) => matches[0]!.indexOf(name);
    const league = matches.filter((r) => r[column('competition')] === 'Liga Peninsular');
    const last = Math.max(...league.map((r) => Number(r[column('matchday')])));
    later = new Set(league.filter((r) => r[column('matchday')] === String(last)).map((r) => r[0]!));
    for (const file of readdirSync(first).filter((f) => f.endsWith('.csv')))
      editCsv(first, file, (rows) => {
        const at = rows[0]!.indexOf(file === 'matches.csv' ? 'id' : 'match_id');
        return at < 0 ? rows : rows.filter((r, i) => i === 0 || !later.has(r[at]!));
      });
    importPackage(first, db);
    const second = copyOf(withIds);
    const goals = readRows(join(second, 'goals.csv'));
    editCsv(second, 'goals.csv', (rows) => {
      rows[1]![rows[0]!.indexOf('time_mins')] = '3';
      return rows;
    });
    editCsv(second, 'matches.csv', (rows) => {
      deleted = rows[2]![0]!;
      return [
        [...rows[0]!, '_deleted'],
        ...rows.slice(1).map((r, i) => [...r, i === 1 ? 'true' : '']),
      ];
    });
    lineupsOfDeleted = readRows(join(second, 'lineups.csv')).filter((r) =>
      r.includes(deleted),
    ).length;
    // The deleted match's records go with it: the package no longer lists them.
    for (const file of readdirSync(second).filter((f) => f.endsWith('.csv') && f !== 'matches.csv'))
      editCsv(second, file, (rows) => {
        const at = rows[0]!.indexOf('match_id');
        return at < 0 ? rows : rows.filter((r) => r[at] !== deleted);
      });
    expect(goals.length).toBeGreaterThan(1);
    report = importPackage(second, db);
  });

  it('adds the new matches and nothing twice, corrects the goal, deletes the match with its records', () => {
    expect(later.size).toBeGreaterThan(0);
    expect(report.of('match')).toMatchObject({ new: later.size, updated: 0, deleted: 1 });
    expect(report.of('goal').updated).toBe(1);
    expect(report.of('lineup').deleted).toBe(lineupsOfDeleted);
    const conn = new Database(db, { readonly: true });
    const count = (sql: string, ...args: string[]) =>
      conn
        .prepare(sql)
        .pluck()
        .get(...args);
    expect(count('SELECT COUNT(*) FROM match')).toBe(77 - 1);
    expect(count('SELECT COUNT(*) FROM lineup WHERE match = ?', deleted)).toBe(0);
    expect(count('SELECT COUNT(*) FROM goal WHERE match = ?', deleted)).toBe(0);
    conn.close();
  });

  it('records what each import changed, by table and key', () => {
    const conn = new Database(db, { readonly: true });
    const changes = conn
      .prepare(
        `SELECT tbl, change, COUNT(*) AS n FROM import_change WHERE run = 2
        GROUP BY tbl, change ORDER BY tbl, change`,
      )
      .all() as { tbl: string; change: string; n: number }[];
    const runs = conn.prepare('SELECT id, format FROM import_run ORDER BY id').all();
    const of = (tbl: string, change: string) =>
      changes.find((c) => c.tbl === tbl && c.change === change)?.n ?? 0;
    conn.close();
    expect(runs).toEqual([
      { id: 1, format: 'package' },
      { id: 2, format: 'package' },
    ]);
    expect(of('match', 'added')).toBe(later.size);
    expect(of('match', 'deleted')).toBe(1);
    expect(of('goal', 'changed')).toBe(1);
    expect(of('lineup', 'deleted')).toBe(lineupsOfDeleted);
  });
});

describe('what a hand-written package gets wrong, on the example league', () => {
  const LEAGUE = 'examples/county-league';
  /** A copy of the example league with `edit` applied to one of its files. */
  const leagueWith = (file: string, edit: (rows: string[][]) => string[][]) => {
    const dir = copyOf(LEAGUE);
    editCsv(dir, file, edit);
    return dir;
  };
  const column = (rows: string[][], name: string) => rows[0]!.indexOf(name);

  it('a file that is not CSV is a problem at its line, and nothing is written', () => {
    const dir = copyOf(LEAGUE);
    writeFileSync(
      join(dir, 'teams.csv'),
      'name,country\nAshcombe Rovers,England\n"Br"indley,England\n',
    );
    const db = newDb();
    const error = problemsOf(dir, db);
    // The rows that name the teams after it are problems too: the first is the file's.
    expect(error.problems.slice(0, 1)).toEqual([
      expect.objectContaining({
        file: 'teams.csv',
        line: 3,
        expected: expect.stringMatching(/^CSV as RFC 4180/),
      }),
    ]);
    const conn = new Database(db, { readonly: true });
    expect(conn.prepare('SELECT COUNT(*) FROM team').pluck().get()).toBe(0);
    conn.close();
  });

  it('a column twice, a scorer without a lineup, a winner not in the match, a negative minute', () => {
    const twice = leagueWith('teams.csv', (rows) => rows.map((r) => [...r, r[0]!]));
    expect(problemsOf(twice, newDb()).problems[0]).toMatchObject({
      file: 'teams.csv',
      line: 1,
      column: 'name',
      expected: 'each column once',
    });
    // A scorer known without their lineup in the match: the goal is kept, with no lineup.
    const scorer = leagueWith('lineups.csv', (rows) =>
      rows.filter((r) => !r.includes('Ben Atherton')),
    );
    const db = newDb();
    importPackage(scorer, db);
    const conn = new Database(db, { readonly: true });
    const lineups = conn
      .prepare(
        `SELECT g.lineup FROM goal g JOIN player pl ON pl.id = g.player
      JOIN person_name n ON n.id = pl.person WHERE n.full_name = 'Ben Atherton'`,
      )
      .pluck()
      .all();
    conn.close();
    expect(lineups).toEqual([null]);
    const winner = leagueWith('matches.csv', (rows) => {
      rows[0]!.push('shootout_winner');
      return rows.map((r, i) => (i === 0 ? r : [...r, i === 1 ? 'Cresswell United' : '']));
    });
    expect(problemsOf(winner, newDb()).problems[0]).toMatchObject({
      file: 'matches.csv',
      line: 2,
      column: 'shootout_winner',
      expected: "one of the match's teams",
    });
    const early = leagueWith('goals.csv', (rows) => {
      rows[1]![column(rows, 'time_mins')] = '-4';
      return rows;
    });
    expect(problemsOf(early, newDb()).problems[0]).toMatchObject({
      file: 'goals.csv',
      line: 2,
      column: 'time_mins',
      value: '-4',
    });
  });

  it('a team that matches still name is not deleted, nor anything else', () => {
    const db = newDb();
    importPackage(LEAGUE, db);
    const before = dataChecksums(db);
    const dir = copyOf(LEAGUE);
    editCsv(dir, 'teams.csv', (rows) =>
      rows.map((r, i) => [...r, i === 0 ? '_deleted' : i === 1 ? 'true' : '']),
    );
    const [problem] = problemsOf(dir, db).problems;
    expect(problem).toMatchObject({ file: 'teams.csv', line: 2, column: '_deleted' });
    expect(problem!.expected).toMatch(/^a team nothing names: venue\.team still does/);
    expect(dataChecksums(db)).toEqual(before);
  });

  it('a check changes nothing of the file, not even an older schema', () => {
    const db = newDb();
    importPackage(LEAGUE, db);
    const conn = new Database(db);
    conn.exec('DROP TABLE import_change; DROP TABLE import_run');
    conn.pragma('wal_checkpoint(TRUNCATE)');
    conn.close();
    const bytes = readFileSync(db);
    const report = importPackage(LEAGUE, db, true);
    expect(report.of('match').present).toBe(4);
    expect(readFileSync(db).equals(bytes)).toBe(true);
  });

  it('a file that leads out of the package by a link is refused', () => {
    const dir = copyOf(LEAGUE);
    const outside = join(root, 'outside.csv');
    writeFileSync(outside, 'name,country\nSecret,England\n');
    rmSync(join(dir, 'teams.csv'));
    symlinkSync(outside, join(dir, 'teams.csv'));
    expect(problemsOf(dir, newDb()).problems[0]!.expected).toMatch(/leads out of it/);
  });
});
