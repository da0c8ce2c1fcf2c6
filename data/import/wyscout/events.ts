import { OUTCOME } from '../../../football/codes.ts';
import { ACTION, MOD } from '../../../football/event-codes.ts';
import { rowInserter } from '../../rows.ts';
import { toMicroseconds } from '../../seconds.ts';
import type { ImportContext } from '../context.ts';
import type { WriteOutcome } from '../report.ts';
import type { MatchLineups } from './lineups.ts';
import type { MatchTarget } from './matches.ts';
import type { WyEvent } from './source.ts';
import type { WyscoutTeams } from './teams.ts';

/**
 * Wyscout's periods -> the model's (the shootout, `P`, becomes `shootout` rows, not micro-events).
 */
export const PERIOD: Readonly<Record<WyEvent['matchPeriod'], number | null>> = {
  '1H': 1,
  '2H': 2,
  E1: 3,
  E2: 4,
  P: null,
};

/** Offsides have an event code (6) and no sub-event code; their action is Offside. */
const OFFSIDE_EVENT = 6;
/** Wyscout's accuracy tags (a tag code is its modifier id). */
const { accurate: ACCURATE, notAccurate: NOT_ACCURATE } = MOD;

/** The action id of an event: its sub-event code (the project numbers actions by them). */
export function actionOf(event: WyEvent): number {
  if (event.subEventId !== '') return event.subEventId;
  if (event.eventId === OFFSIDE_EVENT) return ACTION.offside;
  throw new Error(`event ${event.id}: no sub-event code for event code ${event.eventId}`);
}

/**
 * An event's seconds of its period's clock, to the microsecond the source keeps it to: its
 * `eventSec` carries float noise past it (1.6562140000000003 for 1.656214). The rare negative
 * value is 0.
 */
export function eventSeconds(event: WyEvent): number {
  return Math.max(toMicroseconds(event.eventSec), 0);
}

/** A coordinate on the 0-100 pitch, or null for the few the source places off it. */
const onPitch = (value: number | undefined): number | null =>
  value !== undefined && value >= 0 && value <= 100 ? value : null;

/**
 * Writes the micro-events of one match in bulk: one `event` per Wyscout event of periods 1-4 (start
 * position, team, the player's lineup in this match, seconds in the period (`eventSeconds`), the
 * file's order as `seq`), one `event_action` per event (the sub-event code; the end position where
 * there is one; outcome 1 for accurate, 0 for not accurate, NULL otherwise) and one
 * `event_modifier` per tag (modifier id = tag code). Coordinates stay on Wyscout's 0-100 pitch, in
 * the acting team's direction of attack, as the model wants them.
 *
 * A match's events are written or left whole: when the database already holds exactly this number
 * of this source's events for the match (an earlier import), nothing is written; otherwise the
 * source's events of the match are replaced. Returns the number of events of periods 1-4.
 */
export function importEvents(
  ctx: ImportContext,
  match: MatchTarget,
  events: readonly WyEvent[],
  teams: WyscoutTeams,
  lineups: MatchLineups,
  report: (what: string, n?: number) => void,
): number {
  const played = events
    .map((event, index) => ({ event, index, period: PERIOD[event.matchPeriod] }))
    .filter((e): e is PlayedEvent => e.period !== null);
  const modifiers = played.reduce(
    (n, { event }) => n + new Set(event.tags.map((t) => t.id)).size,
    0,
  );
  const stored = storedEvents(ctx, match.id);
  if (stored === played.length) {
    countEvents(ctx, 'present', played.length, modifiers);
    return played.length;
  }
  if (stored > 0) deleteEvents(ctx, match.id);
  const { offPitch, withoutLineup } = writeEvents(ctx, match, played, teams, lineups);
  countEvents(ctx, stored > 0 ? 'updated' : 'new', played.length, modifiers);
  report('event: coordinates off the 0-100 pitch, stored as NULL', offPitch);
  report('event: a player without a lineup in the match (lineup NULL)', withoutLineup);
  return played.length;
}

/** An event of periods 1-4, with its place in the match's file (0-based). */
interface PlayedEvent {
  readonly event: WyEvent;
  readonly index: number;
  readonly period: number;
}

/** The number of this source's events the database holds for a match. */
function storedEvents(ctx: ImportContext, matchId: string): number {
  return ctx.db
    .prepare<[string, string], { n: number }>(
      'SELECT count(*) AS n FROM event WHERE match = ? AND source = ?',
    )
    .get(matchId, ctx.source)!.n;
}

/** Deletes this source's events of a match, with their actions and modifiers. */
function deleteEvents(ctx: ImportContext, matchId: string): void {
  const scope = `SELECT id FROM event WHERE match = ? AND source = ?`;
  ctx.db
    .prepare(
      'DELETE FROM event_modifier WHERE action IN ' +
        `(SELECT id FROM event_action WHERE event IN (${scope}))`,
    )
    .run(matchId, ctx.source);
  ctx.db.prepare(`DELETE FROM event_action WHERE event IN (${scope})`).run(matchId, ctx.source);
  ctx.db.prepare(`DELETE FROM event WHERE match = ? AND source = ?`).run(matchId, ctx.source);
}

/** Counts a match's events, actions (one per event) and modifiers as `outcome`. */
function countEvents(
  ctx: ImportContext,
  outcome: WriteOutcome,
  events: number,
  modifiers: number,
): void {
  ctx.report.count('event', outcome, events);
  ctx.report.count('event_action', outcome, events);
  ctx.report.count('event_modifier', outcome, modifiers);
}

/**
 * Inserts the event, action and modifier rows of a match's events (whole rows, each table's
 * statement prepared once per match); returns the coordinates stored as NULL and the events of a
 * player without a lineup.
 */
function writeEvents(
  ctx: ImportContext,
  match: MatchTarget,
  played: readonly PlayedEvent[],
  teams: WyscoutTeams,
  lineups: MatchLineups,
): { offPitch: number; withoutLineup: number } {
  const insertEvent = rowInserter(ctx.db, 'event');
  const insertAction = rowInserter(ctx.db, 'event_action');
  const insertModifier = rowInserter(ctx.db, 'event_modifier');
  let offPitch = 0;
  let withoutLineup = 0;
  for (const { event, index, period } of played) {
    const id = ctx.id('event', event.id);
    const action = ctx.id('event_action', event.id);
    const [start, end] = event.positions;
    offPitch += [start?.x, start?.y, end?.x, end?.y].filter(
      (v) => v !== undefined && onPitch(v) === null,
    ).length;
    const lineup = event.playerId === 0 ? null : (lineups.get(event.playerId) ?? null);
    if (event.playerId !== 0 && lineup === null) withoutLineup += 1;
    const tags = new Set(event.tags.map((t) => t.id));
    insertEvent({
      id,
      match: match.id,
      team: teams.team(event.teamId),
      lineup,
      period,
      match_seconds: eventSeconds(event),
      x: onPitch(start?.x),
      y: onPitch(start?.y),
      seq: index + 1,
      source: ctx.source,
    });
    insertAction({
      id: action,
      event: id,
      action: actionOf(event),
      x_end: onPitch(end?.x),
      y_end: onPitch(end?.y),
      z_end: null,
      outcome: accuracy(tags),
    });
    for (const tag of tags)
      insertModifier({ id: ctx.id('event_modifier', `${event.id}:${tag}`), action, modifier: tag });
  }
  return { offPitch, withoutLineup };
}

/** An action's outcome from its tags: 1 for accurate, 0 for not accurate, NULL otherwise. */
function accuracy(tags: ReadonlySet<number>): number | null {
  if (tags.has(ACCURATE)) return OUTCOME.accurate;
  if (tags.has(NOT_ACCURATE)) return OUTCOME.notAccurate;
  return null;
}
