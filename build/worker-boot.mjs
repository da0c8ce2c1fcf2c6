// The entry of a build worker thread: TypeScript is loaded through tsx here, because a worker does
// not inherit the main thread's module hooks (nor vitest's, when a test runs the build).
import { workerData } from 'node:worker_threads';
import { register } from 'tsx/esm/api';
register();
// A thread of the archive's assembly says so; a build worker's data is its plan.
await import(workerData?.entry === 'leaves' ? './archive/leaf-worker.ts' : './worker.ts');
