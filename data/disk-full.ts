import { lstatSync, readdirSync } from 'node:fs';
import { join } from 'node:path';

/**
 * A build or an import that met a full disk (`ENOSPC`, or SQLite's `SQLITE_FULL`): it stops, says
 * so with how much it had written and how large the output it leaves in place is, and discards
 * what it wrote.
 */
export class DiskFullError extends Error {
  constructor(
    /** What met the full disk. */
    run: 'build' | 'import',
    /** Bytes it had written when the disk filled. */
    readonly written: number,
    /** Bytes of what it would have replaced or added to, left as it was (0 when none). */
    readonly previous: number,
    /** The error the write met (its path and system call, where it has them). */
    cause: unknown,
  ) {
    const kept = run === 'build' ? 'the previous output' : 'the database';
    const code = String((cause as { code?: unknown }).code);
    const path = (cause as { path?: unknown }).path;
    super(
      `the disk is full (${code}${typeof path === 'string' ? ` writing ${path}` : ''}): the ` +
        `${run} had written ${megabytes(written)} when it stopped; ${kept} ` +
        `(${megabytes(previous)}) is left as it was and what the ${run} wrote is discarded. ` +
        'Free some space, or write elsewhere, and run it again.',
      { cause },
    );
    this.name = 'DiskFullError';
  }
}

/** Whether an error says the disk (or the file system's quota) is full. */
export function isDiskFull(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === 'ENOSPC' || code === 'EDQUOT' || code === 'SQLITE_FULL';
}

/** Bytes of the files under a path (a file: its size; missing: 0), symbolic links not followed. */
export function bytesUnder(path: string): number {
  let total = 0;
  const pending = [path];
  for (let next = pending.pop(); next !== undefined; next = pending.pop()) {
    const stat = lstatSync(next, { throwIfNoEntry: false });
    if (!stat) continue;
    if (stat.isDirectory()) for (const name of readdirSync(next)) pending.push(join(next, name));
    else if (stat.isFile()) total += stat.size;
  }
  return total;
}

/** Megabytes, as messages print them. */
function megabytes(bytes: number): string {
  return `${(bytes / 1e6).toFixed(1)} MB`;
}
