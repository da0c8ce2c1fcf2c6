import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { encodedFile, isSafeRelativePath } from '../../contract/paths.ts';
import { isIndexFile } from '../../contract/query-index.ts';
import { faultPoint } from '../../data/faults.ts';
import { composedBytes, type Composed } from './composed.ts';

/**
 * Where the build puts its output. The layouts write every file through this interface, so a tree
 * of files on disk is one sink and a one-file archive another; neither the layouts nor the
 * registry know which.
 */
export interface OutputSink {
  /** Writes one file at a relative path; a second write of the same path is an error. */
  write(file: string, content: string | Buffer): void;
  /** Writes a file made of records: the same as `write(file, composedBytes(composed))`. */
  writeComposed(file: string, composed: Composed): void;
  /**
   * True when the sink holds the record at position `ord` of the collection being written, so
   * that a composed file may name it as a `StoredRecord`, without its bytes: an archive's
   * segment stores a record once and names it by position after. A tree holds none.
   */
  holds(ord: number): boolean;
  /** Makes everything written so far durable; nothing is visible to readers before the publish. */
  commit(): void;
  /**
   * Says that no file written from now on holds a record written before (a collection's query
   * index comes after its records): an archive's segment drops what it kept of them.
   */
  recordsDone(): void;
}

/** Two outputs of the build map to the same file: the registry or the data is wrong. */
export class DuplicateOutputError extends Error {
  constructor(readonly file: string) {
    super(
      `Two outputs map to the same file: ${file}. Check the registry paths and the ids in the database.`,
    );
  }
}

/** What a sink has written, for the summary and the progress display. */
export interface SinkCounts {
  files: number;
  bytes: number;
}

/**
 * One writer at a time among a build's threads, through a cell of shared memory. Creating files
 * is serialised by the filesystem (its journal): two threads creating files at once take no less
 * time than one, and spend more CPU contending in the kernel, CPU the other thread could render
 * with. So a thread writes while the others render, and waits only when
 * its queue of files is full.
 */
export class WriteGate {
  private readonly cell: Int32Array;

  /** A gate over `memory` (`WriteGate.memory()`), shared by every thread of one build. */
  constructor(memory: SharedArrayBuffer) {
    this.cell = new Int32Array(memory);
  }

  /** The shared memory of a new gate. */
  static memory(): SharedArrayBuffer {
    return new SharedArrayBuffer(Int32Array.BYTES_PER_ELEMENT);
  }

  /** Takes the gate if it is free. */
  tryEnter(): boolean {
    return Atomics.compareExchange(this.cell, 0, 0, 1) === 0;
  }

  /** Takes the gate, waiting for the thread that holds it. */
  enter(): void {
    while (!this.tryEnter()) Atomics.wait(this.cell, 0, 1);
  }

  /** Frees the gate; only its holder calls it. */
  leave(): void {
    Atomics.store(this.cell, 0, 0);
    Atomics.notify(this.cell, 0, 1);
  }
}

/** Bytes of files a gated sink queues before it waits for the gate. */
const QUEUE_BYTES = 8 * 1024 * 1024;

/**
 * Writes files into a folder on the local disk, with `.br` and `.gz` variants when asked. Every
 * file is created exclusively, so a second output for the same path fails the build instead of
 * silently replacing the first; no list of written paths is kept, so memory stays flat however many
 * files there are. Several sinks (one per worker) may write into the same folder; given a `gate`,
 * they take turns (`WriteGate`), each queueing its files while another writes, and `commit()`
 * writes what is queued.
 */
export class TreeSink implements OutputSink, SinkCounts {
  files = 0;
  bytes = 0;
  /** Folders known to exist; bounded, because a build has as many folders as filter values. */
  private made = new Set<string>();
  /** Files waiting for the gate, and their bytes. */
  private queue: { file: string; data: Buffer }[] = [];
  private queued = 0;

  constructor(
    readonly root: string,
    private readonly precompress: boolean,
    private readonly gate: WriteGate | null = null,
  ) {}

  write(file: string, content: string | Buffer): void {
    if (!isSafeRelativePath(file))
      throw new Error(`Refusing to write outside the output folder: ${file}`);
    const data = typeof content === 'string' ? Buffer.from(content) : content;
    this.put(file, data);
    // Index files are read by the router, never sent: no compressed copies.
    if (this.precompress && !isIndexFile(file)) {
      this.put(
        encodedFile(file, 'br'),
        brotliCompressSync(data, {
          params: {
            [constants.BROTLI_PARAM_QUALITY]: 9,
            [constants.BROTLI_PARAM_SIZE_HINT]: data.length,
          },
        }),
      );
      this.put(encodedFile(file, 'gzip'), gzipSync(data, { level: 9 }));
    }
    if (this.gate === null) return;
    if (this.queued >= QUEUE_BYTES) this.gate.enter();
    else if (!this.gate.tryEnter()) return;
    this.drain();
  }

  writeComposed(file: string, composed: Composed): void {
    this.write(file, composedBytes(composed));
  }

  /**
   * Writes the queued files. Files are durable enough once closed: the publish renames a complete
   * folder into place, and a crash before it leaves a staging folder that the next build removes.
   */
  commit(): void {
    if (this.gate === null || this.queue.length === 0) return;
    this.gate.enter();
    this.drain();
  }

  /** A tree writes each file whole, from its records' bytes. */
  holds(): boolean {
    return false;
  }

  /** A tree writes each file whole: it keeps nothing of the records. */
  recordsDone(): void {}

  /** Writes the queue, holding the gate, and leaves it. */
  private drain(): void {
    try {
      for (const { file, data } of this.queue) this.create(file, data);
    } finally {
      this.queue = [];
      this.queued = 0;
      this.gate!.leave();
    }
  }

  private put(file: string, data: Buffer): void {
    if (this.gate === null) return this.create(file, data);
    this.queue.push({ file, data });
    this.queued += data.length;
  }

  private create(file: string, data: Buffer): void {
    const abs = join(this.root, file);
    const dir = dirname(abs);
    if (!this.made.has(dir)) {
      mkdirSync(dir, { recursive: true });
      if (this.made.size >= 4096) this.made.delete(this.made.values().next().value!);
      this.made.add(dir);
    }
    try {
      writeFileSync(abs, data, { flag: 'wx' });
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code === 'EEXIST') throw new DuplicateOutputError(file);
      throw e;
    }
    this.files++;
    this.bytes += data.length;
    faultPoint('write');
  }
}
