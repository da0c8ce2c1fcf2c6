import type { RowOf } from '../../tables.ts';
import type { ImportContext, RowUpdate } from '../context.ts';
import type { WriteOutcome } from '../report.ts';
import { nameKey } from '../written-names.ts';
import { parseCoordinates, type Coordinates } from './coordinates.ts';
import { hostCountry } from './hosts.ts';
import type { SourceMatch, SourceStadium, SourceYear } from './source.ts';
import type { OpenfootballTeams } from './teams.ts';
import { checkOffset, offsetHours, regionOf } from './timezones.ts';

/** What the files say about the stadium of a match. */
export interface VenueInfo {
  /** This source's key of the venue: name and city (one stadium across years is one venue). */
  readonly key: string;
  readonly name: string;
  readonly city: string | null;
  /** Country name (a host country). */
  readonly country: string;
  readonly capacity: number | null;
  readonly coordinates: Coordinates | null;
  /** Time zone region id (TIMEZONES). */
  readonly timezone: number | null;
  /**
   * Name keys the stadium may be written with by another source (its name, and its names apart).
   */
  readonly nameKeys: readonly string[];
  /** From a stadium file (2014 on), not only the match's ground text. */
  readonly fromStadiumFile: boolean;
}

/** The venue of every match, as the files describe it. */
export interface VenuePlan {
  /**
   * The venue of the match at `index` of the `year` file; null where its ground names no known
   * place.
   */
  venueOf(year: number, index: number): VenueInfo | null;
}

/**
 * One stadium written two ways within one year's grounds (the same ground, not a rename across
 * years), and one ground without its city; only used where there is no stadium file (before 2014).
 */
const SAME_GROUND: Readonly<Record<string, string>> = {
  'Estádio Durival Britto, Curitiba': 'Estádio Durival de Britto, Curitiba', // 1950
  'Estadio Chateau Carreras, Córdoba': 'Estadio Olímpico Chateau Carreras, Córdoba', // 1978
  'Stadio Artemio Franchi, Florence': 'Stadio Comunale, Florence', // 1990: its name then and now
  'Estadio Santiago Bernabéu': 'Estadio Santiago Bernabéu, Madrid', // 1982: written once without the city
};

/**
 * A stadium file's city without the number that tells two stadiums of a city apart ("Moscow (1)").
 */
const cityOf = (stadium: SourceStadium): string => stadium.city.replace(/\s*\(\d+\)$/, '');

/**
 * A stadium's names as keys: the full name, the name without a parenthesis, and the parenthesis.
 */
function stadiumNameKeys(name: string): string[] {
  const keys = new Set([nameKey(name)]);
  const m = /^(.*?)\s*\(([^)]+)\)\s*$/.exec(name);
  if (m) {
    keys.add(nameKey(m[1]!));
    keys.add(nameKey(m[2]!));
  }
  return [...keys].filter((k) => k !== '');
}

/**
 * The stadium of a match's `ground`. 2026 grounds are the stadium's city as the stadium file writes
 * it ("Guadalajara (Zapopan)"). Earlier grounds are "Stadium, City", where the match file and the
 * stadium file often name the stadium differently ("Arena de São Paulo" / "Arena Corinthians",
 * "Spartak Stadium" / "Otkritie Arena (Spartak Stadium)", "Lusail Iconic Stadium" / "Lusail
 * Stadium"): a stadium is the one whose name (or a name of it in parentheses) is the ground's, else
 * the only stadium of the ground's city. Null when neither finds one stadium.
 */
export function stadiumOf(
  stadiums: readonly SourceStadium[],
  ground: string,
): SourceStadium | null {
  const byCity = stadiums.filter((s) => s.city === ground);
  if (byCity.length === 1) return byCity[0]!;
  const comma = ground.lastIndexOf(', ');
  if (comma < 0) return null;
  const name = nameKey(ground.slice(0, comma));
  const city = nameKey(ground.slice(comma + 2));
  const byName = stadiums.filter((s) => stadiumNameKeys(s.name).includes(name));
  if (byName.length === 1) return byName[0]!;
  const inCity = stadiums.filter((s) => nameKey(cityOf(s)) === city);
  return inCity.length === 1 ? inCity[0]! : null;
}

/**
 * Plans the venue of every match of every year, reading what the files say of each stadium:
 *
 * - 2014 on: the stadium of the year's stadium file (stadiumOf): its name and city (as the file
 *   writes them, without the "(1)" that numbers two stadiums of one city), country (2026: its
 *   country code; otherwise the host), capacity, coordinates (coordinates.ts) and time zone region
 *   (timezones.ts). A region is kept only when its offset on every match day there is the one the
 *   file states.
 * - Before 2014 (no stadium file): name and city from the ground text "Stadium, City", the host
 *   country; capacity, coordinates and time zone NULL (not in the files).
 *
 * A stadium of several years (the Maracanã in 1950 and 2014) is one venue, keyed by name and city;
 * the stadium file's description wins over a ground text.
 */
export function planVenues(ctx: ImportContext, years: readonly SourceYear[]): VenuePlan {
  const venues = new Map<string, VenueInfo>();
  const byMatch = new Map<string, VenueInfo>();
  const tally: PlanTally = {
    unmatched: 0,
    unplaced: 0,
    noCoordinates: 0,
    noRegion: 0,
    offsetMismatches: [],
  };
  for (const { year, matches, stadiums } of years) {
    const { stadiumOfMatch, at } = findStadiums(matches, stadiums, tally);
    const infoOfStadium = new Map<SourceStadium, VenueInfo>();
    for (const [stadium, played] of at) {
      const info = stadiumInfo(year, stadium, played, tally);
      infoOfStadium.set(stadium, info);
      venues.set(info.key, info);
    }
    matches.forEach((m, index) => {
      const stadium = stadiumOfMatch[index];
      let info = stadium ? infoOfStadium.get(stadium)! : groundInfo(year, m.ground);
      if (info === null) {
        tally.unplaced += 1;
        return;
      }
      const known = venues.get(info.key);
      if (known && (known.fromStadiumFile || !info.fromStadiumFile)) info = known;
      else venues.set(info.key, info);
      byMatch.set(`${year}|${index}`, info);
    });
  }
  // Matches planned before a later year's stadium file described their stadium take that
  // description.
  for (const [k, info] of byMatch) byMatch.set(k, venues.get(info.key)!);
  reportPlan(ctx, tally);
  return { venueOf: (year, index) => byMatch.get(`${year}|${index}`) ?? null };
}

/** What planning the venues counts for the report. */
interface PlanTally {
  /** Grounds of years with a stadium file that name none of its stadiums. */
  unmatched: number;
  /** Grounds that name no known place. */
  unplaced: number;
  noCoordinates: number;
  noRegion: number;
  readonly offsetMismatches: string[];
}

/**
 * The stadium of each match of a year (null where the year has no stadium file or the ground
 * names none of it), and the matches at each stadium, for the time zone check.
 */
function findStadiums(
  matches: readonly SourceMatch[],
  stadiums: readonly SourceStadium[],
  tally: PlanTally,
): { stadiumOfMatch: (SourceStadium | null)[]; at: Map<SourceStadium, SourceMatch[]> } {
  const at = new Map<SourceStadium, SourceMatch[]>();
  const stadiumOfMatch = matches.map((m) => {
    const stadium = stadiums.length > 0 ? stadiumOf(stadiums, m.ground) : null;
    if (stadium) at.set(stadium, [...(at.get(stadium) ?? []), m]);
    else if (stadiums.length > 0) tally.unmatched += 1;
    return stadium;
  });
  return { stadiumOfMatch, at };
}

/** A stadium of a year's stadium file, described from it; `played` are its matches that year. */
function stadiumInfo(
  year: number,
  stadium: SourceStadium,
  played: readonly SourceMatch[],
  tally: PlanTally,
): VenueInfo {
  const city = cityOf(stadium);
  const country = hostCountry(year, city, stadium.cc);
  if (country === null)
    throw new Error(
      `${year} stadium ${stadium.name}: country unknown ` +
        `(code ${stadium.cc ?? 'none'}; add it to hosts.ts)`,
    );
  const offset = offsetHours(stadium.timezone);
  let region = offset === null ? null : regionOf(country, stadium.timezone);
  if (region !== null && !played.every((m) => checkOffset(region!.name, m.date, offset!)))
    region = null;
  if (region === null) tally.noRegion += 1;
  for (const m of played) {
    // The match's own "13:00 UTC-6" against the stadium's offset (both are the file's).
    const own = m.time?.split(/\s+/)[1];
    if (own !== undefined && offsetHours(own) !== offset)
      tally.offsetMismatches.push(
        `${m.date} ${m.team1}–${m.team2} (${own}, stadium ${stadium.timezone})`,
      );
  }
  const coordinates = parseCoordinates(stadium.coords);
  if (coordinates === null) tally.noCoordinates += 1;
  return {
    key: `${nameKey(stadium.name)}|${nameKey(city)}`,
    name: stadium.name,
    city,
    country,
    capacity: stadium.capacity ?? null,
    coordinates,
    timezone: region?.id ?? null,
    nameKeys: stadiumNameKeys(stadium.name),
    fromStadiumFile: true,
  };
}

/** Reports the grounds and stadiums the plan could not fully place or describe. */
function reportPlan(ctx: ImportContext, tally: PlanTally): void {
  ctx.report.skip(
    'venue',
    "grounds of 2014–2026 matches not found in the year's stadium file " +
      '(venue from the ground text where it has one)',
    tally.unmatched,
  );
  ctx.report.skip(
    'match',
    'grounds that name neither a stadium of the stadium file nor "Stadium, City" of a known host ' +
      '(venue NULL)',
    tally.unplaced,
  );
  ctx.report.skip(
    'venue',
    'stadium coordinates: empty in the stadium file (NULL)',
    tally.noCoordinates,
  );
  ctx.report.skip(
    'venue',
    'stadium time zones without a region whose offset is the stated one on the match days (NULL)',
    tally.noRegion,
  );
  if (tally.offsetMismatches.length > 0) {
    ctx.report.note(
      `venue: ${tally.offsetMismatches.length} matches state another UTC offset than their ` +
        `stadium: ${tally.offsetMismatches.join('; ')}`,
    );
  }
}

/**
 * A venue from a ground text "Stadium, City" (before 2014, no stadium file); null when the text has
 * no city or the year's host is not known for that city (a 2026 ground missing from its stadium
 * file).
 */
function groundInfo(year: number, ground: string): VenueInfo | null {
  const text = SAME_GROUND[ground] ?? ground;
  const comma = text.lastIndexOf(', ');
  if (comma < 0) return null;
  const name = text.slice(0, comma);
  const city = text.slice(comma + 2);
  const country = hostCountry(year, city);
  if (country === null) return null;
  return {
    key: `${nameKey(name)}|${nameKey(city)}`,
    name,
    city,
    country,
    capacity: null,
    coordinates: null,
    timezone: null,
    nameKeys: stadiumNameKeys(name),
    fromStadiumFile: false,
  };
}

/**
 * Writes venues: the venue of each new match (this source's own, or another source's venue of the
 * same stadium), and what the stadium files add to other sources' venues.
 */
export class VenueWriter {
  private readonly ids = new Map<string, string>();
  private readonly filled = new Set<string>();
  private readonly votes = new Map<string, Map<string, { info: VenueInfo; matches: string[] }>>();
  private readonly othersByCountry = new Map<string, { id: string; keys: string[] }[]>();
  /** Other sources' venues that the stadium files filled (coordinates, time zone or capacity). */
  filledCount = 0;

  constructor(
    private readonly ctx: ImportContext,
    private readonly teams: OpenfootballTeams,
  ) {}

  /**
   * The venue id of a new match. Another source's venue of that country with one of the stadium's
   * names is the same stadium (Fjelstul's Estadio Azteca of 1970 and 1986 is the 2026 one; BC
   * Place, Gillette Stadium and Lincoln Financial Field from the Women's World Cups): it is used,
   * and filled. Otherwise this source's own venue, written from the plan.
   */
  venue(info: VenueInfo): string {
    let id = this.ids.get(info.key);
    if (id !== undefined) return id;
    const country = this.teams.country(info.country);
    const others = this.others(country).filter((v) =>
      v.keys.some((k) => info.nameKeys.includes(k)),
    );
    if (others.length === 1) {
      id = others[0]!.id;
      this.fill(id, info);
    } else {
      id = this.ctx.id('venue', info.key);
      this.ctx.save('venue', {
        id,
        name: info.name,
        team: null,
        city: info.city,
        country,
        timezone: info.timezone,
        latitude: info.coordinates?.latitude ?? null,
        longitude: info.coordinates?.longitude ?? null,
        altitude: null,
        length: null,
        width: null,
        capacity: info.capacity,
        seated: null,
        surface: null,
        source: this.ctx.source,
      });
    }
    this.ids.set(info.key, id);
    return id;
  }

  /**
   * Records that a merged match, which another source places at `venueId`, was played at the
   * stadium
   * `info` by the files. Venues are filled once every match has voted (fillVoted).
   */
  vote(venueId: string, info: VenueInfo, what: string): void {
    if (!info.fromStadiumFile) return;
    let byStadium = this.votes.get(venueId);
    if (byStadium === undefined) this.votes.set(venueId, (byStadium = new Map()));
    const entry = byStadium.get(info.key);
    if (entry) entry.matches.push(what);
    else byStadium.set(info.key, { info, matches: [what] });
  }

  /**
   * Fills each voted venue from the stadium most of its matches were played at by the files. The
   * other source and the files disagree on where a few matches were played (2022 South
   * Korea–Portugal: Education City Stadium in Fjelstul, Lusail in the file); those matches do not
   * move the venue, and are returned for the report. A tie fills nothing (both are returned).
   */
  fillVoted(): string[] {
    const disagreements: string[] = [];
    for (const [venueId, byStadium] of this.votes) {
      const ranked = [...byStadium.values()].sort((a, b) => b.matches.length - a.matches.length);
      const tie = ranked.length > 1 && ranked[0]!.matches.length === ranked[1]!.matches.length;
      if (!tie) this.fill(venueId, ranked[0]!.info);
      for (const entry of tie ? ranked : ranked.slice(1)) {
        for (const what of entry.matches) disagreements.push(`${what} (file: ${entry.info.name})`);
      }
    }
    return disagreements;
  }

  /**
   * Adds what a stadium file says to another source's venue, once per venue: coordinates and time
   * zone where the venue has none, capacity only where it is NULL (another source's capacity
   * stands). Counted as an update of that venue (fillVenue).
   */
  private fill(venueId: string, info: VenueInfo): void {
    if (!info.fromStadiumFile || this.filled.has(venueId)) return;
    this.filled.add(venueId);
    if (
      fillVenue(this.ctx, venueId, {
        latitude: info.coordinates?.latitude ?? null,
        longitude: info.coordinates?.longitude ?? null,
        timezone: info.timezone,
        capacity: info.capacity,
      }) === 'updated'
    )
      this.filledCount += 1;
  }

  private others(country: string): { id: string; keys: string[] }[] {
    let list = this.othersByCountry.get(country);
    if (list === undefined) {
      list = this.ctx.db
        .prepare<[string, string], { id: string; name: string }>(
          'SELECT id, name FROM venue WHERE country = ? AND source <> ? ORDER BY id',
        )
        .all(country, this.ctx.source)
        .map((v) => ({ id: v.id, keys: stadiumNameKeys(v.name) }));
      this.othersByCountry.set(country, list);
    }
    return list;
  }
}

/** Facts a stadium file adds to a venue row; null where it does not know. */
export type VenueFacts = Pick<RowOf<'venue'>, 'latitude' | 'longitude' | 'timezone' | 'capacity'>;

/**
 * Fills the NULL location columns of a venue another source owns (it stays that source's row): the
 * coordinates as a pair (only when the venue has neither), the time zone, and the capacity, each
 * only where the venue has none, so another source's values always stand. Returns 'updated' when a
 * column was filled (counted so in the report), 'present' when nothing was missing or nothing is
 * known.
 */
export function fillVenue(ctx: ImportContext, venueId: string, facts: VenueFacts): WriteOutcome {
  const row = ctx.db
    .prepare<[string], VenueFacts>(
      'SELECT latitude, longitude, timezone, capacity FROM venue WHERE id = ?',
    )
    .get(venueId);
  if (row === undefined) throw new Error(`fillVenue: no venue ${venueId}`);
  const pair =
    row.latitude === null &&
    row.longitude === null &&
    facts.latitude !== null &&
    facts.longitude !== null;
  // Only the columns to fill, with the venue's key: the others are not this source's to write.
  const fill: RowUpdate<'venue'> = {
    id: venueId,
    ...(pair ? { latitude: facts.latitude, longitude: facts.longitude } : {}),
    ...(row.timezone === null && facts.timezone !== null ? { timezone: facts.timezone } : {}),
    ...(row.capacity === null && facts.capacity !== null ? { capacity: facts.capacity } : {}),
  };
  return ctx.update('venue', fill);
}
