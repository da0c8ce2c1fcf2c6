import { SURFACE_ID } from '../reference/codes.ts';
import { NATIONS_CUP } from './competitions.ts';
import { DEMO_SOURCE, type DemoContext } from './context.ts';
import { countryId, countrySpec, timezoneId } from './countries.ts';
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
  'fc-nordvik-1908': SURFACE_ID.fieldTurf, // common in the north
  'deportivo-almenara': SURFACE_ID.hybrid,
  'en-avant-pontmoreau': SURFACE_ID.otherArtificial,
  'grand-stade-rhone': SURFACE_ID.hybrid,
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

/**
 * Writes the `venue` rows: club homes first (in club order), then shared grounds, then tournament
 * grounds.
 */
export function insertVenues(ctx: DemoContext, clubs: readonly DemoClub[]): DemoVenues {
  const rng = ctx.rng('venues');
  const capacityAndSeats = (min: number, max: number): [number, number] => {
    const capacity = rng.int(min, max);
    // Most modern grounds are all-seater; older ones keep some standing room.
    const seated = rng.chance(0.6)
      ? capacity
      : capacity - rng.int(Math.round(capacity * 0.05), Math.round(capacity * 0.35));
    return [capacity, seated];
  };
  const pitch = (): [number, number] => [rng.int(100, 110), rng.int(64, 75)];

  const write = (
    key: string,
    fields: {
      name: string;
      team: string | null;
      city: string;
      country: string;
      latitude: number;
      longitude: number;
      altitude: number | null;
      capacityRange: [number, number];
    },
  ): string => {
    const id = ctx.id('venue', key);
    // Draw every value even when it ends up NULL, so a gap does not shift the values after it.
    const [length, width] = pitch();
    const [capacity, seated] = capacityAndSeats(...fields.capacityRange);
    const surface = SURFACE[key] ?? SURFACE_ID.naturalGrass;
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
      surface,
      source: DEMO_SOURCE,
    });
    return id;
  };

  const byTeam: Record<string, string> = {};
  for (const club of clubs) {
    const { key, country, city, stadium } = club.spec;
    const [lat, lng] = countrySpec(country).centre;
    const [low, high] = ALTITUDE[country] ?? [0, 500];
    const latitude = rng.float(lat - 1, lat + 1, 4);
    const longitude = rng.float(lng - 1, lng + 1, 4);
    const altitude = rng.int(low, high);
    const capacityRange: [number, number] =
      club.spec.league === null ? [9_000, 42_000] : [8_000, 62_000];
    byTeam[club.id] = write(key, {
      name: stadium,
      team: club.id,
      city,
      country,
      latitude,
      longitude,
      altitude: UNKNOWN_ALTITUDE.has(key) ? null : altitude,
      capacityRange,
    });
  }

  const sharedByCountry: Record<string, string[]> = {};
  for (const venue of SHARED) {
    const id = write(venue.key, {
      name: venue.name,
      team: null,
      city: venue.city,
      country: venue.country,
      latitude: venue.at[0],
      longitude: venue.at[1],
      altitude: venue.at[2],
      capacityRange: [45_000, 90_000],
    });
    (sharedByCountry[countryId(venue.country)] ??= []).push(id);
  }

  const tournament = TOURNAMENT.map((venue) =>
    write(venue.key, {
      name: venue.name,
      team: null,
      city: venue.city,
      country: venue.country,
      latitude: venue.at[0],
      longitude: venue.at[1],
      altitude: venue.at[2],
      capacityRange: [38_000, 87_000],
    }),
  );

  return { byTeam, sharedByCountry, tournament };
}
