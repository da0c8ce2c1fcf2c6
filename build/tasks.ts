import Database from 'better-sqlite3';
import { join } from 'node:path';
import { openReadOnly, type Db } from '../data/db.ts';
import type { Provider } from '../contract/envelope.ts';
import { optionsFile } from '../contract/paths.ts';
import { derivedTables } from './derived/tables.ts';
import { optionsDocument } from './write/describe.ts';
import type { Registry } from './define/resource.ts';
import { SegmentSink } from './output/archive-sink.ts';
import { TreeSink, WriteGate, type OutputSink, type SinkCounts } from './output/sink.ts';
import { hashing, SetHash } from './output/set-hash.ts';
import { registerFunctions, WORKER_CACHE_PRAGMA } from './define/sql.ts';
import { writeCollection, type Written } from './write/collection.ts';
import { writeDocuments } from './write/documents.ts';
import { readProviders } from './write/licences.ts';

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
  output: PlannedOutput;
  /** Bytes of records a resource's spool keeps in memory (`BuildOptions.spoolBytes`). */
  spoolBytes: number;
}

/**
 * Where the threads write: a tree of files in the build's folder, or segments of an archive (one
 * per task, in a scratch folder) that the main thread assembles into one file at the end.
 */
export type PlannedOutput =
  | {
      kind: 'tree';
      folder: string;
      precompress: boolean;
      /** The memory of the threads' `WriteGate`. */
      gate: SharedArrayBuffer;
    }
  | { kind: 'archive'; segments: string };

/** The segment a task's files go to; `main` holds what the main thread writes. */
export const segmentOf = (segments: string, task: number | 'main') => join(segments, String(task));

/** A unit of work: fill a derived table, or write one resource (by its index in the registry). */
export type Task = { kind: 'derive'; table: string } | { kind: 'resource'; index: number };

/** What a task reports when done. */
export type TaskResult =
  | { kind: 'derive'; table: string }
  | { kind: 'resource'; index: number; written: Written; hash: string };

/**
 * Progress of a running task: units done of a total (null while unknown: a collection counts its
 * records as they come), and the files and bytes written so far.
 */
export interface TaskProgress {
  done: number;
  total: number | null;
  files: number;
  bytes: number;
}

/** One thread's means to run tasks. */
export class TaskRunner {
  private readonly db: Db;
  private readonly providers: Map<string, Provider>;
  /** The thread's tree sink; null when it writes archive segments. */
  private readonly tree: TreeSink | null;
  /** What finished segments hold, and the segment being written. */
  private readonly segments: SinkCounts = { files: 0, bytes: 0 };
  private segment: SegmentSink | null = null;

  constructor(
    private readonly plan: BuildPlan,
    private readonly registry: Registry,
  ) {
    this.db = openReadOnly(plan.db);
    registerFunctions(this.db);
    this.db.pragma(WORKER_CACHE_PRAGMA);
    this.db.exec(`ATTACH DATABASE '${plan.derived.replaceAll("'", "''")}' AS derived`);
    this.providers = readProviders(this.db);
    const { output } = plan;
    this.tree =
      output.kind === 'tree'
        ? new TreeSink(output.folder, output.precompress, new WriteGate(output.gate))
        : null;
  }

  /** Files and bytes this thread has written. */
  get written(): SinkCounts {
    if (this.tree) return { files: this.tree.files, bytes: this.tree.bytes };
    return {
      files: this.segments.files + (this.segment?.files ?? 0),
      bytes: this.segments.bytes + (this.segment?.bytes ?? 0),
    };
  }

  /** The sink of one resource task: the thread's tree, or the task's own segment. */
  private open(index: number): OutputSink {
    const { output } = this.plan;
    switch (output.kind) {
      case 'tree':
        return this.tree!;
      case 'archive':
        return (this.segment = new SegmentSink(segmentOf(output.segments, index)));
      default:
        return output satisfies never;
    }
  }

  /** Closes a task's segment, if it has one. */
  private closeSegment(): void {
    if (!this.segment) return;
    this.segment.commit();
    this.segments.files += this.segment.files;
    this.segments.bytes += this.segment.bytes;
    this.segment = null;
  }

  /** Runs one task, reporting progress as it goes. */
  run(task: Task, progress: (p: TaskProgress) => void): TaskResult {
    const report = (done: number, total: number | null) =>
      progress({ done, total, ...this.written });
    switch (task.kind) {
      case 'derive': {
        const table = derivedTables(this.registry.resources).find((t) => t.name === task.table);
        if (!table) throw new Error(`no derived table ${task.table}`);
        // Derived tables are filled one after another (`runTasks` in build.ts); should two ever
        // meet, SQLite has one writer at a time, and the other waits for the lock, not fails.
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
        const sink = hashing(this.open(task.index), hash);
        const written =
          def.kind === 'document'
            ? writeDocuments(this.db, def, sink, this.providers, report)
            : writeCollection(this.db, def, sink, this.providers, report, this.plan.spoolBytes);
        sink.write(optionsFile(def.path), optionsDocument(def));
        // The task is done when its files are: its queue is written, its segment closed.
        this.tree?.commit();
        this.closeSegment();
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
