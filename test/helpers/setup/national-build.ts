import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { build } from '../../../build/build.ts';
import { NATIONAL_SOURCES } from '../../../cli/national.ts';
import { importDataset } from '../../../data/import/run.ts';

/**
 * The national build of the tests, as a program of its own (`national-setup.ts` starts it): the
 * three national sources imported in the order `npm run national` takes them, Wyscout's World
 * Cup and Euro merged in on top (micro-events on those matches), and the whole API built from
 * them as an archive. It writes `ready` into its folder when it is done, `failed` with the reason
 * when it is not.
 *
 * Arguments: the folder to build in, then the folders of the datasets of `NATIONAL_SETS`.
 */
const [root, ...folders] = process.argv.slice(2) as [string, ...string[]];

try {
  const db = join(root, 'national.sqlite');
  NATIONAL_SOURCES.forEach(({ format }, i) => importDataset({ format, path: folders[i]!, db }));
  importDataset({
    format: 'wyscout',
    path: folders[NATIONAL_SOURCES.length]!,
    db,
    competitions: ['World_Cup', 'European_Championship'],
  });
  await build({ db, archive: join(root, 'national.archive') });
  writeFileSync(join(root, 'ready'), '');
} catch (error) {
  writeFileSync(
    join(root, 'failed'),
    error instanceof Error ? (error.stack ?? error.message) : String(error),
  );
  process.exitCode = 1;
}
