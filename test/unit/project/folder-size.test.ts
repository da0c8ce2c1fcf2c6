import { readdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CODE_FOLDERS, ROOT } from '../../helpers/code/import-graph.ts';

/**
 * A folder is a room named for its concept: past 20 files side by side it needs rooms of its
 * own, as `build/` got (`archive/`, `write/`, `index/`, ...). Counted in every folder of code and
 * of tests; the fixtures and the results of past benchmarks are records, not code.
 */
const LIMIT = 20;
const RECORDS = ['test/fixtures', 'test/bench/results'];

/** Every folder under `dir` (itself included) with the number of files directly in it. */
function folders(dir: string): [string, number][] {
  const entries = readdirSync(dir, { withFileTypes: true });
  const path = relative(ROOT, dir);
  if (RECORDS.includes(path)) return [];
  return [
    [path, entries.filter((e) => e.isFile()).length],
    ...entries.filter((e) => e.isDirectory()).flatMap((e) => folders(join(dir, e.name))),
  ];
}

describe('the folders of code and tests', () => {
  const counted = [...CODE_FOLDERS, 'test'].flatMap((folder) => folders(join(ROOT, folder)));

  it('counts every folder', () => {
    expect(counted.map(([path]) => path)).toEqual(
      expect.arrayContaining(['build/registry/matches', 'data/demo/events', 'test/unit/build']),
    );
  });

  it(`holds at most ${LIMIT} files flat in each`, () => {
    expect(counted.filter(([, files]) => files > LIMIT)).toEqual([]);
  });
});
