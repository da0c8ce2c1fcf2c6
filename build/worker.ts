import { parentPort, workerData } from 'node:worker_threads';
import { REGISTRY } from './registry/index.ts';
import { TaskRunner, type BuildPlan, type Task } from './tasks.ts';

/**
 * A build worker thread: runs the tasks the main thread sends (`pool.ts`) against the published
 * registry, posting progress and results back. An error is posted with its resource, then the
 * thread waits to be terminated: the main thread fails the whole build.
 */
const port = parentPort!;
const runner = new TaskRunner(workerData as BuildPlan, REGISTRY);
port.on('message', (task: Task | null) => {
  if (task === null) {
    runner.close();
    port.close();
    return;
  }
  try {
    let last = 0;
    const result = runner.run(task, (progress) => {
      const now = Date.now();
      if (now - last < 200) return;
      last = now;
      port.postMessage({ type: 'progress', task, progress });
    });
    port.postMessage({
      type: 'done',
      result,
      progress: runner.written,
    });
  } catch (e) {
    // The code crosses with the message, so the main thread can tell a full disk (ENOSPC).
    const code = (e as { code?: unknown }).code;
    port.postMessage({
      type: 'error',
      task,
      message: (e as Error).stack ?? String(e),
      ...(typeof code === 'string' ? { code } : {}),
    });
  }
});
