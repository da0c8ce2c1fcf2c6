import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * The files that take minutes (real-data imports, builds and crawls), longest first. Started first,
 * they run beside the many short files instead of after them; on a fresh checkout vitest has no
 * timings yet and would start the largest files first.
 */
const SLOWEST = ['test/national/national-build.test.ts', 'test/slow/imports/wyscout.test.ts'];

/** vitest's order, with the slowest files moved to the front. */
export class SlowestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const rank = (file: TestSpecification): number => {
      const at = SLOWEST.findIndex((slow) => file.moduleId.endsWith(slow));
      return at < 0 ? SLOWEST.length : at;
    };
    return (await super.sort(files)).sort((a, b) => rank(a) - rank(b));
  }
}
