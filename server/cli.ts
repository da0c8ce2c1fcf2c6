import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { MANIFEST_FILE } from './manifest.ts';
import { createPreviewServer } from './node-server.ts';

const USAGE = `Usage: npm run serve -- [--dir DIR] [--port N] [--host HOST]

Serves a built API folder (default dist/) with the router in front.
  --dir DIR    the folder written by \`npm run build\` (default: dist)
  --port N     port to listen on (default: $PORT or 8080)
  --host HOST  address to bind (default: $HOST or 127.0.0.1)`;

const { values } = parseArgs({
  options: {
    dir: { type: 'string', default: 'dist' },
    port: { type: 'string', default: process.env['PORT'] ?? '8080' },
    host: { type: 'string', default: process.env['HOST'] ?? '127.0.0.1' },
    help: { type: 'boolean', short: 'h', default: false },
  },
});
if (values.help) {
  console.log(USAGE);
  process.exit(0);
}
const port = Number(values.port);
if (!Number.isInteger(port) || port < 0 || port > 65535) {
  console.error(`--port must be an integer from 0 to 65535, not '${values.port}'.\n\n${USAGE}`);
  process.exit(2);
}
if (!existsSync(join(values.dir, MANIFEST_FILE))) {
  console.error(`${values.dir} holds no build (no ${MANIFEST_FILE}). Run \`npm run build\` first.`);
  process.exit(2);
}
const server = createPreviewServer(values.dir);
server.listen(port, values.host, () => {
  const address = server.address();
  const actual = typeof address === 'object' && address ? address.port : port;
  console.log(
    `Serving ${values.dir} at http://${values.host}:${actual}/v1/ and /v0/  (Ctrl-C to stop)`,
  );
});
