import { matchTimeAt } from '../../../contract/match-time.ts';
import type { Row } from '../context.ts';
import type { ImportContext } from '../context.ts';
import { PERIOD } from './events.ts';
import type { MatchLineups } from './lineups.ts';
import type { MatchTarget } from './matches.ts';
import type { WyscoutPlayers } from './persons.ts';
import type { WyEvent } from './source.ts';

/** Tag and code numbers the derivation reads (Wyscout's `tags2name.csv`, `eventid2name.csv`). */
const TAG = {
  goal: 101,
  ownGoal: 102,
  leftFoot: 401,
  rightFoot: 402,
  red: 1701,
  yellow: 1702,
  secondYellow: 1703,
} as const;
const SHOT_EVENT = 10;
const FREE_KICK_SHOT = 33;
const PENALTY = 35;
/** Goal-region tags of a kick that hit the post, and of one that went wide or over. */
const POST = new Set([1217, 1218, 1219, 1220, 1221, 1222, 1223]);
const OUT = new Set([1210, 1211, 1212, 1213, 1214, 1215, 1216]);

/** Penalty outcome ids (reference list): Goal, Miss, Save, Hit post. */
const OUTCOME = { goal: 1, miss: 2, save: 3, post: 6 } as const;
/** Card ids: Yellow, Yellow/Red, Red. */
const CARD: Readonly<Record<number, number>> = {
  [TAG.yellow]: 1,
  [TAG.secondYellow]: 2,
  [TAG.red]: 3,
};
/**
 * Foul sub-events with a foul type of their own (reference list ids); a plain foul says none
 * (NULL).
 */
const FOUL: Readonly<Record<number, number>> = { 21: 11, 23: 14, 24: 19, 25: 18, 26: 21, 27: 25 };

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
  const rows: Record<'goal' | 'penalty' | 'offense' | 'shootout', Row[]> = {
    goal: [],
    penalty: [],
    offense: [],
    shootout: [],
  };
  const teamOf = (wyTeam: number) => match.teams.find((t) => t.wyId === wyTeam)!.id;
  const otherTeam = (wyTeam: number) => match.teams.find((t) => t.wyId !== wyTeam)!.id;
  const kicks = new Map<number, number>();
  let opening: string | null = null;

  for (const event of events) {
    const tags = new Set(event.tags.map((t) => t.id));
    const period = PERIOD[event.matchPeriod];
    const lineup = lineups.get(event.playerId) ?? null;
    const needLineup = (table: string): boolean => {
      if (lineup === null) report(`${table}: skipped, the player has no lineup in the match`);
      return lineup !== null;
    };
    if (period === null) {
      if (event.subEventId !== PENALTY || !needLineup('shootout')) continue;
      opening ??= teamOf(event.teamId);
      const round = (kicks.get(event.teamId) ?? 0) + 1;
      kicks.set(event.teamId, round);
      rows.shootout.push({
        id: ctx.id('shootout', event.id),
        match: match.id,
        lineup,
        opening_team: opening,
        round,
        outcome: kickOutcome(tags),
      });
      continue;
    }
    const { mins, stoppage } = matchTimeAt(period, Math.max(event.eventSec, 0));
    const time = { time_mins: mins, stoppage_mins: stoppage };
    const shot =
      event.eventId === SHOT_EVENT ||
      event.subEventId === FREE_KICK_SHOT ||
      event.subEventId === PENALTY;
    if (tags.has(TAG.ownGoal) || (shot && tags.has(TAG.goal))) {
      const own = tags.has(TAG.ownGoal);
      rows.goal.push({
        id: ctx.id('goal', event.id),
        match: match.id,
        team: own ? otherTeam(event.teamId) : teamOf(event.teamId),
        lineup,
        player: players.player(event.playerId),
        player_team: teamOf(event.teamId),
        shot_event: !own && event.subEventId === FREE_KICK_SHOT ? 16 : null,
        bodypart: own ? null : tags.has(TAG.leftFoot) ? 3 : tags.has(TAG.rightFoot) ? 4 : null,
        ...time,
      });
    }
    if (event.subEventId === PENALTY && needLineup('penalty')) {
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
    if (card !== undefined && needLineup('offense')) {
      const foul = typeof event.subEventId === 'number' ? (FOUL[event.subEventId] ?? null) : null;
      rows.offense.push({
        id: ctx.id('offense', event.id),
        match: match.id,
        lineup,
        foul,
        card: CARD[card]!,
        ...time,
      });
    }
  }

  const scoreOf = (t: MatchTarget['teams'][number]) =>
    match.extraTime ? t.data.scoreET : t.data.score;
  if (match.teams.some((t) => rows.goal.filter((g) => g['team'] === t.id).length !== scoreOf(t))) {
    report(
      'goal: matches whose goal events do not add up to the score (goals kept as the events say)',
    );
  }

  for (const [table, list] of Object.entries(rows)) {
    const ours = new Set(list.map((r) => String(r['id'])));
    const theirs = ctx.db
      .prepare<[string], { id: string }>(`SELECT id FROM "${table}" WHERE match = ?`)
      .all(match.id)
      .filter((r) => !ours.has(r.id));
    if (theirs.length > 0) {
      // Another source's rows stand; Wyscout's are counted as merged into them.
      ctx.report.count(table, 'present', list.length);
      continue;
    }
    for (const row of list) ctx.save(table, row);
  }
}

/** A penalty kick's outcome from its tags. */
function kickOutcome(tags: ReadonlySet<number>): number {
  if (tags.has(TAG.goal)) return OUTCOME.goal;
  if ([...tags].some((t) => POST.has(t))) return OUTCOME.post;
  if ([...tags].some((t) => OUT.has(t))) return OUTCOME.miss;
  return OUTCOME.save;
}
