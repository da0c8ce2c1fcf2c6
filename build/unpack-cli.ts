import { existsSync } from 'node:fs';
import { ArchiveError } from '../contract/archive-reader.ts';
import {
  defineCommand,
  PROCESS_IO,
  runCommand,
  runIfMain,
  UserError,
  type CliIo,
} from '../contract/node/cli.ts';
import { path } from '../contract/node/cli-values.ts';

/** `npm run unpack`'s command line. */
export const UNPACK_COMMAND = defineCommand({
  name: 'npm run unpack --',
  description:
    'Writes the tree of files an archive holds into DIR, as `npm run build -- --out DIR` would, ' +
    'replacing DIR only when every file is written.',
  options: {
    archive: {
      type: path('FILE'),
      required: true,
      help: 'an archive written by `npm run build -- --archive FILE`',
    },
    out: {
      type: path('DIR'),
      required: true,
      help: 'output path, a link to the unpacked tree (as for the build)',
    },
  },
});

/** Runs `npm run unpack` with `argv`; resolves to the exit code. */
export function main(argv: readonly string[], io: CliIo = PROCESS_IO): Promise<number> {
  return runCommand(UNPACK_COMMAND, argv, io, async ({ values }) => {
    if (!existsSync(values.archive))
      throw new UserError(
        `No archive at ${values.archive}. Build one with ` +
          `\`npm run build -- --archive ${values.archive}\`.`,
      );
    const { unpack } = await import('./unpack.ts');
    const started = performance.now();
    try {
      const { files, bytes } = await unpack(values.archive, values.out);
      const seconds = ((performance.now() - started) / 1000).toFixed(1);
      io.out(
        `Unpacked ${files.toLocaleString('en')} files, ${(bytes / 1e6).toFixed(1)} MB in ` +
          `${seconds} s -> ${values.out}`,
      );
    } catch (e) {
      if (e instanceof ArchiveError || e instanceof UserError)
        throw new UserError(`Unpack failed; ${values.out} was left as it was: ${e.message}`);
      io.err(`Unpack failed; ${values.out} was left as it was.`);
      throw e;
    }
  });
}

runIfMain(import.meta.url, main);
