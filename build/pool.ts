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
    const queue = [...tasks];
    const filled = new Set<string>();
    const threads: Worker[] = [];
    const idle: Worker[] = [];
    let running = 0;
    let failed = false;

    const fail = (error: Error) => {
      if (failed) return;
      failed = true;
      signal?.removeEventListener('abort', abort);
      Promise.all(threads.map((t) => t.terminate())).then(
        () => reject(error),
        () => reject(error),
      );
    };
    const abort = () =>
      fail(signal?.reason instanceof Error ? signal.reason : new Error('aborted'));
    if (signal?.aborted) return abort();
    signal?.addEventListener('abort', abort, { once: true });

    const dispatch = () => {
      while (idle.length > 0) {
        const at = queue.findIndex((s) => s.needs.every((table) => filled.has(table)));
        if (at < 0) break;
        const [next] = queue.splice(at, 1);
        running++;
        idle.pop()!.postMessage(next!.task);
      }
      if (queue.length === 0 && running === 0 && !failed) {
        signal?.removeEventListener('abort', abort);
        for (const t of threads) t.postMessage(null);
        resolve();
      } else if (running === 0 && idle.length === threads.length && queue.length > 0) {
        fail(
          new Error(
            `tasks wait for derived tables nothing fills: ${queue.map((s) => name(s.task))}`,
          ),
        );
      }
    };

    for (let i = 0; i < workers; i++) {
      const worker = new Worker(BOOT, { workerData: plan });
      threads.push(worker);
      worker.on('message', (message: Message) => {
        switch (message.type) {
          case 'progress':
            events.progress(i, message.task, message.progress);
            return;
          case 'done':
            running--;
            if (message.result.kind === 'derive') filled.add(message.result.table);
            events.done(i, message.result, message.progress);
            idle.push(worker);
            dispatch();
            return;
          case 'error':
            fail(
              Object.assign(
                new Error(`Building ${name(message.task)} failed: ${message.message}`),
                message.code === undefined ? {} : { code: message.code },
              ),
            );
            return;
          default:
            message satisfies never;
        }
      });
      worker.on('error', (e) => fail(new Error(`A build worker failed: ${e.stack ?? e}`)));
      worker.on('exit', (code) => {
        if (code !== 0) fail(new Error(`A build worker exited with code ${code}`));
      });
      worker.once('online', () => {
        idle.push(worker);
        dispatch();
      });
    }
  });
}
