import { xoroshiro128plus } from 'pure-rand/generator/xoroshiro128plus';
import { uniformInt } from 'pure-rand/distribution/uniformInt';
import { uniformFloat64 } from 'pure-rand/distribution/uniformFloat64';

const DAY_MS = 86_400_000;

/**
 * 32-bit FNV-1a hash of a label. Used to derive independent random streams from one seed, so that
 * adding a draw in one part of the generator does not shift every value drawn after it elsewhere.
 */
function fnv1a(label: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < label.length; i++) {
    hash ^= label.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

/** Parses `YYYY-MM-DD` to a UTC day number (days since 1970-01-01); no local time zone involved. */
function dayNumber(iso: string): number {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(iso);
  if (!match) throw new Error(`not an ISO date: ${iso}`);
  return Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])) / DAY_MS;
}

/**
 * A seeded random source for the demo generator (xoroshiro128+ from pure-rand). Never use
 * `Math.random` or the clock in the generator: the same seed must give byte-identical data.
 * pure-rand v8 generators are mutable, so every draw advances this instance.
 */
export class Rng {
  private readonly gen: ReturnType<typeof xoroshiro128plus>;

  /** @param seed any integer; it is reduced to 32 bits */
  constructor(seed: number) {
    this.gen = xoroshiro128plus(seed | 0);
  }

  /**
   * An independent stream for one concern of the generator (`'venues'`, `'players'`, ...), derived
   * from the seed and the label only, so streams do not disturb one another.
   */
  static derive(seed: number, label: string): Rng {
    return new Rng((seed ^ fnv1a(label)) | 0);
  }

  /** A uniform integer in [min, max], both included. */
  int(min: number, max: number): number {
    if (max < min) throw new Error(`empty range ${min}..${max}`);
    return uniformInt(this.gen, min, max);
  }

  /** A uniform number in [min, max) rounded to `decimals` places. */
  float(min: number, max: number, decimals = 2): number {
    const value = min + uniformFloat64(this.gen) * (max - min);
    const scale = 10 ** decimals;
    return Math.round(value * scale) / scale;
  }

  /** One element of a non-empty array, uniformly. */
  pick<T>(items: readonly T[]): T {
    if (items.length === 0) throw new Error('pick from an empty array');
    return items[this.int(0, items.length - 1)] as T;
  }

  /** One element, with probability proportional to its (positive) weight. */
  weighted<T>(items: readonly (readonly [item: T, weight: number])[]): T {
    const total = items.reduce((sum, [, weight]) => sum + weight, 0);
    if (items.length === 0 || total <= 0) throw new Error('weighted pick without weight');
    let ticket = uniformFloat64(this.gen) * total;
    for (const [item, weight] of items) {
      ticket -= weight;
      if (ticket < 0) return item;
    }
    // Rounding can leave a sliver of the total unassigned; it belongs to the last item.
    return items[items.length - 1]![0];
  }

  /** True with probability `p`. */
  chance(p: number): boolean {
    return uniformFloat64(this.gen) < p;
  }

  /** A shuffled copy (Fisher-Yates); the input is left alone. */
  shuffle<T>(items: readonly T[]): T[] {
    const out = items.slice();
    for (let i = out.length - 1; i > 0; i--) {
      const j = this.int(0, i);
      const tmp = out[i] as T;
      out[i] = out[j] as T;
      out[j] = tmp;
    }
    return out;
  }

  /** A uniform calendar date `YYYY-MM-DD` between two ISO dates, both included. */
  date(fromISO: string, toISO: string): string {
    const day = this.int(dayNumber(fromISO), dayNumber(toISO));
    return new Date(day * DAY_MS).toISOString().slice(0, 10);
  }
}
