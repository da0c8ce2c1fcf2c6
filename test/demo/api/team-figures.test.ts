import { describe, expect, it } from 'vitest';
import { WOMENS_COMPETITIONS } from '../../../football/competitions.ts';
import { allRecords, call, demo, handlerFor } from '../../helpers/http/api.ts';

/**
 * Squads, scorers and head-to-head records (docs/api.md#squads-scorers-and-head-to-head) against
 * sums made here from what the API serves of each match: its info, lineups, goals, offenses and
 * segments. Every record of both match types must equal the sum, and no sum may be missing.
 */

const api = handlerFor(demo().dist);

/* eslint-disable @typescript-eslint/no-explicit-any */
type Rec = Record<string, any>;

/** The teams of a match: men's or women's, by its competition. */
const genderOf = (m: Rec) => (WOMENS_COMPETITIONS.includes(m.competitionName) ? 'women' : 'men');

/** Adds `by` to the counts of `key` in `sums`, creating it from `start`. */
function add(sums: Map<string, Rec>, key: string, start: Rec, by: Rec): void {
  const sum = sums.get(key) ?? { ...start };
  for (const [name, value] of Object.entries(by)) sum[name] = (sum[name] ?? 0) + value;
  sums.set(key, sum);
}

/** The served records of `path`, by `key`, with `fields` only. */
async function served(path: string, key: (r: Rec) => string, fields: string[]) {
  const records = await allRecords(api, path);
  return new Map(
    records.map((r) => [key(r), Object.fromEntries(fields.map((f) => [f, r[f]]))] as const),
  );
}

/** A player's minutes in a match: the segments' durations in which the player is on. */
async function minutesIn(match: Rec, team: string, player: string): Promise<number> {
  const segments = (await call(api, `/v1/analytics/match/${match.id}/segments`)).json.result;
  const side = team === match.homeTeam ? 'homePlayersOn' : 'awayPlayersOn';
  return segments
    .filter((s: Rec) => s[side].includes(player))
    .reduce((total: number, s: Rec) => total + s.duration, 0);
}

describe.each(['clubs', 'national'])('%s team figures', (type) => {
  const base = `/v1/${type}`;

  it('squads sum the lineups, minutes, goals and cards of each competition season', async () => {
    const matches = new Map(
      (await allRecords(api, `${base}/matches/info`)).map((m) => [m.id as string, m]),
    );
    const offenses = await allRecords(api, `${base}/matches/offenses`);
    const sums = new Map<string, Rec>();
    const keyOf = (m: Rec, team: string, player: string) =>
      [m.competition, m.season, team, player].join('|');
    for (const l of await allRecords(api, `${base}/matches/lineups`)) {
      const m = matches.get(l.match)!;
      const cards = offenses
        .filter((o) => o.match === l.match && o.player === l.player)
        .map((o) => o.cardType);
      add(
        sums,
        keyOf(m, l.playerTeam, l.player),
        { goals: 0 },
        {
          appearances: 1,
          starts: l.isStarting ? 1 : 0,
          minutes: await minutesIn(m, l.playerTeam, l.player),
          yellows: cards.includes('Yellow/Red') ? 2 : cards.filter((c) => c === 'Yellow').length,
          reds: cards.filter((c) => c !== 'Yellow').length,
        },
      );
    }
    for (const g of await allRecords(api, `${base}/matches/goals`)) {
      if (g.player === null || g.playerTeam !== g.scoringTeam) continue;
      const empty = { appearances: null, starts: null, minutes: null, yellows: null, reds: null };
      add(sums, keyOf(matches.get(g.match)!, g.playerTeam, g.player), empty, { goals: 1 });
    }
    const squads = await served(
      `${base}/squads`,
      (r) => [r.competition, r.season, r.team, r.player].join('|'),
      ['appearances', 'starts', 'minutes', 'goals', 'yellows', 'reds'],
    );
    expect(squads.size).toBeGreaterThan(100);
    expect(squads).toEqual(sums);
  }, 120_000);

  it('scorers sum the goals of each team and player, own goals aside', async () => {
    const matches = new Map(
      (await allRecords(api, `${base}/matches/info`)).map((m) => [m.id as string, m]),
    );
    const sums = new Map<string, Rec>();
    const scoredIn = new Map<string, Set<string>>();
    for (const g of await allRecords(api, `${base}/matches/goals`)) {
      if (g.player === null || g.playerTeam !== g.scoringTeam) continue;
      const m = matches.get(g.match)!;
      const key = `${g.playerTeam}|${genderOf(m)}|${g.player}`;
      const date = m.matchDate as string;
      const sum = sums.get(key) ?? { goals: 0, firstGoal: date, lastGoal: date };
      sum.goals++;
      if (date < sum.firstGoal) sum.firstGoal = date;
      if (date > sum.lastGoal) sum.lastGoal = date;
      sums.set(key, sum);
      scoredIn.set(key, (scoredIn.get(key) ?? new Set()).add(g.match));
    }
    for (const [key, sum] of sums) sum.matches = scoredIn.get(key)!.size;
    const scorers = await served(`${base}/scorers`, (r) => `${r.team}|${r.gender}|${r.player}`, [
      'goals',
      'firstGoal',
      'lastGoal',
      'matches',
    ]);
    expect(scorers.size).toBeGreaterThan(10);
    expect(scorers).toEqual(sums);
    // Most goals first within a team.
    const records = await allRecords(api, `${base}/scorers`);
    for (let i = 1; i < records.length; i++)
      if (records[i].team === records[i - 1].team)
        expect(records[i].goals).toBeLessThanOrEqual(records[i - 1].goals);
  });

  it('head to head sums the scored matches of each team against each opponent', async () => {
    const sums = new Map<string, Rec>();
    for (const m of await allRecords(api, `${base}/matches/info`)) {
      if (m.homeScore === null || m.awayScore === null) continue;
      for (const [team, opponent, gf, ga] of [
        [m.homeTeam, m.awayTeam, m.homeScore, m.awayScore],
        [m.awayTeam, m.homeTeam, m.awayScore, m.homeScore],
      ]) {
        const key = `${team}|${genderOf(m)}|${opponent}`;
        const sum = sums.get(key) ?? { firstMatch: m.matchDate, lastMatch: m.matchDate };
        if (m.matchDate < sum.firstMatch) sum.firstMatch = m.matchDate;
        if (m.matchDate > sum.lastMatch) sum.lastMatch = m.matchDate;
        sums.set(key, sum);
        add(
          sums,
          key,
          {},
          {
            played: 1,
            won: gf > ga ? 1 : 0,
            drawn: gf === ga ? 1 : 0,
            lost: gf < ga ? 1 : 0,
            goalsFor: gf,
            goalsAgainst: ga,
          },
        );
      }
    }
    const records = await served(
      `${base}/head_to_head`,
      (r) => `${r.team}|${r.gender}|${r.opponent}`,
      ['firstMatch', 'lastMatch', 'played', 'won', 'drawn', 'lost', 'goalsFor', 'goalsAgainst'],
    );
    expect(records.size).toBeGreaterThan(10);
    expect(records).toEqual(sums);
  });

  it("answers a team's squad in a season by filters, most appearances first", async () => {
    const [first] = (await call(api, `${base}/squads?records=1`)).json.result;
    const path = `${base}/squads?team=${first.team}&season=${first.season}`;
    const squad = await allRecords(api, `${path}&competition=${first.competition}`);
    expect(squad.length).toBeGreaterThan(5);
    expect(squad.every((r) => r.team === first.team && r.season === first.season)).toBe(true);
    const apps = squad.map((r) => r.appearances ?? -1);
    expect(apps).toEqual([...apps].sort((a, b) => b - a));
  });
});
