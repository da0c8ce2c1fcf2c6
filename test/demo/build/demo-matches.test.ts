import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { openDatabase, openReadOnly, type Db } from '../../../data/db.ts';
import { uuidFor } from '../../../data/ids.ts';
import { buildDemoDatabase, DEMO_SEED, generateDemo } from '../../../data/demo/generate.ts';
import { CLUBS } from '../../../data/demo/teams.ts';

/**
 * Consistency of the demo matches, checked with SQL over a freshly built demo database: scores
 * agree with the goals, every event's player is on the pitch, knockout winners go through, and the
 * demo shows every kind of event a client must handle.
 */

type Row = Record<string, unknown>;

interface MatchRow {
  id: string;
  match_type: string;
  competition: string;
  season: number;
  phase: number;
  matchday: number | null;
  group_round: number | null;
  group_name: string | null;
  knockout_round: number | null;
  home_team: string;
  away_team: string;
  home_manager: string | null;
  away_manager: string | null;
  referee: string | null;
  venue: string | null;
  match_date: string;
  kickoff_time: string | null;
  firsthalf_length: number | null;
  secondhalf_length: number | null;
  firstextra_length: number | null;
  secondextra_length: number | null;
  attendance: number | null;
  home_score: number;
  away_score: number;
}
interface LineupRow {
  id: string;
  match: string;
  team: string;
  player: string;
  position: number | null;
  ppos: number | null;
  number: number | null;
  is_starting: number;
  is_captain: number | null;
}
interface Timed {
  match: string;
  time_mins: number;
  stoppage_mins: number;
}
interface GoalRow extends Timed {
  id: string;
  team: string;
  lineup: string;
  shot_event: number | null;
  bodypart: number | null;
}
interface PenaltyRow extends Timed {
  id: string;
  lineup: string;
  foul: number | null;
  outcome: number;
}
interface OffenseRow extends Timed {
  id: string;
  lineup: string;
  foul: number | null;
  card: number;
}
interface SubRow extends Timed {
  id: string;
  team: string;
  lineup_in: string | null;
  lineup_out: string;
}
interface KickRow {
  id: string;
  match: string;
  lineup: string;
  opening_team: string;
  round: number;
  outcome: number;
  v0_id: number;
}

const MATCH_TABLES = [
  'match',
  'match_condition',
  'lineup',
  'goal',
  'penalty',
  'offense',
  'substitution',
  'shootout',
];
const END_OF_PLAY = 99_999;

/** A comparable match time: 45+2 comes after 45 and before 46. */
const at = (row: Timed): number => row.time_mins * 100 + row.stoppage_mins;

let dir: string;
let db: Db;
let matches: MatchRow[];
let byMatch: Map<string, MatchRow>;
let lineups: LineupRow[];
let lineupById: Map<string, LineupRow>;
let goals: GoalRow[];
let penalties: PenaltyRow[];
let offenses: OffenseRow[];
let subs: SubRow[];
let kicks: KickRow[];

const all = <T = Row>(sql: string, ...params: unknown[]): T[] =>
  db.prepare(sql).all(...params) as T[];

function dumpMatchTables(d: Db): Record<string, Row[]> {
  return Object.fromEntries(
    MATCH_TABLES.map((table) => [
      table,
      d.prepare(`SELECT * FROM ${table} ORDER BY id`).all() as Row[],
    ]),
  );
}

function group<T>(rows: readonly T[], by: (row: T) => string): Map<string, T[]> {
  const out = new Map<string, T[]>();
  for (const row of rows) {
    const list = out.get(by(row));
    if (list) list.push(row);
    else out.set(by(row), [row]);
  }
  return out;
}

const hasExtraTime = (m: MatchRow): boolean => m.firstextra_length !== null;

/**
 * When each player of the match came on and left (substitution or sending-off), as match-time keys.
 */
function intervals(
  match: string,
): Map<string, { start: number; end: number; sentOff: number | null }> {
  const out = new Map<string, { start: number; end: number; sentOff: number | null }>();
  for (const lineup of lineups.filter((l) => l.match === match)) {
    out.set(lineup.id, {
      start: lineup.is_starting ? 0 : Infinity,
      end: END_OF_PLAY,
      sentOff: null,
    });
  }
  for (const sub of subs.filter((s) => s.match === match)) {
    if (sub.lineup_in !== null) out.get(sub.lineup_in)!.start = at(sub);
    const leaving = out.get(sub.lineup_out)!;
    leaving.end = Math.min(leaving.end, at(sub));
  }
  for (const offense of offenses.filter((o) => o.match === match && o.card !== 1)) {
    const player = out.get(offense.lineup)!;
    player.sentOff = at(offense);
    player.end = Math.min(player.end, at(offense));
  }
  return out;
}

beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'demo-matches-'));
  buildDemoDatabase(path.join(dir, 'demo.sqlite'));
  db = openReadOnly(path.join(dir, 'demo.sqlite'));
  matches = all<MatchRow>('SELECT * FROM match ORDER BY v0_id');
  byMatch = new Map(matches.map((m) => [m.id, m]));
  lineups = all<LineupRow>(
    'SELECT l.*, p.position AS ppos FROM lineup l JOIN player p ON p.id = l.player ORDER BY l.v0_id',
  );
  lineupById = new Map(lineups.map((l) => [l.id, l]));
  goals = all<GoalRow>('SELECT * FROM goal ORDER BY v0_id');
  penalties = all<PenaltyRow>('SELECT * FROM penalty ORDER BY v0_id');
  offenses = all<OffenseRow>('SELECT * FROM offense ORDER BY v0_id');
  subs = all<SubRow>('SELECT * FROM substitution ORDER BY v0_id');
  kicks = all<KickRow>('SELECT * FROM shootout ORDER BY v0_id');
});

afterAll(() => {
  db?.close();
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
});

describe('demo matches: schedule', () => {
  it('has a league season, the club cup and the national tournament', () => {
    const counts = all<{ key: string; phase: number; n: number }>(
      `SELECT c.name AS key, m.phase, COUNT(*) AS n FROM match m JOIN competition c ON c.id = m.competition
        GROUP BY c.name, m.phase ORDER BY c.name, m.phase`,
    );
    const byPhase = (name: string): number[] =>
      counts.filter((c) => c.key === name).map((c) => c.n);
    expect(byPhase('Liga Peninsular')).toEqual([90]);
    expect(byPhase('Trofeo Continental de Clubes')).toEqual([24, 7]);
    expect(byPhase('Intercontinental Nations Cup')).toEqual([12, 4]);
    expect(new Set(matches.map((m) => m.match_type))).toEqual(new Set(['clubs', 'national']));
  });

  it('sets the fields of each phase', () => {
    for (const m of matches) {
      if (m.phase === 1) {
        expect(m.matchday, m.id).not.toBeNull();
        expect([m.group_round, m.group_name, m.knockout_round], m.id).toEqual([null, null, null]);
      } else if (m.phase === 2) {
        expect(m.group_round, m.id).toBe(10);
        expect(m.group_name, m.id).toMatch(/^[A-D]$/);
        expect(m.matchday, m.id).toBeGreaterThanOrEqual(1);
        expect(m.knockout_round, m.id).toBeNull();
      } else {
        expect(m.phase, m.id).toBe(3);
        expect([27, 28, 29, 33]).toContain(m.knockout_round);
        expect([m.group_round, m.group_name], m.id).toEqual([null, null]);
      }
    }
  });

  it('plays a double round robin in the league, one match per club and matchday', () => {
    const league = matches.filter((m) => m.phase === 1);
    expect(new Set(league.map((m) => m.matchday))).toEqual(
      new Set(Array.from({ length: 18 }, (_, i) => i + 1)),
    );
    for (const [matchday, rows] of group(league, (m) => String(m.matchday))) {
      const teams = rows.flatMap((m) => [m.home_team, m.away_team]);
      expect(new Set(teams).size, `matchday ${matchday}`).toBe(10);
    }
    const pairs = league.map((m) => `${m.home_team}>${m.away_team}`);
    expect(new Set(pairs).size).toBe(90);
    expect(league.every((m) => m.match_type === 'clubs' && m.season === 20232024)).toBe(true);
    expect(league[0]!.match_date).toBe('2023-08-19');
  });

  it('plays single round robins of four in the groups', () => {
    for (const [key, rows] of group(
      matches.filter((m) => m.phase === 2),
      (m) => `${m.competition}:${m.group_name}`,
    )) {
      expect(rows, key).toHaveLength(6);
      const teams = new Set(rows.flatMap((m) => [m.home_team, m.away_team]));
      expect(teams.size, key).toBe(4);
      const pairs = new Set(rows.map((m) => [m.home_team, m.away_team].sort().join('|')));
      expect(pairs.size, key).toBe(6);
      expect(new Set(rows.map((m) => m.matchday)), key).toEqual(new Set([1, 2, 3]));
    }
  });

  it('points at teams or countries by match type, with managers, referee and venue', () => {
    for (const m of matches) {
      const table = m.match_type === 'clubs' ? 'team' : 'country';
      for (const team of [m.home_team, m.away_team]) {
        expect(all(`SELECT id FROM ${table} WHERE id = ?`, team), `${m.id} ${team}`).toHaveLength(
          1,
        );
      }
      expect(m.home_team).not.toBe(m.away_team);
      expect(
        [m.home_manager, m.away_manager, m.referee, m.venue, m.kickoff_time],
        m.id,
      ).not.toContain(null);
      expect([m.firsthalf_length, m.secondhalf_length]).toEqual([45, 45]);
      expect([m.firstextra_length, m.secondextra_length]).toEqual(
        hasExtraTime(m) ? [15, 15] : [null, null],
      );
    }
    expect(
      all(`SELECT m.id FROM match m JOIN venue v ON v.id = m.venue
      WHERE m.attendance IS NULL OR m.attendance <= 0 OR (v.capacity IS NOT NULL AND m.attendance > v.capacity)`),
    ).toEqual([]);
  });

  it('keeps teams and referees to one match a day', () => {
    for (const [date, rows] of group(matches, (m) => m.match_date)) {
      const teams = rows.flatMap((m) => [m.home_team, m.away_team]);
      expect(new Set(teams).size, date).toBe(teams.length);
      expect(new Set(rows.map((m) => m.referee)).size, date).toBe(rows.length);
    }
  });

  it('has one plausible condition row per match', () => {
    const rows = all<{
      match: string;
      kickoff_temp: number | null;
      kickoff_humidity: number | null;
      k: number;
      h: number;
      f: number;
    }>(
      `SELECT match, kickoff_temp, kickoff_humidity, kickoff_weather AS k, halftime_weather AS h, fulltime_weather AS f
         FROM match_condition`,
    );
    expect(rows.map((r) => r.match).sort()).toEqual(matches.map((m) => m.id).sort());
    for (const row of rows) {
      expect(row.kickoff_temp!).toBeGreaterThanOrEqual(-15);
      expect(row.kickoff_temp!).toBeLessThanOrEqual(42);
      for (const weather of [row.k, row.h, row.f])
        expect(weather >= 10 && weather <= 27, row.match).toBe(true);
      if (row.kickoff_humidity !== null) {
        expect(row.kickoff_humidity).toBeGreaterThanOrEqual(0);
        expect(row.kickoff_humidity).toBeLessThanOrEqual(100);
      }
    }
    expect(rows.filter((r) => r.kickoff_humidity === null).length).toBeGreaterThanOrEqual(2);
    expect(rows.some((r) => r.k !== r.f)).toBe(true);
  });
});

describe('demo matches: line-ups', () => {
  it("starts eleven per team with exactly one goalkeeper, in the players' own positions", () => {
    for (const m of matches) {
      const rows = lineups.filter((l) => l.match === m.id);
      expect(new Set(rows.map((l) => l.team)), m.id).toEqual(new Set([m.home_team, m.away_team]));
      for (const team of [m.home_team, m.away_team]) {
        const starters = rows.filter((l) => l.team === team && l.is_starting === 1);
        expect(starters, `${m.id} ${team}`).toHaveLength(11);
        expect(
          starters.filter((l) => l.position === 10),
          `${m.id} ${team}`,
        ).toHaveLength(1);
        const numbers = rows.filter((l) => l.team === team).map((l) => l.number);
        expect(new Set(numbers).size, `${m.id} ${team}`).toBe(numbers.length);
      }
    }
    expect(lineups.filter((l) => l.position !== l.ppos)).toEqual([]);
  });

  it('gives each player one number: the club shirt number, or a squad number 1-23', () => {
    for (const [key, rows] of group(
      lineups,
      (l) => `${byMatch.get(l.match)!.match_type}:${l.player}`,
    )) {
      expect(new Set(rows.map((l) => l.number)).size, key).toBe(1);
      expect(new Set(rows.map((l) => l.team)).size, key).toBe(1);
    }
    // A club player's id derives from his squad slot, which is his shirt number
    // (`club-key:number`).
    const clubKey = new Map(CLUBS.map((club) => [uuidFor('demo', 'team', club.key), club.key]));
    const club = lineups.filter((l) => byMatch.get(l.match)!.match_type === 'clubs');
    expect(
      club.filter(
        (l) => uuidFor('demo', 'player', `${clubKey.get(l.team)}:${l.number}`) !== l.player,
      ),
    ).toEqual([]);
    const national = lineups.filter((l) => byMatch.get(l.match)!.match_type === 'national');
    expect(national.every((l) => l.number! >= 1 && l.number! <= 23)).toBe(true);
    // A national team picks from its country's players.
    const foreign =
      all(`SELECT l.id FROM lineup l JOIN match m ON m.id = l.match JOIN player p ON p.id = l.player
      JOIN person pe ON pe.id = p.person WHERE m.match_type = 'national' AND pe.country <> l.team`);
    expect(foreign).toEqual([]);
    const squads = group(national, (l) => l.team);
    for (const [team, rows] of squads) {
      const players = new Set(rows.map((l) => l.player));
      expect(players.size, team).toBeLessThanOrEqual(23);
    }
  });

  it('names one captain among the starters, or none known for the whole match', () => {
    let unknown = 0;
    for (const m of matches) {
      const rows = lineups.filter((l) => l.match === m.id);
      if (rows.every((l) => l.is_captain === null)) {
        unknown++;
        continue;
      }
      for (const team of [m.home_team, m.away_team]) {
        const teamRows = rows.filter((l) => l.team === team);
        expect(
          teamRows.every((l) => l.is_captain === 0 || l.is_captain === 1),
          m.id,
        ).toBe(true);
        const captains = teamRows.filter((l) => l.is_captain === 1);
        expect(captains, `${m.id} ${team}`).toHaveLength(1);
        expect(captains[0]!.is_starting).toBe(1);
      }
    }
    expect(unknown).toBeGreaterThanOrEqual(2);
    const unknownTypes = matches
      .filter((m) => lineups.some((l) => l.match === m.id && l.is_captain === null))
      .map((m) => m.match_type);
    expect(new Set(unknownTypes)).toEqual(new Set(['national']));
  });

  it('lists substitutes only when they came on, each exactly once', () => {
    const cameOn = subs.filter((s) => s.lineup_in !== null).map((s) => s.lineup_in!);
    expect(new Set(cameOn).size).toBe(cameOn.length);
    expect(
      lineups
        .filter((l) => l.is_starting === 0)
        .map((l) => l.id)
        .sort(),
    ).toEqual(cameOn.slice().sort());
    const wentOff = subs.map((s) => s.lineup_out);
    expect(new Set(wentOff).size).toBe(wentOff.length);
  });
});

describe('demo matches: events', () => {
  it('agrees the score with the goals, own goals credited to the other team', () => {
    for (const m of matches) {
      const matchGoals = goals.filter((g) => g.match === m.id);
      expect(matchGoals.filter((g) => g.team === m.home_team).length, m.id).toBe(m.home_score);
      expect(matchGoals.filter((g) => g.team === m.away_team).length, m.id).toBe(m.away_score);
      for (const goal of matchGoals)
        expect([m.home_team, m.away_team]).toContain(lineupById.get(goal.lineup)!.team);
    }
  });

  it('keeps event times inside the match: stoppage only at the end of a period, extra time only when played', () => {
    const ends = new Set([45, 90, 105, 120]);
    const timed: (Timed & { id: string })[] = [...goals, ...penalties, ...offenses, ...subs];
    for (const row of timed) {
      const m = byMatch.get(row.match)!;
      expect(row.time_mins, row.id).toBeGreaterThanOrEqual(1);
      expect(row.time_mins, row.id).toBeLessThanOrEqual(hasExtraTime(m) ? 120 : 90);
      expect(row.stoppage_mins, row.id).toBeGreaterThanOrEqual(0);
      if (row.stoppage_mins > 0) expect(ends.has(row.time_mins), row.id).toBe(true);
    }
    for (const sub of subs) expect(sub.time_mins, sub.id).toBeGreaterThanOrEqual(20);
  });

  it('has every goal, penalty, card and substitution by a player on the pitch at that minute', () => {
    for (const m of matches) {
      const on = intervals(m.id);
      const onPitch = (lineup: string, time: number, what: string): void => {
        const player = on.get(lineup);
        expect(player, what).toBeDefined();
        expect(
          player!.start <= time && time <= player!.end,
          `${what}: ${player!.start}..${player!.end} at ${time}`,
        ).toBe(true);
      };
      for (const goal of goals.filter((g) => g.match === m.id))
        onPitch(goal.lineup, at(goal), `goal ${goal.id}`);
      for (const penalty of penalties.filter((p) => p.match === m.id))
        onPitch(penalty.lineup, at(penalty), `penalty ${penalty.id}`);
      for (const offense of offenses.filter((o) => o.match === m.id))
        onPitch(offense.lineup, at(offense), `offense ${offense.id}`);
      for (const sub of subs.filter((s) => s.match === m.id)) {
        onPitch(sub.lineup_out, at(sub), `substitution ${sub.id}`);
        const out = lineupById.get(sub.lineup_out)!;
        expect(out.team, sub.id).toBe(sub.team);
        if (sub.lineup_in !== null)
          expect(lineupById.get(sub.lineup_in)!.team, sub.id).toBe(sub.team);
      }
    }
  });

  it('has no events for a player after his sending-off', () => {
    for (const m of matches) {
      const on = intervals(m.id);
      const sentOff = [...on.entries()].filter(([, p]) => p.sentOff !== null);
      for (const [lineup, { sentOff: when }] of sentOff) {
        const later = [
          ...goals.filter((g) => g.lineup === lineup),
          ...penalties.filter((p) => p.lineup === lineup),
          ...offenses.filter((o) => o.lineup === lineup),
          ...subs.filter((s) => s.lineup_out === lineup),
        ].filter((row) => at(row) > when!);
        expect(later, lineup).toEqual([]);
        expect(
          kicks.filter((k) => k.lineup === lineup),
          lineup,
        ).toEqual([]);
      }
    }
  });

  it('shows second yellows only after a yellow, and at most one sending-off per player', () => {
    for (const [lineup, rows] of group(offenses, (o) => o.lineup)) {
      const yellows = rows.filter((o) => o.card === 1);
      const reds = rows.filter((o) => o.card !== 1);
      expect(yellows.length, lineup).toBeLessThanOrEqual(1);
      expect(reds.length, lineup).toBeLessThanOrEqual(1);
      for (const second of rows.filter((o) => o.card === 2)) {
        expect(yellows.length, lineup).toBe(1);
        expect(at(yellows[0]!), lineup).toBeLessThan(at(second));
      }
      expect(lineupById.get(lineup)!.position === 10 && reds.length > 0, lineup).toBe(false);
    }
    const fouls = new Set(all<{ id: number }>('SELECT id FROM foul').map((f) => f.id));
    expect(offenses.every((o) => o.foul !== null && fouls.has(o.foul))).toBe(true);
  });

  it('pairs every scored penalty with its goal by the taker at the same minute', () => {
    for (const penalty of penalties) {
      const matching = goals.filter(
        (g) => g.match === penalty.match && g.lineup === penalty.lineup && at(g) === at(penalty),
      );
      if (penalty.outcome === 1) {
        expect(matching, penalty.id).toHaveLength(1);
        expect(matching[0]!.team, penalty.id).toBe(lineupById.get(penalty.lineup)!.team);
      } else {
        expect(matching, penalty.id).toEqual([]);
      }
      expect(penalty.foul, penalty.id).not.toBeNull();
    }
  });

  it('limits substitutions: three in normal time, a fourth in extra time; no one comes on only when none are left', () => {
    for (const [key, rows] of group(subs, (s) => `${s.match}|${s.team}`)) {
      const m = byMatch.get(rows[0]!.match)!;
      expect([m.home_team, m.away_team]).toContain(rows[0]!.team);
      const made = rows.filter((s) => s.lineup_in !== null);
      expect(made.filter((s) => s.time_mins <= 90).length, key).toBeLessThanOrEqual(3);
      expect(made.length, key).toBeLessThanOrEqual(hasExtraTime(m) ? 4 : 3);
      for (const empty of rows.filter((s) => s.lineup_in === null)) {
        const before = made.filter((s) => at(s) <= at(empty)).length;
        expect(before, `${key} ${empty.id}`).toBe(empty.time_mins <= 90 ? 3 : 4);
      }
    }
  });

  it('goes to extra time only in knockouts drawn after 90 minutes', () => {
    for (const m of matches.filter(hasExtraTime)) {
      expect(m.phase, m.id).toBe(3);
      const regular = goals.filter((g) => g.match === m.id && g.time_mins <= 90);
      expect(regular.filter((g) => g.team === m.home_team).length, m.id).toBe(
        regular.filter((g) => g.team === m.away_team).length,
      );
    }
    for (const m of matches.filter((x) => !hasExtraTime(x) && x.phase === 3))
      expect(m.home_score, m.id).not.toBe(m.away_score);
  });
});

describe('demo matches: shootouts and knockouts', () => {
  /** The team that went through a knockout tie: more goals, or more shootout goals. */
  const winnerOf = (m: MatchRow): string => {
    if (m.home_score !== m.away_score)
      return m.home_score > m.away_score ? m.home_team : m.away_team;
    const matchKicks = kicks.filter((k) => k.match === m.id);
    const scored = (team: string): number =>
      matchKicks.filter((k) => k.outcome === 1 && lineupById.get(k.lineup)!.team === team).length;
    return scored(m.home_team) > scored(m.away_team) ? m.home_team : m.away_team;
  };

  it('holds shootouts only after a draw in extra time, by the rules', () => {
    for (const [match, rows] of group(kicks, (k) => k.match)) {
      const m = byMatch.get(match)!;
      expect(hasExtraTime(m), match).toBe(true);
      expect(m.home_score, match).toBe(m.away_score);
      const opening = rows[0]!.opening_team;
      expect([m.home_team, m.away_team]).toContain(opening);
      expect(
        rows.every((k) => k.opening_team === opening),
        match,
      ).toBe(true);
      const on = intervals(match);
      const scored = new Map([
        [m.home_team, 0],
        [m.away_team, 0],
      ]);
      const taken = new Map([
        [m.home_team, 0],
        [m.away_team, 0],
      ]);
      const closing = opening === m.home_team ? m.away_team : m.home_team;
      rows.forEach((kick, i) => {
        const team = lineupById.get(kick.lineup)!.team;
        expect(team, kick.id).toBe(i % 2 === 0 ? opening : closing);
        expect(kick.round, kick.id).toBe(Math.floor(i / 2) + 1);
        expect(on.get(kick.lineup)!.end, `${kick.id} kicker still on the pitch`).toBe(END_OF_PLAY);
        // Not decided before this kick.
        const [a, b] = [scored.get(m.home_team)!, scored.get(m.away_team)!];
        const [ta, tb] = [taken.get(m.home_team)!, taken.get(m.away_team)!];
        const decided = ta <= 5 && tb <= 5 && (a + (5 - ta) < b || b + (5 - tb) < a);
        const suddenDeathDecided = ta === tb && ta >= 5 && a !== b;
        expect(decided || suddenDeathDecided, `${kick.id} after the shootout was decided`).toBe(
          false,
        );
        taken.set(team, taken.get(team)! + 1);
        if (kick.outcome === 1) scored.set(team, scored.get(team)! + 1);
      });
      const [a, b] = [scored.get(m.home_team)!, scored.get(m.away_team)!];
      expect(a, match).not.toBe(b);
      // Every kicker kicks once before anyone kicks twice.
      for (const team of [m.home_team, m.away_team]) {
        const order = rows
          .filter((k) => lineupById.get(k.lineup)!.team === team)
          .map((k) => k.lineup);
        const distinct = new Set(order).size;
        order.forEach((lineup, i) => expect(lineup, match).toBe(order[i % distinct]));
      }
    }
  });

  it('sends the winner of every knockout tie through, and the losing semi-finalists to the third-place play-off', () => {
    const knockouts = matches.filter((m) => m.phase === 3);
    const next: Record<number, number> = { 27: 28, 28: 29 };
    for (const m of knockouts) {
      const winner = winnerOf(m);
      const loser = winner === m.home_team ? m.away_team : m.home_team;
      const nextRound = next[m.knockout_round!];
      if (nextRound === undefined) continue;
      const following = knockouts.filter(
        (x) => x.competition === m.competition && x.knockout_round === nextRound,
      );
      expect(following.length, m.id).toBeGreaterThan(0);
      const teams = following.flatMap((x) => [x.home_team, x.away_team]);
      expect(teams, m.id).toContain(winner);
      expect(teams, m.id).not.toContain(loser);
      expect(
        following.every((x) => x.match_date > m.match_date),
        m.id,
      ).toBe(true);
      const third = knockouts.filter(
        (x) => x.competition === m.competition && x.knockout_round === 33,
      );
      if (m.knockout_round === 28 && third.length > 0)
        expect([third[0]!.home_team, third[0]!.away_team]).toContain(loser);
    }
    // Group winners and runners-up (and no one else) reach the first knockout round.
    for (const competition of new Set(knockouts.map((m) => m.competition))) {
      const firstRound = Math.min(
        ...knockouts.filter((m) => m.competition === competition).map((m) => m.knockout_round!),
      );
      const entrants = knockouts
        .filter((m) => m.competition === competition && m.knockout_round === firstRound)
        .flatMap((m) => [m.home_team, m.away_team]);
      const groups = group(
        matches.filter((m) => m.competition === competition && m.phase === 2),
        (m) => m.group_name!,
      );
      for (const [name, rows] of groups) {
        const points = new Map<string, number>();
        for (const r of rows) {
          points.set(
            r.home_team,
            (points.get(r.home_team) ?? 0) +
              (r.home_score > r.away_score ? 3 : r.home_score === r.away_score ? 1 : 0),
          );
          points.set(
            r.away_team,
            (points.get(r.away_team) ?? 0) +
              (r.away_score > r.home_score ? 3 : r.home_score === r.away_score ? 1 : 0),
          );
        }
        const through = [...points.keys()].filter((team) => entrants.includes(team));
        expect(through, `${competition} group ${name}`).toHaveLength(2);
        const lowestThrough = Math.min(...through.map((t) => points.get(t)!));
        const highestOut = Math.max(
          ...[...points.keys()].filter((t) => !through.includes(t)).map((t) => points.get(t)!),
        );
        expect(lowestThrough, `${competition} group ${name}`).toBeGreaterThanOrEqual(highestOut);
      }
    }
  });
});

describe('demo matches: coverage and integrity', () => {
  it('shows every kind of event at least once', () => {
    const ownGoals = goals.filter((g) => lineupById.get(g.lineup)!.team !== g.team);
    expect(ownGoals.length, 'own goals').toBeGreaterThan(0);
    expect(penalties.filter((p) => p.outcome === 1).length, 'penalty goals').toBeGreaterThan(0);
    expect(
      penalties.filter((p) => [2, 4, 5, 6, 7].includes(p.outcome)).length,
      'missed penalties',
    ).toBeGreaterThan(0);
    expect(penalties.filter((p) => p.outcome === 3).length, 'saved penalties').toBeGreaterThan(0);
    expect(offenses.filter((o) => o.card === 1).length, 'yellow cards').toBeGreaterThan(0);
    expect(offenses.filter((o) => o.card === 2).length, 'second yellows').toBeGreaterThan(0);
    expect(offenses.filter((o) => o.card === 3).length, 'straight reds').toBeGreaterThan(0);
    expect(
      subs.filter((s) => s.lineup_in === null).length,
      'left without replacement',
    ).toBeGreaterThan(0);
    expect(goals.filter((g) => g.bodypart === 5).length, 'headers').toBeGreaterThan(0);
    expect(goals.filter((g) => g.bodypart === 3).length, 'left foot').toBeGreaterThan(0);
    expect(goals.filter((g) => g.bodypart === 4).length, 'right foot').toBeGreaterThan(0);
    expect(new Set(goals.map((g) => g.shot_event)).size, 'shot events').toBeGreaterThanOrEqual(10);
    expect(goals.filter((g) => g.time_mins > 90).length, 'extra-time goals').toBeGreaterThan(0);
    expect(goals.filter((g) => g.stoppage_mins > 0).length, 'stoppage-time goals').toBeGreaterThan(
      0,
    );
    const extraTime = matches.filter(hasExtraTime);
    expect(extraTime.length, 'extra time').toBeGreaterThan(0);
    const shootouts = new Set(kicks.map((k) => k.match));
    expect(
      extraTime.some((m) => !shootouts.has(m.id)),
      'extra time decided without a shootout',
    ).toBe(true);
    for (const type of ['clubs', 'national']) {
      expect(
        matches.some((m) => m.match_type === type && shootouts.has(m.id)),
        `${type} shootout`,
      ).toBe(true);
    }
    for (const table of [
      'match',
      'match_condition',
      'lineup',
      'goal',
      'penalty',
      'offense',
      'substitution',
      'shootout',
    ]) {
      const sequence = all<{ v0_id: number }>(`SELECT v0_id FROM ${table} ORDER BY v0_id`).map(
        (r) => r.v0_id,
      );
      expect(sequence, table).toEqual(sequence.map((_, i) => i + 1));
    }
  });

  it('writes matches in date order and keeps foreign keys', () => {
    const dates = matches.map((m) => `${m.match_date} ${m.kickoff_time}`);
    expect(dates).toEqual(dates.slice().sort());
    expect(all('PRAGMA foreign_key_check')).toEqual([]);
    expect(all("SELECT id FROM match WHERE source <> 'demo'")).toEqual([]);
  });

  it('gives identical match tables for two generations with the same seed', () => {
    const twin = openDatabase(':memory:');
    try {
      generateDemo(twin, { seed: DEMO_SEED });
      const mine = dumpMatchTables(db);
      const theirs = dumpMatchTables(twin);
      for (const table of MATCH_TABLES) expect(theirs[table], table).toEqual(mine[table]);
    } finally {
      twin.close();
    }
  });
});
