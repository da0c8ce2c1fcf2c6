import { existsSync } from 'node:fs';
import { ArchiveError } from '../contract/archive-reader.ts';
import { type CliIo } from '../lib/cli.ts';
import { UserError } from '../lib/errors.ts';
import { Interrupted, stoppable } from '../lib/stop-signals.ts';

/**
 * What the commands that read an archive and write another output (`unpack`, `split`) say alike:
 * where there is no archive, and that a failure left their output as it was.
 */

/** Refuses an archive path with no file, saying how to build one. */
export function assertArchive(file: string): void {
  if (!existsSync(file))
    throw new UserError(
      `No archive at ${file}. Build one with \`npm run build -- --archive ${file}\`.`,
    );
}

/**
 * Runs `work`, which writes `out`, stopped by SIGINT or SIGTERM (`stoppable`): a failure says
 * `out` was left as it was, a damaged archive or a refusal as a user's error, any other after
 * that line, with its stack.
 */
export async function leavingOutput<T>(
  command: string,
  out: string,
  io: CliIo,
  work: (signal: AbortSignal) => Promise<T>,
): Promise<T> {
  try {
    return await stoppable(command, out, work);
  } catch (e) {
    if (e instanceof Interrupted) throw e;
    const kept = `${command} failed; ${out} was left as it was`;
    if (e instanceof ArchiveError || e instanceof UserError)
      throw new UserError(`${kept}: ${e.message}`);
    io.err(`${kept}.`);
    throw e;
  }
}
