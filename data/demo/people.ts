import { NAME_ORDER } from '../../football/lists.ts';
import { DEMO_SOURCE, type DemoContext } from './context.ts';
import { countryId, countrySpec } from './countries.ts';
import { NAME_POOLS, NICKNAMES, type Culture } from './names.ts';
import type { Rng } from './random.ts';

/** What a person is in the demo; decides the birth-date range. */
export type PersonRole = 'player' | 'manager' | 'referee';

/** Birth-date ranges by role (both ends included). */
export const BIRTH_RANGE: Readonly<Record<PersonRole, readonly [string, string]>> = {
  player: ['1986-01-01', '2006-12-31'],
  manager: ['1955-01-01', '1985-12-31'],
  referee: ['1972-01-01', '1993-12-31'],
};

/** The name columns of a person row. `nickname` is '' when the person has none (never NULL). */
export interface PersonName {
  readonly first: string | null;
  readonly second: string | null;
  readonly last: string | null;
  readonly secondLast: string | null;
  readonly nickname: string;
  /** A `name_order` id: western 10, middle 11, eastern 12. */
  readonly order: number;
}

/** A hand-written person (featured.ts): a name, and optionally a fixed birth date. */
export interface FeaturedPerson extends Partial<PersonName> {
  readonly first: string;
  readonly last: string;
  /** Nationality (a demo country name). */
  readonly country: string;
  readonly birthDate?: string;
}

/** Spanish compound given names, written as one first name. */
const COMPOUND_FIRST = [
  'José Luis',
  'Juan Pablo',
  'Miguel Ángel',
  'Juan Carlos',
  'José María',
  'Juan Manuel',
  'Luis Alberto',
];

/** The names already used in one generation run (shared by every factory of the run). */
const TAKEN = new WeakMap<DemoContext, Set<string>>();

/** Registers names that random names must not repeat, such as the featured persons'. */
export function reserveNames(
  ctx: DemoContext,
  names: Iterable<Pick<PersonName, 'first' | 'last'>>,
): void {
  const taken = takenNames(ctx);
  for (const name of names) taken.add(nameKey(name));
}

function takenNames(ctx: DemoContext): Set<string> {
  let taken = TAKEN.get(ctx);
  if (!taken) TAKEN.set(ctx, (taken = new Set()));
  return taken;
}

function nameKey(name: Pick<PersonName, 'first' | 'last'>): string {
  return `${name.first ?? ''}\0${name.last ?? ''}`;
}

const EASTERN: ReadonlySet<Culture> = new Set(['japanese', 'korean', 'chinese']);

/** Chance of a second given name written as such (the `middle` order), by culture. */
const MIDDLE_CHANCE: Partial<Record<Culture, number>> = {
  brazilian: 0.4,
  portuguese: 0.35,
  anglophone: 0.12,
  irish: 0.12,
  caribbean: 0.12,
  german: 0.1,
  dutch: 0.1,
  hispanic: 0.08,
};

/** Chance of a second surname (the mother's), Spanish style, by culture. */
const SECOND_SURNAME_CHANCE: Partial<Record<Culture, number>> = {
  hispanic: 0.6,
  rioplatense: 0.08,
};

/** Chance that a player is known by a nickname, by culture. */
const NICKNAME_CHANCE: Partial<Record<Culture, number>> = {
  brazilian: 0.4,
  portuguese: 0.1,
  hispanic: 0.04,
  rioplatense: 0.06,
  westAfricaFr: 0.03,
  turkish: 0.03,
};

/**
 * Makes and writes persons. One instance per role keeps each role's names on its own random stream;
 * nicknames are dealt from a per-culture shuffled deck, so no two persons share one.
 */
export class PersonFactory {
  private readonly rng: Rng;
  private readonly nicknames = new Map<Culture, string[]>();
  private readonly taken: Set<string>;

  /** @param role the role of every person this factory makes (also names its random stream) */
  constructor(
    private readonly ctx: DemoContext,
    private readonly role: PersonRole,
  ) {
    this.rng = ctx.rng(`persons:${role}`);
    this.taken = takenNames(ctx);
    // Decks are dealt in the fixed order of NICKNAMES' keys (object literal order), never Map
    // order.
    for (const culture of Object.keys(NICKNAMES) as Culture[]) {
      this.nicknames.set(culture, this.rng.shuffle(NICKNAMES[culture] ?? []));
    }
  }

  /**
   * A random, culture-typical name for a person of the given nationality, whose first and last name
   * no other demo person has (only the featured namesakes share a name, on purpose).
   */
  name(country: string): PersonName {
    for (let attempt = 0; ; attempt++) {
      const name = this.draw(country);
      const key = nameKey(name);
      // Small pools could in theory run dry; after many tries a namesake is acceptable.
      if (!this.taken.has(key) || attempt >= 50) {
        this.taken.add(key);
        return name;
      }
    }
  }

  private draw(country: string): PersonName {
    const culture = countrySpec(country).culture;
    const pool = NAME_POOLS[culture];
    const rng = this.rng;
    if (EASTERN.has(culture)) {
      // Family name first: `last` holds the family name, `first` the personal name.
      return {
        first: rng.pick(pool.first),
        second: null,
        last: rng.pick(pool.last),
        secondLast: null,
        nickname: '',
        order: NAME_ORDER.eastern,
      };
    }
    let first = rng.pick(pool.first);
    let second: string | null = null;
    let order: number = NAME_ORDER.western;
    if (rng.chance(MIDDLE_CHANCE[culture] ?? 0)) {
      second = this.other(pool.second ?? pool.first, first);
      order = NAME_ORDER.middle;
    } else if ((culture === 'hispanic' || culture === 'rioplatense') && rng.chance(0.1)) {
      // Compound given names ("José Luis") are one first name in Spanish usage.
      first = rng.pick(COMPOUND_FIRST);
    }
    const last = rng.pick(pool.last);
    const secondLast = rng.chance(SECOND_SURNAME_CHANCE[culture] ?? 0)
      ? this.other(pool.last, last)
      : null;
    let nickname = '';
    if (this.role === 'player' && rng.chance(NICKNAME_CHANCE[culture] ?? 0))
      nickname = this.nicknames.get(culture)?.pop() ?? '';
    return { first, second, last, secondLast, nickname, order };
  }

  /** A random birth date in the role's range. */
  birthDate(): string {
    return this.rng.date(...BIRTH_RANGE[this.role]);
  }

  /**
   * Writes a person row and returns its id (`uuidFor('demo', 'person', key)`). A featured person
   * keeps its hand-written name; its birth date is drawn unless fixed. `birthDate: null` writes an
   * unknown birth date (the draw still happens, so later values do not shift).
   */
  insert(
    key: string,
    country: string,
    person: PersonName | FeaturedPerson,
    birthDate?: string | null,
  ): string {
    const drawn = this.birthDate();
    const featuredDate = 'birthDate' in person ? person.birthDate : undefined;
    const id = this.ctx.id('person', key);
    this.ctx.insert('person', {
      id,
      v0_id: this.ctx.v0('person'),
      first_name: person.first,
      second_name: person.second ?? null,
      last_name: person.last,
      second_last_name: person.secondLast ?? null,
      nickname: person.nickname ?? '',
      birth_date: birthDate === null ? null : (birthDate ?? featuredDate ?? drawn),
      name_order: person.order ?? (person.second ? NAME_ORDER.middle : NAME_ORDER.western),
      country: countryId(country),
      source: DEMO_SOURCE,
    });
    return id;
  }

  /** A pool entry different from `not` (pools always hold more than one entry). */
  private other(pool: readonly string[], not: string): string {
    for (;;) {
      const value = this.rng.pick(pool);
      if (value !== not) return value;
    }
  }
}
