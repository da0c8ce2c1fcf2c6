import { GROUP_ROUND, KNOCKOUT_ROUND, PHASE as PHASE_ID } from '../../../football/codes.ts';
import type { Rng } from '../random.ts';

/**
 * Who plays whom, when and where: round robins, group draws, standings and knockout brackets of the
 * demo competitions. Pure functions; each competition's file (league-matches.ts,
 * club-cup-matches.ts, nations-cup-matches.ts) plays the fixtures and feeds the results back for
 * the next stage.
 */

/** What a match's teams are: clubs (`team` rows) or national teams (`country` rows). */
export type MatchType = 'clubs' | 'national';

/** `phase` ids (reference/lists.ts). */
export const PHASE = PHASE_ID;

/** `groupround` id of an ordinary group stage. */
export const GROUP_STAGE = GROUP_ROUND.groupStage;

/** `knockoutround` ids the demo uses. */
export const KNOCKOUT = KNOCKOUT_ROUND;

/** One scheduled match, before it is played. */
export interface Fixture {
  /**
   * Stable key: the v1 id of the match is `uuidFor('demo', 'match', key)`; every row of the match
   * derives from it.
   */
  readonly key: string;
  readonly type: MatchType;
  readonly competition: string;
  readonly season: number;
  readonly phase: number;
  readonly matchday: number | null;
  readonly groupRound: number | null;
  readonly groupName: string | null;
  readonly knockoutRound: number | null;
  /** Team ids (clubs) or country ids (national teams). */
  readonly home: string;
  readonly away: string;
  /** Local date `YYYY-MM-DD` and kickoff time `HH:MM:SS`. */
  readonly date: string;
  readonly kickoff: string;
  readonly venue: string;
  /** Whether the home team plays at home (it has home advantage); false at neutral grounds. */
  readonly homeGround: boolean;
  /** A knockout tie that needs a winner: extra time, then a shootout. */
  readonly decisive: boolean;
}

/** A played match's score, as standings and brackets need it. */
export interface Result {
  readonly home: string;
  readonly away: string;
  readonly homeScore: number;
  readonly awayScore: number;
  /** The team that went through (decisive ties only), else null. */
  readonly winner: string | null;
}

const DAY_MS = 86_400_000;

/** The ISO date `days` days after `iso`. */
export function addDays(iso: string, days: number): string {
  const [y, m, d] = iso.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d) + days * DAY_MS).toISOString().slice(0, 10);
}

/** A URL-safe slug of a name, for readable match keys ("Côte d'Ivoire" -> "cote-d-ivoire"). */
export function slug(name: string): string {
  return name
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
}

/**
 * A single round robin by the circle method: `teams.length - 1` rounds of `teams.length / 2` [home,
 * away] pairs, every pair meeting once. Home and away alternate as evenly as the method allows (no
 * team is at home in more than two rounds running).
 */
export function roundRobin<T>(teams: readonly T[]): [T, T][][] {
  const n = teams.length;
  if (n < 2 || n % 2 !== 0) throw new Error(`round robin needs an even number of teams, got ${n}`);
  const fixed = teams[n - 1]!;
  const rotating = teams.slice(0, n - 1);
  const rounds: [T, T][][] = [];
  for (let r = 0; r < n - 1; r++) {
    const pairs: [T, T][] = [];
    const first = rotating[r % (n - 1)]!;
    pairs.push(r % 2 === 0 ? [first, fixed] : [fixed, first]);
    for (let i = 1; i < n / 2; i++) {
      const a = rotating[(r + i) % (n - 1)]!;
      const b = rotating[(r - i + (n - 1)) % (n - 1)]!;
      pairs.push(i % 2 === 1 ? [a, b] : [b, a]);
    }
    rounds.push(pairs);
  }
  return rounds;
}

/** A double round robin: the single one, then every pairing again with home and away swapped. */
export function doubleRoundRobin<T>(teams: readonly T[]): [T, T][][] {
  const first = roundRobin(teams);
  return [...first, ...first.map((round) => round.map(([home, away]): [T, T] => [away, home]))];
}

/**
 * Draws teams into groups of `size`. `seeded` teams head the groups in order (a host in group A);
 * the rest are shuffled until every group `fits` (for example no two teams of one confederation),
 * giving up after a fixed number of tries with the last draw. Deterministic for a given stream.
 */
export function drawGroups(
  rng: Rng,
  teams: readonly string[],
  size: number,
  fits: (group: readonly string[]) => boolean,
  seeded: readonly string[] = [],
): string[][] {
  if (teams.length % size !== 0)
    throw new Error(`cannot split ${teams.length} teams into groups of ${size}`);
  const count = teams.length / size;
  const rest = teams.filter((team) => !seeded.includes(team));
  let groups: string[][] = [];
  for (let attempt = 0; attempt < 500; attempt++) {
    const pool = [...seeded, ...rng.shuffle(rest)];
    groups = Array.from({ length: count }, () => []);
    // Seeded teams head groups A, B, ...; the others fill group by group.
    seeded.forEach((team, i) => groups[i]!.push(team));
    let g = 0;
    for (const team of pool.slice(seeded.length)) {
      while (groups[g]!.length >= size) g++;
      groups[g]!.push(team);
    }
    if (groups.every(fits)) return groups;
  }
  return groups;
}

/**
 * The group table: points (3 a win, 1 a draw), then goal difference, goals scored, the head-to-head
 * points, and finally the draw order (the `teams` order).
 */
export function standings(teams: readonly string[], results: readonly Result[]): string[] {
  const table = new Map(
    teams.map((team, order) => [team, { team, order, points: 0, scored: 0, conceded: 0 }]),
  );
  const add = (team: string, scored: number, conceded: number): void => {
    const row = table.get(team);
    if (!row) return;
    row.scored += scored;
    row.conceded += conceded;
    row.points += scored > conceded ? 3 : scored === conceded ? 1 : 0;
  };
  for (const result of results) {
    add(result.home, result.homeScore, result.awayScore);
    add(result.away, result.awayScore, result.homeScore);
  }
  const headToHead = (a: string, b: string): number => {
    let points = 0;
    for (const r of results) {
      if (r.home === a && r.away === b) points += Math.sign(r.homeScore - r.awayScore);
      if (r.home === b && r.away === a) points += Math.sign(r.awayScore - r.homeScore);
    }
    return points;
  };
  return [...table.values()]
    .sort(
      (x, y) =>
        y.points - x.points ||
        y.scored - y.conceded - (x.scored - x.conceded) ||
        y.scored - x.scored ||
        headToHead(y.team, x.team) ||
        x.order - y.order,
    )
    .map((row) => row.team);
}

/** The team that lost a decisive tie. */
export function loserOf(result: Result): string {
  if (result.winner === null) throw new Error(`tie ${result.home} v ${result.away} has no winner`);
  return result.winner === result.home ? result.away : result.home;
}

/** The team that won a decisive tie. */
export function winnerOf(result: Result): string {
  if (result.winner === null) throw new Error(`tie ${result.home} v ${result.away} has no winner`);
  return result.winner;
}
