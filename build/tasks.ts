import Database from 'better-sqlite3';
import { openReadOnly, type Db } from '../data/db.ts';
import type { Provider } from '../server/envelope.ts';
import { optionsFile } from '../server/paths.ts';
import { optionsDocument } from './describe.ts';
import type { Registry } from './registry/index.ts';
import { hashing, SetHash, TreeSink } from './sink.ts';
import { registerFunctions } from './sql.ts';
import { writeCollection, type Written } from './write-collection.ts';
import { writeDocuments } from './write-documents.ts';

/**
 * The units of work of a build and how one thread runs them. The main thread hands tasks out (to
 * worker threads, or runs them itself with one worker); each thread has its own read-only
 * connection to the source and its own sink into the build folder, and a task's output depends
 * only on the database, never on which thread ran it or when.
 */

/** What every thread of one build is told. */
export interface BuildPlan {
  /** The source database (read only). */
  db: string;
  /** The scratch database of derived tables (see `publish.ts`). */
  derived: string;
  /** The folder the build writes into. */
  folder: string;
  precompress: boolean;
  scanLimit: number;
}

/** A unit of work: fill a derived table, or write one resource (by its index in the registry). */
export type Task = { kind: 'derive'; table: string } | { kind: 'resource'; index: number };

/** What a task reports when done. */
export type TaskResult =
  | { kind: 'derive'; table: string }
  | { kind: 'resource'; index: number; written: Written; hash: string };

/** Progress of a running task: units done of a total, and the files and bytes written so far. */
export interface TaskProgress {
  done: number;
  total: number;
  files: number;
  bytes: number;
}

/** One thread's means to run tasks. */
export class TaskRunner {
  private readonly db: Db;
  private readonly providers: Map<string, Provider>;
  readonly sink: TreeSink;

  constructor(
    private readonly plan: BuildPlan,
    private readonly registry: Registry,
  ) {
    this.db = openReadOnly(plan.db);
    registerFunctions(this.db);
    this.db.pragma('cache_size = -65536');
    this.db.exec(`ATTACH DATABASE '${plan.derived.replaceAll("'", "''")}' AS derived`);
    this.providers = new Map(
      (
        this.db
          .prepare('SELECT key, name, url, html, logo, license FROM provider ORDER BY key')
          .all() as (Provider & { key: string })[]
      ).map(({ key, ...p }) => [key, p]),
    );
    this.sink = new TreeSink(plan.folder, plan.precompress);
  }

  /** Runs one task, reporting progress as it goes. */
  run(task: Task, progress: (p: TaskProgress) => void): TaskResult {
    const report = (done: number, total: number) =>
      progress({ done, total, files: this.sink.files, bytes: this.sink.bytes });
    switch (task.kind) {
      case 'derive': {
        const table = this.registry.resources
          .flatMap((def) => def.temp ?? [])
          .find((t) => t.name === task.table);
        if (!table) throw new Error(`no derived table ${task.table}`);
        // Two derived tables may be filled at once by two workers: SQLite has one writer at a
        // time, so the other waits for the lock rather than failing.
        const target = new Database(this.plan.derived, { timeout: 3_600_000 });
        try {
          target.pragma('journal_mode = OFF');
          target.pragma('synchronous = OFF');
          table.fill(this.db, target, report);
        } finally {
          target.close();
        }
        return task;
      }
      case 'resource': {
        const def = this.registry.resources[task.index]!;
        const hash = new SetHash();
        const sink = hashing(this.sink, hash);
        const written =
          def.kind === 'document'
            ? writeDocuments(this.db, def, sink, this.providers, report)
            : writeCollection(this.db, def, sink, this.providers, report);
        sink.write(optionsFile(def.path), optionsDocument(def, this.plan.scanLimit));
        return { kind: 'resource', index: task.index, written, hash: hash.hex() };
      }
      default:
        throw new Error(`unknown task ${JSON.stringify(task satisfies never)}`);
    }
  }

  close(): void {
    this.db.close();
  }
}
