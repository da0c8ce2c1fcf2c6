import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type Database from 'better-sqlite3';
import { buildDemoDatabase, DEMO_SEED } from '../../../data/demo/generate.ts';
import { ACTION, MOD } from '../../../data/demo/events/codes.ts';
import { DEMO_EVENT_MATCHES } from '../../../data/demo/events/selection.ts';
import {
  matchTimeAt,
  minuteKey,
  periodOf,
  periodWindow,
  type MatchTime,
} from '../../../contract/match-time.ts';
import { ACTIONS, MODIFIERS } from '../../../football/events.ts';
import { demo } from '../../helpers/http/api.ts';
import { openOracle, rows, tableChecksums } from '../../helpers/data/db.ts';

/**
 * The demo's micro-events, checked with SQL against the macro-events of the same database: every
 * goal, penalty kick and booking has its event by the right player at the right minute, only
 * players on the pitch act, and times, places and end positions are well-formed. The consistency
 * checks run on the suite's demo build and on a build with another seed.
 */

interface MatchRow {
  id: string;
  match_type: string;
  phase: number;
  knockout_round: number | null;
  home_team: string;
  away_team: string;
  firstextra_length: number | null;
}
interface EventRow {
  id: string;
  match: string;
  team: string | null;
  lineup: string | null;
  period: number;
  match_seconds: number;
  x: number;
  y: number;
  seq: number;
  action_id: string;
  action: number;
  x_end: number | null;
  y_end: number | null;
  z_end: number | null;
  outcome: number | null;
}
interface Timed {
  match: string;
  time_mins: number;
  stoppage_mins: number;
}
interface GoalRow extends Timed {
  lineup: string;
  team: string;
  player_team: string;
  bodypart: number | null;
  shot_event: number | null;
}
interface PenaltyRow extends Timed {
  lineup: string;
  outcome: number;
}
interface OffenseRow extends Timed {
  lineup: string;
  card: number;
}
interface SubRow extends Timed {
  lineup_in: string | null;
  lineup_out: string;
}
interface LineupRow {
  id: string;
  match: string;
  team: string;
  is_starting: number;
}

/** Everything the checks read from one demo database. */
interface Demo {
  matches: MatchRow[];
  events: EventRow[];
  byMatch: Map<string, EventRow[]>;
  modifiers: Map<string, Set<number>>;
  lineups: Map<string, LineupRow>;
  goals: GoalRow[];
  penalties: PenaltyRow[];
  offenses: OffenseRow[];
  subs: SubRow[];
}

function load(db: Database.Database): Demo {
  const events = rows<EventRow>(
    db,
    `SELECT e.*, a.id AS action_id, a.action, a.x_end, a.y_end, a.z_end, a.outcome
    FROM event e JOIN event_action a ON a.event = e.id ORDER BY e.match, e.seq`,
  );
  const byMatch = new Map<string, EventRow[]>();
  for (const event of events)
    byMatch.set(event.match, [...(byMatch.get(event.match) ?? []), event]);
  const modifiers = new Map<string, Set<number>>();
  for (const m of rows<{ action: string; modifier: number }>(
    db,
    'SELECT action, modifier FROM event_modifier',
  )) {
    modifiers.set(m.action, (modifiers.get(m.action) ?? new Set()).add(m.modifier));
  }
  return {
    matches: rows<MatchRow>(db, 'SELECT * FROM match ORDER BY v0_id'),
    events,
    byMatch,
    modifiers,
    lineups: new Map(
      rows<LineupRow>(db, 'SELECT id, match, team, is_starting FROM lineup').map((l) => [l.id, l]),
    ),
    goals: rows<GoalRow>(db, 'SELECT * FROM goal ORDER BY v0_id'),
    penalties: rows<PenaltyRow>(db, 'SELECT * FROM penalty ORDER BY v0_id'),
    offenses: rows<OffenseRow>(db, 'SELECT * FROM offense ORDER BY v0_id'),
    subs: rows<SubRow>(db, 'SELECT * FROM substitution ORDER BY v0_id'),
  };
}

const timeOf = (row: Timed): MatchTime => ({ mins: row.time_mins, stoppage: row.stoppage_mins });
/** The scoreboard minute of an event, as a sortable key. */
const minuteOf = (e: EventRow): number => minuteKey(matchTimeAt(e.period, e.match_seconds));
const mods = (d: Demo, e: EventRow): Set<number> => d.modifiers.get(e.action_id) ?? new Set();
const SAVES = new Set<number>([ACTION.reflexes, ACTION.saveAttempt]);
const FOULS = new Set([20, 21, 22, 23, 24, 25, 26, 27]);
const TOUCH = new Map(ACTIONS.map(([id, , touch]) => [id, touch]));

let dir: string;
let suite: Demo;
let seven: Demo;
let suiteDb: Database.Database;
let twinDb: Database.Database;

beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'demo-events-'));
  suiteDb = openOracle(demo().db);
  suite = load(suiteDb);
  buildDemoDatabase(path.join(dir, 'twin.sqlite'), DEMO_SEED);
  twinDb = openOracle(path.join(dir, 'twin.sqlite'));
  buildDemoDatabase(path.join(dir, 'seven.sqlite'), 7);
  const sevenDb = openOracle(path.join(dir, 'seven.sqlite'));
  seven = load(sevenDb);
  sevenDb.close();
});

afterAll(() => {
  suiteDb?.close();
  twinDb?.close();
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
});

describe('match time', () => {
  const anyTime = fc.oneof(
    fc.integer({ min: 1, max: 120 }).map((mins) => ({ mins, stoppage: 0 })),
    fc
      .tuple(fc.constantFrom(45, 90, 105, 120), fc.integer({ min: 1, max: 15 }))
      .map(([mins, stoppage]) => ({ mins, stoppage })),
  );

  it('covers a minute with sixty seconds of its period that convert back to it', () => {
    fc.assert(
      fc.property(anyTime, fc.double({ min: 0, max: 59.999, noNaN: true }), (time, offset) => {
        const window = periodWindow(time);
        expect(window.to - window.from).toBe(60);
        expect(window.period).toBe(periodOf(time.mins));
        expect(matchTimeAt(window.period, window.from + offset)).toEqual(time);
      }),
    );
  });

  it('puts every instant of a period in the window of its minute', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 4 }),
        fc.double({ min: 0, max: 4 * 3600, noNaN: true }),
        (period, seconds) => {
          const window = periodWindow(matchTimeAt(period, seconds));
          expect(window.period).toBe(period);
          expect(seconds >= window.from && seconds < window.to).toBe(true);
        },
      ),
    );
  });

  it('follows the documented convention', () => {
    expect(periodWindow({ mins: 1, stoppage: 0 })).toEqual({ period: 1, from: 0, to: 60 });
    expect(periodWindow({ mins: 45, stoppage: 2 })).toEqual({ period: 1, from: 2760, to: 2820 });
    expect(periodWindow({ mins: 46, stoppage: 0 })).toEqual({ period: 2, from: 0, to: 60 });
    expect(periodWindow({ mins: 90, stoppage: 4 })).toEqual({ period: 2, from: 2880, to: 2940 });
    expect(periodWindow({ mins: 91, stoppage: 0 })).toEqual({ period: 3, from: 0, to: 60 });
    expect(periodWindow({ mins: 106, stoppage: 0 })).toEqual({ period: 4, from: 0, to: 60 });
    expect(matchTimeAt(1, 2699.9)).toEqual({ mins: 45, stoppage: 0 });
    expect(matchTimeAt(1, 2700)).toEqual({ mins: 45, stoppage: 1 });
    expect(matchTimeAt(4, 930)).toEqual({ mins: 120, stoppage: 1 });
    expect(() => periodWindow({ mins: 30, stoppage: 1 })).toThrow(RangeError);
    expect(() => periodWindow({ mins: 121, stoppage: 0 })).toThrow(RangeError);
    expect(() => matchTimeAt(5, 10)).toThrow(RangeError);
  });
});

describe('demo micro-events: codes', () => {
  it('uses only actions and modifiers of the reference lists', () => {
    const actions = new Set(ACTIONS.map(([id]) => id));
    const modifiers = new Set(MODIFIERS.map(([id]) => id));
    for (const id of Object.values(ACTION)) expect(actions.has(id), String(id)).toBe(true);
    for (const id of Object.values(MOD)) expect(modifiers.has(id), String(id)).toBe(true);
  });
});

describe('demo micro-events: which matches', () => {
  it('has them for six matches: three league matches, the club cup final and two tournament matches', () => {
    const withEvents = suite.matches.filter((m) => suite.byMatch.has(m.id));
    expect(withEvents).toHaveLength(DEMO_EVENT_MATCHES.length);
    expect(withEvents.filter((m) => m.phase === 1)).toHaveLength(3);
    expect(
      withEvents.filter((m) => m.match_type === 'clubs' && m.knockout_round === 29),
    ).toHaveLength(1);
    const national = withEvents.filter((m) => m.match_type === 'national');
    expect(national).toHaveLength(2);
    expect(national.some((m) => suite.offenses.some((o) => o.match === m.id && o.card !== 1))).toBe(
      true,
    );
    // With the default seed both finals go to extra time and a shootout.
    expect(withEvents.filter((m) => m.firstextra_length !== null)).toHaveLength(2);
  });

  it('shows an own goal, penalties scored, saved and missed, second yellows and straight reds', () => {
    const matches = new Set(suite.byMatch.keys());
    const goals = suite.goals.filter((g) => matches.has(g.match));
    expect(goals.some((g) => g.team !== g.player_team)).toBe(true);
    const outcomes = new Set(
      suite.penalties.filter((p) => matches.has(p.match)).map((p) => p.outcome),
    );
    expect(
      outcomes.has(1) && outcomes.has(3) && [...outcomes].some((o) => o !== 1 && o !== 3),
    ).toBe(true);
    const cards = new Set(suite.offenses.filter((o) => matches.has(o.match)).map((o) => o.card));
    expect(cards).toEqual(new Set([1, 2, 3]));
  });

  it('has 600 to 1,000 events per match', () => {
    for (const [match, events] of suite.byMatch) {
      expect(events.length, match).toBeGreaterThanOrEqual(600);
      expect(events.length, match).toBeLessThanOrEqual(1000);
    }
  });

  it('gives the same rows for the same seed', () => {
    const sums = (db: Database.Database) => {
      const all = tableChecksums(db);
      return [all.event, all.event_action, all.event_modifier];
    };
    expect(sums(twinDb)).toEqual(sums(suiteDb));
  });
});

describe.each([
  ["the suite's demo", () => suite],
  ['the demo with seed 7', () => seven],
])('demo micro-events in %s', (_, get) => {
  // The per-event checks collect what is wrong rather than asserting thousands of times.
  it('orders events by period and seconds, numbers them 1..n, stays in the periods played', () => {
    const d = get();
    expect(d.byMatch.size).toBe(DEMO_EVENT_MATCHES.length);
    const wrong: string[] = [];
    for (const [match, events] of d.byMatch) {
      const m = d.matches.find((row) => row.id === match)!;
      const periods = m.firstextra_length === null ? 2 : 4;
      events.forEach((e, i) => {
        const before = events[i - 1];
        if (e.seq !== i + 1) wrong.push(`${e.id} seq ${e.seq}`);
        if (
          before &&
          (before.period > e.period ||
            (before.period === e.period && before.match_seconds > e.match_seconds))
        )
          wrong.push(`${e.id} order`);
        if (e.period > periods) wrong.push(`${e.id} period ${e.period}`);
        // A period lasts its length and a few minutes of stoppage time.
        if (e.match_seconds < 0 || e.match_seconds >= (e.period <= 2 ? 56 : 20) * 60)
          wrong.push(`${e.id} at ${e.match_seconds}`);
      });
      expect(new Set(events.map((e) => e.period)), match).toEqual(
        new Set(periods === 2 ? [1, 2] : [1, 2, 3, 4]),
      );
    }
    expect(wrong).toEqual([]);
  });

  it('keeps places on the pitch, with end positions on touches only and heights only at the goal', () => {
    const d = get();
    const inside = (v: number | null): boolean => v === null || (v >= 0 && v <= 100);
    const atGoal = new Set<number>([ACTION.shot, ACTION.freeKickShot, ACTION.penalty]);
    const wrong: string[] = [];
    for (const e of d.events) {
      if (![e.x, e.y, e.x_end, e.y_end, e.z_end].every(inside)) wrong.push(`${e.id} off the pitch`);
      if (!TOUCH.has(e.action)) wrong.push(`${e.id} action ${e.action}`);
      const ends = [e.x_end, e.y_end];
      if (TOUCH.get(e.action) ? ends.includes(null) : [...ends, e.z_end].some((v) => v !== null))
        wrong.push(`${e.id} end of ${e.action}`);
      const m = mods(d, e);
      if (e.z_end !== null && !atGoal.has(e.action) && !m.has(MOD.goal) && !m.has(MOD.ownGoal))
        wrong.push(`${e.id} height of ${e.action}`);
      if (![0, 1, null].includes(e.outcome)) wrong.push(`${e.id} outcome ${e.outcome}`);
    }
    expect(wrong).toEqual([]);
  });

  it('places shots as play does: most in the penalty area, some outside, none on the goal line', () => {
    const d = get();
    // The 0-100 pitch is 105 x 68 m, attacking towards x = 100: the penalty area is the last
    // 16.5 m and 40.32 m wide, the six-yard box the last 5.5 m and 18.32 m wide.
    const x = (metresOut: number) => 100 - (metresOut / 105) * 100;
    const y = (metresWide: number) => [50 - (metresWide / 68) * 50, 50 + (metresWide / 68) * 50];
    const within = (e: EventRow, out: number, wide: number) => {
      const [left, right] = y(wide);
      return e.x >= x(out) && e.y >= left! && e.y <= right!;
    };
    const kicks = new Set<number>([ACTION.shot, ACTION.freeKickShot]);
    const shots = d.events.filter((e) => kicks.has(e.action));
    expect(shots.length).toBeGreaterThan(100);
    const share = (f: (e: EventRow) => boolean) => shots.filter(f).length / shots.length;
    const inBox = share((e) => within(e, 16.5, 40.32));
    expect(inBox).toBeGreaterThan(0.55);
    expect(inBox).toBeLessThan(0.85);
    expect(share((e) => within(e, 5.5, 18.32))).toBeLessThan(0.15);
    expect(Math.max(...shots.map((e) => e.x))).toBeLessThanOrEqual(99);
    // No pile-up at a limit: no x is shared by more than three shots.
    const perX = new Map<number, number>();
    for (const e of shots) perX.set(e.x, (perX.get(e.x) ?? 0) + 1);
    expect(Math.max(...perX.values())).toBeLessThanOrEqual(3);
    // Penalties are kicked from the spot, 11 m out.
    const penalties = d.events.filter((e) => e.action === ACTION.penalty);
    expect(penalties.length).toBeGreaterThan(0);
    for (const e of penalties) expect([e.x, e.y]).toEqual([Math.round(x(11) * 100) / 100, 50]);
  });

  it('keeps times to tenths of a second, without float noise', () => {
    const d = get();
    const noisy = d.events.filter((e) => !/^\d+(\.\d)?$/.test(String(e.match_seconds)));
    expect(noisy.map((e) => `${e.id} at ${e.match_seconds}`)).toEqual([]);
  });

  it('has every actor on the pitch at that minute, in his own team', () => {
    const d = get();
    const wrong: string[] = [];
    for (const [match, events] of d.byMatch) {
      const start = new Map<string, number>();
      const end = new Map<string, number>();
      for (const l of d.lineups.values())
        if (l.match === match) start.set(l.id, l.is_starting ? 0 : Infinity);
      for (const s of d.subs.filter((x) => x.match === match)) {
        if (s.lineup_in) start.set(s.lineup_in, minuteKey(timeOf(s)));
        end.set(s.lineup_out, minuteKey(timeOf(s)));
      }
      for (const o of d.offenses.filter((x) => x.match === match && x.card !== 1))
        end.set(o.lineup, minuteKey(timeOf(o)));
      for (const e of events) {
        const lineup = e.lineup === null ? undefined : d.lineups.get(e.lineup);
        if (lineup?.match !== match || e.team !== lineup.team) {
          wrong.push(`${e.id} by ${e.lineup}`);
          continue;
        }
        const t = minuteOf(e);
        if (!(start.get(lineup.id)! <= t && t <= (end.get(lineup.id) ?? Infinity)))
          wrong.push(`${e.id} at ${t}`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it('has exactly one goal event per goal, by the scorer at its minute, with its body part', () => {
    const d = get();
    for (const [match, events] of d.byMatch) {
      const goals = d.goals.filter((g) => g.match === match);
      const scoring = events.filter(
        (e) => !SAVES.has(e.action) && (mods(d, e).has(MOD.goal) || mods(d, e).has(MOD.ownGoal)),
      );
      expect(scoring, match).toHaveLength(goals.length);
      for (const goal of goals) {
        const own = goal.team !== goal.player_team;
        const found = scoring.filter(
          (e) =>
            e.lineup === goal.lineup &&
            minuteOf(e) === minuteKey(timeOf(goal)) &&
            mods(d, e).has(own ? MOD.ownGoal : MOD.goal),
        );
        expect(found, `${match} goal at ${goal.time_mins}+${goal.stoppage_mins}`).toHaveLength(1);
        const event = found[0]!;
        const m = mods(d, event);
        const penalty = d.penalties.some(
          (p) =>
            p.match === match &&
            p.lineup === goal.lineup &&
            p.outcome === 1 &&
            minuteKey(timeOf(p)) === minuteKey(timeOf(goal)),
        );
        if (own) expect([ACTION.clearance, ACTION.touch]).toContain(event.action);
        else if (penalty) expect(event.action).toBe(ACTION.penalty);
        else if (goal.shot_event === 16) expect(event.action).toBe(ACTION.freeKickShot);
        else if (goal.shot_event === 15) expect(event.action).toBe(ACTION.corner);
        else expect(event.action).toBe(ACTION.shot);
        if (!own) expect(m.has(MOD.accurate), event.id).toBe(true);
        const part = {
          3: MOD.leftFoot,
          4: MOD.rightFoot,
          5: MOD.headBody,
          6: MOD.headBody,
          7: MOD.headBody,
        }[goal.bodypart ?? 0];
        const parts = [MOD.leftFoot, MOD.rightFoot, MOD.headBody].filter((p) => m.has(p));
        expect(parts, event.id).toHaveLength(1);
        if (part !== undefined) expect(parts[0], event.id).toBe(part);
        if (!own) {
          const region = [...m].filter((x) => x >= 1201 && x <= 1209);
          expect(region, event.id).toHaveLength(1);
        }
      }
    }
  });

  it("has the beaten goalkeeper's save attempt right after a goal, and assists only on the pass before one", () => {
    const d = get();
    for (const events of d.byMatch.values()) {
      events.forEach((e, i) => {
        const m = mods(d, e);
        if (SAVES.has(e.action) && m.has(MOD.goal)) {
          const before = events[i - 1]!;
          expect(mods(d, before).has(MOD.goal) || mods(d, before).has(MOD.ownGoal), e.id).toBe(
            true,
          );
        }
        if (m.has(MOD.assist)) {
          const next = events[i + 1]!;
          expect(
            mods(d, next).has(MOD.goal) && next.team === e.team && next.lineup !== e.lineup,
            e.id,
          ).toBe(true);
        }
      });
    }
  });

  it('has each penalty kick by its taker at its minute, with its outcome, after a foul by the other team', () => {
    const d = get();
    const expected: Record<number, number> = {
      1: MOD.goal,
      2: MOD.offTarget,
      3: MOD.saved,
      4: MOD.offTarget,
      5: MOD.offTarget,
      6: MOD.woodwork,
      7: MOD.woodwork,
    };
    for (const [match, events] of d.byMatch) {
      const penalties = d.penalties.filter((p) => p.match === match);
      expect(
        events.filter((e) => e.action === ACTION.penalty),
        match,
      ).toHaveLength(penalties.length);
      for (const penalty of penalties) {
        const kicks = events.filter(
          (e) =>
            e.action === ACTION.penalty &&
            e.lineup === penalty.lineup &&
            minuteOf(e) === minuteKey(timeOf(penalty)),
        );
        expect(kicks, `${match} penalty at ${penalty.time_mins}`).toHaveLength(1);
        const kick = kicks[0]!;
        const m = mods(d, kick);
        expect(m.has(expected[penalty.outcome]!), kick.id).toBe(true);
        expect(m.has(MOD.accurate), kick.id).toBe(penalty.outcome === 1 || penalty.outcome === 3);
        if (penalty.outcome === 4)
          expect(
            [...m].some((x) => x >= 1210 && x <= 1213),
            kick.id,
          ).toBe(true);
        if (penalty.outcome === 5)
          expect(
            [...m].some((x) => x >= 1214 && x <= 1216),
            kick.id,
          ).toBe(true);
        if (penalty.outcome === 7) expect(m.has(1221), kick.id).toBe(true);
        const foul = events
          .slice(0, events.indexOf(kick))
          .reverse()
          .find((e) => FOULS.has(e.action));
        expect(foul?.team, kick.id).not.toBe(kick.team);
        expect(minuteOf(foul!), kick.id).toBe(minuteOf(kick));
      }
    }
  });

  it('books every offense on a foul by that player at its minute, and no one else', () => {
    const d = get();
    const card: Record<number, number> = { 1: MOD.yellowCard, 2: MOD.secondYellow, 3: MOD.redCard };
    for (const [match, events] of d.byMatch) {
      const offenses = d.offenses.filter((o) => o.match === match);
      const carded = events.filter((e) =>
        [MOD.yellowCard, MOD.secondYellow, MOD.redCard].some((c) => mods(d, e).has(c)),
      );
      expect(carded, match).toHaveLength(offenses.length);
      for (const offense of offenses) {
        const found = carded.filter(
          (e) =>
            e.lineup === offense.lineup &&
            minuteOf(e) === minuteKey(timeOf(offense)) &&
            mods(d, e).has(card[offense.card]!),
        );
        expect(found, `${match} card at ${offense.time_mins}`).toHaveLength(1);
        expect(FOULS.has(found[0]!.action), found[0]!.id).toBe(true);
      }
    }
  });
});
