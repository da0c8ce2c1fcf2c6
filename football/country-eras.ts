/**
 * Country eras: the periods in which a national team's name stood for a country that the sources
 * keep apart from the one the name means today. Fjelstul records West Germany, the Soviet Union,
 * Yugoslavia, ... as countries of their own, while other sources write such a match under today's
 * name (martj42's results file always does; an openfootball file may). Every importer that reads
 * a team name with a date resolves it through this one table, so a match two sources hold lands
 * on the same country in both and reconciles.
 *
 * The question each row answers is: which country did a team of this name represent in a match
 * on this date? A row starts on the day the former country's team could first have played under
 * that name (the state's founding, unless a team of the same name that was not the state's still
 * played after it) and ends on the day the name stopped meaning it (the state's last day, unless
 * its team played on under its old name after it). `source` says which events the two dates are.
 */

/** An ISO calendar date, `YYYY-MM-DD`. */
export type IsoDate = `${number}-${number}-${number}`;

/** A period in which a team name stood for a country, the shape every era lookup reads. */
export interface Era {
  /** The team name as a source writes it. */
  readonly name: string;
  /** The country (by the name the sources that keep it apart use) the team stood for. */
  readonly country: string;
  /** The first day of the period, inclusive (`YYYY-MM-DD`). */
  readonly from: string;
  /** The last day of the period, inclusive (`YYYY-MM-DD`). */
  readonly to: string;
}

/** A row of the shared table: an era with checked dates and the events that fix them. */
export interface CountryEra extends Era {
  readonly from: IsoDate;
  readonly to: IsoDate;
  /** The events the two dates are (short: the founding, the end, a first or last match). */
  readonly source: string;
}

/**
 * The shared table. Two importers used to keep a copy each; where the copies disagreed the dates
 * below are the ones that answer the question above, for the reasons given at each row.
 */
export const COUNTRY_ERAS: readonly CountryEra[] = [
  // From the Federal Republic's founding: from then on a team called Germany could only be its
  // (the GDR played as a team of its own). The older copies had 1950-01-01 (a round year) and
  // 1949-09-07 (the Bundestag's first sitting), neither an event that changed the team; the DFB's
  // FIFA readmission (1950-09-22) is a fact about the association, not the country. No German
  // team played between 1942-11-22 and 1950-11-22, so all of these dates file every match alike.
  {
    name: 'Germany',
    country: 'West Germany',
    from: '1949-05-23',
    to: '1990-10-02',
    source: 'Federal Republic founded 1949-05-23; reunification 1990-10-03',
  },
  // martj42's name for East Germany. Bounded by the state, as the others are: the name meant
  // nothing before or after it.
  {
    name: 'German DR',
    country: 'East Germany',
    from: '1949-10-07',
    to: '1990-10-02',
    source: 'GDR founded 1949-10-07; reunification 1990-10-03',
  },
  // Not from the Union's founding (1922-12-30): in 1923 a team called Russia was the Russian
  // republic's (martj42: Estonia–Russia, Tallinn, 1923-09-18), which every source keeps as Russia.
  // Ends with the Union; the 1992 CIS team is a country of no source, so Russia's own.
  {
    name: 'Russia',
    country: 'Soviet Union',
    from: '1924-11-16',
    to: '1991-12-25',
    source: 'first Soviet international 1924-11-16; Union dissolved 1991-12-26',
  },
  // Ends with the joint team of Czechs and Slovaks, which finished Czechoslovakia's 1994 World
  // Cup qualifiers after the state's end (1992-12-31) and which martj42 files as Czechoslovakia;
  // the Czech Republic's first match was 1994-02-23.
  {
    name: 'Czech Republic',
    country: 'Czechoslovakia',
    from: '1918-10-28',
    to: '1993-11-17',
    source: "Czechoslovakia founded 1918-10-28; its joint team's last match 1993-11-17",
  },
  // The team Serbia continues is FR Yugoslavia's (of Serbia and Montenegro), proclaimed
  // 1992-04-27; the Yugoslavia before it played as "Yugoslavia", and a team called Serbia then was
  // the Serbian republic's (martj42: Croatia–Serbia, Zagreb, 1950-02-26). So not from 1918-12-01
  // (the Kingdom's founding, one older copy), which would file that match as Yugoslavia's; and
  // not from 1994-12-23 (the other copy: the first match after the UN sanctions), a fact of the
  // team's calendar rather than of the country.
  {
    name: 'Serbia',
    country: 'Yugoslavia',
    from: '1992-04-27',
    to: '2003-02-03',
    source: 'FR Yugoslavia proclaimed 1992-04-27; renamed Serbia and Montenegro 2003-02-04',
  },
  // Ends with the state union's team, which played the 2006 World Cup as Serbia and Montenegro
  // after Montenegro's independence (2006-06-03); Serbia's first match as Serbia was 2006-08-16.
  {
    name: 'Serbia',
    country: 'Serbia and Montenegro',
    from: '2003-02-04',
    to: '2006-06-21',
    source: "state union constituted 2003-02-04; its team's last match 2006-06-21",
  },
  {
    name: 'DR Congo',
    country: 'Zaire',
    from: '1971-10-27',
    to: '1997-05-16',
    source: 'country renamed Zaire 1971-10-27 and DR Congo 1997-05-17',
  },
];

/** The era of a team name on a date (`YYYY-MM-DD`), or undefined outside every era. */
export type EraLookup<E extends Era = Era> = (name: string, date: string) => E | undefined;

/**
 * A lookup of `eras` by name and date: the first era, in the order given, of that name whose
 * period holds the date. The order is the caller's precedence (martj42 tries its file's own
 * periods before this table's).
 */
export function eraLookup<E extends Era>(eras: Iterable<E>): EraLookup<E> {
  const byName = new Map<string, E[]>();
  for (const era of eras) {
    const list = byName.get(era.name);
    if (list) list.push(era);
    else byName.set(era.name, [era]);
  }
  return (name, date) => byName.get(name)?.find((era) => era.from <= date && date <= era.to);
}
