import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { standingsOf, type Result } from '../../../build/derived/standings/table.ts';
import { DEFAULT_RULES, rulesFor, type StandingRules } from '../../../football/standings.ts';

/** The tables' arithmetic and each tie-breaker, on results worked out by hand. */

const r = (home: string, homeScore: number, awayScore: number, away: string): Result => ({
  home,
  away,
  homeScore,
  awayScore,
});
const name = (team: string) => team;
const table = (results: Result[], rules: StandingRules = DEFAULT_RULES, source = null) =>
  standingsOf([...new Set(results.flatMap((x) => [x.home, x.away]))], results, rules, source, name);
const summary = (rows: ReturnType<typeof table>) =>
  rows.map((s) => `${s.position} ${s.team} ${s.points}`);

describe('a table', () => {
  it('counts results and orders by points, then goal difference, then goals scored', () => {
    const rows = table([r('A', 2, 0, 'B'), r('C', 1, 1, 'A'), r('B', 3, 1, 'C')]);
    expect(rows.map((s) => [s.team, s.played, s.won, s.drawn, s.lost])).toEqual([
      ['A', 2, 1, 1, 0],
      ['B', 2, 1, 0, 1],
      ['C', 2, 0, 1, 1],
    ]);
    expect(summary(rows)).toEqual(['1 A 4', '2 B 3', '3 C 1']);
    expect(rows[0]).toMatchObject({ goalsFor: 3, goalsAgainst: 1, form: 'WD' });
    expect(rows[1]!.form).toBe('LW');
  });

  it('gives 2 points a win where the edition did', () => {
    const rules = rulesFor("FIFA Men's World Cup", 1990);
    expect(rules.win).toBe(2);
    expect(rulesFor("FIFA Men's World Cup", 1994).win).toBe(3);
    expect(rulesFor("FIFA Women's World Cup", 1991).win).toBe(2);
    expect(summary(table([r('A', 1, 0, 'B')], rules))).toEqual(['1 A 2', '2 B 0']);
  });

  it('keeps the last five results, oldest first', () => {
    const results = [0, 1, 2, 3, 4, 5].map((i) => r('A', i % 3, 1, 'B'));
    expect(table(results)[0]!.form).toBe('DWLDW');
  });

  it('orders level teams by their matches against each other where the rules say', () => {
    // A and B level on 6 points; B has the better goal difference, A won their match.
    const results = [r('A', 1, 0, 'B'), r('B', 5, 0, 'C'), r('C', 1, 0, 'A'), r('A', 2, 0, 'D')];
    results.push(r('B', 3, 0, 'D'), r('C', 0, 1, 'D'));
    expect(summary(table(results)).slice(0, 2)).toEqual(['1 B 6', '2 A 6']);
    const laLiga = rulesFor('La Liga', 20172018);
    expect(summary(table(results, laLiga)).slice(0, 2)).toEqual(['1 A 6', '2 B 6']);
  });

  it('leaves play-offs out of the table and ranks their winners above their losers', () => {
    const rules = rulesFor("FIFA Men's World Cup", 1958);
    // B and C level on 1 point, B with the better average; C wins the play-off.
    const results = [r('A', 1, 0, 'B'), r('A', 3, 0, 'C'), r('B', 1, 1, 'C'), r('C', 2, 1, 'B')];
    const rows = table(results, rules);
    expect(summary(rows)).toEqual(['1 A 4', '2 C 1', '3 B 1']);
    expect(rows.map((s) => s.played)).toEqual([2, 2, 2]);
    expect(rows.map((s) => s.decidedBy)).toEqual([null, 'play-off', 'play-off']);
    // Without play-offs in the rules, the second meeting counts.
    expect(summary(table(results, { win: 2, tieBreakers: ['goal_average'] }))).toEqual([
      '1 A 4',
      '2 C 3',
      '3 B 1',
    ]);
  });

  it('takes the order the sources publish where lots decided, and says so', () => {
    const rules: StandingRules = { win: 2, tieBreakers: ['goal_difference', 'source'] };
    const results = [r('A', 1, 1, 'B'), r('A', 0, 0, 'C'), r('B', 0, 0, 'C')];
    const source = { order: ['C', 'A', 'B'], by: 'lots' as const };
    const rows = standingsOf(['A', 'B', 'C'], results, rules, source, name);
    expect(summary(rows)).toEqual(['1 C 2', '2 A 2', '3 B 2']);
    expect(rows.map((s) => s.decidedBy)).toEqual(['lots', 'lots', 'lots']);
  });

  it('lets teams nothing separates share a place, and lists teams yet to play', () => {
    const rows = standingsOf(['A', 'B', 'C'], [r('A', 1, 1, 'B')], DEFAULT_RULES, null, name);
    expect(summary(rows)).toEqual(['1 A 1', '1 B 1', '3 C 0']);
    expect(rows[2]).toMatchObject({ played: 0, form: '' });
  });

  it('adds up whatever the results', () => {
    const teams = ['A', 'B', 'C', 'D', 'E'];
    const match = fc
      .tuple(fc.constantFrom(...teams), fc.constantFrom(...teams), fc.nat(6), fc.nat(6))
      .filter(([h, a]) => h !== a)
      .map(([h, a, hs, as]) => r(h, hs, as, a));
    fc.assert(
      fc.property(fc.array(match, { maxLength: 30 }), fc.constantFrom(2, 3), (results, win) => {
        const rules: StandingRules = { win: win as 2 | 3, tieBreakers: ['head_to_head'] };
        const rows = standingsOf(teams, results, rules, null, name);
        expect(rows.map((s) => s.team).sort()).toEqual(teams);
        const sum = (f: (s: (typeof rows)[number]) => number) => rows.reduce((n, s) => n + f(s), 0);
        expect(sum((s) => s.played)).toBe(2 * results.length);
        expect(sum((s) => s.won)).toBe(sum((s) => s.lost));
        expect(sum((s) => s.goalsFor)).toBe(sum((s) => s.goalsAgainst));
        for (const [i, s] of rows.entries()) {
          expect(s.played).toBe(s.won + s.drawn + s.lost);
          expect(s.points).toBe(win * s.won + s.drawn);
          if (i === 0) expect(s.position).toBe(1);
          else {
            const above = rows[i - 1]!;
            expect(above.points).toBeGreaterThanOrEqual(s.points);
            expect([above.position, i + 1]).toContain(s.position);
          }
        }
      }),
    );
  });
});
