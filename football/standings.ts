/**
 * How the table of a league or of a group is ordered, per competition and edition: the points a
 * win earns and what separates teams level on points, in the order the competition applied them.
 * The build computes every table from the matches (`build/derived/standings/`) under these rules. Where
 * the deciding fact is not in any match (the drawing of lots, fair-play points), the order comes
 * from the final positions the sources publish, declared below in `SOURCE_ORDERS`.
 */

/**
 * What separates teams level on points, each applied to the teams still level after the ones
 * before it:
 * - `goal_difference`: goals scored minus goals conceded, higher first;
 * - `goal_average`: goals scored divided by goals conceded, higher first (none conceded beats any
 *   average; none scored nor conceded counts as an average of 1);
 * - `goals_for`: goals scored, more first;
 * - `head_to_head`: among the level teams only, points, then goal difference, then goals scored
 *   in the matches between them;
 * - `play_off`: a second meeting of two teams in a group is a play-off. It is left out of the
 *   table, and its winner ranks above its loser;
 * - `source`: the order the sources publish (`SOURCE_ORDERS`): lots, fair play.
 */
export type TieBreaker =
  'goal_difference' | 'goal_average' | 'goals_for' | 'head_to_head' | 'play_off' | 'source';

/** The rules of a table. */
export interface StandingRules {
  /** Points for a win (a draw is worth 1, a defeat 0). */
  readonly win: 2 | 3;
  /** What separates teams level on points, in order. */
  readonly tieBreakers: readonly TieBreaker[];
}

/** The rules of a competition over a span of editions. */
export interface CompetitionRules {
  /** The competition's name, as the sources write it. */
  readonly competition: string;
  /** First and last edition, by the year the season starts. */
  readonly from: number;
  readonly to: number;
  readonly rules: StandingRules;
}

/** The order of teams the sources publish where it was decided by a fact no match holds. */
export interface SourceOrder {
  readonly competition: string;
  /** The year the season starts. */
  readonly season: number;
  /** The group's name, as the matches have it. */
  readonly group: string;
  /** Team names, higher first, as the matches name the teams. */
  readonly order: readonly string[];
  /** What decided it. */
  readonly by: 'lots' | 'fair play';
}

/** Goal difference, then goals scored: most leagues, and the default. */
const BY_GOALS: readonly TieBreaker[] = ['goal_difference', 'goals_for'];

/** What a competition that is not listed below uses: 3 points a win, then goals. */
export const DEFAULT_RULES: StandingRules = { win: 3, tieBreakers: BY_GOALS };

const MEN = "FIFA Men's World Cup";
const WOMEN = "FIFA Women's World Cup";

/**
 * The rules of the competitions the real data has, by edition. World Cups: 2 points a win up to
 * 1990 (men) and 1991 (women); play-offs between teams level for a place in 1954 and 1958, and
 * lots for the first place in 1954; goal average from 1958 (after any play-off) to 1966; goal
 * difference from 1970; head-to-head after goals from 1994 (men) and 1995 (women), before them
 * from 2026. Up to 1954 no rule ordered the places that decided nothing: the tables order them by
 * goal difference, as the sources do. La Liga and Serie A order level teams by their matches
 * against each other first.
 */
export const COMPETITION_RULES: readonly CompetitionRules[] = [
  { competition: MEN, from: 1930, to: 1950, rules: { win: 2, tieBreakers: ['goal_difference'] } },
  {
    competition: MEN,
    from: 1954,
    to: 1954,
    rules: { win: 2, tieBreakers: ['play_off', 'source', 'goal_difference'] },
  },
  {
    competition: MEN,
    from: 1958,
    to: 1958,
    rules: { win: 2, tieBreakers: ['play_off', 'goal_average'] },
  },
  { competition: MEN, from: 1962, to: 1966, rules: { win: 2, tieBreakers: ['goal_average'] } },
  {
    competition: MEN,
    from: 1970,
    to: 1990,
    rules: { win: 2, tieBreakers: [...BY_GOALS, 'source'] },
  },
  {
    competition: MEN,
    from: 1994,
    to: 2022,
    rules: { win: 3, tieBreakers: [...BY_GOALS, 'head_to_head', 'source'] },
  },
  {
    competition: MEN,
    from: 2026,
    to: 9999,
    rules: { win: 3, tieBreakers: ['head_to_head', ...BY_GOALS] },
  },
  {
    competition: WOMEN,
    from: 1991,
    to: 1991,
    rules: { win: 2, tieBreakers: [...BY_GOALS, 'source'] },
  },
  {
    competition: WOMEN,
    from: 1995,
    to: 9999,
    rules: { win: 3, tieBreakers: [...BY_GOALS, 'head_to_head', 'source'] },
  },
  {
    competition: 'La Liga',
    from: 0,
    to: 9999,
    rules: { win: 3, tieBreakers: ['head_to_head', ...BY_GOALS] },
  },
  {
    competition: 'Serie A',
    from: 0,
    to: 9999,
    rules: { win: 3, tieBreakers: ['head_to_head', ...BY_GOALS] },
  },
];

/**
 * Orders the matches cannot decide, as the sources publish them (the Fjelstul World Cup
 * Database's group standings).
 */
export const SOURCE_ORDERS: readonly SourceOrder[] = [
  { competition: MEN, season: 1954, group: '1', order: ['Brazil', 'Yugoslavia'], by: 'lots' },
  { competition: MEN, season: 1954, group: '3', order: ['Uruguay', 'Austria'], by: 'lots' },
  {
    competition: MEN,
    season: 1990,
    group: 'F',
    order: ['England', 'Republic of Ireland', 'Netherlands', 'Egypt'],
    by: 'lots',
  },
  {
    competition: MEN,
    season: 2018,
    group: 'H',
    order: ['Colombia', 'Japan', 'Senegal', 'Poland'],
    by: 'fair play',
  },
];

/** The year a season starts, from its id (`2018`, or `20172018` for a split season). */
export const seasonStart = (season: number): number =>
  season > 9999 ? Math.floor(season / 10000) : season;

/** The rules of a competition's edition. */
export function rulesFor(competition: string, season: number): StandingRules {
  const year = seasonStart(season);
  const entry = COMPETITION_RULES.find(
    (r) => r.competition === competition && r.from <= year && year <= r.to,
  );
  return entry?.rules ?? DEFAULT_RULES;
}
