import { OUTCOME } from '../../../football/codes.ts';
import { DEMO_SOURCE, type DemoContext } from '../context.ts';
import { ACTION, MOD } from './codes.ts';
import type { Draft } from './drafts.ts';
import { sectorModifiers } from './pitch.ts';

/**
 * A match's micro-events as they are played, in time order, and their rows: one `event` with one
 * `event_action` each, its modifiers (the field sector ones added here) in `event_modifier`.
 */

/**
 * Passes, in the wide sense a key pass or an assist can be: set pieces played to a team-mate too.
 */
const PASSES = new Set<number>([
  ACTION.corner,
  ACTION.freeKick,
  ACTION.freeKickCross,
  ACTION.throwIn,
  ACTION.goalKick,
  ACTION.cross,
  ACTION.handPass,
  ACTION.headPass,
  ACTION.highPass,
  ACTION.launch,
  ACTION.simplePass,
  ACTION.smartPass,
]);

interface Logged {
  readonly period: number;
  readonly seconds: number;
  readonly draft: Draft;
  readonly modifiers: number[];
}

export class EventLog {
  private readonly events: Logged[] = [];

  /** Number of events so far. */
  get size(): number {
    return this.events.length;
  }

  /**
   * Records an event at seconds of a period's clock. A shot right after a team-mate's accurate pass
   * makes that pass a key pass, and an assist when the shot scores.
   */
  add(period: number, seconds: number, draft: Draft): void {
    const last = this.events[this.events.length - 1];
    if (last && (period < last.period || (period === last.period && seconds < last.seconds))) {
      throw new Error(
        `demo events: event at ${period}/${seconds} after ${last.period}/${last.seconds}`,
      );
    }
    if (
      (draft.action === ACTION.shot || draft.action === ACTION.freeKickShot) &&
      last &&
      PASSES.has(last.draft.action) &&
      last.draft.actor.side === draft.actor.side &&
      last.draft.actor !== draft.actor &&
      last.draft.outcome === OUTCOME.accurate
    ) {
      if (draft.modifiers.includes(MOD.goal)) last.modifiers.push(MOD.assist);
      last.modifiers.push(MOD.keyPass);
    }
    this.events.push({ period, seconds, draft, modifiers: [...draft.modifiers] });
  }

  /** Writes the rows; ids derive from the match key and the event's place in the match (`seq`). */
  write(ctx: DemoContext, match: string, key: string): void {
    this.events.forEach(({ period, seconds, draft, modifiers }, i) => {
      const seq = i + 1;
      const event = ctx.id('event', `${key}:${seq}`);
      ctx.insert('event', {
        id: event,
        match,
        team: draft.actor.team,
        lineup: draft.actor.lineup,
        period,
        match_seconds: seconds,
        x: draft.at.x,
        y: draft.at.y,
        seq,
        source: DEMO_SOURCE,
      });
      const action = ctx.id('event_action', `${key}:${seq}:1`);
      ctx.insert('event_action', {
        id: action,
        event,
        action: draft.action,
        x_end: draft.end?.x ?? null,
        y_end: draft.end?.y ?? null,
        z_end: draft.end?.z ?? null,
        outcome: draft.outcome,
      });
      for (const modifier of new Set([...modifiers, ...sectorModifiers(draft.at)])) {
        ctx.insert('event_modifier', {
          id: ctx.id('event_modifier', `${key}:${seq}:1:${modifier}`),
          action,
          modifier,
        });
      }
    });
  }
}
