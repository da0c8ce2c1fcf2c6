import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { demo } from './helpers/api.ts';
import { runtimesToTest, startServer } from './helpers/runtime-server.ts';

/**
 * The local Worker's start fills an empty bucket with the archive. That upload once failed one
 * start in a few on a busy machine (workerd closing a kept-alive connection as a part was sent
 * on it), losing every suite that started the Worker. `npm run serve -- --runtime worker` is
 * started again and again, each time into an empty bucket, while the rest of the suite runs.
 */

const STARTS = 20;
const { root, archive } = demo();

it.runIf(runtimesToTest())(
  `starts the Worker on the demo archive ${STARTS} times in a row, uploading it each time`,
  async () => {
    const state = join(root, 'worker-upload');
    for (let start = 1; start <= STARTS; start++) {
      rmSync(state, { recursive: true, force: true });
      const worker = await startServer([
        '--runtime',
        'worker',
        '--archive',
        archive,
        '--persist-to',
        state,
      ]);
      try {
        const answer = await fetch(`http://127.0.0.1:${worker.port}/v1/`);
        await answer.arrayBuffer();
        // Uploaded in full, with no request lost on the way (a lost one is sent again, saying so).
        const said = worker.said.split('\n').filter((line) => !line.startsWith('Serving '));
        expect([start, answer.status, said.filter(Boolean)]).toEqual([
          start,
          200,
          [`Uploading ${archive} to the local R2 bucket football-api...`],
        ]);
      } finally {
        await worker.stop();
      }
    }
    rmSync(state, { recursive: true, force: true });
  },
);
