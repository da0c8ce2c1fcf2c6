import type { StandingRules, TieBreaker } from '../../../football/standings.ts';

/**
 * The table of one league season or one group, computed from its results under the rules of its
 * edition (`football/standings.ts`). Pure: the build feeds it the matches of each table.
 */

/** A played match of the table: its teams and final score (extra time included). */
export interface Result {
  home: string;
  away: string;
  homeScore: number;
  awayScore: number;
}

/** What decided a team's place against a team level with it, when no match of the table did. */
export type DecidedBy = 'play-off' | 'lots' | 'fair play' | null;

/** A team's line of the table. */
export interface Standing {
  team: string;
  /** 1 for the first; teams nothing separates share a position. */
  position: number;
  played: number;
  won: number;
  drawn: number;
  lost: number;
  goalsFor: number;
  goalsAgainst: number;
  points: number;
  /** The results of its last five matches of the table, oldest first: `W`, `D`, `L`. */
  form: string;
  decidedBy: DecidedBy;
}

type Line = Omit<Standing, 'position' | 'form' | 'decidedBy'> & { results: string[] };

/** The order the sources publish for a table, where a fact no match holds decided it. */
export interface SourceRanking {
  order: readonly string[];
  by: 'lots' | 'fair play';
}

/**
 * The table of `teams` after `results` (the played matches, in the order played) under `rules`.
 * `sourceOrder`: team names as the sources rank them, for the `source` tie-breaker; `name` gives
 * a team's name.
 */
export function standingsOf(
  teams: readonly string[],
  results: readonly Result[],
  rules: StandingRules,
  sourceOrder: SourceRanking | null,
  name: (team: string) => string,
): Standing[] {
  const playOffs = rules.tieBreakers.includes('play_off') ? playOffsOf(results) : new Set<Result>();
  const counted = results.filter((r) => !playOffs.has(r));
  const lines = linesOf(counted, rules.win);
  for (const team of teams) if (!lines.has(team)) add(lines, team);
  const context: Context = { rules, counted, playOffs: [...playOffs], sourceOrder, name };
  const ranked = rank([...lines.values()], ['points', ...rules.tieBreakers], context);
  const out: Standing[] = [];
  let position = 1;
  for (const level of ranked) {
    // Code-unit order, not the locale's: the same bytes on every machine.
    const teams = [...level.teams].sort((a, b) => (name(a.team) < name(b.team) ? -1 : 1));
    for (const line of teams) {
      const { results: played, ...counts } = line;
      out.push({
        ...counts,
        position,
        form: played.slice(-5).join(''),
        decidedBy: level.decidedBy ?? null,
      });
    }
    position += teams.length;
  }
  return out;
}

/** The matches of a group that repeat a meeting: play-offs, where the rules have them. */
function playOffsOf(results: readonly Result[]): Set<Result> {
  const met = new Set<string>();
  const out = new Set<Result>();
  for (const r of results) {
    const pair = [r.home, r.away].sort().join('\0');
    if (met.has(pair)) out.add(r);
    met.add(pair);
  }
  return out;
}

function add(lines: Map<string, Line>, team: string): Line {
  const line: Line = {
    team,
    played: 0,
    won: 0,
    drawn: 0,
    lost: 0,
    goalsFor: 0,
    goalsAgainst: 0,
    points: 0,
    results: [],
  };
  lines.set(team, line);
  return line;
}

/** Each team's counts over `results`. */
function linesOf(results: readonly Result[], win: number): Map<string, Line> {
  const lines = new Map<string, Line>();
  for (const r of results) {
    const sides: [string, number, number][] = [
      [r.home, r.homeScore, r.awayScore],
      [r.away, r.awayScore, r.homeScore],
    ];
    for (const [team, scored, conceded] of sides) {
      const line = lines.get(team) ?? add(lines, team);
      line.played++;
      line.goalsFor += scored;
      line.goalsAgainst += conceded;
      const outcome = scored > conceded ? 'W' : scored === conceded ? 'D' : 'L';
      line.results.push(outcome);
      if (outcome === 'W') {
        line.won++;
        line.points += win;
      } else if (outcome === 'D') {
        line.drawn++;
        line.points++;
      } else line.lost++;
    }
  }
  return lines;
}

interface Context {
  rules: StandingRules;
  counted: readonly Result[];
  playOffs: readonly Result[];
  sourceOrder: SourceRanking | null;
  name: (team: string) => string;
}

/**
 * Teams at one level of the table. `decidedBy`: what set them apart from a level next to theirs,
 * when it was a fact outside the table's matches.
 */
interface Level {
  teams: Line[];
  decidedBy?: DecidedBy;
}

/** Splits `lines` into levels, best first, by each criterion in turn among the still level. */
function rank(
  lines: Line[],
  criteria: readonly ('points' | TieBreaker)[],
  context: Context,
): Level[] {
  if (lines.length <= 1 || criteria.length === 0) return [{ teams: lines }];
  const [criterion, ...rest] = criteria as ['points' | TieBreaker, ...('points' | TieBreaker)[]];
  const keyed = keysOf(criterion, lines, context);
  const values = [...new Set(keyed.values())].sort((a, b) => b - a);
  const decided = decidedBy(criterion, context);
  const levels: Level[] = [];
  for (const [i, value] of values.entries()) {
    const teams = lines.filter((l) => keyed.get(l) === value);
    const inner = rank(teams, rest, context);
    if (values.length > 1 && decided) {
      if (i > 0) inner[0]!.decidedBy ??= decided;
      if (i < values.length - 1) inner[inner.length - 1]!.decidedBy ??= decided;
    }
    levels.push(...inner);
  }
  return levels;
}

/** What a criterion records as deciding, when it is a fact outside the table's matches. */
function decidedBy(criterion: 'points' | TieBreaker, context: Context): DecidedBy {
  if (criterion === 'play_off') return 'play-off';
  if (criterion === 'source') return context.sourceOrder?.by ?? null;
  return null;
}

/** Each line's value under a criterion: higher ranks first; equal values stay level. */
function keysOf(
  criterion: 'points' | TieBreaker,
  lines: Line[],
  context: Context,
): Map<Line, number> {
  const by = (f: (l: Line) => number) => new Map(lines.map((l) => [l, f(l)]));
  switch (criterion) {
    case 'points':
      return by((l) => l.points);
    case 'goal_difference':
      return by((l) => l.goalsFor - l.goalsAgainst);
    case 'goals_for':
      return by((l) => l.goalsFor);
    case 'goal_average':
      return by((l) => goalAverage(l.goalsFor, l.goalsAgainst));
    case 'head_to_head':
      return headToHead(lines, context);
    case 'play_off':
      return playOffKeys(lines, context.playOffs);
    case 'source': {
      const order = context.sourceOrder?.order ?? [];
      return by((l) => {
        const at = order.indexOf(context.name(l.team));
        return at < 0 ? 0 : order.length - at;
      });
    }
    default:
      throw new Error(`standings: unknown tie-breaker ${criterion satisfies never}`);
  }
}

/** Goals scored over goals conceded; none conceded is above any average. */
function goalAverage(scored: number, conceded: number): number {
  if (conceded > 0) return scored / conceded;
  return scored > 0 ? Number.POSITIVE_INFINITY : 1;
}

/**
 * Points, then goal difference, then goals scored in the matches among `lines`, as one number
 * that orders them so (a difference within ±500 and fewer than 1,000 goals, as any table has).
 */
function headToHead(lines: Line[], context: Context): Map<Line, number> {
  const teams = new Set(lines.map((l) => l.team));
  const among = context.counted.filter((r) => teams.has(r.home) && teams.has(r.away));
  const mini = linesOf(among, context.rules.win);
  return new Map(
    lines.map((l) => {
      const m = mini.get(l.team);
      if (!m) return [l, 0];
      return [l, m.points * 1e6 + (m.goalsFor - m.goalsAgainst + 500) * 1e3 + m.goalsFor];
    }),
  );
}

/** 1 for a team that won a play-off against another of `lines`, -1 for its loser, else 0. */
function playOffKeys(lines: Line[], playOffs: readonly Result[]): Map<Line, number> {
  const teams = new Set(lines.map((l) => l.team));
  const out = new Map(lines.map((l) => [l, 0]));
  const byTeam = new Map(lines.map((l) => [l.team, l]));
  for (const r of playOffs) {
    if (!teams.has(r.home) || !teams.has(r.away) || r.homeScore === r.awayScore) continue;
    const [winner, loser] = r.homeScore > r.awayScore ? [r.home, r.away] : [r.away, r.home];
    out.set(byTeam.get(winner)!, 1);
    out.set(byTeam.get(loser)!, -1);
  }
  return out;
}
