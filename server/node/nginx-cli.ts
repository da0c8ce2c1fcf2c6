import { readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { MANIFEST_FILE, MANIFEST_FORMAT, type Manifest } from '../../contract/manifest.ts';
import { nginxConfig } from './nginx.ts';

const USAGE = `Usage: npm run nginx -- --dir DIR [--router URL] [--listen PORT] [--out FILE]

Writes an nginx configuration (for nginx's http block) that serves the files of a built folder
that need no router straight from disk and passes every other request to the Node router.
  --dir DIR       the folder written by \`npm run build\` (default: dist)
  --router URL    the router, \`npm run serve\` (default: http://127.0.0.1:8080)
  --listen PORT   what nginx listens on: a port or host:port (default: 80)
  --out FILE      where to write it (default: standard output)`;

const { values } = parseArgs({
  options: {
    dir: { type: 'string', default: 'dist' },
    router: { type: 'string', default: 'http://127.0.0.1:8080' },
    listen: { type: 'string', default: '80' },
    out: { type: 'string' },
    help: { type: 'boolean', short: 'h', default: false },
  },
});
if (values.help) {
  console.log(USAGE);
  process.exit(0);
}
let manifest: Manifest;
let root: string;
try {
  // The folder as named: `dist` is a link that each build flips, and nginx follows it.
  root = resolve(values.dir);
  manifest = JSON.parse(readFileSync(join(root, MANIFEST_FILE), 'utf8')) as Manifest;
} catch {
  console.error(`${values.dir} holds no build (no ${MANIFEST_FILE}). Run \`npm run build\` first.`);
  process.exit(2);
}
if (manifest.format !== MANIFEST_FORMAT) {
  console.error(
    `${values.dir} was built by another version (manifest format ${manifest.format}); ` +
      'build it again.',
  );
  process.exit(2);
}
if (!/^https?:\/\/[^/]+\/?$/.test(values.router)) {
  console.error(
    `--router must be a URL such as http://127.0.0.1:8080, not '${values.router}'.\n\n${USAGE}`,
  );
  process.exit(2);
}
const config = nginxConfig(manifest, { root, router: values.router, listen: values.listen });
if (values.out) writeFileSync(values.out, config);
else process.stdout.write(config);
