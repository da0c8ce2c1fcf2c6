import Database from 'better-sqlite3';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build } from '../../../build/build.ts';
import type { ImportReport } from '../../../data/import/report.ts';
import { importDataset } from '../../../data/import/run.ts';
import { expectReimportChangesNothing, queries } from '../../helpers/data/imports.ts';
import { call, handlerFor } from '../../helpers/http/api.ts';

/**
 * The example package of `docs/import-format.md`, as its walk-through uses it: the County League
 * imported into a new database and built, then its third matchday imported on top and built
 * again. What is checked is what a person following the page reads from the API (the league's
 * table, its top scorer, a corrected goal), with the expected values worked out by hand from the
 * example's scores, and what the page says of merging: the same package again changes nothing, a
 * later one adds its matches without duplicating any and replaces the rows it corrects. Six
 * matches build in seconds.
 */

const LEAGUE = 'examples/county-league';
const MATCHDAY_3 = 'examples/county-league-matchday-3';
/** The filters of the walk-through's requests: the league's one season. */
const SEASON = 'competition_name=County+League&season=20242025';

/* eslint-disable @typescript-eslint/no-explicit-any */
type Rec = Record<string, any>;

/** One line of the league's table, as a person reads it. */
interface TableLine {
  team: string;
  position: number;
  played: number;
  won: number;
  drawn: number;
  lost: number;
  goalsFor: number;
  goalsAgainst: number;
  points: number;
}

/**
 * The table after matchday 2, from the scores of `matches.csv`: Ashcombe 2-1 Brindley, Cresswell
 * 0-0 Dunmore, Brindley 3-1 Cresswell, Dunmore 1-2 Ashcombe. Dunmore and Cresswell are level on
 * one point; goal difference (-1 against -2) puts Dunmore third.
 */
const AFTER_MATCHDAY_2: TableLine[] = [
  line('Ashcombe Rovers', 1, [2, 0, 0], [4, 2]),
  line('Brindley Town', 2, [1, 0, 1], [4, 3]),
  line('Dunmore Athletic', 3, [0, 1, 1], [1, 2]),
  line('Cresswell United', 4, [0, 1, 1], [1, 3]),
];

/** After matchday 3: Ashcombe 1-1 Cresswell, Dunmore 2-0 Brindley. */
const AFTER_MATCHDAY_3: TableLine[] = [
  line('Ashcombe Rovers', 1, [2, 1, 0], [5, 3]),
  line('Dunmore Athletic', 2, [1, 1, 1], [3, 2]),
  line('Brindley Town', 3, [1, 0, 2], [4, 5]),
  line('Cresswell United', 4, [0, 2, 1], [2, 4]),
];

/** A line of the table from wins, draws and losses and goals for and against: 3 points a win. */
function line(
  team: string,
  position: number,
  [won, drawn, lost]: [number, number, number],
  [goalsFor, goalsAgainst]: [number, number],
): TableLine {
  const played = won + drawn + lost;
  return {
    team,
    position,
    played,
    won,
    drawn,
    lost,
    goalsFor,
    goalsAgainst,
    points: 3 * won + drawn,
  };
}

let root = '';
let file = '';
let db: Database.Database;
let api: ReturnType<typeof handlerFor>;
let first: ImportReport;

/** Builds the database into a fresh folder and serves it to `api`, as `npm run build` would. */
async function buildApi(name: string): Promise<void> {
  const dist = join(root, name);
  await build({ db: file, out: dist });
  api = handlerFor(dist);
}

/** The records of a request, which must answer 200. */
async function records(path: string): Promise<Rec[]> {
  const reply = await call(api, path);
  expect(reply.status, path).toBe(200);
  return (reply.json as Rec).result as Rec[];
}

/** The league's table, as the walk-through's first request reads it. */
async function standings(): Promise<TableLine[]> {
  return (await records(`/v1/clubs/standings?${SEASON}`)).map((r) => ({
    team: r.teamName,
    position: r.position,
    played: r.played,
    won: r.won,
    drawn: r.drawn,
    lost: r.lost,
    goalsFor: r.goalsFor,
    goalsAgainst: r.goalsAgainst,
    points: r.points,
  }));
}

/** The league's top scorers, most goals first, as the walk-through's second request reads them. */
async function topScorers(count: number): Promise<[string, number][]> {
  const squads = await records(`/v1/clubs/squads?${SEASON}&sort=-goals&records=${count}`);
  return squads.map((r) => [r.playerName, r.goals]);
}

beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), 'football-package-example-'));
  file = join(root, 'county.sqlite');
  first = importDataset({ format: 'package', path: LEAGUE, db: file });
  db = new Database(file, { readonly: true, fileMustExist: true });
  await buildApi('dist-2');
});
afterAll(() => {
  db?.close();
  if (root) rmSync(root, { recursive: true, force: true });
});

const { one, all } = queries(() => db);
const count = (sql: string, ...params: unknown[]) => one<{ n: number }>(sql, ...params).n;

describe('the County League after two matchdays', () => {
  it('imports every record of the example, new', () => {
    expect(first.of('match')).toEqual({ new: 4, updated: 0, present: 0, deleted: 0 });
    expect(first.of('goal').new).toBe(10);
    expect(first.of('person').new).toBe(30);
    expect(first.of('event_modifier').new).toBe(12);
  });

  it('serves the table worked out from the scores', async () => {
    expect(await standings()).toEqual(AFTER_MATCHDAY_2);
  });

  it('serves Tom Hartley as the top scorer, with 3 goals (23rd, 78th and 45+2)', async () => {
    expect(await topScorers(2)).toEqual([
      ['Tom Hartley', 3],
      ['Callum Reid', 2],
    ]);
  });

  it("credits the package's title under its licence", async () => {
    const reply = await call(api, `/v1/clubs/standings?${SEASON}`);
    expect((reply.json as Rec).attribution.source).toMatchObject({
      name: 'County League (fictional)',
      license: 'CC0 1.0',
    });
  });

  it('importing the same package again changes nothing, and records no run', () => {
    expectReimportChangesNothing(db, { format: 'package', path: LEAGUE, db: file });
    expect(count('SELECT count(*) AS n FROM import_run')).toBe(1);
  });
});

describe('the third matchday on top', () => {
  let third: ImportReport;
  beforeAll(async () => {
    third = importDataset({ format: 'package', path: MATCHDAY_3, db: file });
    await buildApi('dist-3');
  });

  it('adds its 2 matches and replaces the one it corrects', () => {
    expect(third.of('match')).toEqual({ new: 2, updated: 1, present: 0, deleted: 0 });
    // Its 4 goals and the corrected one are new; the goal at the old minute is gone.
    expect(third.of('goal')).toEqual({ new: 5, updated: 0, present: 0, deleted: 1 });
  });

  it('holds 6 matches, each once, and 14 goals', () => {
    expect(count('SELECT count(*) AS n FROM match')).toBe(6);
    expect(
      count('SELECT count(DISTINCT match_date || home_team || away_team) AS n FROM match'),
    ).toBe(6);
    expect(count('SELECT count(*) AS n FROM goal')).toBe(14);
  });

  it("serves matchday 2 corrected: Ryan Cole's goal in the 84th, 2,150 at Dunmore", async () => {
    const goals = await records('/v1/clubs/matches/goals?player_name=Ryan+Cole');
    expect(goals.map((g) => [g.matchDate, g.timeMins, g.stoppageMins])).toEqual([
      ['2024-08-24', 84, 0],
    ]);
    const [match] = await records(
      `/v1/clubs/matches/info?${SEASON}&matchday=2&team=${goals[0]!.homeTeam}`,
    );
    expect([match!.homeTeamName, match!.awayTeamName, match!.attendance]).toEqual([
      'Dunmore Athletic',
      'Ashcombe Rovers',
      2150,
    ]);
  });

  it('serves the new table and the new matches', async () => {
    expect(await standings()).toEqual(AFTER_MATCHDAY_3);
    expect(await topScorers(1)).toEqual([['Tom Hartley', 4]]);
    const matches = await records(`/v1/clubs/matches/info?${SEASON}&matchday=3`);
    expect(matches.map((m) => [m.homeTeamName, m.homeScore, m.awayScore, m.awayTeamName])).toEqual(
      expect.arrayContaining([
        ['Ashcombe Rovers', 1, 1, 'Cresswell United'],
        ['Dunmore Athletic', 2, 0, 'Brindley Town'],
      ]),
    );
    expect(matches).toHaveLength(2);
  });

  it('records what it changed, in a run of its own', () => {
    expect(count('SELECT count(*) AS n FROM import_run')).toBe(2);
    const changes = all<{ tbl: string; change: string; n: number }>(
      `SELECT tbl, change, count(*) AS n FROM import_change WHERE run = 2
      GROUP BY 1, 2 ORDER BY 1, 2`,
    );
    expect(changes).toEqual([
      { tbl: 'goal', change: 'added', n: 5 },
      { tbl: 'goal', change: 'deleted', n: 1 },
      { tbl: 'lineup', change: 'added', n: 21 },
      { tbl: 'match', change: 'added', n: 2 },
      { tbl: 'match', change: 'changed', n: 1 },
      { tbl: 'substitution', change: 'added', n: 1 },
    ]);
  });

  it('importing it again changes nothing', () => {
    expectReimportChangesNothing(db, { format: 'package', path: MATCHDAY_3, db: file });
  });
});
