import { describe, expect, it } from 'vitest';
import { functionLengths } from './helpers/function-length.ts';

/**
 * The registry and the demo generator are read to check that a resource or the data is right, so
 * their functions stay short enough to read in one screen: a longer one is split into named steps
 * (a resource's factory, a match's steps). Parsed with the TypeScript compiler, not run.
 */
const LIMIT = 60;
const FOLDERS = { 'build/registry': 20, 'data/demo': 100 };

describe.each(Object.entries(FOLDERS))('%s', (folder, least) => {
  const lengths = functionLengths(folder);

  it('finds the functions of every file', () => {
    expect(lengths.length).toBeGreaterThan(least);
  });

  it(`has no function longer than ${LIMIT} lines`, () => {
    const long = lengths
      .filter((f) => f.lines > LIMIT)
      .map((f) => `${f.file}:${f.line} ${f.name} (${f.lines} lines)`);
    expect(long).toEqual([]);
  });
});
