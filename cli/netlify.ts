import { existsSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { defineCommand, PROCESS_IO, runCommand, runIfMain, type CliIo } from '../lib/cli.ts';
import { UserError } from '../lib/errors.ts';
import { path } from '../lib/cli-values.ts';
import { builtManifest } from '../server/hosts/built-manifest.ts';
import { netlifyRules } from '../server/hosts/netlify.ts';

/** `npm run netlify`'s command line. */
export const NETLIFY_COMMAND = defineCommand({
  name: 'npm run netlify --',
  description:
    "Writes Netlify's _redirects and _headers for a built folder: the canonical URLs (records, " +
    'default pages, ?page=N, single filters) answered from their files with no function.',
  options: {
    dir: { type: path('DIR'), default: 'dist', help: 'the folder written by `npm run build`' },
    out: {
      type: path('DIR'),
      shownDefault: 'the folder --dir',
      help: 'where to write _redirects and _headers (the folder Netlify publishes)',
    },
  },
});

/** Runs `npm run netlify` with `argv`; resolves to the exit code. */
export function main(argv: readonly string[], io: CliIo = PROCESS_IO): Promise<number> {
  return runCommand(NETLIFY_COMMAND, argv, io, ({ values }) => {
    const rules = netlifyRules(builtManifest(values.dir));
    const out = values.out ?? values.dir;
    if (!existsSync(out)) throw new UserError(`Cannot write into ${out}: it does not exist.`);
    for (const [name, text] of Object.entries(rules)) writeFileSync(join(out, name), text);
    const count = rules._redirects.split('\n').filter((line) => /^\//.test(line)).length;
    io.out(`Wrote ${join(out, '_redirects')} (${count} rules) and ${join(out, '_headers')}.`);
  });
}

runIfMain(import.meta.url, main);
