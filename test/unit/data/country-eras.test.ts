import { describe, expect, it } from 'vitest';
import { teamEras } from '../../../data/import/martj42/teams.ts';
import { countryName } from '../../../data/import/openfootball/teams.ts';
import { COUNTRY_ERAS, eraLookup } from '../../../football/country-eras.ts';

/**
 * The shared table of country eras and the two importers that read a team name with a date: both
 * must file a match of the same name and date under the same country, or a match both sources
 * hold would not reconcile.
 */

/** `date` moved by `days` (ISO dates, UTC calendar). */
function shift(date: string, days: number): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/**
 * martj42's resolution as its importer does it, with every era's country present in the database
 * and an empty former_names.csv: the era's country, else the team's own.
 */
const martj42Eras = teamEras([], () => true);
const martj42 = (team: string, date: string): string => martj42Eras(team, date)?.country ?? team;

/** Dates inside and outside every era, away from any row's edge. */
const ORDINARY = ['1900-01-01', '1934-05-27', '1966-07-30', '1998-06-10', '2026-06-11'];
/** Every name of the table (and two outside it) on each row's edges, inside and out. */
const names = [...new Set(COUNTRY_ERAS.map((era) => era.name)), 'Brazil', 'Yugoslavia'];
const dates = [
  ...COUNTRY_ERAS.flatMap((era) => [shift(era.from, -1), era.from, era.to, shift(era.to, 1)]),
  ...ORDINARY,
];
const cases = names.flatMap((name) => dates.map((date) => [name, date] as const));

describe('country eras', () => {
  it('has well-formed rows: real dates, from before to, a source, no overlap within a name', () => {
    for (const era of COUNTRY_ERAS) {
      for (const date of [era.from, era.to]) expect(shift(date, 0), era.name).toBe(date);
      expect(era.from <= era.to, `${era.name} ${era.from}`).toBe(true);
      expect(era.source.trim(), `${era.name} ${era.from}`).not.toBe('');
      for (const other of COUNTRY_ERAS) {
        if (other === era || other.name !== era.name) continue;
        expect(other.to < era.from || era.to < other.from, `${era.name} ${era.from}`).toBe(true);
      }
    }
  });

  it('martj42 and openfootball agree on every name of the table on every date', () => {
    const disagreements = cases
      .map(([name, date]) => ({
        name,
        date,
        martj42: martj42(name, date),
        openfootball: countryName(name, date),
      }))
      .filter((c) => c.martj42 !== c.openfootball);
    expect(cases).not.toEqual([]);
    expect(disagreements).toEqual([]);
  });

  it("gives the row's country on its first and last day and not on the days around", () => {
    const lookup = eraLookup(COUNTRY_ERAS);
    for (const era of COUNTRY_ERAS) {
      for (const date of [era.from, era.to]) {
        expect(martj42(era.name, date), `${era.name} ${date}`).toBe(era.country);
        expect(countryName(era.name, date), `${era.name} ${date}`).toBe(era.country);
      }
      for (const date of [shift(era.from, -1), shift(era.to, 1)]) {
        // Outside the row: the team's own name, or a neighbouring row of the same name.
        const expected = lookup(era.name, date)?.country ?? era.name;
        expect(expected, `${era.name} ${date}`).not.toBe(era.country);
        expect(martj42(era.name, date), `${era.name} ${date}`).toBe(expected);
        expect(countryName(era.name, date), `${era.name} ${date}`).toBe(expected);
      }
    }
  });

  it('files the matches the sources hold as the sources that keep the country apart do', () => {
    const both = (name: string, date: string) => [martj42(name, date), countryName(name, date)];
    // Before and in West Germany's years, and after reunification.
    expect(both('Germany', '1938-06-04')).toEqual(['Germany', 'Germany']);
    expect(both('Germany', '1954-07-04')).toEqual(['West Germany', 'West Germany']);
    expect(both('Germany', '1994-06-17')).toEqual(['Germany', 'Germany']);
    expect(both('German DR', '1974-06-22')).toEqual(['East Germany', 'East Germany']);
    // The Serbian republic's own team in Yugoslavia's years stays Serbia; FR Yugoslavia's matches
    // are Yugoslavia's; the state union's 2006 World Cup is Serbia and Montenegro's.
    expect(both('Serbia', '1950-02-26')).toEqual(['Serbia', 'Serbia']);
    expect(both('Serbia', '1998-06-14')).toEqual(['Yugoslavia', 'Yugoslavia']);
    expect(both('Serbia', '2006-06-21')).toEqual([
      'Serbia and Montenegro',
      'Serbia and Montenegro',
    ]);
    expect(both('Serbia', '2006-08-16')).toEqual(['Serbia', 'Serbia']);
    // The Russian republic's 1923 team, then the Soviet Union's.
    expect(both('Russia', '1923-09-18')).toEqual(['Russia', 'Russia']);
    expect(both('Russia', '1924-11-16')).toEqual(['Soviet Union', 'Soviet Union']);
    expect(both('Czech Republic', '1993-11-17')).toEqual(['Czechoslovakia', 'Czechoslovakia']);
    expect(both('Czech Republic', '1994-02-23')).toEqual(['Czech Republic', 'Czech Republic']);
  });

  it("tries martj42's own former names first and leaves out eras of countries not held", () => {
    const formerNames = [
      {
        current: 'Serbia',
        former: 'FR Yugoslavia',
        start_date: '1994-12-23',
        end_date: '2003-02-03',
      },
      { current: 'DR Congo', former: 'Zaïre', start_date: '1971-01-10', end_date: '1997-04-27' },
    ];
    const held = new Set(['Yugoslavia', 'Zaïre']);
    const eras = teamEras(formerNames, (country) => held.has(country));
    // FR Yugoslavia is no country: the shared row gives Yugoslavia.
    expect(eras('Serbia', '1998-06-14')?.country).toBe('Yugoslavia');
    // The file's own period comes first, before the shared row starts.
    expect(eras('DR Congo', '1971-01-10')?.country).toBe('Zaïre');
    // Serbia and Montenegro is not held here: no era.
    expect(eras('Serbia', '2004-01-01')).toBeUndefined();
  });
});
