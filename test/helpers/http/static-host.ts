import { mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import sirv from 'sirv';
import { main as siteMain } from '../../../cli/site.ts';

/**
 * A plain static host: sirv serving a folder's files (ranges and ETags, no rules), and the CORS
 * headers a public bucket is set up with when `cors`: every origin may read, the headers the
 * client needs are shown to it, and a preflight is answered.
 */
export function staticHost(dir: string, cors = false): Server {
  const files = sirv(dir, { etag: true, dev: false });
  return createServer((req, res) => {
    if (cors) {
      res.setHeader('Access-Control-Allow-Origin', '*');
      res.setHeader('Access-Control-Expose-Headers', 'ETag, Content-Range, Content-Length');
      if (req.method === 'OPTIONS') {
        res.setHeader('Access-Control-Allow-Headers', 'Range, If-Match, If-Unmodified-Since');
        res.setHeader('Access-Control-Allow-Methods', 'GET, HEAD');
        res.writeHead(204).end();
        return;
      }
    }
    files(req, res, () => {
      res.writeHead(404).end();
    });
  });
}

/** A folder written by `npm run site` for `archive`, linked into it as `football.archive`. */
export async function staticSite(
  archive: string,
  options: string[] = [],
): Promise<{ dir: string; remove(): void }> {
  const dir = mkdtempSync(join(tmpdir(), 'static-site-'));
  symlinkSync(resolve(archive), join(dir, 'football.archive'));
  const said: string[] = [];
  const io = { out: (line: string) => said.push(line), err: (line: string) => said.push(line) };
  const code = await siteMain(['--archive', join(dir, 'football.archive'), ...options], io);
  if (code !== 0) throw new Error(`npm run site failed: ${said.join('\n')}`);
  return { dir, remove: () => rmSync(dir, { recursive: true, force: true }) };
}
