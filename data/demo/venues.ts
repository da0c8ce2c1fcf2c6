import { NATIONS_CUP } from './competitions.ts';
import { DEMO_SOURCE, type DemoContext } from './context.ts';
import { countryId, countrySpec, timezoneId } from './countries.ts';
import type { Rng } from './random.ts';
import type { DemoClub } from './teams.ts';

/** A venue without a resident club: a national stadium or a tournament ground in a real city. */
interface NeutralVenueSpec {
  readonly key: string;
  readonly name: string;
  readonly city: string;
  readonly country: string;
  /** Latitude, longitude and altitude (metres) of the real city. */
  readonly at: readonly [number, number, number];
}

const TOURNAMENT_HOST = NATIONS_CUP.host;

/**
 * Two shared grounds per league country (cup finals, national team) and the four grounds of the
 * national-team tournament. Cities are real (coordinates and altitudes roughly right, so Mexico's
 * high-altitude grounds are high); the stadiums are invented.
 */
const SHARED: readonly NeutralVenueSpec[] = [
  {
    key: 'concordia',
    name: 'Estadio Nacional de la Concordia',
    city: 'Madrid',
    country: 'Spain',
    at: [40.45, -3.69, 657],
  },
  {
    key: 'guadalquivir',
    name: 'Estadio Olímpico del Guadalquivir',
    city: 'Sevilla',
    country: 'Spain',
    at: [37.41, -6.0, 10],
  },
  {
    key: 'stade-union',
    name: "Stade de l'Union",
    city: 'Saint-Denis',
    country: 'France',
    at: [48.92, 2.36, 35],
  },
  {
    key: 'grand-stade-rhone',
    name: 'Grand Stade du Rhône',
    city: 'Décines-Charpieu',
    country: 'France',
    at: [45.77, 4.98, 200],
  },
];

const TOURNAMENT: readonly NeutralVenueSpec[] = [
  {
    key: 'valle-central',
    name: 'Estadio del Valle Central',
    city: 'Ciudad de México',
    country: TOURNAMENT_HOST,
    at: [19.3, -99.15, 2240],
  },
  {
    key: 'perla-occidente',
    name: 'Estadio Perla de Occidente',
    city: 'Guadalajara',
    country: TOURNAMENT_HOST,
    at: [20.68, -103.46, 1566],
  },
  {
    key: 'sierra-madre',
    name: 'Estadio Sierra Madre',
    city: 'Monterrey',
    country: TOURNAMENT_HOST,
    at: [25.67, -100.24, 540],
  },
  {
    key: 'los-volcanes',
    name: 'Estadio Los Volcanes',
    city: 'Puebla',
    country: TOURNAMENT_HOST,
    at: [19.08, -98.2, 2135],
  },
];

/** Plausible altitude ranges (metres) of the invented home towns, by country. */
const ALTITUDE: Readonly<Record<string, readonly [number, number]>> = {
  Spain: [0, 900],
  France: [0, 450],
  Norway: [0, 120],
  Portugal: [0, 300],
  Türkiye: [0, 1100],
  'Bosnia and Herzegovina': [150, 600],
};

/**
 * Honest gaps: facts the demo "source" does not know stay NULL. Keyed by club key, so the gaps do
 * not move with the seed.
 */
const UNKNOWN_ALTITUDE = new Set(['ce-sant-marti-olzet', 'etoile-ferlac']);
const UNKNOWN_PITCH = new Set(['sd-castillejo-del-rio']);
const UNKNOWN_SEATED = new Set(['fk-vrbas-1921']);

/** Fixed artificial or hybrid pitches (surface ids 1-5); every other pitch is natural grass (6). */
const SURFACE: Readonly<Record<string, number>> = {
  'fc-nordvik-1908': 3, // FieldTurf: common in the north
  'deportivo-almenara': 5, // hybrid
  'en-avant-pontmoreau': 4,
  'grand-stade-rhone': 5,
};

/** Venue ids the match generator needs. */
export interface DemoVenues {
  /** Home ground of every club, by team id. */
  readonly byTeam: Record<string, string>;
  /** Grounds without a resident club, by country id (two per league country). */
  readonly sharedByCountry: Record<string, string[]>;
  /** The national-team tournament's grounds, in the host country. */
  readonly tournament: string[];
}

/** A venue's given fields: everything but the drawn pitch size, capacity and seats. */
interface VenueFields {
  readonly name: string;
  readonly team: string | null;
  readonly city: string;
  readonly country: string;
  readonly latitude: number;
  readonly longitude: number;
  readonly altitude: number | null;
  /** The range its capacity is drawn from. */
  readonly capacityRange: readonly [number, number];
}

/**
 * Writes the `venue` rows: club homes first (in club order), then shared grounds, then tournament
 * grounds.
 */
export function insertVenues(ctx: DemoContext, clubs: readonly DemoClub[]): DemoVenues {
  const rng = ctx.rng('venues');
  const byTeam: Record<string, string> = {};
  for (const club of clubs)
    byTeam[club.id] = writeVenue(ctx, rng, club.spec.key, clubGround(rng, club));
  const sharedByCountry: Record<string, string[]> = {};
  for (const venue of SHARED) {
    const id = writeVenue(ctx, rng, venue.key, neutralGround(venue, [45_000, 90_000]));
    (sharedByCountry[countryId(venue.country)] ??= []).push(id);
  }
  const tournament = TOURNAMENT.map((venue) =>
    writeVenue(ctx, rng, venue.key, neutralGround(venue, [38_000, 87_000])),
  );
  return { byTeam, sharedByCountry, tournament };
}

/**
 * A club's home ground, in an invented town within a degree of its country's centre, at an altitude
 * plausible for the country.
 */
function clubGround(rng: Rng, club: DemoClub): VenueFields {
  const { key, country, city, stadium } = club.spec;
  const [lat, lng] = countrySpec(country).centre;
  const [low, high] = ALTITUDE[country] ?? [0, 500];
  const latitude = rng.float(lat - 1, lat + 1, 4);
  const longitude = rng.float(lng - 1, lng + 1, 4);
  const altitude = rng.int(low, high);
  return {
    name: stadium,
    team: club.id,
    city,
    country,
    latitude,
    longitude,
    altitude: UNKNOWN_ALTITUDE.has(key) ? null : altitude,
    capacityRange: club.spec.league === null ? [9_000, 42_000] : [8_000, 62_000],
  };
}

/** A ground without a resident club, in a real city. */
function neutralGround(
  venue: NeutralVenueSpec,
  capacityRange: readonly [number, number],
): VenueFields {
  return {
    name: venue.name,
    team: null,
    city: venue.city,
    country: venue.country,
    latitude: venue.at[0],
    longitude: venue.at[1],
    altitude: venue.at[2],
    capacityRange,
  };
}

/** A capacity in the range, and how many of its places are seats. */
function capacityAndSeats(rng: Rng, [min, max]: readonly [number, number]): [number, number] {
  const capacity = rng.int(min, max);
  // Most modern grounds are all-seater; older ones keep some standing room.
  const seated = rng.chance(0.6)
    ? capacity
    : capacity - rng.int(Math.round(capacity * 0.05), Math.round(capacity * 0.35));
  return [capacity, seated];
}

/** Writes one `venue` row, drawing its pitch size, capacity and seats; returns its id. */
function writeVenue(ctx: DemoContext, rng: Rng, key: string, fields: VenueFields): string {
  const id = ctx.id('venue', key);
  // Draw every value even when it ends up NULL, so a gap does not shift the values after it.
  const [length, width] = [rng.int(100, 110), rng.int(64, 75)];
  const [capacity, seated] = capacityAndSeats(rng, fields.capacityRange);
  ctx.insert('venue', {
    id,
    v0_id: ctx.v0('venue'),
    name: fields.name,
    team: fields.team,
    city: fields.city,
    country: countryId(fields.country),
    timezone: timezoneId(countrySpec(fields.country).timezone),
    latitude: fields.latitude,
    longitude: fields.longitude,
    altitude: fields.altitude,
    length: UNKNOWN_PITCH.has(key) ? null : length,
    width: UNKNOWN_PITCH.has(key) ? null : width,
    capacity,
    seated: UNKNOWN_SEATED.has(key) ? null : seated,
    surface: SURFACE[key] ?? 6,
    source: DEMO_SOURCE,
  });
  return id;
}
