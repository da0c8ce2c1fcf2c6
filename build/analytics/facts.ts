import type { Db } from '../../data/db.ts';
import { KICKOFF, compareTimes, laterOf, type MatchTime } from '../../contract/match-time.ts';

/**
 * What the analytics of one match are computed from, read from the database one match at a time (a
 * few indexed queries per match), so memory stays flat however many matches there are.
 */

/** 0 = home, 1 = away. */
export type Side = 0 | 1;

/** A change of the players on the pitch. */
export type Change =
  /** `on` is null when a player left and no one could come on. */
  | { kind: 'substitution'; side: Side; time: MatchTime; off: string; on: string | null }
  /** A red card or a second yellow (cards 3 and 2). */
  | { kind: 'expulsion'; side: Side; time: MatchTime; player: string };

/** A period of play: the minute it ends at and the stoppage minutes recorded after it. */
export interface Period {
  end: number;
  stoppage: number;
}

export interface MatchFacts {
  /** Goals in time order, by the side credited. */
  goals: { side: Side; time: MatchTime }[];
  /** The final score as the source states it (null where it does not). */
  score: [number | null, number | null];
  /**
   * Whether a side's goal list accounts for its final score. Where it does not (the results list
   * gives scorers for some matches only), that side's goals at a given time are unknown.
   */
  complete: [boolean, boolean];
  /**
   * Starting players of each side (ids, sorted); null when the source has no lineup for the side.
   */
  starters: [string[] | null, string[] | null];
  /** Substitutions and expulsions in time order; at one time, substitutions first. */
  changes: Change[];
  /** Periods of play (two halves, and two periods of extra time where the match had them). */
  periods: Period[];
  /** The end of the match: the later of the last period's end and the last recorded event. */
  end: MatchTime;
}

interface TimeRow {
  time_mins: number;
  stoppage_mins: number;
}

const timeOf = (r: TimeRow): MatchTime => ({ mins: r.time_mins, stoppage: r.stoppage_mins });

/** Prepares the queries once; the returned function reads the facts of one match. */
export function factsReader(db: Db): (match: string) => MatchFacts {
  const matchRow =
    db.prepare(`SELECT home_team, away_team, home_score, away_score, firsthalf_length, secondhalf_length,
    firstextra_length, secondextra_length FROM match WHERE id = ?`);
  const goals = db.prepare(
    'SELECT team, time_mins, stoppage_mins FROM goal WHERE match = ? ORDER BY time_mins, stoppage_mins, id',
  );
  const starters = db.prepare(
    'SELECT team, player FROM lineup WHERE match = ? AND is_starting = 1 ORDER BY player',
  );
  const substitutions =
    db.prepare(`SELECT su.team, lo.player AS off, li.player AS "on", su.time_mins, su.stoppage_mins
    FROM substitution su JOIN lineup lo ON lo.id = su.lineup_out LEFT JOIN lineup li ON li.id = su.lineup_in
    WHERE su.match = ? ORDER BY su.time_mins, su.stoppage_mins, su.id`);
  const expulsions =
    db.prepare(`SELECT l.team, l.player, o.time_mins, o.stoppage_mins FROM offense o JOIN lineup l ON l.id = o.lineup
    WHERE o.match = ? AND o.card IN (2, 3) ORDER BY o.time_mins, o.stoppage_mins, o.id`);
  // Every recorded event's time: the latest stoppage minute at each minute tells how long periods
  // ran.
  const eventTimes = db.prepare(`SELECT time_mins, max(stoppage_mins) AS stoppage_mins FROM (
      SELECT time_mins, stoppage_mins FROM goal WHERE match = @id
      UNION ALL SELECT time_mins, stoppage_mins FROM penalty WHERE match = @id
      UNION ALL SELECT time_mins, stoppage_mins FROM offense WHERE match = @id
      UNION ALL SELECT time_mins, stoppage_mins FROM substitution WHERE match = @id)
    GROUP BY time_mins ORDER BY time_mins`);

  return (id) => {
    const m = matchRow.get(id) as
      | {
          home_team: string;
          away_team: string;
          home_score: number | null;
          away_score: number | null;
          firsthalf_length: number | null;
          secondhalf_length: number | null;
          firstextra_length: number | null;
          secondextra_length: number | null;
        }
      | undefined;
    if (!m) throw new Error(`analytics: no match ${id}`);
    const sideOf = (team: string): Side | null =>
      team === m.home_team ? 0 : team === m.away_team ? 1 : null;

    const goalList: MatchFacts['goals'] = [];
    for (const g of goals.all(id) as (TimeRow & { team: string })[]) {
      const side = sideOf(g.team);
      if (side !== null) goalList.push({ side, time: timeOf(g) });
    }
    const score: MatchFacts['score'] = [m.home_score, m.away_score];
    const complete = ([0, 1] as const).map(
      (s) => score[s] !== null && goalList.filter((g) => g.side === s).length === score[s],
    ) as [boolean, boolean];

    const lists: [string[], string[]] = [[], []];
    for (const r of starters.all(id) as { team: string; player: string }[]) {
      const side = sideOf(r.team);
      if (side !== null) lists[side].push(r.player);
    }
    const starting = lists.map((l) => (l.length > 0 ? l : null)) as MatchFacts['starters'];

    // Changes of a side without a lineup cannot be applied to anyone; they are left out.
    const changes: Change[] = [];
    for (const r of substitutions.all(id) as (TimeRow & {
      team: string;
      off: string;
      on: string | null;
    })[]) {
      const side = sideOf(r.team);
      if (side !== null && starting[side])
        changes.push({ kind: 'substitution', side, time: timeOf(r), off: r.off, on: r.on });
    }
    for (const r of expulsions.all(id) as (TimeRow & { team: string; player: string })[]) {
      const side = sideOf(r.team);
      if (side !== null && starting[side])
        changes.push({ kind: 'expulsion', side, time: timeOf(r), player: r.player });
    }
    // Stable: substitutions (listed first) stay ahead of expulsions at the same time, so a player
    // who comes on and is sent off in the same minute is on the pitch before being sent off.
    changes.sort((a, b) => compareTimes(a.time, b.time));

    const periods = periodsOf(m);
    const times = eventTimes.all({ id }) as TimeRow[];
    const stoppageAt = new Map(times.map((t) => [t.time_mins, t.stoppage_mins]));
    for (const p of periods) p.stoppage = stoppageAt.get(p.end) ?? 0;
    let end: MatchTime = { mins: periods[periods.length - 1]!.end, stoppage: 0 };
    for (const t of times) end = laterOf(end, timeOf(t));
    return {
      goals: goalList,
      score,
      complete,
      starters: starting,
      changes,
      periods,
      end: laterOf(end, KICKOFF),
    };
  };
}

/**
 * The periods of a match from its period lengths: two halves (45 minutes where the source does not
 * say), and two periods of extra time (15 minutes unless stated) where the match records a first
 * one.
 */
function periodsOf(m: {
  firsthalf_length: number | null;
  secondhalf_length: number | null;
  firstextra_length: number | null;
  secondextra_length: number | null;
}): Period[] {
  const lengths = [m.firsthalf_length ?? 45, m.secondhalf_length ?? 45];
  if (m.firstextra_length !== null) lengths.push(m.firstextra_length, m.secondextra_length ?? 15);
  let end = 0;
  return lengths.map((length) => ({ end: (end += length), stoppage: 0 }));
}
