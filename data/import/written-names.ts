import { NAME_ORDER } from '../../football/lists.ts';
import type { ImportContext } from './context.ts';

/**
 * A name key for matching persons across sources: accents and case dropped, every run of other
 * characters (spaces, hyphens, apostrophes, dots) one space. "Hwang In-Beom" and "Hwang In-beom",
 * or "Ladislav Krejčí" and "Ladislav Krejci", give one key.
 */
export function nameKey(name: string): string {
  return name
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

/** What a source may know of a player besides the written name. */
export interface PlayerFacts {
  readonly birthDate?: string | null;
  /** Generic position id (reference list), written only on a new player. */
  readonly position?: number | null;
}

/** A player known to the database. */
interface Known {
  readonly player: string;
  readonly birthDate: string | null;
}

/**
 * Players named by a source that writes a person's name as one string, for a country (results
 * lists, World Cup JSON): "Lionel Messi", "Hwang In-Beom". Such a name is not split into given and
 * family names (which part is which would be a guess); a new person gets it as `nickname`, the name
 * the person is known by, with first and last names NULL.
 *
 * Before creating anyone, the index looks for the person in the database:
 * 1. with a birth date: a person of that name (any country) born that day;
 * 2. a person of that name whose country is `country` (Fjelstul's players have the country they
 *    played for), taken only when there is exactly one and no birth date contradicts it.
 * Otherwise the source gets a person of its own, keyed by country and name, so every later mention
 * of that name for that country is the same person.
 */
export class WrittenNames {
  private byCountry: Map<string, Known[]> | null = null;
  private byBirth: Map<string, Known[]> | null = null;
  /** Players found in the database (another source's) and players created, for the summary. */
  merged = 0;
  created = 0;

  constructor(private readonly ctx: ImportContext) {}

  /** The player id of `name` playing for `country` (a country id). */
  player(name: string, country: string, facts: PlayerFacts = {}): string {
    const key = nameKey(name);
    if (key === '') throw new Error(`empty player name for country ${country}`);
    const birthDate = facts.birthDate ?? null;
    const found = this.find(key, country, birthDate);
    if (found !== null) return found;

    const own = `${country}|${key}`;
    const person = this.ctx.id('person', own);
    const player = this.ctx.id('player', own);
    this.ctx.save('person', {
      id: person,
      first_name: null,
      second_name: null,
      last_name: null,
      second_last_name: null,
      nickname: name,
      birth_date: birthDate,
      name_order: NAME_ORDER.western,
      country,
      source: this.ctx.source,
    });
    const outcome = this.ctx.save('player', {
      id: player,
      person,
      position: facts.position ?? null,
      supplier_id: null,
      source: this.ctx.source,
    });
    if (outcome === 'new') this.created += 1;
    this.remember(key, country, { player, birthDate });
    return player;
  }

  private find(key: string, country: string, birthDate: string | null): string | null {
    this.load();
    const own = this.ctx.id('player', `${country}|${key}`);
    if (birthDate !== null) {
      const born = (this.byBirth!.get(`${key}|${birthDate}`) ?? []).filter((k) => k.player !== own);
      if (born.length === 1) return this.merge(born[0]!.player);
    }
    const candidates = this.byCountry!.get(`${country}|${key}`) ?? [];
    // This source's own person (an earlier mention, or an earlier import): the first spelling
    // stands.
    if (candidates.some((k) => k.player === own)) return own;
    const fitting = candidates.filter(
      (k) => birthDate === null || k.birthDate === null || k.birthDate === birthDate,
    );
    return fitting.length === 1 ? this.merge(fitting[0]!.player) : null;
  }

  private merge(player: string): string {
    this.merged += 1;
    return player;
  }

  /**
   * Reads every player's name keys once: the full name, and given + family name where both exist.
   */
  private load(): void {
    if (this.byCountry !== null) return;
    this.byCountry = new Map();
    this.byBirth = new Map();
    const rows = this.ctx.db
      .prepare<
        [],
        {
          player: string;
          country: string | null;
          birth_date: string | null;
          full_name: string;
          given: string | null;
          family: string | null;
        }
      >(
        `SELECT pl.id AS player, p.country, p.birth_date, n.full_name, p.first_name AS given, p.last_name AS family
        FROM player pl JOIN person p ON p.id = pl.person JOIN person_name n ON n.id = p.id`,
      )
      .all();
    for (const row of rows) {
      const keys = new Set([nameKey(row.full_name)]);
      if (row.given !== null && row.family !== null)
        keys.add(nameKey(`${row.given} ${row.family}`));
      for (const key of keys)
        if (key !== '')
          this.remember(key, row.country, { player: row.player, birthDate: row.birth_date });
    }
  }

  private remember(key: string, country: string | null, known: Known): void {
    const add = (map: Map<string, Known[]>, k: string) => {
      const list = map.get(k);
      if (!list) map.set(k, [known]);
      else if (!list.some((x) => x.player === known.player)) list.push(known);
    };
    if (country !== null) add(this.byCountry!, `${country}|${key}`);
    if (known.birthDate !== null) add(this.byBirth!, `${key}|${known.birthDate}`);
  }
}
