import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, expect, it, vi } from 'vitest';
import { serveWorker } from '../server/runtimes/worker-local.ts';
import { demo } from './helpers/api.ts';
import { runtimesToTest } from './helpers/runtime-server.ts';

/**
 * The local Worker's start fills an empty bucket with the archive. That upload once failed one
 * start in a few on a busy machine (workerd closing a kept-alive connection as a part was sent
 * on it), losing every suite that started the Worker. The start is repeated, each time into an
 * empty bucket, while the rest of the suite runs beside it.
 */

const STARTS = 20;
const { root, archive } = demo();
const state = join(root, 'worker-upload');

afterEach(() => {
  vi.restoreAllMocks();
  rmSync(state, { recursive: true, force: true });
});

it.runIf(runtimesToTest())(
  `starts the Worker on the demo archive ${STARTS} times in a row, uploading it each time`,
  async () => {
    const said: string[] = [];
    vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
      said.push(args.join(' '));
    });
    for (let start = 1; start <= STARTS; start++) {
      rmSync(state, { recursive: true, force: true });
      said.length = 0;
      let port = 0;
      const stop = await serveWorker(
        {
          source: { kind: 'archive', path: archive },
          host: '127.0.0.1',
          port: 0,
          listening: (at) => (port = at),
        },
        state,
      );
      try {
        const root = await fetch(`http://127.0.0.1:${port}/v1/`);
        expect([start, root.status, said]).toEqual([
          start,
          200,
          [expect.stringMatching(/^Uploading .* to the local R2 bucket/)],
        ]);
        await root.arrayBuffer();
      } finally {
        await stop();
      }
    }
  },
);
