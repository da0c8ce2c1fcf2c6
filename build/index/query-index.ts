import type { Scalar } from '../../contract/keys.ts';
import {
  encodePostings,
  encodeRuns,
  encodeUint32s,
  keysFile,
  orderFile,
  postingFile,
  rankFile,
  type QueryIndexManifest,
} from '../../contract/query-index.ts';
import type { OutputSink } from '../output/sink.ts';
import type { FieldColumns } from './field-columns.ts';
import { indexField, type FieldOrder } from './field-index.ts';
import type { SourceColumn } from './source-column.ts';

/**
 * Writes a collection's query index (`contract/query-index.ts`) from the columns of its fields:
 * the posting list of every value of every filterable field, the keys wildcards match, and the
 * rank column and the two orders of every sortable field (every field, and the id), and the
 * source column where records differ in providers (`source-column.ts`). One field is
 * indexed at a time (`field-index.ts`), in a few arrays of four bytes per record.
 */

/** Ordinals per rank or order chunk: 16 KB files, so a page of a sort reads one or two. */
export const CHUNK = 4096;

/** Bytes of posting lists a group file holds on average, at most. */
export const GROUP_BYTES = 32 * 1024;

/** Most posting groups of one field. */
const MAX_GROUPS = 4096;

/** What to index: every field of the collection, in the order of its `FieldColumns`. */
export interface IndexPlan {
  fields: {
    name: string;
    /** The field's filter key of a value, null for a field the index does not filter. */
    filter: ((value: Scalar) => string | null) | null;
    /** Whether wildcards match its keys: the keys file lists them. */
    keyed: boolean;
  }[];
}

/**
 * Writes the index of the collection at `path` from its fields' `columns` and its records'
 * `sources`, `byId` being the ordinals in the order of their ids.
 */
export function writeQueryIndex(
  sink: OutputSink,
  path: string,
  columns: FieldColumns,
  sources: SourceColumn,
  byId: Uint32Array,
  plan: IndexPlan,
): QueryIndexManifest {
  const total = byId.length;
  const groups: Record<string, number> = {};
  plan.fields.forEach((field, i) => {
    const filter = field.filter && { key: field.filter, groups: groupCount };
    indexField(() => columns.values(i), total, byId, filter, {
      order: (order) => writeOrders(sink, path, field.name, order),
      group: ({ group, lists }, count) => {
        groups[field.name] = count;
        sink.write(postingFile(path, field.name, group), Buffer.from(encodePostings(lists)));
      },
      keys: field.keyed
        ? (keys) => sink.write(keysFile(path, field.name), JSON.stringify(keys))
        : undefined,
    });
    if (field.filter) groups[field.name] ??= 1;
  });
  // The id is unique: a run per record.
  const starts = Uint32Array.from({ length: total + 1 }, (_, i) => i);
  const rank = new Uint32Array(total);
  byId.forEach((ord, i) => (rank[ord] = i));
  writeOrders(sink, path, 'id', { order: byId, starts, rank });
  const keyed = plan.fields.filter((f) => f.filter && f.keyed).map((f) => f.name);
  return { chunk: CHUNK, groups, keyed, sources: sources.write(sink, path, CHUNK) };
}

/** The number of group files of a field's posting lists of `bytes` bytes: a power of two. */
function groupCount(bytes: number): number {
  let count = 1;
  while (count < MAX_GROUPS && bytes / count > GROUP_BYTES) count *= 2;
  return count;
}

/**
 * Writes a sort's rank column, its ascending order and its descending order, which is the runs of
 * equal keys of the ascending order in reverse, each still by id: written as those runs, cut at
 * the chunks' bounds (`encodeRuns`).
 */
function writeOrders(sink: OutputSink, path: string, name: string, sorted: FieldOrder): void {
  const { order, starts, rank } = sorted;
  const total = order.length;
  for (let c = 0; c * CHUNK < total || c === 0; c++) {
    const part = (a: Uint32Array) =>
      Buffer.from(encodeUint32s(a.subarray(c * CHUNK, (c + 1) * CHUNK)));
    sink.write(rankFile(path, name, c), part(rank));
    sink.write(orderFile(path, name, false, c), part(order));
  }
  let chunk = 0;
  let firsts: number[] = [];
  let lengths: number[] = [];
  let filled = 0;
  const flush = () => {
    sink.write(orderFile(path, name, true, chunk++), Buffer.from(encodeRuns(firsts, lengths)));
    [firsts, lengths, filled] = [[], [], 0];
  };
  for (let r = starts.length - 2; r >= 0; r--) {
    let at = starts[r]!;
    while (at < starts[r + 1]!) {
      const length = Math.min(starts[r + 1]! - at, CHUNK - filled);
      firsts.push(at);
      lengths.push(length);
      at += length;
      filled += length;
      if (filled === CHUNK) flush();
    }
  }
  if (filled > 0 || chunk === 0) flush();
}
