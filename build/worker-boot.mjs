// The entry of a build worker thread: TypeScript is loaded through tsx here, because a worker does
// not inherit the main thread's module hooks (nor vitest's, when a test runs the build).
import { register } from 'tsx/esm/api';
register();
await import('./worker.ts');
