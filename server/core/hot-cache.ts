/**
 * A bounded in-memory cache of what a router reads or sends most. Least recently used entries
 * leave first once the entries' sizes pass the budget; an entry larger than an eighth of the
 * budget is never kept, so one large file cannot empty the cache. Keys must name their content
 * for the life of the cache: a strong entity tag, or a path within one immutable build.
 *
 * Concurrent misses of one key each load it: a request never waits on another's read, which
 * Workers forbids (I/O begun for one request cannot be continued by another).
 */
export class HotCache<V> {
  /** Insertion order is recency order: a hit moves its entry to the end. */
  readonly #entries = new Map<string, { value: V; size: number }>();
  readonly #budget: number;
  readonly #sizeOf: (value: V) => number;
  #size = 0;

  /** `budget`: the largest total size held at once (0 keeps nothing); `sizeOf` measures one. */
  constructor(budget: number, sizeOf: (value: V) => number) {
    this.#budget = budget;
    this.#sizeOf = sizeOf;
  }

  /** The value cached under `key`, or the one `load` gives (null: there is none, not kept). */
  async get(key: string, load: () => Promise<V | null>): Promise<V | null> {
    const hit = this.#entries.get(key);
    if (hit) {
      this.#entries.delete(key);
      this.#entries.set(key, hit);
      return hit.value;
    }
    const value = await load();
    if (value !== null) this.#keep(key, value);
    return value;
  }

  /** The total size held now. */
  get size(): number {
    return this.#size;
  }

  #keep(key: string, value: V): void {
    const size = this.#sizeOf(value);
    // Two requests may have loaded the same key at once: the second finds it kept.
    if (size > this.#budget / 8 || this.#entries.has(key)) return;
    this.#entries.set(key, { value, size });
    this.#size += size;
    for (const [oldest, entry] of this.#entries) {
      if (this.#size <= this.#budget) break;
      this.#entries.delete(oldest);
      this.#size -= entry.size;
    }
  }
}
