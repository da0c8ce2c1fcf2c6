import { DEMO_SOURCE, type DemoContext } from './context.ts';
import { countryId } from './countries.ts';

/** An invented club with its home town and home ground (venues.ts builds the venue from these). */
export interface ClubSpec {
  /** Stable key; the v1 id is `uuidFor('demo', 'team', key)`. */
  readonly key: string;
  readonly name: string;
  readonly country: string;
  /**
   * Key of the level-1 league the club plays in, or null for the clubs that only play the club cup.
   */
  readonly league: string | null;
  /** Whether the club qualifies for the continental club cup. */
  readonly continental: boolean;
  readonly city: string;
  readonly stadium: string;
}

const SPAIN = 'liga-peninsular';
const FRANCE = 'ligue-hexagone';

/**
 * The 24 demo clubs: ten in each level-1 league and four from other UEFA countries that meet them
 * in the continental cup. The first six of each league qualify for the cup, giving 16 entrants
 * (four groups of four). Names are invented and carry accents, apostrophes, spaces and years on
 * purpose.
 */
export const CLUBS: readonly ClubSpec[] = [
  {
    key: 'atletico-san-ramon',
    name: 'Atlético San Ramón',
    country: 'Spain',
    league: SPAIN,
    continental: true,
    city: 'San Ramón de la Vega',
    stadium: 'Estadio El Pinar',
  },
  {
    key: 'real-union-canete',
    name: 'Real Unión de Cañete',
    country: 'Spain',
    league: SPAIN,
    continental: true,
    city: 'Cañete',
    stadium: 'Estadio La Muralla',
  },
  {
    key: 'cd-penaflor-alta',
    name: 'CD Peñaflor Alta',
    country: 'Spain',
    league: SPAIN,
    continental: true,
    city: 'Peñaflor Alta',
    stadium: 'Estadio Los Almendros',
  },
  {
    key: 'racing-valdemora',
    name: 'Racing de Valdemora',
    country: 'Spain',
    league: SPAIN,
    continental: true,
    city: 'Valdemora',
    stadium: 'Estadio del Ensanche',
  },
  {
    key: 'deportivo-almenara',
    name: 'Deportivo Almenara',
    country: 'Spain',
    league: SPAIN,
    continental: true,
    city: 'Almenara del Mar',
    stadium: 'Estadio Las Salinas',
  },
  {
    key: 'ud-los-olivares',
    name: 'UD Los Olivares',
    country: 'Spain',
    league: SPAIN,
    continental: true,
    city: 'Los Olivares',
    stadium: 'Estadio Nuevo Olivar',
  },
  {
    key: 'sd-castillejo-del-rio',
    name: 'SD Castillejo del Río',
    country: 'Spain',
    league: SPAIN,
    continental: false,
    city: 'Castillejo del Río',
    stadium: 'Campo de La Vega',
  },
  {
    key: 'cf-puerto-alcazar',
    name: 'CF Puerto Alcázar',
    country: 'Spain',
    league: SPAIN,
    continental: false,
    city: 'Puerto Alcázar',
    stadium: 'Estadio Rompeolas',
  },
  {
    key: 'ce-sant-marti-olzet',
    name: "CE Sant Martí d'Olzet",
    country: 'Spain',
    league: SPAIN,
    continental: false,
    city: "Sant Martí d'Olzet",
    stadium: "Camp Municipal d'Olzet",
  },
  {
    key: 'balompie-guadalmina',
    name: 'Balompié Guadalmina',
    country: 'Spain',
    league: SPAIN,
    continental: false,
    city: 'Guadalmina',
    stadium: 'Estadio Ribera del Guadalmina',
  },

  {
    key: 'sporting-aurel',
    name: "Sporting d'Aurel",
    country: 'France',
    league: FRANCE,
    continental: true,
    city: 'Aurel-sur-Loire',
    stadium: 'Stade des Tilleuls',
  },
  {
    key: 'olympique-vaubreuil',
    name: 'Olympique de Vaubreuil',
    country: 'France',
    league: FRANCE,
    continental: true,
    city: 'Vaubreuil',
    stadium: 'Stade du Moulin-Vert',
  },
  {
    key: 'as-saint-elien',
    name: 'AS Saint-Élien',
    country: 'France',
    league: FRANCE,
    continental: true,
    city: 'Saint-Élien',
    stadium: 'Stade Marcel-Verdier',
  },
  {
    key: 'stade-montclairois',
    name: 'Stade Montclairois',
    country: 'France',
    league: FRANCE,
    continental: true,
    city: 'Montclair-en-Brie',
    stadium: 'Parc des Sports de Montclair',
  },
  {
    key: 'fc-bourg-leveque',
    name: "FC Bourg-l'Évêque",
    country: 'France',
    league: FRANCE,
    continental: true,
    city: "Bourg-l'Évêque",
    stadium: 'Stade de la Cathédrale',
  },
  {
    key: 'rc-lorvanne',
    name: 'Racing Club de Lorvanne',
    country: 'France',
    league: FRANCE,
    continental: true,
    city: 'Lorvanne',
    stadium: 'Stade Henri-Lacombe',
  },
  {
    key: 'us-chateau-gerard',
    name: 'US Château-Gérard',
    country: 'France',
    league: FRANCE,
    continental: false,
    city: 'Château-Gérard',
    stadium: 'Stade des Remparts',
  },
  {
    key: 'aj-cote-emeraude',
    name: "AJ Côte d'Émeraude",
    country: 'France',
    league: FRANCE,
    continental: false,
    city: 'Saint-Brévin-des-Flots',
    stadium: 'Stade de la Falaise',
  },
  {
    key: 'en-avant-pontmoreau',
    name: 'En Avant Pontmoreau',
    country: 'France',
    league: FRANCE,
    continental: false,
    city: 'Pontmoreau',
    stadium: 'Stade du Pont-Neuf',
  },
  {
    key: 'etoile-ferlac',
    name: 'Étoile de Ferlac',
    country: 'France',
    league: FRANCE,
    continental: false,
    city: 'Ferlac',
    stadium: 'Stade Francis-Aubry',
  },

  {
    key: 'fc-nordvik-1908',
    name: 'FC Nordvik 1908',
    country: 'Norway',
    league: null,
    continental: true,
    city: 'Nordvik',
    stadium: 'Fjordparken',
  },
  {
    key: 'sc-ribeira',
    name: 'Sporting Clube da Ribeira',
    country: 'Portugal',
    league: null,
    continental: true,
    city: 'Ribeira Alta',
    stadium: 'Estádio da Ribeira',
  },
  {
    key: 'yildirim-sk',
    name: 'Yıldırım Spor Kulübü',
    country: 'Türkiye',
    league: null,
    continental: true,
    city: 'Yıldırımköy',
    stadium: 'Şimşek Stadyumu',
  },
  {
    key: 'fk-vrbas-1921',
    name: 'FK Vrbas 1921',
    country: 'Bosnia and Herzegovina',
    league: null,
    continental: true,
    city: 'Gornji Vrbas',
    stadium: 'Gradski stadion Gornji Vrbas',
  },
];

/** A written club. */
export interface DemoClub {
  readonly id: string;
  readonly spec: ClubSpec;
  /** Country id of the club. */
  readonly country: string;
}

/**
 * Writes the `team` rows (clubs only: a national team is its country); returns them in `CLUBS`
 * order.
 */
export function insertTeams(ctx: DemoContext): DemoClub[] {
  return CLUBS.map((spec) => {
    const id = ctx.id('team', spec.key);
    const country = countryId(spec.country);
    ctx.insert('team', {
      id,
      v0_id: ctx.v0('team'),
      name: spec.name,
      country,
      supplier_id: null,
      source: DEMO_SOURCE,
    });
    return { id, spec, country };
  });
}
