import type { Db } from '../../data/db.ts';
import type { Provider } from '../../contract/envelope.ts';
import { recordFile, timelineFile } from '../../contract/paths.ts';
import type { Timeline } from '../../contract/timeline.ts';
import { Credits } from './layouts.ts';
import type { DocumentDef, DocumentRows } from '../define/resource.ts';
import { recordRenderer, rowSource, type Row } from './render.ts';
import type { OutputSink } from '../output/sink.ts';
import { countQuery, quote, selectRows } from '../define/sql.ts';
import type { Example, Tick, Written } from './collection.ts';

/**
 * The documents layout (the analytics): one file per row of the resource, in id order (after the
 * `storedOrder` column, which decides where an archive stores them), each computed from its row
 * alone, so one match's facts are in memory at a time. A resource that answers `time` also gets
 * the match's state timeline.
 */
export function writeDocuments(
  db: Db,
  def: DocumentDef,
  sink: OutputSink,
  providers: ReadonlyMap<string, Provider>,
  tick: Tick,
): Written {
  const order = def.storedOrder ? `${quote(def.storedOrder)}, id` : 'id';
  const query = db.prepare(`SELECT * FROM (${selectRows(def)}) ORDER BY ${order}`);
  const columns = query.columns().map((c) => c.name);
  const render = recordRenderer(def, columns);
  const credits = new Credits(providers, def.credit.kind === 'reference');
  const compute: (row: Row) => DocumentRows = def.compute?.(db) ?? ((row) => ({ rows: [row] }));
  const total = (db.prepare(countQuery(def)).get() as { n: number }).n;
  let count = 0;
  let done = 0;
  let example: Example | null = null;
  // By name: a computation reads the row's columns and adds values under their names. A few
  // hundred thousand rows in all, so objects cost little here.
  for (const row of query.iterate() as Iterable<Row>) {
    const id = String(row['id']);
    const src = rowSource(row['_source']);
    const credit = credits.of([src]);
    const computed = compute(row);
    // Computed values may be lists (player ids); the renderer copies values as they are.
    const records = computed.rows.map((values) => {
      const merged = { ...row, ...values } as Row;
      return render(columns.map((c) => merged[c] ?? null));
    });
    if (def.result === 'object' && records.length !== 1)
      throw new Error(`${def.path}/${id}: a document of one object has ${records.length} records`);
    const result = JSON.stringify(def.result === 'object' ? records[0] : records);
    if (records[0]) example ??= { id, record: JSON.stringify(records[0]) };
    sink.write(
      recordFile(def.path, id),
      `{"attribution":${credit.attribution},"meta":{},"result":${result}}`,
    );
    if (def.time) {
      if (!computed.timeline)
        throw new Error(`${def.path}/${id}: the computation gave no timeline`);
      const timeline: Timeline = {
        source: (JSON.parse(credit.attribution) as { source: Timeline['source'] }).source,
        final: records[0]!,
        ...computed.timeline,
      };
      sink.write(timelineFile(def.path, id), JSON.stringify(timeline));
    }
    count += records.length;
    if (++done % 500 === 0) tick(done, total);
  }
  tick(total, total);
  return { count, buckets: 0, fieldBuckets: {}, example, query: null };
}
