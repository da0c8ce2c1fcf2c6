import type { Rng } from '../random.ts';
import type { BallState, Draft } from './drafts.ts';
import { EventLog } from './event-log.ts';
import type { MatchFacts } from './match-facts.ts';
import { openPlay } from './open-play.ts';
import type { PlayContext } from './play-context.ts';
import { point } from './drafts.ts';
import { other, Squads, type Side } from './players.ts';
import type { Scripted } from './scripts/script-builder.ts';
import { scriptFor, SCRIPT_LEAD } from './scripts/scripts.ts';
import { restart } from './set-pieces.ts';
import { planPeriods, type Anchor } from './timeline.ts';

/**
 * Plays a match's micro-events period by period: open play runs until the next anchored macro-event
 * is due, its script is fitted in so its key event falls on the anchor's instant, substitutions and
 * sendings-off change who is on the pitch at their instants, and the period ends when its clock
 * stops.
 */

/** Tenths of a second, the precision of the generated clock. */
const tenth = (seconds: number): number => Math.round(seconds * 10) / 10;

/**
 * Times for a script's events after `clock`: pinned events at their instants, the events before the
 * first pin at their natural pace just before it (squeezed when there is not room), those between
 * or after pins at their pace after the pin (squeezed to end before `limit`).
 */
function place(events: readonly Scripted[], clock: number, limit: number): number[] {
  const times: number[] = new Array<number>(events.length);
  const first = events.findIndex((e) => e.at !== undefined);
  if (first < 0) throw new Error('demo events: a script without its key event');
  const pinned = events[first]!.at!;
  // Before the first pin: backwards from it, or squeezed into (clock, pin).
  let natural = 0;
  for (let i = 0; i <= first; i++) natural += events[i]!.draft.gap;
  const room = pinned - clock;
  if (natural <= room) {
    let t = pinned;
    for (let i = first; i > 0; i--) {
      t -= events[i]!.draft.gap;
      times[i - 1] = t;
    }
  } else {
    let t = clock;
    for (let i = 0; i < first; i++) {
      t += (events[i]!.draft.gap * room) / natural;
      times[i] = t;
    }
  }
  times[first] = pinned;
  // After it: forwards, each stretch squeezed to end before the next pin (or the limit).
  let from = first;
  while (from < events.length - 1) {
    let next = events.findIndex((e, i) => i > from && e.at !== undefined);
    const end = next < 0 ? limit : events[next]!.at!;
    if (next < 0) next = events.length;
    let span = 0;
    for (let i = from + 1; i < next; i++) span += events[i]!.draft.gap;
    const scale =
      span > 0 && times[from]! + span > end - 0.2
        ? Math.max(0, end - 0.2 - times[from]!) / span
        : 1;
    let t = times[from]!;
    for (let i = from + 1; i < next; i++) {
      t += events[i]!.draft.gap * scale;
      times[i] = t;
    }
    if (next < events.length) times[next] = events[next]!.at!;
    from = next;
  }
  // Rounding to tenths keeps the order: it never moves a time past a later one.
  return times.map((t) => tenth(Math.max(t, clock)));
}

/** Plays and records all of a match's micro-events. */
export function playEvents(rng: Rng, facts: MatchFacts, tempo: number): EventLog {
  const squads = new Squads(rng, facts.lineups, [facts.home, facts.away]);
  const ctx: PlayContext = { rng, squads, tempo };
  const log = new EventLog();
  const plans = planPeriods(rng, facts);
  let firstKickoff: Side = rng.chance(0.5) ? 0 : 1;
  for (const plan of plans) {
    // A new toss before extra time; otherwise the other team kicks off the second period.
    if (plan.period === 3) firstKickoff = rng.chance(0.5) ? 0 : 1;
    const kickoff: Side = plan.period % 2 === 1 ? firstKickoff : other(firstKickoff);
    const period = new PeriodPlay(ctx, log, plan.period, kickoff);
    plan.anchors.forEach((anchor, i) => {
      if (anchor.kind === 'change') period.change(anchor);
      else period.script(anchor, plan.anchors[i + 1]?.start ?? plan.end);
    });
    period.playUntil(plan.end);
  }
  return log;
}

/** One period being played: the state of play and its clock, moved on as events are recorded. */
class PeriodPlay {
  private state: BallState;
  private clock = 0;

  constructor(
    private readonly ctx: PlayContext,
    private readonly log: EventLog,
    private readonly period: number,
    kickoff: Side,
  ) {
    this.state = { kind: 'dead', side: kickoff, restart: 'kickoff', at: point(50, 50), wait: 0 };
  }

  /** Open play until `until`: every stretch that ends before it is kept. */
  playUntil(until: number): void {
    const { ctx } = this;
    for (;;) {
      const state = this.state;
      const step = state.kind === 'play' ? openPlay(ctx, state) : restart(ctx, state);
      const times: number[] = [];
      let t = this.clock;
      for (const draft of step.drafts) times.push(tenth((t += draft.gap)));
      if (times.length === 0 || times[times.length - 1]! >= until) return;
      this.record(step.drafts, times);
      this.state = step.next;
    }
  }

  /** A player goes off at the anchor's instant, and another comes on if one does. */
  change(anchor: Extract<Anchor, { kind: 'change' }>): void {
    const { rng, squads } = this.ctx;
    this.playUntil(anchor.time);
    squads.leave(anchor.lineupOut);
    if (anchor.lineupIn) squads.enter(anchor.lineupIn);
    // The ball stays with the team; the player who left hands it to the nearest team-mate.
    const state = this.state;
    if (state.kind === 'play' && !squads.isOn(state.holder.lineup)) {
      this.state = {
        ...state,
        holder: squads.near(rng, state.side, state.at, { outfield: state.at.x > 20 }),
      };
    }
  }

  /**
   * A goal, penalty or booking: open play stops in time for its build-up, and its script is fitted
   * in so the key event falls on the anchor's instant and the rest ends before `limit`.
   */
  script(anchor: Exclude<Anchor, { kind: 'change' }>, limit: number): void {
    this.playUntil(anchor.start - SCRIPT_LEAD[anchor.kind]);
    const script = scriptFor(this.ctx, this.state, anchor);
    this.record(
      script.events.map((e) => e.draft),
      place(script.events, this.clock, limit),
    );
    this.state = script.next;
  }

  /** Logs events at their times, and moves the clock on to the last of them. */
  private record(drafts: readonly Draft[], times: readonly number[]): void {
    drafts.forEach((draft, i) => this.log.add(this.period, times[i]!, draft));
    if (times.length > 0) this.clock = times[times.length - 1]!;
  }
}
