import { expect } from 'vitest';

/**
 * What a build or an import says when the disk is full: group 1 is the megabytes it had written,
 * group 2 the megabytes of what it left as it was.
 */
export function diskFull(run: 'build' | 'import', kept: string): RegExp {
  return new RegExp(
    `failed: the disk is full \\((?:ENOSPC|EDQUOT|SQLITE_FULL)[^)]*\\): the ${run} had ` +
      `written ([\\d.]+) MB when it stopped; ${kept} \\(([\\d.]+) MB\\) is left as it was`,
  );
}

/** Checks a build's disk-full message: it had written something, and it kept `keptBytes`. */
export function expectBuildDiskFull(output: string, keptBytes: number): void {
  const said = diskFull('build', 'the previous output').exec(output);
  expect(said, output).not.toBeNull();
  expect(Number(said![1])).toBeGreaterThan(0);
  expect(said![2]).toBe((keptBytes / 1e6).toFixed(1));
}
