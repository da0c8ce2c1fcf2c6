import { existsSync, writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { builtManifest } from '../server/hosts/built-manifest.ts';
import { defineCommand, PROCESS_IO, runCommand, runIfMain, type CliIo } from '../lib/cli.ts';
import { UserError } from '../lib/errors.ts';
import type { ValueType } from '../lib/cli-values.ts';
import { path } from '../lib/cli-values.ts';
import { nginxConfig } from '../server/hosts/nginx.ts';
import { NGINX_LISTEN } from '../server/hosts/nginx-listen.ts';

/** The router's address: an http(s) URL of a host and port, no path. */
const ROUTER_URL: ValueType<string> = {
  placeholder: 'URL',
  expected: 'a URL such as http://127.0.0.1:8080',
  read: (text) =>
    /^https?:\/\/[^/\s;{}]+\/?$/.test(text) ? { ok: true, value: text } : { ok: false },
};

/** `npm run nginx`'s command line. */
export const NGINX_COMMAND = defineCommand({
  name: 'npm run nginx --',
  description:
    "Writes an nginx configuration (for nginx's http block) that serves the files of a built " +
    'folder that need no router straight from disk and passes every other request to the Node ' +
    'router.',
  options: {
    dir: { type: path('DIR'), default: 'dist', help: 'the folder written by `npm run build`' },
    router: {
      type: ROUTER_URL,
      default: 'http://127.0.0.1:8080',
      help: 'the router, `npm run serve`',
    },
    listen: {
      type: NGINX_LISTEN,
      default: '80',
      help:
        'what nginx listens on: a port, ADDRESS:PORT, [IPv6]:PORT or unix:PATH, then flags ' +
        'such as ssl',
    },
    out: { type: path('FILE'), shownDefault: 'standard output', help: 'where to write it' },
  },
});

/** Runs `npm run nginx` with `argv`; resolves to the exit code. */
export function main(argv: readonly string[], io: CliIo = PROCESS_IO): Promise<number> {
  return runCommand(NGINX_COMMAND, argv, io, ({ values }) => {
    const manifest = builtManifest(values.dir);
    if (values.out !== undefined && !existsSync(dirname(resolve(values.out))))
      throw new UserError(
        `Cannot write ${values.out}: the folder ${dirname(resolve(values.out))} does not exist.`,
      );
    // The folder as named: `dist` is a link that each build flips, and nginx follows it.
    const config = nginxConfig(manifest, {
      root: resolve(values.dir),
      router: values.router,
      listen: values.listen,
    });
    if (values.out) writeFileSync(values.out, config);
    else io.out(config.replace(/\n$/, ''));
  });
}

runIfMain(import.meta.url, main);
