import { POSITION as P } from '../../football/codes.ts';
import { DEMO_SOURCE, type DemoContext } from './context.ts';
import { COUNTRIES, countryId } from './countries.ts';
import { NATIONS_CUP } from './competitions.ts';
import { FEATURED_PLAYERS } from './featured.ts';
import { PersonFactory, type FeaturedPerson } from './people.ts';
import type { Rng } from './random.ts';
import type { DemoClub } from './teams.ts';

/** Players per club squad. */
export const SQUAD_SIZE = 22;

/** Players each tournament entrant has at least, across all clubs (a 23-man squad). */
export const NATIONAL_POOL_MIN = 24;

/** Goalkeepers each tournament entrant has at least. */
const NATIONAL_KEEPERS_MIN = 3;

const GOALKEEPER = P.goalkeeper;

/** A written player, with the club squad it belongs to (the schema has no squad table). */
export interface DemoPlayer {
  readonly id: string;
  readonly person: string;
  /** Team id of the club. */
  readonly club: string;
  /** Country id of the nationality. */
  readonly country: string;
  /** `position` id. */
  readonly position: number;
  /** Shirt number in the club squad (1..22: goalkeepers first, forwards last). */
  readonly number: number;
}

/**
 * Where foreign players of a club country tend to come from (weight, default 1): Spanish clubs sign
 * South Americans, French clubs West Africans, Portuguese clubs Brazilians.
 */
const AFFINITY: Readonly<Record<string, Readonly<Record<string, number>>>> = {
  Spain: {
    Argentina: 4,
    Uruguay: 3,
    Colombia: 3,
    Mexico: 3,
    Brazil: 2,
    Portugal: 2,
    Morocco: 2,
    Paraguay: 2,
    Japan: 2,
  },
  France: { Senegal: 4, "Côte d'Ivoire": 4, Cameroon: 3, Morocco: 3, Brazil: 2, Japan: 2 },
  Portugal: { Brazil: 6, 'São Tomé and Príncipe': 3, Argentina: 2, "Côte d'Ivoire": 2 },
  Norway: { Denmark: 3, Iceland: 3, Japan: 2 },
  Türkiye: { 'Bosnia and Herzegovina': 3, Brazil: 2, Senegal: 2 },
  'Bosnia and Herzegovina': { Croatia: 4, Serbia: 4, Türkiye: 2 },
};

/** Nationalities of the foreign players that fill squads beyond the guaranteed quotas. */
const EXTRA_FOREIGN: readonly (readonly [string, number])[] = [
  ['Argentina', 3],
  ['Brazil', 3],
  ['Uruguay', 2],
  ['Colombia', 2],
  ['Portugal', 2],
  ['Morocco', 2],
  ['Senegal', 2],
  ['Cameroon', 2],
  ['Nigeria', 1],
  ['Ghana', 1],
  ['Netherlands', 1],
  ['Germany', 1],
  ['Croatia', 1],
  ['Serbia', 1],
  ['Denmark', 1],
  ['Japan', 1],
  ['South Korea', 1],
  ['United States', 1],
  ['Mexico', 1],
  ['Ecuador', 1],
  ['Chile', 1],
  ['Italy', 1],
  ['England', 1],
  ['Spain', 1],
  ['France', 1],
];

/**
 * A squad's positions, in shirt-number order: 2-3 goalkeepers, 7 defenders, 7 midfielders, the rest
 * forwards.
 */
function squadPositions(rng: Rng): number[] {
  const keepers = rng.chance(0.5) ? 3 : 2;
  const defenders = [
    P.centralDefender,
    P.centralDefender,
    P.centralDefender,
    P.leftFullBack,
    P.rightFullBack,
    rng.pick([P.centralDefender, P.fullBack, P.leftFullBack, P.rightFullBack, P.wingBack]),
    rng.pick([P.defender, P.fullBack, P.leftWingBack, P.rightWingBack]),
  ];
  const midfielders = [
    P.centralMidfielder,
    P.centralMidfielder,
    P.midfielder,
    P.leftWinger,
    P.rightWinger,
    rng.pick([P.midfielder, P.centralMidfielder, P.leftWinger, P.rightWinger]),
    rng.pick([P.midfielder, P.centralMidfielder]),
  ];
  const forwards = [P.centralForward, P.striker];
  while (keepers + defenders.length + midfielders.length + forwards.length < SQUAD_SIZE) {
    forwards.push(rng.pick([P.leftForward, P.centralForward, P.rightForward, P.striker]));
  }
  return [...Array<number>(keepers).fill(GOALKEEPER), ...defenders, ...midfielders, ...forwards];
}

/**
 * Nationalities of every squad slot, by club. Most players share their club's country; foreign
 * slots hold guaranteed quotas (every tournament entrant reaches `NATIONAL_POOL_MIN` players, every
 * other demo country at least one player) and then weighted extras, placed at clubs by affinity.
 */
function drawNationalities(rng: Rng, clubs: readonly DemoClub[]): string[][] {
  const homeCounts = clubs.map((club) =>
    club.spec.league === null ? rng.int(12, 15) : rng.int(10, 13),
  );
  const capacity = homeCounts.map((home) => SQUAD_SIZE - home);
  const totalCapacity = capacity.reduce((a, b) => a + b, 0);

  const homeCountries = new Set(clubs.map((club) => club.spec.country));
  const homeTotal = (country: string): number =>
    clubs.reduce((sum, club, i) => sum + (club.spec.country === country ? homeCounts[i]! : 0), 0);
  const tokens: string[] = [];
  const entrants: readonly string[] = NATIONS_CUP.entrants;
  for (const entrant of entrants) {
    for (let n = homeTotal(entrant); n < NATIONAL_POOL_MIN; n++) tokens.push(entrant);
  }
  for (const country of COUNTRIES) {
    if (!entrants.includes(country.name) && !homeCountries.has(country.name))
      tokens.push(country.name);
  }
  if (tokens.length > totalCapacity)
    throw new Error(`demo squads: ${tokens.length} foreign players for ${totalCapacity} slots`);
  while (tokens.length < totalCapacity) tokens.push(rng.weighted(EXTRA_FOREIGN));

  const foreign: string[][] = clubs.map(() => []);
  for (const token of rng.shuffle(tokens)) {
    let candidates = clubs
      .map((club, i) => [i, club] as const)
      .filter(([i, club]) => capacity[i]! > 0 && club.spec.country !== token);
    // Only when every free slot is at a club of the token's own country does the token go home.
    if (candidates.length === 0)
      candidates = clubs.map((club, i) => [i, club] as const).filter(([i]) => capacity[i]! > 0);
    const index = rng.weighted(
      candidates.map(([i, club]) => [i, AFFINITY[club.spec.country]?.[token] ?? 1] as const),
    );
    foreign[index]!.push(token);
    capacity[index]! -= 1;
  }
  return clubs.map((club, i) =>
    rng.shuffle([...Array<string>(homeCounts[i]!).fill(club.spec.country), ...foreign[i]!]),
  );
}

/**
 * Swaps nationalities between a goalkeeper and an outfield player of the same club until every
 * entrant has enough goalkeepers. A swap within a club keeps every country's player count.
 */
function ensureKeepers(positions: readonly number[][], nationalities: string[][]): void {
  const entrants: readonly string[] = NATIONS_CUP.entrants;
  const keepers = (country: string): number =>
    positions.reduce(
      (sum, squad, c) =>
        sum +
        squad.filter((position, s) => position === GOALKEEPER && nationalities[c]![s] === country)
          .length,
      0,
    );
  for (const entrant of entrants) {
    while (keepers(entrant) < NATIONAL_KEEPERS_MIN) {
      let swapped = false;
      for (let c = 0; c < positions.length && !swapped; c++) {
        const squad = positions[c]!;
        const nations = nationalities[c]!;
        const outfield = squad.findIndex(
          (position, s) => position !== GOALKEEPER && nations[s] === entrant,
        );
        const keeper = squad.findIndex((position, s) => {
          const other = nations[s]!;
          return (
            position === GOALKEEPER &&
            other !== entrant &&
            (!entrants.includes(other) || keepers(other) > NATIONAL_KEEPERS_MIN)
          );
        });
        if (outfield >= 0 && keeper >= 0) {
          nations[outfield] = nations[keeper]!;
          nations[keeper] = entrant;
          swapped = true;
        }
      }
      if (!swapped) throw new Error(`demo squads: cannot find goalkeepers for ${entrant}`);
    }
  }
}

/**
 * Writes the `person` and `player` rows of every club squad (club order, then shirt number) and
 * returns the players. Featured players (featured.ts) take the first slots of their nationality.
 */
export function insertPlayers(ctx: DemoContext, clubs: readonly DemoClub[]): DemoPlayer[] {
  const rng = ctx.rng('squads');
  const positions = clubs.map(() => squadPositions(rng));
  const nationalities = drawNationalities(rng, clubs);
  ensureKeepers(positions, nationalities);

  const persons = new PersonFactory(ctx, 'player');
  const featured: FeaturedPerson[] = FEATURED_PLAYERS.slice();
  const players: DemoPlayer[] = [];
  clubs.forEach((club, c) => {
    positions[c]!.forEach((position, s) => {
      const nationality = nationalities[c]![s]!;
      const key = `${club.spec.key}:${s + 1}`;
      const pick = featured.findIndex((person) => person.country === nationality);
      const name = pick >= 0 ? featured.splice(pick, 1)[0]! : persons.name(nationality);
      const person = persons.insert(`player:${key}`, nationality, name);
      const id = ctx.id('player', key);
      ctx.insert('player', {
        id,
        v0_id: ctx.v0('player'),
        person,
        position,
        supplier_id: null,
        source: DEMO_SOURCE,
      });
      players.push({
        id,
        person,
        club: club.id,
        country: countryId(nationality),
        position,
        number: s + 1,
      });
    });
  });
  if (featured.length > 0)
    throw new Error(
      `demo squads: featured players not placed: ${featured.map((p) => p.last).join(', ')}`,
    );
  return players;
}
