import { describe, expect, it } from 'vitest';
import { functionLengths } from './helpers/function-length.ts';

/**
 * The demo generator is read to check that its data is right, so its functions stay short enough
 * to read whole: a longer one is split into named steps. Only `data/demo/` is held to this.
 */
const LIMIT = 60;

describe('demo generator source', () => {
  it(`has no function longer than ${LIMIT} lines`, () => {
    const lengths = functionLengths('data/demo');
    expect(lengths.length).toBeGreaterThan(100);
    const long = lengths
      .filter((f) => f.lines > LIMIT)
      .map((f) => `${f.file}:${f.line} ${f.name} (${f.lines} lines)`);
    expect(long).toEqual([]);
  });
});
