import Database from 'better-sqlite3';
import { uuidFor } from '../../../data/ids.ts';

/**
 * Adds synthetic micro-events to a demo database, for tests and measurements of the micro-event
 * resources that must not wait for the demo generator's own events. Deterministic: the same
 * database and options give the same rows.
 */

/** How many micro-events to add. */
export interface EventOptions {
  /** Matches of each type that get events (the first ones by id). */
  clubs: number;
  national: number;
  /** Events per match. */
  perMatch: number;
}

/**
 * Action types used, touches and not: simple pass, shot, touch, cross, air duel, foul, whistle,
 * clearance.
 */
const ACTION_CYCLE = [85, 85, 100, 72, 80, 10, 20, 51, 71, 85, 83];
/**
 * Modifiers drawn from, in several categories: accurate, not accurate, left/right foot, head, high,
 * goal, opportunity, sectors.
 */
const MODIFIER_CYCLE = [1801, 1802, 401, 402, 403, 801, 101, 201, 3201, 3202, 3203];

/** A small deterministic generator (LCG), so the rows never depend on run order. */
function stream(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

/**
 * Replaces the database's micro-events (the demo's own, if any) by synthetic ones, so the tests
 * know exactly which matches have events; returns those matches, by match type.
 */
export function addEvents(
  file: string,
  options: EventOptions,
): { clubs: string[]; national: string[] } {
  const db = new Database(file);
  try {
    const isTouch = new Map(
      (
        db.prepare('SELECT id, is_touch FROM action').all() as { id: number; is_touch: number }[]
      ).map((a) => [a.id, a.is_touch === 1]),
    );
    const insertEvent = db.prepare(
      "INSERT INTO event (id, match, team, lineup, period, match_seconds, x, y, seq, source) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, 'demo')",
    );
    const insertAction = db.prepare(
      'INSERT INTO event_action (id, event, action, x_end, y_end, z_end, outcome) VALUES (?, ?, ?, ?, ?, ?, ?)',
    );
    const insertModifier = db.prepare(
      'INSERT INTO event_modifier (id, action, modifier) VALUES (?, ?, ?)',
    );
    const matchesOf = (type: string, n: number) =>
      (
        db
          .prepare('SELECT id FROM match WHERE match_type = ? ORDER BY id LIMIT ?')
          .all(type, n) as { id: string }[]
      ).map((m) => m.id);
    const chosen = {
      clubs: matchesOf('clubs', options.clubs),
      national: matchesOf('national', options.national),
    };
    db.transaction(() => {
      db.exec('DELETE FROM event_modifier; DELETE FROM event_action; DELETE FROM event;');
      for (const match of [...chosen.clubs, ...chosen.national]) {
        const lineups = db
          .prepare('SELECT id, team FROM lineup WHERE match = ? ORDER BY id')
          .all(match) as { id: string; team: string }[];
        const random = stream(parseInt(match.slice(0, 8), 16));
        const round1 = (v: number) => Math.round(v * 10) / 10;
        let seconds = 0;
        for (let i = 0; i < options.perMatch; i++) {
          const period = i < options.perMatch / 2 ? 1 : 2;
          if (i === Math.ceil(options.perMatch / 2)) seconds = 0;
          // Every seventh event happens at the same second as the one before: the source order
          // decides.
          if (i % 7 !== 0) seconds = round1(seconds + 1 + random() * 40);
          const type = ACTION_CYCLE[i % ACTION_CYCLE.length]!;
          const lineup =
            type === 51 || lineups.length === 0
              ? null
              : lineups[Math.floor(random() * lineups.length)]!;
          const event = uuidFor('test', 'event', `${match}:${i}`);
          insertEvent.run(
            event,
            match,
            lineup?.team ?? null,
            lineup?.id ?? null,
            period,
            seconds,
            round1(random() * 100),
            round1(random() * 100),
            i,
          );
          // Every tenth event has a second action (a duel's two sides, say).
          const types = i % 10 === 9 ? [type, 12] : [type];
          types.forEach((t, k) => {
            const action = uuidFor('test', 'event_action', `${match}:${i}:${k}`);
            const passing = isTouch.get(t) && t !== 100;
            insertAction.run(
              action,
              event,
              t,
              passing ? round1(random() * 100) : null,
              passing ? round1(random() * 100) : null,
              t === 100 ? round1(random() * 3) : null,
              isTouch.get(t) ? (random() < 0.7 ? 1 : 0) : null,
            );
            const count = (i + k) % 4;
            for (let j = 0; j < count; j++) {
              insertModifier.run(
                uuidFor('test', 'event_modifier', `${match}:${i}:${k}:${j}`),
                action,
                MODIFIER_CYCLE[(i + j * 3) % MODIFIER_CYCLE.length]!,
              );
            }
          });
        }
      }
    })();
    return chosen;
  } finally {
    db.close();
  }
}
