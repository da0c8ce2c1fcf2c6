import { CONFEDERATION_ID } from '../../football/lists.ts';
import { DEMO_SOURCE, type DemoContext } from './context.ts';
import { countryId } from './countries.ts';

/** A season row: id = the year (calendar season) or start*10000+end (split season). */
export interface SeasonSpec {
  readonly id: number;
  readonly name: string;
}

/** The demo seasons: two calendar years and the two split seasons that span them. */
export const SEASONS: readonly SeasonSpec[] = [
  { id: 2023, name: '2023' },
  { id: 2024, name: '2024' },
  { id: 20232024, name: '2023-2024' },
  { id: 20242025, name: '2024-2025' },
];

/** What a demo competition is for; the match generator picks its format by this. */
export type CompetitionRole =
  'league' | 'secondDivision' | 'domesticCup' | 'clubCup' | 'nationsCup';

/** One demo competition: invented name, organised either by a country or by a confederation. */
export interface CompetitionSpec {
  /** Stable key; the v1 id is `uuidFor('demo', 'competition', key)`. */
  readonly key: string;
  readonly name: string;
  readonly role: CompetitionRole;
  /**
   * Pyramid level of a domestic competition; NULL for international ones (no pyramid to place them
   * in).
   */
  readonly level: number | null;
  /** Organising country (domestic competitions). */
  readonly country?: string;
  /** Organising confederation acronym (international competitions). */
  readonly confederation?: keyof typeof CONFEDERATION_ID;
}

/** The demo competitions, in insertion (and v0 id) order. */
export const COMPETITIONS: readonly CompetitionSpec[] = [
  { key: 'liga-peninsular', name: 'Liga Peninsular', role: 'league', level: 1, country: 'Spain' },
  {
    key: 'ligue-hexagone',
    name: "Ligue de l'Hexagone",
    role: 'league',
    level: 1,
    country: 'France',
  },
  {
    key: 'segunda-peninsular',
    name: 'Segunda División Peninsular',
    role: 'secondDivision',
    level: 2,
    country: 'Spain',
  },
  {
    key: 'coupe-union',
    name: "Coupe de l'Union",
    role: 'domesticCup',
    level: 1,
    country: 'France',
  },
  {
    key: 'continental-trophy',
    name: 'Trofeo Continental de Clubes',
    role: 'clubCup',
    level: null,
    confederation: 'UEFA',
  },
  {
    key: 'nations-cup',
    name: 'Intercontinental Nations Cup',
    role: 'nationsCup',
    level: null,
    confederation: 'FIFA',
  },
];

/**
 * The national-team tournament: eight entrants from five confederations, hosted by one of them.
 * Every entrant gets enough club players (squads.ts) for a 23-man squad.
 */
export const NATIONS_CUP = {
  key: 'nations-cup',
  host: 'Mexico',
  entrants: [
    'Spain',
    'France',
    'Brazil',
    'Argentina',
    "Côte d'Ivoire",
    'Senegal',
    'Japan',
    'Mexico',
  ],
} as const;

/** A written competition: its id and spec. */
export interface DemoCompetition {
  readonly id: string;
  readonly key: string;
  readonly name: string;
  readonly role: CompetitionRole;
  /** Organising country id of a domestic competition, else null. */
  readonly country: string | null;
  /** Organising confederation id of an international competition, else null. */
  readonly confederation: number | null;
}

/** Writes the `season` rows (no supplier ids: the demo has no supplier). */
export function insertSeasons(ctx: DemoContext): void {
  for (const season of SEASONS) {
    ctx.insert('season', {
      id: season.id,
      v0_id: ctx.v0('season'),
      name: season.name,
      supplier_id: null,
    });
  }
}

/**
 * Writes `competition` plus `domestic_competition` or `intl_competition` rows; returns them by key.
 */
export function insertCompetitions(ctx: DemoContext): Record<string, DemoCompetition> {
  const out: Record<string, DemoCompetition> = {};
  for (const spec of COMPETITIONS) {
    const id = ctx.id('competition', spec.key);
    ctx.insert('competition', {
      id,
      v0_id: ctx.v0('competition'),
      name: spec.name,
      level: spec.level,
      supplier_id: null,
      source: DEMO_SOURCE,
    });
    let country: string | null = null;
    let confederation: number | null = null;
    if (spec.country !== undefined) {
      country = countryId(spec.country);
      ctx.insert('domestic_competition', { id, country });
    } else if (spec.confederation !== undefined) {
      confederation = CONFEDERATION_ID[spec.confederation];
      ctx.insert('intl_competition', { id, confederation });
    } else {
      throw new Error(`competition ${spec.key} has neither a country nor a confederation`);
    }
    out[spec.key] = { id, key: spec.key, name: spec.name, role: spec.role, country, confederation };
  }
  return out;
}
