import type { Db } from '../data/db.ts';
import { attribution, envelope, type Provider } from '../server/envelope.ts';
import { recordFile, timelineFile } from '../server/paths.ts';
import type { Timeline } from '../server/timeline.ts';
import type { Derived, DocumentDef } from './registry/define.ts';
import { recordRenderer, type Row } from './render.ts';
import { countQuery, selectRows } from './sql.ts';
import type { TreeWriter } from './tree-writer.ts';
import { rowProviders, type Progress } from './write-resource.ts';

/**
 * Writes a document resource (`DocumentDef`, the analytics): one file per row, in id
 * order, each derived from its row alone, so one match's facts are in memory at a time. A resource
 * that answers `time` also gets the match's state timeline. Returns the number of records written.
 */
export function writeDocuments(
  db: Db,
  def: DocumentDef,
  out: TreeWriter,
  providers: Map<string, Provider>,
  progress: Progress,
): { count: number } {
  const render = recordRenderer(def);
  const derive: (row: Row) => Derived = def.derive?.(db) ?? ((row) => ({ rows: [row] }));
  const total = (db.prepare(countQuery(def)).get() as { n: number }).n;
  let count = 0;
  let done = 0;
  for (const row of db
    .prepare(`SELECT * FROM (${selectRows(def)}) ORDER BY id`)
    .iterate() as Iterable<Row>) {
    const id = String(row['id']);
    const credit = attribution(
      def.credit.kind === 'reference' ? null : rowProviders(row, providers),
    );
    const derived = derive(row);
    // Derived values may be lists (player ids); the renderer copies values as they are.
    const records = derived.rows.map((values) => render({ ...row, ...values } as Row));
    if (def.result === 'object' && records.length !== 1)
      throw new Error(`${def.path}/${id}: a document of one object has ${records.length} records`);
    out.write(
      recordFile(def.path, id),
      envelope({
        attribution: credit,
        meta: {},
        result: def.result === 'object' ? records[0] : records,
      }),
    );
    if (def.time) {
      if (!derived.timeline) throw new Error(`${def.path}/${id}: the derivation gave no timeline`);
      const timeline: Timeline = { source: credit.source, final: records[0]!, ...derived.timeline };
      out.write(timelineFile(def.path, id), JSON.stringify(timeline));
    }
    count += records.length;
    if (++done % 2000 === 0) progress(def.path, done, total);
  }
  progress(def.path, total, total);
  return { count };
}
