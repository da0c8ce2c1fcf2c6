import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { openDatabase, openReadOnly, type Db } from '../../../data/db.ts';
import { uuidFor } from '../../../data/ids.ts';
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
} from '../../../football/lists.ts';
import {
  buildDemoDatabase,
  DEMO_SEED,
  generateDemo,
  type DemoSummary,
} from '../../../data/demo/generate.ts';
import { main } from '../../../cli/demo.ts';

type Row = Record<string, unknown>;

/** Every table's rows, ordered by primary key, so two databases can be compared row by row. */
function dump(db: Db): Record<string, Row[]> {
  const tables = db
    .prepare<[], { name: string }>(
      "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name",
    )
    .all();
  const out: Record<string, Row[]> = {};
  for (const { name } of tables) {
    const pk = db
      .prepare<[], { name: string; pk: number }>(`PRAGMA table_info("${name}")`)
      .all()
      .filter((column) => column.pk > 0)
      .sort((a, b) => a.pk - b.pk)
      .map((column) => `"${column.name}"`);
    expect(pk.length, `table ${name} has a primary key`).toBeGreaterThan(0);
    out[name] = db.prepare<[], Row>(`SELECT * FROM "${name}" ORDER BY ${pk.join(', ')}`).all();
  }
  return out;
}

function columnsOf(db: Db, table: string): string[] {
  return db
    .prepare<[], { name: string }>(`PRAGMA table_info("${table}")`)
    .all()
    .map((column) => column.name);
}

let dir: string;
let db: Db;
let summary: DemoSummary;
let twin: Record<string, Row[]>;
let other: Db;

beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'demo-'));
  summary = buildDemoDatabase(path.join(dir, 'a.sqlite'));
  buildDemoDatabase(path.join(dir, 'b.sqlite'), DEMO_SEED);
  const b = openReadOnly(path.join(dir, 'b.sqlite'));
  twin = dump(b);
  b.close();
  buildDemoDatabase(path.join(dir, 'c.sqlite'), 7);
  db = openReadOnly(path.join(dir, 'a.sqlite'));
  other = openReadOnly(path.join(dir, 'c.sqlite'));
});

afterAll(() => {
  db?.close();
  other?.close();
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
});

const all = <T = Row>(sql: string, ...params: unknown[]): T[] =>
  db.prepare(sql).all(...params) as T[];
const one = <T = Row>(sql: string, ...params: unknown[]): T => db.prepare(sql).get(...params) as T;

describe('demo generator: determinism', () => {
  it('gives identical rows in every table for the same seed', () => {
    const rows = dump(db);
    expect(Object.keys(rows)).toEqual(Object.keys(twin));
    for (const table of Object.keys(rows)) expect(rows[table], table).toEqual(twin[table]);
    expect(rows.person!.length).toBeGreaterThan(500);
  });

  it('gives different persons for a different seed, with the same structure', () => {
    const names = (d: Db): string[] =>
      (
        d.prepare('SELECT first_name, last_name, birth_date FROM person ORDER BY id').all() as Row[]
      ).map((r) => `${r.first_name} ${r.last_name} ${r.birth_date}`);
    const a = names(db);
    const c = names(other);
    expect(c.length).toBe(a.length);
    const differing = a.filter((name, i) => name !== c[i]).length;
    expect(differing).toBeGreaterThan(a.length / 2);
    expect(other.prepare("SELECT value FROM meta WHERE key = 'seed'").get()).toEqual({
      value: '7',
    });
  });

  it('records generator, seed and size in meta and replaces an existing file', () => {
    expect(all('SELECT key, value FROM meta ORDER BY key')).toEqual([
      { key: 'generator', value: 'demo' },
      { key: 'seed', value: String(DEMO_SEED) },
      { key: 'size', value: 'full' },
    ]);
    const file = path.join(dir, 'again.sqlite');
    buildDemoDatabase(file, 1);
    const again = buildDemoDatabase(file, 2);
    expect(again.counts.person).toBe(summary.counts.person);
    const reopened = openReadOnly(file);
    expect(reopened.prepare("SELECT value FROM meta WHERE key = 'seed'").get()).toEqual({
      value: '2',
    });
    reopened.close();
  });

  it('has a lean size: the same season stopped after the sixth league matchday', () => {
    const file = path.join(dir, 'lean.sqlite');
    const lean = buildDemoDatabase(file, DEMO_SEED, 'lean');
    const leanDb = openReadOnly(file);
    const matches = (d: Db) =>
      d
        .prepare<[], Row>(
          `SELECT m.id, c.name AS competition, m.matchday, m.match_date, m.home_score,
             m.away_score
           FROM match m JOIN competition c ON c.id = m.competition ORDER BY m.id`,
        )
        .all();
    const full = matches(db);
    const cut = matches(leanDb);
    const league = (m: Row) => m.competition === 'Liga Peninsular';
    // The league's first six matchdays, with the same ids and scores as in the full season.
    expect(cut.filter(league)).toEqual(full.filter((m) => league(m) && Number(m.matchday) <= 6));
    expect(cut.filter(league)).toHaveLength(30);
    // The other competitions are played as in full (their referees may differ).
    expect(cut.filter((m) => !league(m)).map((m) => m.id)).toEqual(
      full.filter((m) => !league(m)).map((m) => m.id),
    );
    // Every table the full demo fills, the lean one fills too, the six event matches included.
    for (const [table, n] of Object.entries(summary.counts))
      if (n > 0) expect(lean.counts[table], table).toBeGreaterThan(0);
    expect(lean.handles.eventMatches.map((m) => m.role)).toEqual(
      summary.handles.eventMatches.map((m) => m.role),
    );
    expect(leanDb.prepare("SELECT value FROM meta WHERE key = 'size'").get()).toEqual({
      value: 'lean',
    });
    leanDb.close();
  });

  it('npm run demo writes the size it is asked for and refuses an unknown one', async () => {
    const file = path.join(dir, 'cli.sqlite');
    expect(await main(['--db', file, '--size', 'huge'])).toBe(2);
    expect(fs.existsSync(file)).toBe(false);
    expect(await main(['--db', file, '--size', 'lean'])).toBe(0);
    const written = openReadOnly(file);
    expect(written.prepare("SELECT value FROM meta WHERE key = 'size'").get()).toEqual({
      value: 'lean',
    });
    written.close();
  });

  it('refuses to generate into a database that already has data', () => {
    const mem = openDatabase(':memory:');
    generateDemo(mem, { seed: 3 });
    expect(() => generateDemo(mem, { seed: 3 })).toThrow(/empty/);
    mem.close();
  });
});

describe('demo generator: reference lists and integrity', () => {
  it('loads every fixed reference list with its documented ids', () => {
    const lists: [string, string, readonly RefEntry[]][] = [
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
    for (const [table, column, entries] of lists) {
      const rows = all<{ id: number; label: string }>(
        `SELECT id, "${column}" AS label FROM ${table} ORDER BY id`,
      );
      expect(
        rows.map((r) => [r.id, r.label]),
        table,
      ).toEqual([...entries].sort((a, b) => a[0] - b[0]).map(([id, label]) => [id, label]));
    }
    expect(one('SELECT name FROM position WHERE id = 21')).toEqual({ name: 'Central Midfielder' });
    expect(one('SELECT desc FROM card WHERE id = 2')).toEqual({ desc: 'Yellow/Red' });
    expect(one('SELECT desc FROM name_order WHERE id = 12')).toEqual({ desc: 'Eastern' });
    expect(one('SELECT name FROM confederation WHERE id = 15')).toEqual({ name: 'UEFA' });
    expect(one('SELECT COUNT(*) AS n FROM timezone')).toEqual({ n: TIMEZONES.length });
  });

  it('keeps foreign keys and integrity', () => {
    expect(all('PRAGMA foreign_key_check')).toEqual([]);
    expect(all('PRAGMA integrity_check')).toEqual([{ integrity_check: 'ok' }]);
  });

  it('marks every sourced row as demo, with one demo provider', () => {
    expect(all('SELECT key, name, url, logo, license FROM provider')).toEqual([
      {
        key: 'demo',
        name: 'Demo data (fictional)',
        url: '/',
        logo: '/logo.svg',
        license: 'CC0 1.0',
      },
    ]);
    const tables = Object.keys(summary.counts).filter((table) =>
      columnsOf(db, table).includes('source'),
    );
    expect(tables).toEqual(
      expect.arrayContaining([
        'country',
        'competition',
        'team',
        'venue',
        'person',
        'player',
        'manager',
        'referee',
      ]),
    );
    for (const table of tables)
      expect(one(`SELECT COUNT(*) AS n FROM ${table} WHERE source <> 'demo'`), table).toEqual({
        n: 0,
      });
  });

  it('gives every row with a v0 id a distinct id 1..n, matching the counter; countries and clubs share one', () => {
    // A national team is its country, and v0 lists club and national matches together: one team id
    // space.
    const kinds: Record<string, string[]> = { team: ['country', 'team'] };
    const tables = Object.keys(summary.counts).filter(
      (t) => columnsOf(db, t).includes('v0_id') && t !== 'country',
    );
    for (const kind of tables) {
      const sql = (kinds[kind] ?? [kind]).map((t) => `SELECT v0_id FROM ${t}`).join(' UNION ALL ');
      const rows = all<{ v0_id: number }>(`SELECT v0_id FROM (${sql}) ORDER BY v0_id`);
      expect(
        rows.map((r) => r.v0_id),
        kind,
      ).toEqual(rows.map((_, i) => i + 1));
      if (rows.length > 0)
        expect(one('SELECT next FROM v0_counter WHERE kind = ?', kind), kind).toEqual({
          next: rows.length + 1,
        });
    }
    expect(one("SELECT count(*) AS n FROM v0_counter WHERE kind = 'country'")).toEqual({ n: 0 });
  });

  it('reports the row counts of the database', () => {
    for (const [table, n] of Object.entries(summary.counts)) {
      expect(one(`SELECT COUNT(*) AS n FROM "${table}"`), table).toEqual({ n });
    }
    expect(summary.counts).toMatchObject({ team: 24, player: 528, season: 4, competition: 6 });
    expect(summary.counts.country).toBeGreaterThanOrEqual(40);
    expect(summary.counts.manager).toBeGreaterThanOrEqual(32);
    expect(summary.counts.referee).toBeGreaterThanOrEqual(16);
    expect(summary.counts.person).toBe(
      summary.counts.player! + summary.counts.manager! + summary.counts.referee!,
    );
  });
});

describe('demo generator: content', () => {
  it('has countries in all six confederations, with world ids and aliases', () => {
    const rows = all<{ confederation: number; n: number }>(
      'SELECT confederation, COUNT(*) AS n FROM country GROUP BY confederation ORDER BY confederation',
    );
    expect(rows.map((r) => r.confederation)).toEqual([10, 11, 12, 13, 14, 15]);
    for (const row of rows) expect(row.n).toBeGreaterThanOrEqual(3);
    for (const name of [
      "Côte d'Ivoire",
      'Curaçao',
      'São Tomé and Príncipe',
      'Bosnia and Herzegovina',
      'Türkiye',
      'Trinidad and Tobago',
    ]) {
      expect(one('SELECT id FROM country WHERE name = ?', name), name).toEqual({
        id: uuidFor('world', 'country', name),
      });
    }
    expect(one('SELECT COUNT(*) AS n FROM country_alias').n as number).toBeGreaterThanOrEqual(2);
  });

  it('has the seasons and competitions of every kind', () => {
    expect(all('SELECT id, name, supplier_id FROM season ORDER BY id')).toEqual([
      { id: 2023, name: '2023', supplier_id: null },
      { id: 2024, name: '2024', supplier_id: null },
      { id: 20232024, name: '2023-2024', supplier_id: null },
      { id: 20242025, name: '2024-2025', supplier_id: null },
    ]);
    const domestic = all<{ level: number; country: string }>(
      'SELECT c.level, d.country FROM competition c JOIN domestic_competition d ON d.id = c.id',
    );
    const topCountries = new Set(domestic.filter((d) => d.level === 1).map((d) => d.country));
    expect(topCountries.size).toBeGreaterThanOrEqual(2);
    expect(domestic.some((d) => d.level === 2)).toBe(true);
    const intl = all<{ confederation: number }>(
      'SELECT confederation FROM intl_competition ORDER BY confederation',
    );
    expect(intl.map((i) => i.confederation)).toEqual([15, 16]);
    expect(
      one(
        'SELECT COUNT(*) AS n FROM competition WHERE id NOT IN (SELECT id FROM domestic_competition UNION ALL SELECT id FROM intl_competition)',
      ),
    ).toEqual({ n: 0 });
  });

  it('has persons with every name order and the awkward names an API must survive', () => {
    const orders = all<{ name_order: number }>(
      'SELECT DISTINCT name_order FROM person ORDER BY name_order',
    );
    expect(orders.map((o) => o.name_order)).toEqual([10, 11, 12]);
    const count = (where: string): number =>
      (one(`SELECT COUNT(*) AS n FROM person WHERE ${where}`) as { n: number }).n;
    expect(count("last_name LIKE '%''%'")).toBeGreaterThan(0);
    expect(count("last_name LIKE '% %'")).toBeGreaterThan(0);
    expect(count('second_last_name IS NOT NULL')).toBeGreaterThan(0);
    expect(count("nickname <> ''")).toBeGreaterThan(0);
    expect(count('nickname IS NULL')).toBe(0);
    expect(count('name_order = 11 AND second_name IS NULL')).toBe(0);
    const names = all<{ n: string }>("SELECT first_name || ' ' || last_name AS n FROM person").map(
      (r) => r.n,
    );
    expect(names.some((n) => /[À-ɏ]/u.test(n))).toBe(true);
    for (const needle of [
      "O'Neill",
      "N'Diaye",
      "D'Amato",
      'van der Berg',
      'De la Cruz',
      'dos Santos',
      'Đorđević',
      'Müller',
      'Çelik',
    ]) {
      expect(
        names.some((n) => n.endsWith(needle)),
        needle,
      ).toBe(true);
    }
    const namesakes = all<{ first_name: string; last_name: string; dates: number; n: number }>(
      'SELECT first_name, last_name, COUNT(DISTINCT birth_date) AS dates, COUNT(*) AS n FROM person GROUP BY first_name, last_name HAVING n > 1',
    );
    expect(namesakes.some((s) => s.dates === s.n)).toBe(true);
  });

  it("keeps birth dates in each role's range, two referees unknown", () => {
    const range = (table: string): Row =>
      one(
        `SELECT MIN(birth_date) AS lo, MAX(birth_date) AS hi, SUM(birth_date IS NULL) AS unknown FROM ${table} r JOIN person p ON p.id = r.person`,
      );
    const players = range('player');
    expect(
      players.lo! >= '1986-01-01' && players.hi! <= '2006-12-31' && players.unknown === 0,
    ).toBe(true);
    const managers = range('manager');
    expect(
      managers.lo! >= '1955-01-01' && managers.hi! <= '1985-12-31' && managers.unknown === 0,
    ).toBe(true);
    const referees = range('referee');
    expect(referees.lo! >= '1972-01-01' && referees.hi! <= '1993-12-31').toBe(true);
    expect(referees.unknown).toBe(2);
    expect(all('SELECT COUNT(*) AS n FROM person WHERE country IS NULL')).toEqual([{ n: 0 }]);
  });

  it('gives every club 22 players with goalkeepers', () => {
    const { handles } = summary;
    expect(handles.clubs).toHaveLength(24);
    for (const club of handles.clubs) {
      const squad = handles.playersByClub[club.id] ?? [];
      expect(squad, club.name).toHaveLength(22);
      const keepers = one<{ n: number }>(
        `SELECT COUNT(*) AS n FROM player WHERE position = 10 AND id IN (${squad.map(() => '?').join(',')})`,
        ...squad,
      ).n;
      expect(keepers, club.name).toBeGreaterThanOrEqual(2);
    }
    const allPlayers = Object.values(handles.playersByClub).flat();
    expect(new Set(allPlayers).size).toBe(528);
    expect(handles.clubs.map((c) => c.name).length).toBe(
      new Set(handles.clubs.map((c) => c.name)).size,
    );
    for (const ids of Object.values(handles.clubsByLeague)) expect(ids).toHaveLength(10);
    expect(handles.clubCup.entrants).toHaveLength(16);
  });

  it('has at least 8 national player pools of 23, covering the tournament entrants', () => {
    const pools = all<{ country: string; confederation: number; n: number; keepers: number }>(
      `SELECT p.country, c.confederation, COUNT(*) AS n, SUM(pl.position = 10) AS keepers
         FROM player pl JOIN person p ON p.id = pl.person JOIN country c ON c.id = p.country GROUP BY p.country`,
    );
    expect(pools.filter((p) => p.n >= 23).length).toBeGreaterThanOrEqual(8);
    const { nationalTournament } = summary.handles;
    expect(nationalTournament.entrants.length).toBeGreaterThanOrEqual(8);
    const byCountry = new Map(pools.map((p) => [p.country, p]));
    for (const entrant of nationalTournament.entrants) {
      expect(byCountry.get(entrant)?.n, entrant).toBeGreaterThanOrEqual(23);
      expect(byCountry.get(entrant)?.keepers, entrant).toBeGreaterThanOrEqual(3);
      expect(summary.handles.playersByCountry[entrant]).toHaveLength(byCountry.get(entrant)!.n);
      expect(summary.handles.managersByTeam[entrant], entrant).toBeDefined();
    }
    expect(
      new Set(nationalTournament.entrants.map((e) => byCountry.get(e)!.confederation)).size,
    ).toBeGreaterThanOrEqual(4);
    expect(nationalTournament.entrants).toContain(nationalTournament.host);
  });

  it('has plausible venues: homes, shared grounds and tournament grounds', () => {
    const venues = all<Row>('SELECT * FROM venue');
    for (const venue of venues) {
      expect(venue.capacity as number).toBeGreaterThanOrEqual(5000);
      expect(venue.capacity as number).toBeLessThanOrEqual(90000);
      if (venue.seated !== null)
        expect(venue.seated as number).toBeLessThanOrEqual(venue.capacity as number);
      if (venue.length !== null) expect(venue.length as number).toBeGreaterThanOrEqual(100);
      if (venue.length !== null) expect(venue.length as number).toBeLessThanOrEqual(110);
      if (venue.width !== null) expect(venue.width as number).toBeGreaterThanOrEqual(64);
      if (venue.width !== null) expect(venue.width as number).toBeLessThanOrEqual(75);
      expect(venue.timezone).not.toBeNull();
      expect(Math.abs(venue.latitude as number)).toBeLessThanOrEqual(90);
    }
    expect(one('SELECT COUNT(*) AS n FROM venue WHERE seated > capacity')).toEqual({ n: 0 });
    expect(venues.filter((v) => v.altitude === null).length).toBeGreaterThanOrEqual(2);
    expect(venues.some((v) => (v.surface as number) < 6)).toBe(true);
    expect(venues.filter((v) => v.surface === 6).length).toBeGreaterThan(venues.length / 2);
    const { handles } = summary;
    for (const club of handles.clubs) {
      expect(
        one('SELECT team, country FROM venue WHERE id = ?', handles.venuesByTeam[club.id]),
        club.name,
      ).toEqual({ team: club.id, country: club.country });
    }
    for (const league of handles.leagues) {
      expect(handles.sharedVenuesByCountry[league.country]).toHaveLength(2);
    }
    const hosted = handles.nationalTournament.venues.map((id) =>
      one<Row>('SELECT team, country FROM venue WHERE id = ?', id),
    );
    expect(hosted).toHaveLength(4);
    for (const venue of hosted)
      expect(venue).toEqual({ team: null, country: handles.nationalTournament.host });
  });

  it('hands out managers and referees that exist', () => {
    const { handles } = summary;
    expect(Object.keys(handles.managersByTeam)).toHaveLength(summary.counts.manager!);
    for (const club of handles.clubs)
      expect(handles.managersByTeam[club.id], club.name).toBeDefined();
    for (const id of [...Object.values(handles.managersByTeam)])
      expect(one('SELECT COUNT(*) AS n FROM manager WHERE id = ?', id)).toEqual({ n: 1 });
    expect(handles.referees.length).toBeGreaterThanOrEqual(16);
    for (const id of handles.referees)
      expect(one('SELECT COUNT(*) AS n FROM referee WHERE id = ?', id)).toEqual({ n: 1 });
    const refereeConfederations = all(
      'SELECT DISTINCT c.confederation FROM referee r JOIN person p ON p.id = r.person JOIN country c ON c.id = p.country',
    );
    expect(refereeConfederations.length).toBeGreaterThanOrEqual(5);
  });
});
