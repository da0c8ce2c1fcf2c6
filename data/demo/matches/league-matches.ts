import { addDays, doubleRoundRobin, PHASE, type Fixture } from './fixtures.ts';
import type { MatchCalendar } from './match-calendar.ts';
import type { MatchScript } from './played-match.ts';

/**
 * The first domestic league's season: a double round robin, one matchday a week, each matchday's
 * matches spread over a weekend's kick-off slots.
 */

/** The first matchday of the league season (a Saturday); one matchday a week after it. */
const LEAGUE_START = '2023-08-19';
const LEAGUE_SLOTS: readonly (readonly [dayOffset: number, kickoff: string])[] = [
  [0, '16:15:00'],
  [0, '18:30:00'],
  [0, '21:00:00'],
  [1, '18:30:00'],
  [1, '21:00:00'],
];

/**
 * Scripted events, by `matchday:index` of the match, so every seed shows them: the demo is a
 * showcase of the cases an API client must handle (own goal, penalties scored, missed and saved, a
 * second yellow, a straight red, a player leaving with no substitutions left). Random play adds
 * more of each.
 */
const LEAGUE_FEATURES: Readonly<Record<string, MatchScript['features']>> = {
  '1:0': ['ownGoal', 'penaltySave'],
  '2:1': ['penaltyGoal', 'secondYellow'],
  '3:2': ['straightRed', 'penaltyMiss'],
  '4:3': ['injuryNoSub'],
};
/** League matches (matchday:index) whose humidity the "source" does not give. */
const HUMIDITY_UNKNOWN = new Set(['7:3', '12:1']);

const pad = (n: number): string => String(n).padStart(2, '0');

/** The league played, for the steps after it. */
export interface PlayedLeague {
  readonly competition: string;
  readonly country: string;
}

/**
 * Plays the first league's first `matchdays` matchdays (all of them when null). A lean demo stops
 * after a few: a season in progress. Each match draws from its own stream, so the matchdays played
 * are the same in both.
 */
export function playLeague(calendar: MatchCalendar, matchdays: number | null): PlayedLeague {
  const league = calendar.inputs.leagues[0];
  if (!league) throw new Error('demo matches: no league');
  const leagueKey = calendar.seasonKey(league.competition, league.season);
  const rng = calendar.ctx.rng('matches:league');
  const rounds = doubleRoundRobin(rng.shuffle(league.clubs));
  rounds.slice(0, matchdays ?? rounds.length).forEach((round, r) => {
    const matchday = r + 1;
    const slots = rng.shuffle(LEAGUE_SLOTS);
    round.forEach(([home, away], i) => {
      const [offset, kickoff] = slots[i]!;
      const fixture: Fixture = {
        key: `${leagueKey}:md${pad(matchday)}:${calendar.teamKey(home)}-v-${calendar.teamKey(away)}`,
        type: 'clubs',
        competition: league.competition,
        season: league.season,
        phase: PHASE.league,
        matchday,
        groupRound: null,
        groupName: null,
        knockoutRound: null,
        home,
        away,
        date: addDays(LEAGUE_START, 7 * r + offset),
        kickoff,
        venue: calendar.inputs.venuesByTeam[home]!,
        homeGround: true,
        decisive: false,
      };
      const slot = `${matchday}:${i}`;
      const features = LEAGUE_FEATURES[slot];
      calendar.play(fixture, features ? { features } : {}, HUMIDITY_UNKNOWN.has(slot));
    });
  });
  return { competition: league.competition, country: league.country };
}
