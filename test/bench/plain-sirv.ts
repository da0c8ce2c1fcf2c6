import { createServer } from 'node:http';
import sirv from 'sirv';

/**
 * The baseline: plain sirv serving a built folder as static files (production mode, as a static
 * host would).
 */
const [dir] = process.argv.slice(2);
if (!dir) throw new Error('usage: plain-sirv.ts DIR');
const server = createServer(sirv(dir, { etag: true, extensions: ['json'] }));
server.listen(0, '127.0.0.1', () => {
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  // The line the bench waits for, as every adapter prints it.
  console.log(`Serving ${dir} at http://127.0.0.1:${port}/v1/`);
});
