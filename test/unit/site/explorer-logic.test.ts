import { describe, expect, it } from 'vitest';
import type {
  Goal,
  Offense,
  Penalty,
  Segment,
  Substitution,
} from '../../../site/explorer/records.ts';
import { href, parseRoute, type Route } from '../../../site/explorer/routes.ts';
import { runningScore, timeline } from '../../../site/explorer/timeline.ts';
import { count, day, thousands } from '../../../site/explorer/view.ts';

/**
 * The explorer's logic that needs no browser: the match timeline, the running score of the match
 * state, and the pages its addresses name. The records are made here, with the cases the demo may
 * not have (own goals, unnamed scorers, a scored penalty missing from the goals, unknown goals).
 */

const HOME = 'h'.repeat(32);
const AWAY = 'a'.repeat(32);
const base = {
  uri: '',
  link: {},
  match: 'm',
  competition: 'c'.repeat(32),
  competitionName: 'Cup',
  season: 2024,
  seasonName: '2024',
  matchDate: '2024-06-01',
  homeTeamName: 'Home',
  awayTeamName: 'Away',
  playerTeamName: null,
};

const goal = (over: Partial<Goal>): Goal => ({
  ...base,
  id: 'g',
  player: 'p1',
  playerName: 'One',
  playerTeam: HOME,
  scoringTeam: HOME,
  shotEventType: null,
  bodypartName: null,
  timeMins: 10,
  stoppageMins: 0,
  ...over,
});
const penalty = (over: Partial<Penalty>): Penalty => ({
  ...base,
  id: 'p',
  player: 'p1',
  playerName: 'One',
  playerTeam: HOME,
  foulType: null,
  outcome: 1,
  outcomeType: 'Goal',
  timeMins: 10,
  stoppageMins: 0,
  ...over,
});
const card = (over: Partial<Offense>): Offense => ({
  ...base,
  id: 'c',
  player: 'p2',
  playerName: 'Two',
  playerTeam: AWAY,
  foulType: null,
  cardType: 'Yellow',
  timeMins: 45,
  stoppageMins: 2,
  ...over,
});
const sub: Substitution = {
  ...base,
  id: 's',
  team: AWAY,
  teamName: 'Away',
  inPlayer: null,
  inPlayerName: null,
  outPlayer: 'p3',
  outPlayerName: 'Three',
  timeMins: 45,
  stoppageMins: 1,
};
const none = { goals: [], offenses: [], penalties: [], substitutions: [] };

describe('the match timeline', () => {
  it('puts an own goal on the side it counts for, and no unnamed scorer among own goals', () => {
    const own = goal({ playerTeam: AWAY, scoringTeam: HOME });
    const unnamed = goal({ player: null, playerName: null, playerTeam: null, scoringTeam: AWAY });
    const [first, second] = timeline(HOME, { ...none, goals: [own, unnamed] });
    expect(first).toMatchObject({ kind: 'goal', side: 'home', own: true });
    expect(second).toMatchObject({ kind: 'goal', side: 'away', own: false });
  });

  it('shows a scored penalty once, as a goal, and keeps one the goals miss', () => {
    const scored = penalty({});
    const missing = penalty({ id: 'p2', player: 'p9', timeMins: 80 });
    const missed = penalty({ id: 'p3', outcome: 3, outcomeType: 'Save', timeMins: 30 });
    const moments = timeline(HOME, {
      ...none,
      goals: [goal({})],
      penalties: [scored, missing, missed],
    });
    expect(moments.map((m) => [m.kind, m.timeMins])).toEqual([
      ['goal', 10],
      ['penalty', 30],
      ['penalty', 80],
    ]);
    expect(moments[0]).toMatchObject({ penalty: true });
  });

  it('orders by minute, then stoppage time, then the kind', () => {
    const moments = timeline(HOME, {
      ...none,
      offenses: [card({})],
      substitutions: [sub],
      goals: [goal({ timeMins: 45, stoppageMins: 2, scoringTeam: AWAY, playerTeam: AWAY })],
    });
    expect(moments.map((m) => `${m.kind} ${m.side}`)).toEqual([
      'substitution away',
      'goal away',
      'card away',
    ]);
  });
});

describe('the running score of the match state', () => {
  const segment = (home: number | null, away: number | null): Segment => ({
    id: 1,
    startTimeMins: 0,
    startStoppageMins: 0,
    duration: 10,
    homeGoals: home,
    awayGoals: away,
    homePlayersOn: null,
    awayPlayersOn: null,
  });

  it('adds the goals of each segment, and gives no score from the first it cannot know', () => {
    expect(
      runningScore([segment(1, 0), segment(0, 2), segment(null, null), segment(1, 0)]),
    ).toEqual([{ home: 1, away: 0 }, { home: 1, away: 2 }, null, null]);
  });
});

describe('the addresses of the explorer', () => {
  const id = '0123456789abcdef0123456789abcdef';
  const pages: Route[] = [
    { view: 'home' },
    { view: 'season', matchType: 'clubs', competition: id, season: 20232024, page: 1 },
    { view: 'season', matchType: 'national', competition: id, season: 2024, page: 3 },
    { view: 'match', matchType: 'national', id },
    { view: 'player', id },
  ];

  it.each(pages)('names each page by an address that leads back to it: %o', (page) => {
    expect(parseRoute(href(page))).toEqual(page);
  });

  it.each(['#/match/clubs/xyz', '#/match/women/' + id, '#/player', '#/season/clubs/' + id, '#/x'])(
    'names no page at %s',
    (hash) => expect(parseRoute(hash)).toEqual({ view: 'missing', hash }),
  );
});

describe('counts in words', () => {
  it('says one in the singular and any other number in the plural', () => {
    expect(count(1, 'goal')).toBe('1 goal');
    expect(count(0, 'goal')).toBe('0 goals');
    expect(count(2, 'match', 'matches')).toBe('2 matches');
    expect(count(1, 'match', 'matches')).toBe('1 match');
  });
});

describe('dates and numbers', () => {
  it('reads a date as people do, and leaves anything else as it is', () => {
    expect(day('2018-07-15')).toBe('15 Jul 2018');
    expect(day('2022-12-18')).toBe('18 Dec 2022');
    expect(day('1930-01-01')).toBe('1 Jan 1930');
    expect(day('2014-09-09')).toBe('9 Sep 2014');
    expect(day('1930-07')).toBe('1930-07');
    expect(day('2018-13-01')).toBe('2018-13-01');
    expect(day('2018-00-10')).toBe('2018-00-10');
    expect(day('2018-07-00')).toBe('2018-07-00');
    expect(day('2018-07-32')).toBe('2018-07-32');
    expect(day(null)).toBe('');
  });

  it('marks thousands with commas', () => {
    expect(thousands(0)).toBe('0');
    expect(thousands(999)).toBe('999');
    expect(thousands(1000)).toBe('1,000');
    expect(thousands(98765)).toBe('98,765');
    expect(thousands(173850)).toBe('173,850');
    expect(thousands(1234567)).toBe('1,234,567');
  });
});
