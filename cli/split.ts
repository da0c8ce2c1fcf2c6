import { existsSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { defineCommand, PROCESS_IO, runCommand, runIfMain, type CliIo } from '../lib/cli.ts';
import { UserError } from '../lib/errors.ts';
import { byteSize, path } from '../lib/cli-values.ts';
import { assertArchive, leavingOutput } from './archive-command.ts';
import { MIN_PART_SIZE } from '../build/archive/parts.ts';

/** `npm run split`'s command line. */
export const SPLIT_COMMAND = defineCommand({
  name: 'npm run split --',
  description:
    'Writes an archive again as parts of SIZE beside a small entry point (--out), the bytes a ' +
    'build with --part-size writes, for hosts that limit the size of a file.',
  options: {
    archive: {
      type: path('FILE'),
      required: true,
      help: 'an archive written by `npm run build -- --archive FILE`, whole or in parts',
    },
    out: {
      type: path('FILE'),
      required: true,
      help: 'the entry point to write; the parts are written beside it',
    },
    'part-size': {
      type: byteSize('SIZE', { min: MIN_PART_SIZE }),
      required: true,
      help: 'the size of every part but the last (25MiB, 95MB)',
    },
  },
});

/** Runs `npm run split` with `argv`; resolves to the exit code. */
export function main(argv: readonly string[], io: CliIo = PROCESS_IO): Promise<number> {
  return runCommand(SPLIT_COMMAND, argv, io, async ({ values }) => {
    assertArchive(values.archive);
    const folder = dirname(resolve(values.out));
    if (!existsSync(folder))
      throw new UserError(
        `The folder of --out ${values.out} does not exist: create ${folder} first.`,
      );
    const { splitArchive } = await import('../build/archive/pack.ts');
    const { parts, length } = await leavingOutput('Split', values.out, io, (signal) =>
      splitArchive(values.archive, values.out, values['part-size'], signal),
    );
    io.out(
      `Split ${values.archive} (${(length / 1e6).toFixed(1)} MB) into ${parts} parts -> ` +
        `${values.out} and its parts beside it`,
    );
  });
}

runIfMain(import.meta.url, main);
