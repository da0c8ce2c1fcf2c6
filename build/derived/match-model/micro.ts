import type { Db } from '../../../data/db.ts';
import { TOUCHES } from '../../../football/event-families.ts';
import type { Act, LineupFacts, MicroFacts, Place } from './facts.ts';

/**
 * The micro facts of a match: its on-ball events, from the build's join of actions and events
 * (`derived.micro_event`, `build/derived/micro-events.ts`), in match order.
 */

interface EventRow {
  event: string;
  lineup: string | null;
  team: string | null;
  period: number;
  seconds: number;
  x: number | null;
  y: number | null;
  action: number;
  x_end: number | null;
  y_end: number | null;
  outcome: number | null;
  mods: string | null;
}

const place = (x: number | null, y: number | null): Place =>
  x === null || y === null ? null : { x, y };

/** Prepares the queries once; the returned function reads the micro facts of one match. */
export function microReader(
  db: Db,
): (match: string, lineups: ReadonlyMap<string, LineupFacts>) => MicroFacts {
  const hasEvents = db
    .prepare<[string], number>('SELECT EXISTS (SELECT 1 FROM event WHERE match = ?)')
    .pluck();
  // The modifiers of each action come in one string.
  const events = db.prepare<[string], EventRow>(
    `SELECT event, lineup, team, period, match_seconds AS seconds, x, y, action, x_end, y_end,
       outcome, mods
     FROM derived.micro_event WHERE match = ? ORDER BY ord`,
  );
  return (match, lineups) => {
    const acts = events.all(match).map((e, i): Act => ({
      i,
      event: e.event,
      lineup: e.lineup,
      team: e.team ?? (e.lineup ? (lineups.get(e.lineup)?.team ?? null) : null),
      period: e.period,
      seconds: e.seconds,
      at: place(e.x, e.y),
      end: place(e.x_end, e.y_end),
      action: e.action,
      outcome: e.outcome,
      mods: new Set(e.mods === null ? [] : e.mods.split(',').map(Number)),
    }));
    const byAction = new Map<number, Act[]>();
    for (const a of acts) {
      const list = byAction.get(a.action);
      if (list) list.push(a);
      else byAction.set(a.action, [a]);
    }
    const { prev, next } = touchLinks(acts);
    return {
      hasEvents: acts.length > 0 || hasEvents.get(match) === 1,
      acts,
      byAction,
      prevTouch: (a) => (prev[a.i]! < 0 ? null : acts[prev[a.i]!]!),
      nextTouch: (a) => (next[a.i]! < 0 ? null : acts[next[a.i]!]!),
    };
  };
}

/**
 * For every action, the index of the previous and the next touch of the ball in its period (-1:
 * none).
 */
function touchLinks(acts: Act[]): { prev: Int32Array; next: Int32Array } {
  const prev = new Int32Array(acts.length).fill(-1);
  const next = new Int32Array(acts.length).fill(-1);
  let last = -1;
  for (let i = 0; i < acts.length; i++) {
    if (last >= 0 && acts[last]!.period !== acts[i]!.period) last = -1;
    prev[i] = last;
    if (TOUCHES.has(acts[i]!.action)) last = i;
  }
  last = -1;
  for (let i = acts.length - 1; i >= 0; i--) {
    if (last >= 0 && acts[last]!.period !== acts[i]!.period) last = -1;
    next[i] = last;
    if (TOUCHES.has(acts[i]!.action)) last = i;
  }
  return { prev, next };
}
