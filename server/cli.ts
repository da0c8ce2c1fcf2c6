import { existsSync } from 'node:fs';
import type { Server } from 'node:http';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { MANIFEST_FILE } from './manifest.ts';
import { createArchiveServer, createPreviewServer } from './node-server.ts';

const USAGE = `Usage: npm run serve -- [--dir DIR | --archive FILE] [--port N] [--host HOST]

Serves a built API with the router in front: a folder (default dist/) or an archive.
  --dir DIR       the folder written by \`npm run build\` (default: dist)
  --archive FILE  an archive written by \`npm run build -- --archive FILE\`, read in place
  --port N        port to listen on (default: $PORT or 8080)
  --host HOST     address to bind (default: $HOST or 127.0.0.1)`;

const { values } = parseArgs({
  options: {
    dir: { type: 'string' },
    archive: { type: 'string' },
    port: { type: 'string', default: process.env['PORT'] ?? '8080' },
    host: { type: 'string', default: process.env['HOST'] ?? '127.0.0.1' },
    help: { type: 'boolean', short: 'h', default: false },
  },
});
if (values.help) {
  console.log(USAGE);
  process.exit(0);
}
/** Prints a usage error and exits with code 2. */
function usage(message: string): never {
  console.error(`${message}\n\n${USAGE}`);
  process.exit(2);
}
const port = Number(values.port);
if (!Number.isInteger(port) || port < 0 || port > 65535)
  usage(`--port must be an integer from 0 to 65535, not '${values.port}'.`);
if (values.dir !== undefined && values.archive !== undefined)
  usage('--dir and --archive are exclusive: serve a folder or an archive.');

let server: Server;
let served: string;
if (values.archive !== undefined) {
  served = values.archive;
  try {
    server = await createArchiveServer(values.archive);
  } catch (e) {
    const reason = (e as NodeJS.ErrnoException).code === 'ENOENT' ? 'it does not exist' : e;
    console.error(`Cannot serve ${values.archive}: ${reason}`);
    process.exit(1);
  }
} else {
  served = values.dir ?? 'dist';
  if (!existsSync(join(served, MANIFEST_FILE))) {
    console.error(`${served} holds no build (no ${MANIFEST_FILE}). Run \`npm run build\` first.`);
    process.exit(2);
  }
  server = createPreviewServer(served);
}
server.listen(port, values.host, () => {
  const address = server.address();
  const actual = typeof address === 'object' && address ? address.port : port;
  console.log(
    `Serving ${served} at http://${values.host}:${actual}/v1/ and /v0/  (Ctrl-C to stop)`,
  );
});
