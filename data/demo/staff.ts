import { DEMO_SOURCE, type DemoContext } from './context.ts';
import { countryId } from './countries.ts';
import { NATIONS_CUP } from './competitions.ts';
import { FEATURED_MANAGERS, FEATURED_REFEREES } from './featured.ts';
import { PersonFactory } from './people.ts';
import type { DemoClub } from './teams.ts';

/** Countries whose coaches often work abroad; a foreign manager comes from one of these. */
const COACHING_NATIONS: readonly string[] = [
  'Spain',
  'Portugal',
  'Argentina',
  'Italy',
  'Germany',
  'France',
  'Netherlands',
  'Brazil',
  'Uruguay',
  'Serbia',
  'Croatia',
  'England',
  'Denmark',
];

/**
 * Nationalities of the referees, one entry per referee, spread over every confederation. The slots
 * of `FEATURED_REFEREES` must hold the featured person's country.
 */
const REFEREE_COUNTRIES: readonly string[] = [
  'Spain',
  'Spain',
  'France',
  'France',
  'Portugal',
  'England',
  'Italy',
  'Germany',
  'Serbia',
  'Türkiye',
  'Republic of Ireland',
  'Netherlands',
  'Brazil',
  'Argentina',
  'Mexico',
  'United States',
  'Japan',
  'South Korea',
  'Qatar',
  'Egypt',
  'Morocco',
  'New Zealand',
];

/** Referee slots whose birth date is unknown (NULL): honest gaps in the demo "source". */
const UNKNOWN_BIRTH = new Set([5, 15]);

/** Managers and referees the match generator assigns. */
export interface DemoStaff {
  /**
   * Manager id by team id (clubs) or country id (national teams: a national team is its country).
   */
  readonly managersByTeam: Record<string, string>;
  /** Referee ids in insertion order. */
  readonly referees: string[];
}

/**
 * Writes the managers (one per club, then one per tournament entrant) and the referees, with their
 * person rows. Most managers share their team's country; the rest come from coaching nations.
 */
export function insertStaff(ctx: DemoContext, clubs: readonly DemoClub[]): DemoStaff {
  const managersByTeam = insertManagers(ctx, clubs);
  return { managersByTeam, referees: insertReferees(ctx) };
}

/** A team that needs a manager. */
interface ManagedTeam {
  /** Names the manager's rows and his entry in `FEATURED_MANAGERS`. */
  readonly key: string;
  /** Team id (club) or country id (national team). */
  readonly team: string;
  /** The team's country name. */
  readonly country: string;
  /** The chance that the manager is from the team's country. */
  readonly home: number;
}

/** The teams that need a manager: every club, then every tournament entrant. */
function managedTeams(clubs: readonly DemoClub[]): ManagedTeam[] {
  return [
    ...clubs.map((club) => ({
      key: `club:${club.spec.key}`,
      team: club.id,
      country: club.spec.country,
      home: 0.7,
    })),
    ...NATIONS_CUP.entrants.map((name) => ({
      key: `nation:${name}`,
      team: countryId(name),
      country: name,
      home: 0.75,
    })),
  ];
}

/** Writes one manager for each team; returns manager ids by team id. */
function insertManagers(ctx: DemoContext, clubs: readonly DemoClub[]): Record<string, string> {
  const rng = ctx.rng('staff');
  const managers = new PersonFactory(ctx, 'manager');
  const managersByTeam: Record<string, string> = {};
  for (const { key, team, country, home } of managedTeams(clubs)) {
    // Draw both choices every time, so a featured manager does not shift the other managers' draws.
    const stayHome = rng.chance(home);
    const abroad = rng.pick(COACHING_NATIONS.filter((name) => name !== country));
    const featured = FEATURED_MANAGERS[key];
    const nationality = featured?.country ?? (stayHome ? country : abroad);
    const person = managers.insert(
      `manager:${key}`,
      nationality,
      featured ?? managers.name(nationality),
    );
    const id = ctx.id('manager', key);
    ctx.insert('manager', {
      id,
      v0_id: ctx.v0('manager'),
      person,
      supplier_id: null,
      source: DEMO_SOURCE,
    });
    managersByTeam[team] = id;
  }
  return managersByTeam;
}

/** Writes the referees, one for each of `REFEREE_COUNTRIES`; returns their ids in that order. */
function insertReferees(ctx: DemoContext): string[] {
  const refs = new PersonFactory(ctx, 'referee');
  return REFEREE_COUNTRIES.map((country, index) => {
    const featured = FEATURED_REFEREES[index];
    if (featured && featured.country !== country)
      throw new Error(`featured referee ${index} is not from ${country}`);
    const key = `referee:${index + 1}`;
    const person = refs.insert(
      key,
      country,
      featured ?? refs.name(country),
      UNKNOWN_BIRTH.has(index) ? null : undefined,
    );
    const id = ctx.id('referee', key);
    ctx.insert('referee', {
      id,
      v0_id: ctx.v0('referee'),
      person,
      supplier_id: null,
      source: DEMO_SOURCE,
    });
    return id;
  });
}
