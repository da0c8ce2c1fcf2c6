import type { ImportContext } from './context.ts';

/** What a user may choose of one dataset (`--competitions`). */
export interface ImportSelection {
  /** The competitions to import, by the names the format lists in `selections`; all when absent. */
  readonly competitions?: readonly string[];
}

/**
 * One source format. Each format is one module (`data/import/<format>/index.ts`) that exports an
 * `Importer` and is listed in `formats.ts`; the command line and the tests find it there by name.
 */
export interface Importer {
  /** The format name on the command line (`npm run import -- <format> <path>`). */
  readonly format: string;
  /** The provider key its rows carry (`provider.key`, `source` columns). */
  readonly source: string;
  /** One line for the usage text: what the dataset is and which folder to pass. */
  readonly description: string;
  /**
   * The competitions `--competitions` may name, for a format that can import part of its dataset.
   */
  readonly selections?: readonly string[];
  /** Throws an Error with an actionable message when `dir` does not look like the dataset. */
  check(dir: string): void;
  /** Imports the dataset in `dir` through `ctx` (the caller wraps this in one transaction). */
  run(ctx: ImportContext, dir: string, selection?: ImportSelection): void;
}
