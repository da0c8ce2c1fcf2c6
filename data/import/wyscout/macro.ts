import { matchTimeAt } from '../../../contract/match-time.ts';
import {
  BODY_PART,
  CARD as CARD_ID,
  FOUL as FOUL_ID,
  PENALTY_OUTCOME,
  SHOT_EVENT,
} from '../../../football/codes.ts';
import { ACTION, MOD } from '../../../football/event-codes.ts';
import { GOAL_REGION } from '../../../football/event-families.ts';
import { MODIFIERS } from '../../../football/events.ts';
import type { NewRowOf, RowOf } from '../../tables.ts';
import type { ImportContext } from '../context.ts';
import { eventSeconds, PERIOD } from './events.ts';
import type { MatchLineups } from './lineups.ts';
import type { MatchTarget } from './matches.ts';
import type { WyscoutPlayers } from './persons.ts';
import type { WyEvent } from './source.ts';

/**
 * The tags the derivation reads (Wyscout's `tags2name.csv`): a tag code is the id of its modifier.
 */
const TAG = {
  goal: MOD.goal,
  ownGoal: MOD.ownGoal,
  leftFoot: MOD.leftFoot,
  rightFoot: MOD.rightFoot,
  red: MOD.redCard,
  yellow: MOD.yellowCard,
  secondYellow: MOD.secondYellow,
} as const;
/** Wyscout's event code of shots (`eventid2name.csv`); sub-event codes are action ids. */
const SHOT_EVENT_CODE = 10;
const FREE_KICK_SHOT = ACTION.freeKickShot;
const PENALTY = ACTION.penalty;
/** The goal-region tags of a range of `GOAL_REGION`. */
const regionTags = ([from, to]: readonly [number, number]) =>
  new Set(MODIFIERS.map(([id]) => id).filter((id) => id >= from && id <= to));
/** Goal-region tags of a kick that hit the post, and of one that went wide or over. */
const POST = regionTags(GOAL_REGION.post);
const OUT = regionTags(GOAL_REGION.out);

/** Penalty outcome ids: Goal, Miss, Save, Hit post. */
const OUTCOME = PENALTY_OUTCOME;
/** Card ids: Yellow, Yellow/Red, Red. */
const CARD: Readonly<Record<number, number>> = {
  [TAG.yellow]: CARD_ID.yellow,
  [TAG.secondYellow]: CARD_ID.secondYellow,
  [TAG.red]: CARD_ID.red,
};
/**
 * Foul sub-events with a foul type of their own (reference list ids); a plain foul says none
 * (NULL).
 */
const FOUL: Readonly<Record<number, number>> = {
  [ACTION.handFoul]: FOUL_ID.handball,
  [ACTION.outOfGameFoul]: FOUL_ID.offTheBall,
  [ACTION.protest]: FOUL_ID.dissent,
  [ACTION.simulation]: FOUL_ID.simulation,
  [ACTION.timeLostFoul]: FOUL_ID.delayingRestart,
  [ACTION.violentFoul]: FOUL_ID.violentConduct,
};

/**
 * Goals, penalties, bookings and shootout kicks of one match, derived from its events, as the
 * model's macro-events:
 * - goal: a shot, free-kick shot or penalty tagged goal (101), credited to the shooter's team; an
 *   own goal (tag 102, on a touch, clearance or header) to the other team, with the player who put
 *   it in. Body part from the foot tags (403, "head/body", does not say which: NULL); `shot_event`
 *   16 (direct from free kick) for a free-kick shot, otherwise NULL.
 * - penalty (periods 1-4): outcome goal, hit post, miss (wide or over) or save (on target, no
 *   goal).
 * - offense: an event with a card tag: yellow, second yellow (Yellow/Red) or red; the foul type
 *   where the sub-event names one.
 * - shootout: the penalties of period `P`, numbered per team in kick order; the opening team kicks
 *   first.
 * Minutes come from the period and its seconds (`matchTimeAt`), stoppage time included.
 *
 * A merged match keeps another source's rows of a table when it has any (the World Cup's goals from
 * Fjelstul); only the tables it lacks are filled.
 */
export function importMacroEvents(
  ctx: ImportContext,
  match: MatchTarget,
  events: readonly WyEvent[],
  players: WyscoutPlayers,
  lineups: MatchLineups,
  report: (what: string, n?: number) => void,
): void {
  const rows = macroRows(ctx, match, events, players, lineups, report);
  const scoreOf = (t: MatchTarget['teams'][number]) =>
    match.extraTime ? t.data.scoreET : t.data.score;
  if (match.teams.some((t) => rows.goal.filter((g) => g.team === t.id).length !== scoreOf(t))) {
    report(
      'goal: matches whose goal events do not add up to the score (goals kept as the events say)',
    );
  }
  saveUnlessForeign(ctx, match, 'goal', rows.goal);
  saveUnlessForeign(ctx, match, 'penalty', rows.penalty);
  saveUnlessForeign(ctx, match, 'offense', rows.offense);
  saveUnlessForeign(ctx, match, 'shootout', rows.shootout);
}

/** The tables of the macro-events derived from a match's events. */
type MacroTable = 'goal' | 'penalty' | 'offense' | 'shootout';

/** The rows of each macro-event table, in the order of the events. */
type MacroRows = { readonly [T in MacroTable]: NewRowOf<T>[] };

/** The minute of an event, with its stoppage minutes, as a macro-event row writes it. */
type EventTime = Pick<RowOf<'goal'>, 'time_mins' | 'stoppage_mins'>;

/** The macro-event rows of one match's events (see `importMacroEvents`). */
function macroRows(
  ctx: ImportContext,
  match: MatchTarget,
  events: readonly WyEvent[],
  players: WyscoutPlayers,
  lineups: MatchLineups,
  report: (what: string) => void,
): MacroRows {
  const rows: MacroRows = { goal: [], penalty: [], offense: [], shootout: [] };
  const shootoutKick = shootoutKicks(ctx, match);
  for (const event of events) {
    const tags = new Set(event.tags.map((t) => t.id));
    const period = PERIOD[event.matchPeriod];
    const lineup = lineups.get(event.playerId) ?? null;
    if (period === null) {
      if (event.subEventId === PENALTY && hasLineup(lineup, 'shootout', report))
        rows.shootout.push(shootoutKick(event, lineup, tags));
      continue;
    }
    const { mins, stoppage } = matchTimeAt(period, eventSeconds(event));
    const time: EventTime = { time_mins: mins, stoppage_mins: stoppage };
    const goal = goalRow(ctx, match, event, tags, lineup, players, time);
    if (goal !== null) rows.goal.push(goal);
    if (event.subEventId === PENALTY && hasLineup(lineup, 'penalty', report)) {
      rows.penalty.push({
        id: ctx.id('penalty', event.id),
        match: match.id,
        lineup,
        foul: null,
        outcome: kickOutcome(tags),
        ...time,
      });
    }
    const card = [TAG.yellow, TAG.secondYellow, TAG.red].find((t) => tags.has(t));
    if (card !== undefined && hasLineup(lineup, 'offense', report))
      rows.offense.push(offenseRow(ctx, match, event, lineup, card, time));
  }
  return rows;
}

/** Whether an event's player has a lineup, which a row of `table` needs (reported if not). */
function hasLineup(
  lineup: string | null,
  table: MacroTable,
  report: (what: string) => void,
): lineup is string {
  if (lineup === null) report(`${table}: skipped, the player has no lineup in the match`);
  return lineup !== null;
}

/** The team id of a Wyscout team of the match. */
const teamOf = (match: MatchTarget, wyTeam: number) =>
  match.teams.find((t) => t.wyId === wyTeam)!.id;
/** The team id of the match's other team. */
const otherTeam = (match: MatchTarget, wyTeam: number) =>
  match.teams.find((t) => t.wyId !== wyTeam)!.id;

/**
 * The shootout row of each kick of a match, in kick order: numbered per team, the opening team
 * being the first to kick.
 */
function shootoutKicks(
  ctx: ImportContext,
  match: MatchTarget,
): (event: WyEvent, lineup: string, tags: ReadonlySet<number>) => NewRowOf<'shootout'> {
  const kicks = new Map<number, number>();
  let opening: string | null = null;
  return (event, lineup, tags) => {
    opening ??= teamOf(match, event.teamId);
    const round = (kicks.get(event.teamId) ?? 0) + 1;
    kicks.set(event.teamId, round);
    return {
      id: ctx.id('shootout', event.id),
      match: match.id,
      lineup,
      opening_team: opening,
      round,
      outcome: kickOutcome(tags),
    };
  };
}

/** The goal row of an event that is a goal (a shot tagged goal, or an own goal), else null. */
function goalRow(
  ctx: ImportContext,
  match: MatchTarget,
  event: WyEvent,
  tags: ReadonlySet<number>,
  lineup: string | null,
  players: WyscoutPlayers,
  time: EventTime,
): NewRowOf<'goal'> | null {
  const shot =
    event.eventId === SHOT_EVENT_CODE ||
    event.subEventId === FREE_KICK_SHOT ||
    event.subEventId === PENALTY;
  if (!tags.has(TAG.ownGoal) && !(shot && tags.has(TAG.goal))) return null;
  const own = tags.has(TAG.ownGoal);
  return {
    id: ctx.id('goal', event.id),
    match: match.id,
    team: own ? otherTeam(match, event.teamId) : teamOf(match, event.teamId),
    lineup,
    player: players.player(event.playerId),
    player_team: teamOf(match, event.teamId),
    shot_event: !own && event.subEventId === FREE_KICK_SHOT ? SHOT_EVENT.directFromFreeKick : null,
    bodypart: own
      ? null
      : tags.has(TAG.leftFoot)
        ? BODY_PART.leftFoot
        : tags.has(TAG.rightFoot)
          ? BODY_PART.rightFoot
          : null,
    ...time,
  };
}

/** The offense row of an event with a card tag. */
function offenseRow(
  ctx: ImportContext,
  match: MatchTarget,
  event: WyEvent,
  lineup: string,
  card: number,
  time: EventTime,
): NewRowOf<'offense'> {
  const foul = typeof event.subEventId === 'number' ? (FOUL[event.subEventId] ?? null) : null;
  return {
    id: ctx.id('offense', event.id),
    match: match.id,
    lineup,
    foul,
    card: CARD[card]!,
    ...time,
  };
}

/** Writes a table's rows of the match, unless another source has rows of that table for it. */
function saveUnlessForeign<T extends MacroTable>(
  ctx: ImportContext,
  match: MatchTarget,
  table: T,
  list: readonly NewRowOf<T>[],
): void {
  const ours = new Set(list.map((r) => String(r.id)));
  const theirs = ctx.db
    .prepare<[string], { id: string }>(`SELECT id FROM "${table}" WHERE match = ?`)
    .all(match.id)
    .filter((r) => !ours.has(r.id));
  if (theirs.length > 0) {
    // Another source's rows stand; Wyscout's are counted as merged into them.
    ctx.report.count(table, 'present', list.length);
    return;
  }
  for (const row of list) ctx.save(table, row);
}

/** A penalty kick's outcome from its tags. */
function kickOutcome(tags: ReadonlySet<number>): number {
  if (tags.has(TAG.goal)) return OUTCOME.goal;
  if ([...tags].some((t) => POST.has(t))) return OUTCOME.post;
  if ([...tags].some((t) => OUT.has(t))) return OUTCOME.miss;
  return OUTCOME.save;
}
