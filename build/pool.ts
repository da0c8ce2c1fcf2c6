import { Worker } from 'node:worker_threads';
import type { BuildPlan, Task, TaskProgress, TaskResult } from './tasks.ts';

/**
 * Hands a build's tasks to worker threads, as many as asked, each with its own read-only SQLite
 * connection. A task runs when the derived tables it waits for are filled; otherwise the order is
 * the registry's, the largest resources first among those ready. The first error stops every worker
 * and fails the build; so does an abort (Ctrl-C).
 */

/** A task with what it waits for. */
export interface Scheduled {
  task: Task;
  /**
   * Derived tables it waits for: a resource's, those it reads; a derived table's, the one filled
   * before it. It starts once they are filled.
   */
  needs: string[];
}

/** Reports of the running build. */
export interface PoolEvents {
  /** `worker` numbers the thread; `progress.files` and `.bytes` count all it has written. */
  progress(worker: number, task: Task, progress: TaskProgress): void;
  done(worker: number, result: TaskResult, sink: { files: number; bytes: number }): void;
}

/** A worker's message (`worker.ts`). */
type Message =
  | { type: 'progress'; task: Task; progress: TaskProgress }
  | { type: 'done'; result: TaskResult; progress: { files: number; bytes: number } }
  | { type: 'error'; task: Task; message: string; code?: string };

const BOOT = new URL('./worker-boot.mjs', import.meta.url);

/** What a task is called in messages. */
export const taskName = (task: Task, path: (index: number) => string) =>
  task.kind === 'derive' ? `derived table ${task.table}` : path(task.index);

/** Runs every task on `workers` threads; resolves when all are done. */
export function runPool(
  plan: BuildPlan,
  tasks: Scheduled[],
  workers: number,
  events: PoolEvents,
  name: (task: Task) => string,
  signal?: AbortSignal,
): Promise<void> {
  return new Promise((resolve, reject) => {
    const pool = new Pool(tasks, events, name, signal, { resolve, reject });
    if (signal?.aborted) return pool.abort();
    signal?.addEventListener('abort', pool.abort, { once: true });
    for (let i = 0; i < workers; i++) pool.start(i, plan);
  });
}

/** How a pool's run ends: the promise `runPool` returns. */
interface Settle {
  resolve(): void;
  reject(error: Error): void;
}

/** The threads of one run, the tasks still waiting, and the derived tables filled. */
class Pool {
  private readonly queue: Scheduled[];
  private readonly filled = new Set<string>();
  private readonly threads: Worker[] = [];
  private readonly idle: Worker[] = [];
  private running = 0;
  private failed = false;

  constructor(
    tasks: readonly Scheduled[],
    private readonly events: PoolEvents,
    private readonly name: (task: Task) => string,
    private readonly signal: AbortSignal | undefined,
    private readonly settle: Settle,
  ) {
    this.queue = [...tasks];
  }

  /** Fails the run as aborted; a listener of the signal, so one function for its whole life. */
  readonly abort = (): void =>
    this.fail(this.signal?.reason instanceof Error ? this.signal.reason : new Error('aborted'));

  /** Starts worker `i`, which takes its first task once it is online. */
  start(i: number, plan: BuildPlan): void {
    const worker = new Worker(BOOT, { workerData: plan });
    this.threads.push(worker);
    worker.on('message', (message: Message) => this.heard(i, worker, message));
    worker.on('error', (e) => this.fail(new Error(`A build worker failed: ${e.stack ?? e}`)));
    worker.on('exit', (code) => {
      if (code !== 0) this.fail(new Error(`A build worker exited with code ${code}`));
    });
    worker.once('online', () => {
      this.idle.push(worker);
      this.dispatch();
    });
  }

  /** A message of worker `i`. */
  private heard(i: number, worker: Worker, message: Message): void {
    switch (message.type) {
      case 'progress':
        this.events.progress(i, message.task, message.progress);
        return;
      case 'done':
        this.running--;
        if (message.result.kind === 'derive') this.filled.add(message.result.table);
        this.events.done(i, message.result, message.progress);
        this.idle.push(worker);
        this.dispatch();
        return;
      case 'error':
        this.fail(
          Object.assign(
            new Error(`Building ${this.name(message.task)} failed: ${message.message}`),
            message.code === undefined ? {} : { code: message.code },
          ),
        );
        return;
      default:
        message satisfies never;
    }
  }

  /** Hands the ready tasks to the idle workers; ends the run when none is left. */
  private dispatch(): void {
    const { queue, idle, threads } = this;
    while (idle.length > 0) {
      const at = queue.findIndex((s) => s.needs.every((table) => this.filled.has(table)));
      if (at < 0) break;
      const [next] = queue.splice(at, 1);
      this.running++;
      idle.pop()!.postMessage(next!.task);
    }
    if (queue.length === 0 && this.running === 0 && !this.failed) {
      this.signal?.removeEventListener('abort', this.abort);
      for (const t of threads) t.postMessage(null);
      this.settle.resolve();
    } else if (this.running === 0 && idle.length === threads.length && queue.length > 0) {
      this.fail(
        new Error(
          `tasks wait for derived tables nothing fills: ${queue.map((s) => this.name(s.task))}`,
        ),
      );
    }
  }

  /** Stops every worker and fails the run, once: the first error, or the abort. */
  private fail(error: Error): void {
    if (this.failed) return;
    this.failed = true;
    this.signal?.removeEventListener('abort', this.abort);
    Promise.all(this.threads.map((t) => t.terminate())).then(
      () => this.settle.reject(error),
      () => this.settle.reject(error),
    );
  }
}
