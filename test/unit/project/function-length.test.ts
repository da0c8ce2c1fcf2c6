import { describe, expect, it } from 'vitest';
import { functionLengths } from '../../helpers/code/function-length.ts';

/**
 * Every function of the project's code stays short enough to read in one screen: a longer one is
 * split into named steps (a resource's factory, a match's steps, a request's answer and its
 * sending). Parsed with the TypeScript compiler, not run. Tables of data written as a function
 * (a document's literal parts) may be longer, each listed here by name with why.
 */
const LIMIT = 60;
/** Each folder of code, with the fewest functions it holds (so that a parse that finds none fails). */
const FOLDERS = {
  build: 300,
  cli: 20,
  contract: 40,
  data: 400,
  dev: 10,
  football: 3,
  lib: 15,
  server: 150,
  site: 100,
};
/** `file:function` of the tables of data allowed past the limit. */
const DATA_TABLES: readonly string[] = [];

describe.each(Object.entries(FOLDERS))('%s', (folder, least) => {
  const lengths = functionLengths(folder);

  it('finds the functions of every file', () => {
    expect(lengths.length).toBeGreaterThan(least);
  });

  it(`has no function longer than ${LIMIT} lines`, () => {
    const long = lengths
      .filter((f) => f.lines > LIMIT && !DATA_TABLES.includes(`${f.file}:${f.name}`))
      .map((f) => `${f.file}:${f.line} ${f.name} (${f.lines} lines)`);
    expect(long).toEqual([]);
  });
});
