import { defineCommand, PROCESS_IO, runCommand, runIfMain, type CliIo } from '../lib/cli.ts';
import { path } from '../lib/cli-values.ts';
import { assertArchive, leavingOutput } from './archive-command.ts';

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
    assertArchive(values.archive);
    const { unpack } = await import('../build/archive/unpack.ts');
    const started = performance.now();
    const { files, bytes } = await leavingOutput('Unpack', values.out, io, (signal) =>
      unpack(values.archive, values.out, signal),
    );
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    io.out(
      `Unpacked ${files.toLocaleString('en')} files, ${(bytes / 1e6).toFixed(1)} MB in ` +
        `${seconds} s -> ${values.out}`,
    );
  });
}

runIfMain(import.meta.url, main);
