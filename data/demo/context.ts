import { v0Ids, type Db } from '../db.ts';
import { uuidFor } from '../ids.ts';
import { rowInserters } from '../rows.ts';
import type { RowOf, TableName } from '../tables.ts';
import { Rng } from './random.ts';

/** The provider key of every row the demo generator writes. */
export const DEMO_SOURCE = 'demo';

/**
 * What every step of the demo generator shares: the connection, the seed, a v0 id dispenser and a
 * small insert helper (one statement per table).
 */
export interface DemoContext {
  readonly db: Db;
  readonly seed: number;
  /** An independent random stream for one concern (see `Rng.derive`). */
  rng(label: string): Rng;
  /** The next v0 id of an entity kind (the table name). */
  v0(kind: string): number;
  /** The demo v1 id of an entity: `uuidFor('demo', kind, key)`. */
  id(kind: string, key: string): string;
  /** Inserts one whole row of `table`: every column, `null` where the demo has no value. */
  insert<T extends TableName>(table: T, row: RowOf<T>): void;
}

/** Creates the shared context of one generation run. */
export function createContext(db: Db, seed: number): DemoContext {
  const nextV0 = v0Ids(db);
  return {
    db,
    seed,
    rng: (label) => Rng.derive(seed, label),
    v0: nextV0,
    id: (kind, key) => uuidFor(DEMO_SOURCE, kind, key),
    // One prepared INSERT per table, for whole rows.
    insert: rowInserters(db),
  };
}
