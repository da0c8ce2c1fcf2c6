import { existsSync } from 'node:fs';
import { dirname, isAbsolute, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineCommand, PROCESS_IO, runCommand, runIfMain, type CliIo } from '../lib/cli.ts';
import { UserError } from '../lib/errors.ts';
import { listOf, origin, path, text } from '../lib/cli-values.ts';
import { assertArchive, leavingOutput } from './archive-command.ts';

/** `npm run site`'s command line. */
export const SITE_COMMAND = defineCommand({
  name: 'npm run site --',
  description:
    'Writes the explorer and the API reference for a static host into DIR: their files from ' +
    'an archive, set to read it through the client, with no router. Copy DIR and the archive ' +
    '(whole or in parts) onto any host that answers range requests.',
  options: {
    archive: {
      type: path('FILE'),
      required: true,
      help: 'an archive written by `npm run build -- --archive FILE`, whole or in parts',
    },
    out: {
      type: path('DIR'),
      help: 'the folder to write the pages into',
      shownDefault: "the archive's folder",
    },
    'archive-url': {
      type: text('URL'),
      help: "the archive's URL as the pages read it: relative to DIR, or absolute",
      shownDefault: "the archive's path from DIR",
    },
    'allow-origins': {
      type: listOf(origin()),
      help: "other origins whose archives a page's ?archive= may name (https://data.example.org)",
      shownDefault: "none: the page's own only",
    },
  },
});

/** The project's own `site/`: the sources the site is made of, never its output. */
const PAGE_SOURCES = fileURLToPath(new URL('../site', import.meta.url));

/** The archive's path from `out`, as a URL; none when it is not inside `out`. */
function urlFrom(out: string, archive: string): string | null {
  const path = relative(resolve(out), resolve(archive));
  if (path === '' || path === '..' || path.startsWith(`..${sep}`) || isAbsolute(path)) return null;
  return path.split(sep).map(encodeURIComponent).join('/');
}

/** Runs `npm run site` with `argv`; resolves to the exit code. */
export function main(argv: readonly string[], io: CliIo = PROCESS_IO): Promise<number> {
  return runCommand(SITE_COMMAND, argv, io, async ({ values }) => {
    assertArchive(values.archive);
    const out = values.out ?? dirname(values.archive);
    if (resolve(out) === PAGE_SOURCES)
      throw new UserError(
        `${out} holds the sources of the pages, which the site would write over: write it into ` +
          'another folder (--out public, with the archive there too).',
      );
    if (!existsSync(out))
      throw new UserError(`The folder --out ${out} does not exist: create it first.`);
    const archiveUrl = values['archive-url'] ?? urlFrom(out, values.archive);
    if (archiveUrl === null)
      throw new UserError(
        `The archive ${values.archive} is not inside ${out}: put it there, or say where the ` +
          'pages will find it with --archive-url URL.',
      );
    const { writeStaticSite } = await import('../build/site/static-site.ts');
    const { files, bytes } = await leavingOutput('Writing the site', out, io, (signal) =>
      writeStaticSite(
        values.archive,
        out,
        { archiveUrl, origins: values['allow-origins'] ?? [] },
        signal,
      ),
    );
    io.out(
      `Wrote the explorer and the reference (${files} files, ${(bytes / 1e6).toFixed(1)} MB) ` +
        `into ${out}, reading ${archiveUrl}`,
    );
  });
}

runIfMain(import.meta.url, main);
