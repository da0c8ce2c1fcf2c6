import Database from 'better-sqlite3';
import { copyFileSync } from 'node:fs';
import { uuidFor } from '../../data/ids.ts';

/**
 * A larger database for the build benchmark: the demo's persons and players copied `factor` times
 * with new ids and numbered surnames (so filter collections grow too), everything else as it is.
 * Only for measuring how build time, files and memory grow with the data.
 */
export function scaledCopy(demoDb: string, file: string, factor: number): void {
  copyFileSync(demoDb, file);
  const db = new Database(file);
  db.function('bench_id', { deterministic: true }, (kind: unknown, id: unknown, k: unknown) =>
    uuidFor('bench', String(kind), `${id}:${k}`),
  );
  const maxV0 = (table: string) =>
    (db.prepare(`SELECT max(v0_id) AS n FROM ${table}`).get() as { n: number }).n;
  db.transaction(() => {
    const personBase = maxV0('person');
    const playerBase = maxV0('player');
    for (let k = 1; k < factor; k++) {
      db.prepare(
        `INSERT INTO person SELECT bench_id('person', id, @k), v0_id + @k * @pb, first_name, second_name,
        last_name || ' ' || @k, second_last_name, nickname, birth_date, name_order, country, source FROM person WHERE v0_id <= @pb`,
      ).run({ k, pb: personBase });
      db.prepare(
        `INSERT INTO player SELECT bench_id('player', id, @k), v0_id + @k * @qb, bench_id('person', person, @k), position,
        supplier_id, source FROM player WHERE v0_id <= @qb`,
      ).run({ k, qb: playerBase });
    }
  })();
  db.close();
}
