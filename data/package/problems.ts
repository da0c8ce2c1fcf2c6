import { UserError } from '../../lib/errors.ts';

/** One thing wrong in a package: where, what it holds, and what was expected. */
export interface Problem {
  /** The file, relative to the package (`lineups.csv`, `datapackage.json`). */
  readonly file: string;
  /** Its line (1 is the header); 0 for the file as a whole. */
  readonly line: number;
  /** The column, where one is at fault. */
  readonly column: string | null;
  /** The value at fault, as written. */
  readonly value: string | null;
  readonly expected: string;
}

/** How many problems one run lists before it stops looking. */
export const PROBLEM_LIMIT = 100;

/** The problems of one import, up to `PROBLEM_LIMIT`: the import writes nothing when there is one. */
export class Problems {
  readonly list: Problem[] = [];
  /** Problems past the limit, counted but not listed. */
  more = 0;

  add(problem: Problem): void {
    if (this.list.length < PROBLEM_LIMIT) this.list.push(problem);
    else this.more++;
  }

  get full(): boolean {
    return this.more > 0;
  }

  /** Throws them as one `PackageError` when there is any. */
  throwIfAny(): void {
    if (this.list.length > 0) throw new PackageError(this.list, this.more);
  }
}

/** `lineups.csv:12: column player: "Jon Smith": a player so named: none in …`. */
export function describeProblem(p: Problem): string {
  const where = p.line > 0 ? `${p.file}:${p.line}` : p.file;
  const column = p.column === null ? '' : ` column ${p.column}:`;
  const value = p.value === null ? '' : ` ${JSON.stringify(p.value)}:`;
  return `${where}:${column}${value} expected ${p.expected}`;
}

/** A package that cannot be imported as it is: every problem found, each with its place. */
export class PackageError extends UserError {
  constructor(
    readonly problems: readonly Problem[],
    readonly more: number,
  ) {
    super(
      (more > 0
        ? `More than ${problems.length} problems in the package (it was read no further); ` +
          `the first ${problems.length}:\n`
        : `${problems.length} problem(s) in the package:\n`) +
        problems.map((p) => `  ${describeProblem(p)}`).join('\n'),
    );
  }
}
