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
