import type { Db } from '../../../data/db.ts';
import type { DerivedTable } from '../../define/resource.ts';
import type { MatchFacts } from './facts.ts';
import { factsReader } from './reader.ts';

/**
 * Derived tables whose rows are computed in TypeScript from the facts of each match (the lineup
 * statistics, the total shot ratio): the matches are read one at a time and their rows written in
 * batches, so memory holds one match and one batch, and the table lives on disk.
 */

/** Rows written per transaction, at least: a match's rows are written together. */
const BATCH = 5000;

/** What a table computed per match is. */
export interface PerMatchTable {
  /** Table name in the `derived` schema. */
  name: string;
  /** Its columns, as SQL column definitions, in the order `rows` gives the values. */
  columns: readonly string[];
  /** Its primary key (column names). */
  key: readonly string[];
  /** SQL of the ids of the matches that have rows (one column), in the order they are read. */
  matches: string;
  /** The rows of one match, as values in the order of `columns`. */
  rows: (facts: MatchFacts) => unknown[][];
  /** Derived tables the facts read (`derived.micro_event`): filled before this one. */
  reads?: readonly DerivedTable[];
}

/** The derived table of `spec`, filled from the facts of each match. */
export function perMatchTable(spec: PerMatchTable): DerivedTable {
  const { name, columns, key, matches, rows } = spec;
  return {
    name,
    fill(db: Db, target: Db, progress: (done: number, total: number) => void): void {
      // The rows come by match, the key orders them otherwise: inserted into the keyed table as
      // they come, each would land at a random place of its B-tree. They go to a table without
      // a key first, in the order they come, then into the keyed one in its key's order, which
      // appends (test/bench/results/2026-12-01-shared-work.md).
      const stage = `${name}_unsorted`;
      const defs = columns.join(', ');
      target.exec(`DROP TABLE IF EXISTS ${name}; DROP TABLE IF EXISTS ${stage};
        CREATE TABLE ${stage} (${defs})`);
      const ids = db.prepare(matches).pluck().all() as string[];
      const read = factsReader(db);
      const insert = target.prepare(
        `INSERT INTO ${stage} VALUES (${columns.map(() => '?').join(', ')})`,
      );
      const write = target.transaction((batch: unknown[][]) => {
        for (const row of batch) insert.run(row);
      });
      // Matches are read outside the transactions: the facts read `derived.micro_event` in the
      // file this writes, which a writer holding its lock would keep them from, unless in WAL
      // mode.
      let batch: unknown[][] = [];
      ids.forEach((id, i) => {
        batch.push(...rows(read(id)));
        if (batch.length >= BATCH || i === ids.length - 1) {
          write(batch);
          batch = [];
          progress(i + 1, ids.length);
        }
      });
      const keys = key.join(', ');
      target.exec(`CREATE TABLE ${name} (${defs}, PRIMARY KEY (${keys})) WITHOUT ROWID;
        INSERT INTO ${name} SELECT * FROM ${stage} ORDER BY ${keys};
        DROP TABLE ${stage}`);
    },
    ...(spec.reads ? { reads: spec.reads } : {}),
  };
}
