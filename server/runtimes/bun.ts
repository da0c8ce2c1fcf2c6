import type { RangeSource } from '../archive.ts';
import type { FileSource } from '../handler.ts';
import { isSafeRelativePath } from '../paths.ts';
import { WEB_CODEC } from '../web-codec.ts';
import { archiveRouter, guarded, treeRouter } from '../web-router.ts';
import { serveConfig } from './config.ts';

/**
 * The router on Bun: `Bun.serve` and `Bun.file`. Run by `npm run serve -- --runtime bun`, which
 * passes the folder or archive and the address in the environment (`config.ts`).
 */

/** The few Bun APIs used here (Bun's own types are not part of this project's build). */
interface BunFile {
  readonly size: number;
  exists(): Promise<boolean>;
  slice(start: number, end: number): BunFile;
  bytes(): Promise<Uint8Array>;
}
declare const Bun: {
  env: Record<string, string | undefined>;
  file(path: string): BunFile;
  serve(options: { port: number; hostname: string; fetch(request: Request): Promise<Response> }): {
    port: number;
  };
};

/** A built folder through `Bun.file`; a path that is not a file is a missing file. */
function bunFiles(root: string): FileSource {
  return {
    async read(file) {
      if (!isSafeRelativePath(file)) return null;
      const handle = Bun.file(`${root}/${file}`);
      if (!(await handle.exists())) return null;
      try {
        return await handle.bytes();
      } catch (e) {
        const code = (e as { code?: string }).code;
        if (code === 'EISDIR' || code === 'ENOENT' || code === 'ENOTDIR') return null;
        throw e;
      }
    },
  };
}

/** An archive through slices of one `Bun.file`. */
function bunRanges(path: string): RangeSource {
  const file = Bun.file(path);
  return {
    length: file.size,
    read: (offset, length) => file.slice(offset, offset + length).bytes(),
  };
}

const config = serveConfig(Bun.env);
const router =
  config.source.kind === 'archive'
    ? await archiveRouter(bunRanges(config.source.path), WEB_CODEC)
    : await treeRouter(bunFiles(config.source.path));
const server = Bun.serve({
  port: config.port,
  hostname: config.host,
  fetch: guarded((request) => router.fetch(request)),
});
config.listening(server.port);
