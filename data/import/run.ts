import Database from 'better-sqlite3';
import { resolve } from 'node:path';
import { bytesUnder, DiskFullError, isDiskFull } from '../disk-full.ts';
import {
  openDatabase,
  openReadOnly,
  writeTransaction,
  WRITE_WAIT_SECONDS,
  type Db,
  type WriterOptions,
} from '../db.ts';
import { createImportContext } from './context.ts';
import { importerFor } from './formats.ts';
import type { Importer } from './importer.ts';
import { SILENT, type Progress } from './progress.ts';
import { ImportReport } from './report.ts';

/**
 * What `importDataset` needs. `onWait` and `waitSeconds`: what it does while another process
 * writes the same database (`writeTransaction`).
 */
export interface ImportOptions extends WriterOptions {
  /** Format name (a key of `FORMATS`). */
  format: string;
  /** The dataset folder. */
  path: string;
  /**
   * A database file (created with the schema if needed, closed afterwards) or an open connection.
   */
  db: string | Db;
  progress?: Progress;
  /** Part of the dataset (`--competitions`), for formats that list `selections`. */
  competitions?: readonly string[];
  /** Checks the dataset whole, as an import would, and writes nothing (`--check`). */
  check?: boolean;
}

/** Ends the transaction of a check, which writes nothing: thrown inside it, caught outside. */
class CheckedOnly extends Error {}

/**
 * Imports one dataset into one SQLite database, in a single transaction: either everything of the
 * import is written or nothing is. Importing the same data twice changes nothing the second time.
 * Two imports into the same file at once run one after the other, in the order they took its
 * write lock.
 */
export function importDataset(options: ImportOptions): ImportReport {
  const importer = importerFor(options.format);
  const dir = resolve(options.path);
  importer.check(dir);
  const competitions = options.competitions;
  if (competitions !== undefined) checkCompetitions(importer, competitions);
  const started = process.hrtime.bigint();
  const writer = sharedWait(options);
  const file = typeof options.db === 'string' ? options.db : options.db.name;
  let db: Db | undefined;
  try {
    db =
      typeof options.db !== 'string'
        ? options.db
        : options.check
          ? openForCheck(options.db)
          : openDatabase(options.db, writer());
    // A fixed 256 MB page cache: an import is one transaction, and with SQLite's default 2 MB
    // the pages of the micro-event indexes spill to the write-ahead log over and over. Memory
    // stays bounded whatever the size.
    db.pragma('cache_size = -262144');
    const report = new ImportReport(importer.format, dir);
    const open = db;
    // The context reads the v0 counters: it is made once the write lock is held.
    try {
      writeTransaction(
        open,
        () => {
          const progress = options.progress ?? SILENT;
          const ctx = createImportContext(open, importer.source, report, progress);
          importer.run(ctx, dir, competitions ? { competitions } : {});
          if (options.check) throw new CheckedOnly();
        },
        writer(),
      );
    } catch (error) {
      if (!(error instanceof CheckedOnly)) throw error;
    }
    report.seconds = Number(process.hrtime.bigint() - started) / 1e9;
    return report;
  } catch (error) {
    if (!isDiskFull(error)) throw error;
    // What the import wrote is in the write-ahead log, which a rollback does not shrink.
    throw new DiskFullError('import', bytesUnder(`${file}-wal`), bytesUnder(file), error);
  } finally {
    if (typeof options.db === 'string') db?.close();
  }
}

/**
 * Throws unless the format imports part of its dataset and `competitions` are some of those it
 * lists.
 */
function checkCompetitions(importer: Importer, competitions: readonly string[]): void {
  const known = importer.selections;
  if (!known)
    throw new Error(`the ${importer.format} format imports its dataset whole (no --competitions)`);
  const unknown = competitions.filter((c) => !known.includes(c));
  if (unknown.length > 0 || competitions.length === 0) {
    throw new Error(
      `unknown competition ${unknown.join(', ') || '(none given)'}; ` +
        `${importer.format} has: ${known.join(', ')}`,
    );
  }
}

/**
 * The write-lock options of each step of one import. Opening (schema, reference lists) and the
 * import each take the write lock: they share one wait of `waitSeconds` and say once that they
 * wait.
 */
function sharedWait(options: ImportOptions): () => WriterOptions {
  const askedSeconds = options.waitSeconds ?? WRITE_WAIT_SECONDS;
  const deadline = Date.now() + askedSeconds * 1000;
  let told = false;
  return () => ({
    waitSeconds: Math.max(0, (deadline - Date.now()) / 1000),
    askedSeconds,
    onWait: () => {
      if (!told) options.onWait?.();
      told = true;
    },
  });
}

/**
 * Opens a database for a check, which changes nothing of it: not its schema (an older file is
 * not brought up to date; `openReadOnly` refuses what a build would refuse), not its reference
 * lists. A database yet to be made (`:memory:`) is made empty.
 */
function openForCheck(file: string): Db {
  if (file === ':memory:') return openDatabase(file);
  openReadOnly(file).close();
  const db = new Database(file, { fileMustExist: true });
  db.pragma('foreign_keys = ON');
  return db;
}
