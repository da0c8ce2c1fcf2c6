import Database from 'better-sqlite3';
import type { Scalar } from '../../contract/keys.ts';
import { RecordFile, type Span } from '../index/record-file.ts';
import { WORKER_CACHE_PRAGMA } from '../define/sql.ts';
import { StoredRecord, type RecordBytes } from '../output/composed.ts';

/**
 * The records of one resource, rendered once and kept while its layouts read them back in the
 * orders they need (the default order, by filter key, by bucket, by id). The expensive part of a
 * resource, its SQL with the joins on uuid keys, runs once per build; every layout reads this
 * spool instead.
 *
 * Records stay in memory up to a budget of bytes (most resources: sorting an array is far cheaper
 * than a database), and past it all of them move to disk: their JSON to a temporary file
 * (`RecordFile`), their keys and offsets to a private temporary SQLite database, deleted when
 * closed, whose sorter keeps memory bounded however many records a resource has (the
 * micro-events). It is a second connection because better-sqlite3 does not write on a connection
 * that is streaming a query. Both give the same order: by key (numbers numerically, text by code
 * unit; every key whose order shows in a file is an id, ASCII), then by position in the default
 * order; where a column orders the keys (a match's date, `StoredBy`), by it first.
 */

/** One rendered record as a layout reads it back. */
export interface SpooledRecord {
  /** The grouping value: a filter key, a bucket field's value or the record id. */
  key: Scalar;
  /** The record id (text, as in file names). */
  id: string;
  /** The record's provider keys (`_source`), null for reference data. */
  src: string | null;
  /**
   * The record's JSON, as UTF-8; or, read from disk when the reader's sink holds the record
   * already (`Holds`), its length alone.
   */
  json: RecordBytes;
  /**
   * Its position in the default order, which names it in every layout that reads it: an archive's
   * segment finds the record it stored by it (`ordinal-places.ts`).
   */
  ord: number;
}

/**
 * A record as it is spooled: its position in the default order, its id and grouping values as
 * they came, its provider keys and its JSON.
 */
export interface Spooled {
  ord: number;
  id: Scalar;
  src: string | null;
  json: Uint8Array;
  keys: readonly Scalar[];
}

/**
 * The records the reader's sink holds already, by position (`OutputSink.holds`): a spool on disk
 * gives them as `StoredRecord`s rather than read their JSON back. An archive stores a record the
 * first time it meets it, so every layout after the first reads no JSON from disk: on a season
 * of micro-events, the records' bucket files by id and by action read it one record a read.
 */
export type Holds = (ord: number) => boolean;

/** Bytes of record JSON a spool holds in memory before it moves everything to disk. */
export const MEMORY_BUDGET = 48 * 1024 * 1024;

/**
 * Bytes of records a spool on disk reads back at a time: the records of a batch are read in the
 * file's order (`RecordFile.gather`), and the batch is in memory until the layouts are done with
 * it.
 */
const GATHER_BYTES = 8 * 1024 * 1024;

/**
 * Rows a spool on disk reads at a time when it gathers few bytes (its sink holds the records):
 * the batch's rows are in memory until the layouts are done with them.
 */
const GATHER_ROWS = 16_384;

/** Rows written per transaction. */
const BATCH = 5000;

/**
 * better-sqlite3 binds JS numbers as REAL: integer ids (v0) are bound as BigInt so the spool keeps
 * them as SQLite integers, which order numerically and read back as `1`, not `1.0`.
 */
const integral = (v: Scalar): Scalar | bigint =>
  typeof v === 'number' && Number.isInteger(v) ? BigInt(v) : v;

/** SQLite's order of two keys: null first, numbers next, by value, then text by code unit. */
function compareKeys(a: Scalar, b: Scalar): number {
  if (a === null || b === null) return a === b ? 0 : a === null ? -1 : 1;
  const an = typeof a === 'number';
  const bn = typeof b === 'number';
  if (an !== bn) return an ? -1 : 1;
  return a < b ? -1 : a > b ? 1 : 0;
}

/**
 * Records in the default order sorted by key (after `firstBy`, a value the same for every record
 * of one key, when given), then in that order. Records often come in runs of one key (a match's
 * records, in an order by date and match): the runs are sorted, not the records, which for the
 * statistics' `match` sorts a few thousand runs instead of 50,000 records.
 */
function sortByKey(
  rows: Spooled[],
  keyOf: (h: Spooled) => Scalar,
  firstBy: (h: Spooled) => Scalar = () => null,
): Spooled[] {
  const runs: { first: Scalar; key: Scalar; start: number; end: number }[] = [];
  let run: (typeof runs)[number] | undefined;
  rows.forEach((h, i) => {
    const key = keyOf(h);
    if (run?.key === key) run.end = i + 1;
    else runs.push((run = { first: firstBy(h), key, start: i, end: i + 1 }));
  });
  // Runs of one key keep their order: their starts are their positions in the default order.
  runs.sort(
    (a, b) => compareKeys(a.first, b.first) || compareKeys(a.key, b.key) || a.start - b.start,
  );
  const sorted: Spooled[] = [];
  for (const r of runs) for (let i = r.start; i < r.end; i++) sorted.push(rows[i]!);
  return sorted;
}

/** A held record's value in column `column`; -1 is its id. */
const keyIn = (h: Spooled, column: number): Scalar => (column < 0 ? h.id : h.keys[column]!);

/** Bytes of each block the spool copies its records into. */
const BLOCK = 1024 * 1024;

/**
 * The spool's own memory for the records it holds, in blocks of `BLOCK` bytes: the bytes a record
 * is added with are the caller's to reuse (the writer encodes each record into one buffer), and a
 * block of many records is one allocation, where a buffer of each would be one apiece.
 */
class Blocks {
  private block = Buffer.allocUnsafeSlow(BLOCK);
  private used = 0;

  /** A copy of `bytes` in the spool's blocks (a large record gets a block of its own). */
  keep(bytes: Uint8Array): Uint8Array {
    if (bytes.length > BLOCK / 4) return new Uint8Array(bytes);
    if (this.used + bytes.length > BLOCK) {
      this.block = Buffer.allocUnsafeSlow(BLOCK);
      this.used = 0;
    }
    this.block.set(bytes, this.used);
    this.used += bytes.length;
    return this.block.subarray(this.used - bytes.length, this.used);
  }
}

/** A spool for the records of one resource; `columns` are the grouping values kept per record. */
export class Spool {
  private held: Spooled[] = [];
  /**
   * The held records sorted by a grouping column (and the column it is ordered after), kept for
   * `counts` and `grouped` to share.
   */
  private sorted = new Map<string, Spooled[]>();
  private bytes = 0;
  private blocks = new Blocks();
  private disk: DiskSpool | null = null;
  /** Records added. */
  private total = 0;
  /** The ordinals in id order, once a read by id has given them all (`idOrder`). */
  private byId: Uint32Array | null = null;

  constructor(
    private readonly columns: number,
    /** Bytes of JSON held in memory before the spool moves to disk. */
    private readonly budget = MEMORY_BUDGET,
    /** Bytes of records read back from disk at a time (`GATHER_BYTES`). */
    private readonly gatherBytes = GATHER_BYTES,
  ) {}

  /**
   * Adds a record, with its grouping values in this spool's columns. Its bytes are copied: the
   * caller may reuse them.
   */
  add(record: Spooled): void {
    this.total++;
    if (this.disk) return this.disk.add(record);
    this.held.push({ ...record, json: this.blocks.keep(record.json) });
    this.bytes += record.json.length;
    if (this.bytes > this.budget) {
      this.disk = new DiskSpool(this.columns, this.gatherBytes);
      for (const h of this.held) this.disk.add(h);
      this.held = [];
    }
  }

  /**
   * Ends the writing; the reads below may start. On disk, they give the records the reader's
   * sink `holds` without their JSON.
   */
  seal(holds?: Holds): void {
    this.disk?.seal(holds);
  }

  /** Every record, in the default order. */
  *inOrder(): IterableIterator<SpooledRecord> {
    if (this.disk) return yield* this.disk.inOrder();
    for (const h of this.held)
      yield { key: h.id, id: String(h.id), src: h.src, json: h.json, ord: h.ord };
  }

  /** Group sizes of grouping column `column` (non-null values), in the order `grouped` reads. */
  *counts(column: number, after?: number): IterableIterator<{ key: Scalar; n: number }> {
    if (this.disk) return yield* this.disk.counts(column, after);
    let current: { key: Scalar; n: number } | null = null;
    for (const record of this.grouped(column, after)) {
      if (current && current.key === record.key) current.n++;
      else {
        if (current) yield current;
        current = { key: record.key, n: 1 };
      }
    }
    if (current) yield current;
  }

  /**
   * The records with a non-null value in grouping column `column`, by that value and then in the
   * default order; `column` -1 reads them by id. With `after`, a column whose value is the same
   * for every record of one value of `column`, the values go by it first (nulls first).
   */
  *grouped(column: number, after?: number): IterableIterator<SpooledRecord> {
    if (column >= 0 || after !== undefined) return yield* this.read(column, after);
    // Read by id, the records give the query index its id order: kept, so that it is not sorted
    // again.
    const byId = new Uint32Array(this.total);
    let n = 0;
    for (const record of this.read(column, after)) {
      byId[n++] = record.ord;
      yield record;
    }
    if (n === this.total) this.byId = byId;
  }

  private *read(column: number, after: number | undefined): IterableIterator<SpooledRecord> {
    if (this.disk) return yield* this.disk.grouped(column, after);
    for (const h of this.heldBy(column, after))
      yield { key: keyIn(h, column), id: String(h.id), src: h.src, json: h.json, ord: h.ord };
  }

  /**
   * The held records with a non-null value in column `column` (-1: the id), sorted as `grouped`
   * reads them; sorted once per column, for `counts` and `grouped` to share.
   */
  private heldBy(column: number, after?: number): Spooled[] {
    let rows = this.sorted.get(`${column}:${after}`);
    if (!rows) {
      const key = (h: Spooled) => keyIn(h, column);
      const first = after === undefined ? undefined : (h: Spooled) => keyIn(h, after);
      rows = sortByKey(
        this.held.filter((h) => key(h) !== null),
        key,
        first,
      );
      this.sorted.set(`${column}:${after}`, rows);
    }
    return rows;
  }

  /**
   * The ordinals in the order of their records' ids (as `grouped(-1)` reads them). Ids are
   * integers or uuids in lowercase hex, so this order is `compareValues`' order.
   */
  idOrder(): Uint32Array {
    if (this.byId) return this.byId;
    if (this.disk) return this.disk.idOrder();
    return Uint32Array.from(
      sortByKey(this.held, (h) => h.id),
      (h) => h.ord,
    );
  }

  /** The number of distinct non-null values of grouping column `column`. */
  distinct(column: number): number {
    if (this.disk) return this.disk.distinct(column);
    return new Set(this.held.map((h) => h.keys[column]).filter((k) => k !== null)).size;
  }

  close(): void {
    this.held = [];
    this.byId = null;
    this.blocks = new Blocks();
    this.sorted.clear();
    this.disk?.close();
  }
}

/**
 * A spooled record's row on disk, as every read selects it (`DiskSpool.records`): its id as text,
 * or null when the read's key is the id; its provider keys by their number (`DiskSpool.sources`);
 * its JSON is `len` bytes at `at` in the record file.
 */
type DiskRow = [ord: number, key: Scalar, id: string | null, src: number, at: number, len: number];

/** The JSON of a record of a batch until the batch is read (`DiskSpool.records`). */
const UNREAD = new Uint8Array(0);

/**
 * The spool on disk: the records' JSON in a temporary file, and their keys and offsets in a
 * temporary SQLite database, whose sorter orders them for each layout.
 */
class DiskSpool {
  private readonly db = new Database('');
  private readonly file: RecordFile;
  private readonly insert: Database.Statement;
  private pending = 0;
  /** Records added. */
  private total = 0;
  /** The records the reader's sink holds (`seal`), read without their JSON. */
  private holds: Holds | undefined;
  /**
   * The distinct provider keys of the records, which the rows name by their place here: a
   * resource has a handful, so a read makes no string of them a row.
   */
  private readonly sources: (string | null)[] = [];
  private readonly sourceNumbers = new Map<string | null, number>();

  constructor(
    columns: number,
    private readonly gatherBytes: number,
  ) {
    this.db.pragma('journal_mode = OFF');
    this.db.pragma('synchronous = OFF');
    // The sorter spills to temporary files past the cache.
    this.db.pragma(WORKER_CACHE_PRAGMA);
    const keys = Array.from({ length: columns }, (_, i) => `, k${i}`).join('');
    const columnsSql = `ord INTEGER PRIMARY KEY, id, src INTEGER, at INTEGER, len INTEGER${keys}`;
    this.db.exec(`CREATE TABLE spool (${columnsSql})`);
    const marks = ', ?'.repeat(columns);
    this.insert = this.db.prepare(`INSERT INTO spool VALUES (?, ?, ?, ?, ?${marks})`);
    this.db.exec('BEGIN');
    // Last: nothing after it can fail and leave the file open.
    this.file = new RecordFile();
  }

  add({ ord, id, src, json, keys }: Spooled): void {
    this.total++;
    const at = this.file.append(json);
    const source = this.sourceNumber(src);
    this.insert.run(ord, integral(id), source, at, json.length, ...keys.map(integral));
    if (++this.pending >= BATCH) {
      this.db.exec('COMMIT; BEGIN');
      this.pending = 0;
    }
  }

  /** The number of provider keys `src` in `sources`, given one the first time they come. */
  private sourceNumber(src: string | null): number {
    let n = this.sourceNumbers.get(src);
    if (n === undefined) {
      n = this.sources.push(src) - 1;
      this.sourceNumbers.set(src, n);
    }
    return n;
  }

  seal(holds: Holds | undefined): void {
    this.db.exec('COMMIT');
    this.file.flush();
    this.holds = holds;
  }

  counts(column: number, after?: number): IterableIterator<{ key: Scalar; n: number }> {
    const first = after === undefined ? '' : `k${after}, `;
    return this.db
      .prepare(
        `SELECT k${column} AS key, count(*) AS n FROM spool WHERE k${column} IS NOT NULL
         GROUP BY ${first}k${column} ORDER BY ${first}k${column}`,
      )
      .iterate() as IterableIterator<{ key: Scalar; n: number }>;
  }

  inOrder(): IterableIterator<SpooledRecord> {
    return this.records('spool.id', 'ORDER BY ord');
  }

  grouped(column: number, after?: number): IterableIterator<SpooledRecord> {
    const key = column < 0 ? 'id' : `k${column}`;
    const first = after === undefined ? '' : `spool.k${after}, `;
    return this.records(
      `spool.${key}`,
      `WHERE spool.${key} IS NOT NULL ORDER BY ${first}spool.${key}, ord`,
    );
  }

  /**
   * The records of the spool's rows that `where` (a `WHERE` and an `ORDER BY`) selects and orders,
   * `key` their grouping value, their JSON read from the record file a batch of `gatherBytes` (or
   * `GATHER_ROWS` rows) at a time, but for those its reader's sink `holds`. Rows come as arrays
   * (`raw`, a `DiskRow`), which the SQLite binding makes faster than an object a row. A read
   * keyed by the id selects it once: its text is the key's (`String` of an integer id spells it
   * as SQLite's `CAST` does).
   */
  private *records(key: string, where: string): IterableIterator<SpooledRecord> {
    const { holds, sources } = this;
    const id = key === 'spool.id' ? 'NULL' : 'CAST(spool.id AS TEXT)';
    const sql = `SELECT ord, ${key}, ${id}, src, at, len FROM spool ${where}`;
    let batch: SpooledRecord[] = [];
    // The records of the batch whose JSON is read, and their places in it.
    let wanted: (Span & { slot: number })[] = [];
    let bytes = 0;
    const flush = () => {
      const json = this.file.gather(wanted);
      wanted.forEach((span, w) => (batch[span.slot]!.json = json[w]!));
      const records = batch;
      batch = [];
      wanted = [];
      bytes = 0;
      return records;
    };
    const rows = this.db.prepare(sql).raw().iterate() as Iterable<DiskRow>;
    for (const [ord, key, id, src, at, len] of rows) {
      const held = holds?.(ord) ?? false;
      if (!held) {
        wanted.push({ at, len, slot: batch.length });
        bytes += len;
      }
      const json = held ? new StoredRecord(len) : UNREAD;
      batch.push({ ord, key, id: id ?? String(key), src: sources[src]!, json });
      if (bytes >= this.gatherBytes || batch.length >= GATHER_ROWS) yield* flush();
    }
    yield* flush();
  }

  idOrder(): Uint32Array {
    const ords = this.db.prepare('SELECT ord FROM spool ORDER BY id, ord').pluck().iterate();
    const order = new Uint32Array(this.total);
    let i = 0;
    for (const ord of ords) order[i++] = ord as number;
    return order;
  }

  distinct(column: number): number {
    return (
      this.db.prepare(`SELECT count(DISTINCT k${column}) AS n FROM spool`).get() as { n: number }
    ).n;
  }

  close(): void {
    try {
      if (this.db.inTransaction) this.db.exec('ROLLBACK');
      this.db.close();
    } finally {
      this.file.close();
    }
  }
}
